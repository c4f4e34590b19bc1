import { hasCjk, isCommonWord, searchWords } from '@wayfinder/core';

// A person's words as an FTS5 MATCH expression. FTS5 has its own syntax (quotes, AND/OR/NOT,
// NEAR(), prefix *, column filters, ^), and a query is never allowed to speak it: each word
// becomes a quoted term and the terms are ORed, so BM25 ranks chunks that hold more of them,
// rarer ones counting most.

/** Words beyond this add little to a ranking and cost time. */
const MAX_TERMS = 32;

/** The MATCH expression for a query, or null when it has no words to look for. */
export function matchExpression(query: string): string | null {
  // Letters and digits only: the same split the unicode61 tokenizer makes, so nothing in a
  // term is FTS5 syntax (a quoted string cannot hold an unescaped quote).
  const words = query.normalize('NFC').match(/[\p{L}\p{N}\p{M}]+/gu) ?? [];
  const all = [...new Set(words.map((w) => w.toLowerCase()))];
  // "the", "what", "of" match nearly every chunk: they cost most of a search and rank nothing.
  const content = all.filter((w) => !isCommonWord(w));
  const unique = (content.length ? content : all).slice(0, MAX_TERMS);
  return unique.length ? unique.map((w) => `"${w}"`).join(' OR ') : null;
}

/** A text's Chinese and Japanese two-character pieces, space-separated, for the chunks_cjk index ('' when it has none). */
export function cjkTerms(text: string): string {
  return hasCjk(text) ? [...new Set(searchWords(text).filter(hasCjk))].join(' ') : '';
}

/** The MATCH expression over chunks_cjk for a query's Chinese and Japanese words, or null when it has none. */
export function cjkMatchExpression(query: string): string | null {
  const terms = hasCjk(query) ? [...new Set(searchWords(query).filter(hasCjk))].slice(0, MAX_TERMS) : [];
  // Pieces are letters only (two characters of a CJK run), so quoting them is enough.
  return terms.length ? terms.map((t) => `"${t}"`).join(' OR ') : null;
}
