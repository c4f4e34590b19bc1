// Diffs between two snapshots of the same document, keyed by ref (controls) or by
// content (headings, dialogs, alerts). Pure: the page computes it, and the driver can
// reuse it when it composes frames.

export interface SnapshotDiff {
  lines: string[];
  added: number;
  removed: number;
  changed: number;
  /** Keys (refs for controls) that were added or changed. */
  touched: string[];
}

export function diffSignatures(previous: Map<string, string>, next: Map<string, string>): SnapshotDiff {
  const lines: string[] = [];
  const touched: string[] = [];
  let added = 0;
  let changed = 0;
  let removed = 0;
  for (const [key, line] of next) {
    const before = previous.get(key);
    if (before === undefined) {
      lines.push(`+ ${line}`);
      touched.push(key);
      added++;
    } else if (before !== line) {
      lines.push(`~ ${line}  (was: ${before})`);
      touched.push(key);
      changed++;
    }
  }
  for (const [key, line] of previous) {
    if (!next.has(key)) {
      lines.push(`- ${line}`);
      removed++;
    }
  }
  return { lines, added, removed, changed, touched };
}

export function diffHeadline(diff: SnapshotDiff): string {
  if (!diff.lines.length) return 'No changes since the previous snapshot.';
  const parts = [`${diff.added} added`, `${diff.removed} removed`, `${diff.changed} changed`];
  return `Changes since the previous snapshot (+ added, - removed, ~ changed): ${parts.join(', ')}`;
}
