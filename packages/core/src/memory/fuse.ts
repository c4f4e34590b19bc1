import type { ChunkHit } from './types';

/**
 * Reciprocal rank fusion: each list gives a chunk 1/(k + rank) (rank from 1), summed over
 * the lists; best first. Scores of different searches are not comparable, ranks are.
 */
export function fuseRanks(lists: ChunkHit[][], k = 60): ChunkHit[] {
  const fused = new Map<string, ChunkHit>();
  for (const list of lists) {
    const seen = new Set<string>();
    let rank = 0;
    for (const hit of list) {
      if (seen.has(hit.chunkId)) continue;
      seen.add(hit.chunkId);
      rank++;
      const score = 1 / (k + rank);
      const prior = fused.get(hit.chunkId);
      if (prior) prior.score += score;
      else fused.set(hit.chunkId, { chunkId: hit.chunkId, docId: hit.docId, score });
    }
  }
  return [...fused.values()].sort((a, b) => b.score - a.score);
}
