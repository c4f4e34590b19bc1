// The words memory searches by, shared by the BM25 index and the hashing embedder so the two
// agree on what a word is: lower case, diacritics folded (café = cafe), a light stemmer that
// only strips what English inflection adds (hooks, hooked, hooking → hook), and common
// function words left out — unless a text has nothing else.

const STOPWORDS = new Set(
  (
    'a an and are as at be been but by can could did do does for from had has have he her his how i if in into is it its ' +
    'me my of on or our she so than that the their them then there these they this those to was we were what when where ' +
    'which who whom why will with would you your about s t d ll re ve m'
  ).split(' '),
);

/** Lower case with diacritics removed, so "Crème Brûlée" and "creme brulee" are the same words. */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/** Strips English inflection: plural -s/-es/-ies, -ied, -ing, -ed, and a final e (base/based/basing → bas). */
export function stem(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  let w = word;
  if (/ie[sd]$/.test(w) && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (w.endsWith('s') && !/(?:ss|us|is)$/.test(w)) w = w.slice(0, -1);
  if (w.endsWith('ing') && w.length > 5) w = undouble(w.slice(0, -3));
  else if (w.endsWith('ed') && w.length > 4) w = undouble(w.slice(0, -2));
  if (w.endsWith('e') && w.length > 3) w = w.slice(0, -1);
  return w;
}

// running → runn → run; but fall, miss and buzz keep their double letter.
function undouble(w: string): string {
  return /([^aeioulsz])\1$/.test(w) ? w.slice(0, -1) : w;
}

// Chinese and Japanese are written without spaces: a run of their characters is searched by
// its overlapping two-character pieces (東京都庁 → 東京 京都 都庁), as CJK search engines do, so
// a two-character word finds the longer run it sits in.
const CJK = /([\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]+)/u;

/** Whether a text holds Chinese or Japanese characters. */
export function hasCjk(text: string): boolean {
  return CJK.test(text);
}

/** A run of CJK characters as its overlapping two-character pieces (a single character stays itself). */
export function cjkPieces(run: string): string[] {
  const chars = run.match(/./gsu) ?? [];
  if (chars.length <= 1) return chars;
  return chars.slice(1).map((char, i) => `${chars[i] ?? ''}${char}`);
}

/** The raw words of a text, folded (letters and digits; everything else separates; CJK runs in two-character pieces). */
export function rawWords(text: string): string[] {
  const words = foldText(text).match(/[\p{L}\p{N}]+/gu) ?? [];
  if (!words.some(hasCjk)) return words;
  return words.flatMap((word) =>
    hasCjk(word) ? word.split(CJK).flatMap((part, i) => (i % 2 === 1 ? cjkPieces(part) : part ? [part] : [])) : [word],
  );
}

/** A word too common to look for ("the", "what", "of"): searches leave it out unless nothing else is left. */
export function isCommonWord(word: string): boolean {
  return STOPWORDS.has(word.toLowerCase());
}

/** The words a text is searched by: folded, stemmed, function words and single letters left out (kept when there is nothing else). */
export function searchWords(text: string): string[] {
  const raw = rawWords(text);
  const content = raw.filter((w) => !STOPWORDS.has(w) && (w.length > 1 || /\d/.test(w) || hasCjk(w)));
  return (content.length > 0 ? content : raw).map(stem);
}

/** FNV-1a over UTF-16 code units: a stable 32-bit hash (unsigned). */
export function fnv1a(text: string, seed = 0x811c9dc5): number {
  let h = seed;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A stable 64-bit hash of a text as 16 hex digits (two FNV-1a runs with different seeds). */
export function contentHash(text: string): string {
  return fnv1a(text).toString(16).padStart(8, '0') + fnv1a(text, 0x9e3779b9).toString(16).padStart(8, '0');
}
