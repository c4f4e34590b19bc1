import { describe, expect, it } from 'vitest';
import { fuseRanks } from './fuse';
import type { ChunkHit } from './types';

const hits = (...ids: string[]): ChunkHit[] => ids.map((id, i) => ({ chunkId: id, docId: `d${id}`, score: 100 - i }));

describe('fuseRanks', () => {
  it('scores each chunk by the sum of 1/(k + rank) over the lists', () => {
    const fused = fuseRanks([hits('a', 'b', 'c'), hits('c', 'a')]);
    const score = Object.fromEntries(fused.map((hit) => [hit.chunkId, hit.score]));
    expect(score.a).toBeCloseTo(1 / 61 + 1 / 62, 10);
    expect(score.c).toBeCloseTo(1 / 63 + 1 / 61, 10);
    expect(score.b).toBeCloseTo(1 / 62, 10);
    expect(fused.map((hit) => hit.chunkId)).toEqual(['a', 'c', 'b']);
    expect(fused[0]?.docId).toBe('da');
  });

  it('lets a chunk found by both searches beat one ranked first by only one', () => {
    const fused = fuseRanks([hits('x', 'both'), hits('y', 'both')]);
    expect(fused[0]?.chunkId).toBe('both');
  });

  it('uses the given k, ignores repeats within a list, and fuses nothing to nothing', () => {
    const fused = fuseRanks([hits('a', 'a', 'b')], 1);
    expect(fused.map((hit) => [hit.chunkId, hit.score])).toEqual([
      ['a', 1 / 2],
      ['b', 1 / 3],
    ]);
    expect(fuseRanks([])).toEqual([]);
    expect(fuseRanks([[], []])).toEqual([]);
  });
});
