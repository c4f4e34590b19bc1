// The page cannot carry a real tokenizer (o200k's tables are megabytes), so budgets use
// an estimate calibrated against o200k on snapshot text by bench/snapshot: it errs high,
// so a budget is never exceeded in practice.
const CHARS_PER_TOKEN = 3.2;

export function estimateTokens(text: string): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN);
}

/** Keeps whole lines within the budget, and says how many were left out. */
export function fitLines(head: string[], body: string[], tail: string[], maxTokens: number, hint: string): { lines: string[]; kept: number; truncated: boolean } {
  let used = estimateTokens([...head, ...tail].join('\n')) + 1;
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
