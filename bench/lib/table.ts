/** Prints rows as an aligned text table (numbers right-aligned). */
export function table(headers: string[], rows: (string | number)[][]): string {
  const cells = [headers, ...rows.map((row) => row.map((c) => (typeof c === 'number' ? formatNumber(c) : c)))];
  const widths = headers.map((_, i) => Math.max(...cells.map((row) => (row[i] ?? '').length)));
  const line = (row: string[], numeric: boolean[]) =>
    row.map((c, i) => (numeric[i] ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0))).join('  ');
  const numeric = headers.map((_, i) => rows.every((row) => typeof row[i] === 'number'));
  return [line(headers, numeric), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map((row) => line(row, numeric))].join(
    '\n',
  );
}

function formatNumber(n: number): string {
  if (!Number.isFinite(n)) return '–';
  if (Number.isInteger(n)) return String(n);
  return Math.abs(n) >= 100 ? n.toFixed(0) : Math.abs(n) >= 10 ? n.toFixed(1) : n.toFixed(2);
}
