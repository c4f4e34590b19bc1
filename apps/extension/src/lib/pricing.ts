// Published prices (US dollars per million tokens, input / output) for models people
// commonly pick, to show a task's cost. Local models cost nothing; unknown ones say so.

const PRICES: [RegExp, number, number][] = [
  [/^gpt-4o-mini/, 0.15, 0.6],
  [/^gpt-4o/, 2.5, 10],
  [/^gpt-4\.1-nano/, 0.1, 0.4],
  [/^gpt-4\.1-mini/, 0.4, 1.6],
  [/^gpt-4\.1/, 2, 8],
  [/^claude-(3-5-)?haiku/, 0.8, 4],
  [/^claude-.*sonnet/, 3, 15],
  [/^claude-.*opus/, 15, 75],
  [/^gemini-2\.5-flash-lite/, 0.1, 0.4],
  [/^gemini-2\.5-flash/, 0.3, 2.5],
  [/^gemini-2\.5-pro/, 1.25, 10],
  [/^mistral-large/, 2, 6],
  [/^mistral-small/, 0.1, 0.3],
];

const LOCAL = /^(ollama|command interpreter|Command interpreter|Chrome's built-in model|script)/;

/** "≈ $0.0031", "free (runs locally)", or "" when the price is not known. */
export function costOf(modelLabel: string, inputTokens: number, outputTokens: number): string {
  if (LOCAL.test(modelLabel)) return 'free (runs locally)';
  const model = modelLabel.split(' ')[1] ?? '';
  const price = PRICES.find(([pattern]) => pattern.test(model));
  if (!price) return '';
  const dollars = (inputTokens * price[1] + outputTokens * price[2]) / 1_000_000;
  // Less than a hundredth of a cent says nothing worth a place on screen.
  if (dollars < 0.00005) return '';
  return `≈ $${dollars < 0.01 ? dollars.toFixed(4) : dollars.toFixed(2)}`;
}
