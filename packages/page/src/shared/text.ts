// The page cannot carry a real tokenizer (o200k's tables are megabytes), so budgets use
// an estimate checked against o200k by bench/snapshot (it reports the lowest
// estimate/actual ratio seen). Two counts, the larger wins: characters (ASCII runs about
// 3.2 a token, other scripts, CJK above all, about one), and BPE-like pieces (words,
// three-digit groups, punctuation runs), which catches text like user handles that mix
// letters and digits and split into many small tokens. Budgets are fitted line by line.
const ASCII_CHARS_PER_TOKEN = 3.2;
const PIECES = / ?[A-Za-z]{1,12}|\d{1,3}|[^\sA-Za-z\d\u0080-\uffff]+|[\u0080-\uffff]/g;

export function estimateTokens(text: string): number {
  let other = 0;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) other++;
  const byChars = (text.length - other) / ASCII_CHARS_PER_TOKEN + other;
  let pieces = 0;
  for (const _ of text.matchAll(PIECES)) pieces++;
  return Math.ceil(Math.max(byChars, pieces));
}

/** Tokens of a multi-line text as budgets count them: each line, plus one per line break. */
export function estimateLines(text: string): number {
  return text.split('\n').reduce((sum, line) => sum + estimateTokens(line) + 1, 0);
}

/** Keeps whole lines within the budget, and says how many were left out. */
export function fitLines(
  head: string[],
  body: string[],
  tail: string[],
  maxTokens: number,
  hint: string,
): { lines: string[]; kept: number; truncated: boolean } {
  let used = estimateLines([...head, ...tail].join('\n'));
  let kept = 0;
  for (const line of body) {
    const cost = estimateTokens(line) + 1;
    if (used + cost > maxTokens) break;
    used += cost;
    kept++;
  }
  if (kept === body.length) return { lines: [...head, ...body, ...tail], kept, truncated: false };
  // Make room for the note itself.
  const note = `… ${body.length - kept} more lines not shown (token budget ${maxTokens}); ${hint}`;
  while (kept > 0 && used + estimateTokens(note) + 1 > maxTokens) {
    kept--;
    used -= estimateTokens(body[kept] ?? '') + 1;
  }
  const finalNote = `… ${body.length - kept} more lines not shown (token budget ${maxTokens}); ${hint}`;
  return { lines: [...head, ...body.slice(0, kept), finalNote, ...tail], kept, truncated: true };
}
