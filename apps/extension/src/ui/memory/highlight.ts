import { cjkPieces, foldText, hasCjk, stem } from '@wayfinder/core/ui';

// Marks a search's words in a snippet the way the search matched them: the reply's terms are
// core's search words (folded, stemmed), and a word of the snippet is marked when it reads as
// one of them the same way — "Hooks" for hook, "Crème" for creme, but not "trailjournal" for
// trail. A Chinese or Japanese run is marked when one of its two-character pieces was searched.

export interface Part {
  text: string;
  hit: boolean;
}

function matches(word: string, terms: ReadonlySet<string>): boolean {
  const folded = foldText(word);
  if (hasCjk(folded)) return cjkPieces(folded).some((piece) => terms.has(piece));
  return terms.has(stem(folded));
}

/** The snippet in parts, each word that matches a term marked `hit`. */
export function highlightParts(text: string, terms: readonly string[]): Part[] {
  const wanted = new Set(terms.map(foldText).filter((t) => t.length > 0));
  if (!wanted.size) return [{ text, hit: false }];
  const parts: Part[] = [];
  let at = 0;
  for (const match of text.matchAll(/[\p{L}\p{N}\p{M}]+/gu)) {
    if (!matches(match[0], wanted)) continue;
    if (match.index > at) parts.push({ text: text.slice(at, match.index), hit: false });
    parts.push({ text: match[0], hit: true });
    at = match.index + match[0].length;
  }
  if (at < text.length) parts.push({ text: text.slice(at), hit: false });
  return parts;
}
