import type { ChunkHit } from './types';

// One embedder's vectors in memory as a single flat Float32Array (row i = slot i), so a
// search is one tight pass of dot products: 10,000 chunks × 384 dimensions take a few
// milliseconds and there is no index structure to keep in step. Vectors are L2-normalised,
// so the dot product is the cosine. Each host keys rows its own way (the host's SQLite row
// number, the extension's chunk id).

export interface VectorRow<K> {
  key: K;
  chunkId: string;
  docId: string;
}

export class FlatVectors<K = string> {
  private data: Float32Array;
  private readonly rows: VectorRow<K>[] = [];
  private readonly slotOf = new Map<K, number>();

  constructor(
    readonly dimensions: number,
    initialRows = 256,
  ) {
    this.data = new Float32Array(dimensions * Math.max(1, initialRows));
  }

  get size(): number {
    return this.rows.length;
  }

  has(key: K): boolean {
    return this.slotOf.has(key);
  }

  /** Adds or replaces a row's vector; a vector of another size is left out (it cannot be compared) and false returned. */
  set(row: VectorRow<K>, vector: Float32Array): boolean {
    if (vector.length !== this.dimensions) return false;
    let slot = this.slotOf.get(row.key);
    if (slot === undefined) {
      slot = this.rows.length;
      if ((slot + 1) * this.dimensions > this.data.length) {
        const grown = new Float32Array(this.data.length * 2);
        grown.set(this.data);
        this.data = grown;
      }
      this.rows.push({ ...row });
      this.slotOf.set(row.key, slot);
    } else this.rows[slot] = { ...row };
    this.data.set(vector, slot * this.dimensions);
    return true;
  }

  /** Drops a row's vector: the last row moves into its slot. */
  delete(key: K): void {
    const slot = this.slotOf.get(key);
    if (slot === undefined) return;
    const last = this.rows.length - 1;
    const moved = this.rows[last];
    if (slot !== last && moved) {
      this.data.copyWithin(slot * this.dimensions, last * this.dimensions, (last + 1) * this.dimensions);
      this.rows[slot] = moved;
      this.slotOf.set(moved.key, slot);
    }
    this.rows.pop();
    this.slotOf.delete(key);
  }

  /** The k chunks nearest to `query`, best first. */
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
    return bestSlots.flatMap((slot, i) => {
      const row = this.rows[slot];
      return row ? [{ chunkId: row.chunkId, docId: row.docId, score: bestScores[i] ?? 0 }] : [];
    });
  }
}
