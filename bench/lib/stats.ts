/** Nearest-rank percentile of a list of numbers (p in 0..100); NaN for an empty list. */
export function percentile(values: number[], p: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] ?? NaN;
}

export function median(values: number[]): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const a = sorted[mid] ?? NaN;
  return sorted.length % 2 ? a : (a + (sorted[mid - 1] ?? NaN)) / 2;
}

export function summarize(values: number[]): { median: number; p90: number; max: number } {
  return { median: round(median(values)), p90: round(percentile(values, 90)), max: round(Math.max(...values)) };
}

export function round(value: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}
