import { searchWords } from './text';
import type { TaskRecord } from './types';

/**
 * Task records a query matches, best first (how many of its words the task, its summary and
 * its sites hold), equal scores newest first; the newest `k` for an empty query. `newest`
 * comes sorted newest first. Stores with a full-text index of their own (SQLite) rank there.
 */
export function rankTaskRecords(newest: TaskRecord[], query: string, k: number): TaskRecord[] {
  const words = new Set(searchWords(query));
  if (words.size === 0) return newest.slice(0, k);
  const scored = newest
    .map((record) => {
      const have = new Set(searchWords(`${record.task} ${record.summary} ${record.sites.join(' ')}`));
      let score = 0;
      for (const word of words) if (have.has(word)) score++;
      return { record, score };
    })
    .filter((entry) => entry.score > 0);
  // Stable sort: equal scores stay newest first.
  scored.sort((a, b) => b.score - a.score);
  return scored.slice(0, k).map((entry) => entry.record);
}
