import { isCommonWord } from '@wayfinder/core';

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
