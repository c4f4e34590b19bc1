import type { ChunkHit } from '@wayfinder/core';

// The vectors of one embedder, held in memory as one flat Float32Array (row i = slot i) so a
// search is a single tight pass of dot products: 10,000 chunks × 384 dimensions take a few
// milliseconds, no index structure to keep in step. Vectors are L2-normalised, so the dot
// product is the cosine.

interface Row {
  seq: number;
  chunkId: string;
  docId: string;
}

export class VectorIndex {
  private data: Float32Array;
  private rows: Row[] = [];
  private readonly slotOf = new Map<number, number>();

  constructor(readonly dimensions: number) {
    this.data = new Float32Array(dimensions * 1024);
  }

  get size(): number {
    return this.rows.length;
  }

  /** Adds or replaces the vector of a chunk (by its row number in the chunks table). */
  set(row: Row, vector: Float32Array): void {
    if (vector.length !== this.dimensions)
      throw new Error(`A vector of ${vector.length} dimensions cannot join an index of ${this.dimensions}.`);
    let slot = this.slotOf.get(row.seq);
    if (slot === undefined) {
      slot = this.rows.length;
      if ((slot + 1) * this.dimensions > this.data.length) {
        const grown = new Float32Array(this.data.length * 2);
        grown.set(this.data);
        this.data = grown;
      }
      this.rows.push(row);
      this.slotOf.set(row.seq, slot);
    } else this.rows[slot] = row;
    this.data.set(vector, slot * this.dimensions);
  }

  /** Drops a chunk's vector: the last row moves into its slot. */
  delete(seq: number): void {
    const slot = this.slotOf.get(seq);
    if (slot === undefined) return;
    const last = this.rows.length - 1;
    const moved = this.rows[last];
    if (slot !== last && moved) {
      this.data.copyWithin(slot * this.dimensions, last * this.dimensions, (last + 1) * this.dimensions);
      this.rows[slot] = moved;
      this.slotOf.set(moved.seq, slot);
    }
    this.rows.pop();
    this.slotOf.delete(seq);
  }

  /** The k rows nearest to `query`, best first. */
  search(query: Float32Array, k: number): ChunkHit[] {
    if (query.length !== this.dimensions || k <= 0) return [];
    const d = this.dimensions;
    const data = this.data;
    // The best k so far, kept sorted best first; most rows fail the first comparison.
    const bestScores: number[] = [];
    const bestSlots: number[] = [];
    for (let slot = 0, n = this.rows.length; slot < n; slot++) {
      let dot = 0;
      const base = slot * d;
      for (let i = 0; i < d; i++) dot += (data[base + i] ?? 0) * (query[i] ?? 0);
      if (bestScores.length === k && dot <= (bestScores[k - 1] ?? -Infinity)) continue;
      let at = bestScores.length;
      while (at > 0 && (bestScores[at - 1] ?? -Infinity) < dot) at--;
      bestScores.splice(at, 0, dot);
      bestSlots.splice(at, 0, slot);
      if (bestScores.length > k) {
        bestScores.pop();
        bestSlots.pop();
      }
    }
    const hits: ChunkHit[] = [];
    bestSlots.forEach((slot, i) => {
      const row = this.rows[slot];
      if (row) hits.push({ chunkId: row.chunkId, docId: row.docId, score: bestScores[i] ?? 0 });
    });
    return hits;
  }
}
