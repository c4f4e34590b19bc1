import { describe, expect, it } from 'vitest';
import { FlatVectors } from './flat-vectors';

function unit(dimensions: number, random: () => number): Float32Array {
  const v = Float32Array.from({ length: dimensions }, () => random() - 0.5);
  const norm = Math.hypot(...v);
  return v.map((x) => x / norm);
}

function seeded(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
}

describe('FlatVectors', () => {
  it('finds what brute force finds, after growing past its first size and deleting rows', () => {
    const random = seeded(7);
    const flat = new FlatVectors<number>(16, 4);
    const all = new Map<number, Float32Array>();
    for (let key = 0; key < 300; key++) {
      const v = unit(16, random);
      all.set(key, v);
      expect(flat.set({ key, chunkId: `c${key}`, docId: `d${key % 10}` }, v)).toBe(true);
    }
    for (let key = 0; key < 300; key += 3) {
      flat.delete(key);
      all.delete(key);
    }
    expect(flat.size).toBe(all.size);
    for (let q = 0; q < 20; q++) {
      const query = unit(16, random);
      const brute = [...all.entries()]
        .map(([key, v]) => ({ key, score: v.reduce((sum, x, i) => sum + x * (query[i] ?? 0), 0) }))
        .sort((a, b) => b.score - a.score)
        .slice(0, 5)
        .map((e) => `c${e.key}`);
      expect(flat.search(query, 5).map((h) => h.chunkId)).toEqual(brute);
    }
  });

  it('leaves out a vector of another size, and replaces a row set again', () => {
    const flat = new FlatVectors(2);
    expect(flat.set({ key: 'a', chunkId: 'a', docId: 'd' }, new Float32Array([1, 0, 0]))).toBe(false);
    expect(flat.has('a')).toBe(false);
    flat.set({ key: 'a', chunkId: 'a', docId: 'd' }, new Float32Array([1, 0]));
    flat.set({ key: 'a', chunkId: 'a', docId: 'd2' }, new Float32Array([0, 1]));
    expect(flat.size).toBe(1);
    expect(flat.search(new Float32Array([0, 1]), 3)).toEqual([{ chunkId: 'a', docId: 'd2', score: 1 }]);
    expect(flat.search(new Float32Array([0, 1, 0]), 3)).toEqual([]);
  });
});
