// Chunks for search: ~500 characters, each starting with ~100 characters of the one before
// so a fact that straddles a cut is whole in one of them. Cuts fall between sentences (a
// line break ends one too: headings, list items); a sentence longer than a chunk is cut
// between words, and a word longer than a chunk (a URL, a hash) is cut where it must be.

export interface ChunkOptions {
  size?: number;
  overlap?: number;
}

const DEFAULT_SIZE = 500;
const DEFAULT_OVERLAP = 100;

export function chunkText(text: string, options: ChunkOptions = {}): string[] {
  const size = Math.max(20, Math.floor(options.size ?? DEFAULT_SIZE));
  const overlap = Math.max(0, Math.min(Math.floor(options.overlap ?? DEFAULT_OVERLAP), Math.floor(size / 2)));
  const pieces = sentences(text).flatMap((sentence) => (sentence.length > size ? splitLong(sentence, size) : [sentence]));
  const chunks: string[] = [];
  let current: string[] = [];
  for (const piece of pieces) {
    if (current.length > 0 && joinedLength(current) + 1 + piece.length > size) {
      chunks.push(current.join(' '));
      // The next chunk starts with the end of this one, as far as there is room beside the new piece.
      current = tail(current, overlap, size - piece.length - 1);
    }
    current.push(piece);
  }
  if (current.length > 0) chunks.push(current.join(' '));
  return chunks;
}

/** Sentences with whitespace collapsed; none empty. */
function sentences(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split(/\n+/)) {
    const flat = line.replace(/\s+/g, ' ').trim();
    if (!flat) continue;
    // After . ! ? … (and any closing quotes or brackets), before a space and anything but a
    // lower-case letter ("e.g. this" goes on).
    for (const sentence of flat.split(/(?<=[.!?…]["'”’)\]]*)\s+(?!\p{Ll})/u)) if (sentence) out.push(sentence);
  }
  return out;
}

/** A long sentence in word-bounded pieces of at most `size` characters. */
function splitLong(sentence: string, size: number): string[] {
  const pieces: string[] = [];
  let current = '';
  for (const word of sentence.split(' ')) {
    for (let rest = word; rest;) {
      const room = current ? size - current.length - 1 : size;
      if (rest.length <= room) {
        current = current ? `${current} ${rest}` : rest;
        rest = '';
      } else if (current) {
        pieces.push(current);
        current = '';
      } else {
        pieces.push(rest.slice(0, size));
        rest = rest.slice(size);
      }
    }
  }
  if (current) pieces.push(current);
  return pieces;
}

/**
 * The end of a chunk to repeat at the start of the next: whole sentences up to `overlap`
 * characters, else the last words of the last sentence; never more than `room` characters.
 */
function tail(pieces: string[], overlap: number, room: number): string[] {
  const limit = Math.min(overlap, room);
  if (limit <= 0) return [];
  const kept: string[] = [];
  let length = -1;
  for (let i = pieces.length - 1; i >= 0; i--) {
    const piece = pieces[i] ?? '';
    if (length + 1 + piece.length > limit) break;
    kept.unshift(piece);
    length += 1 + piece.length;
  }
  if (kept.length > 0) return kept;
  const words = (pieces[pieces.length - 1] ?? '').split(' ');
  const tailWords: string[] = [];
  length = -1;
  for (let i = words.length - 1; i >= 0; i--) {
    const word = words[i] ?? '';
    if (length + 1 + word.length > limit) break;
    tailWords.unshift(word);
    length += 1 + word.length;
  }
  return tailWords.length > 0 ? [tailWords.join(' ')] : [];
}

function joinedLength(pieces: string[]): number {
  return pieces.reduce((sum, piece) => sum + piece.length, 0) + Math.max(0, pieces.length - 1);
}
