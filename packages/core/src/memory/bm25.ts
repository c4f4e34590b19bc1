import { searchWords } from './text';
import { TopK } from './top';
import type { ChunkHit } from './types';

// In-memory BM25 (k1 1.2, b 0.75) over chunks, with the embedder's words. It serialises to
// plain JSON (each chunk's term counts) so a host can persist it and rebuild the postings
// on load instead of re-reading every chunk.

const K1 = 1.2;
const B = 0.75;
const FORMAT = 1;

interface Entry {
  id: string;
  docId: string;
  length: number;
  terms: Map<string, number>;
}

export class Bm25Index {
  // Chunks live in numbered slots (reused after removal) so scoring adds into a flat array.
  private readonly slots: (Entry | undefined)[] = [];
  private readonly freeSlots: number[] = [];
  private readonly slotOf = new Map<string, number>();
  /** Term → slot → term frequency. */
  private readonly postings = new Map<string, Map<number, number>>();
  private totalLength = 0;

  /** Indexes a chunk's text (replacing what was indexed under this id). */
  add(id: string, docId: string, text: string): void {
    const terms = new Map<string, number>();
    const words = searchWords(text);
    for (const word of words) terms.set(word, (terms.get(word) ?? 0) + 1);
    this.put({ id, docId, length: words.length, terms });
  }

  remove(ids: string[]): void {
    for (const id of ids) {
      const slot = this.slotOf.get(id);
      const entry = slot === undefined ? undefined : this.slots[slot];
      if (slot === undefined || !entry) continue;
      for (const term of entry.terms.keys()) {
        const posting = this.postings.get(term);
        posting?.delete(slot);
        if (posting?.size === 0) this.postings.delete(term);
      }
      this.totalLength -= entry.length;
      this.slots[slot] = undefined;
      this.freeSlots.push(slot);
      this.slotOf.delete(id);
    }
  }

  /** The `k` best chunks for the query's words, best first; none when no word matches. */
  search(query: string, k: number): ChunkHit[] {
    const n = this.slotOf.size;
    if (n === 0 || k <= 0) return [];
    const averageLength = this.totalLength / n || 1;
    const scores = new Float64Array(this.slots.length);
    const touched: number[] = [];
    for (const term of new Set(searchWords(query))) {
      const posting = this.postings.get(term);
      if (!posting) continue;
      const idf = Math.log(1 + (n - posting.size + 0.5) / (posting.size + 0.5));
      for (const [slot, tf] of posting) {
        const length = this.slots[slot]?.length ?? averageLength;
        const prior = scores[slot] ?? 0;
        if (prior === 0) touched.push(slot);
        scores[slot] = prior + (idf * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * length) / averageLength));
      }
    }
    const top = new TopK<number>(k);
    for (const slot of touched) top.offer(slot, scores[slot] ?? 0);
    return top.best().flatMap((slot) => {
      const entry = this.slots[slot];
      return entry ? [{ chunkId: entry.id, docId: entry.docId, score: scores[slot] ?? 0 }] : [];
    });
  }

  /** Chunks indexed. */
  get size(): number {
    return this.slotOf.size;
  }

  toJSON(): unknown {
    const chunks: [string, string, number, [string, number][]][] = [];
    for (const entry of this.slots) if (entry) chunks.push([entry.id, entry.docId, entry.length, [...entry.terms]]);
    return { format: FORMAT, chunks };
  }

  /** Rebuilds an index from `toJSON()`; throws on anything else (the host then rebuilds from its chunks). */
  static fromJSON(value: unknown): Bm25Index {
    if (!isRecord(value) || value.format !== FORMAT || !Array.isArray(value.chunks))
      throw new Error(`Not a saved BM25 index (format ${FORMAT}); rebuild the index from the stored chunks.`);
    const index = new Bm25Index();
    for (const row of value.chunks) {
      const entry = parseRow(row);
      if (!entry) throw new Error('A saved BM25 index has a malformed chunk entry; rebuild the index from the stored chunks.');
      index.put(entry);
    }
    return index;
  }

  private put(entry: Entry): void {
    this.remove([entry.id]);
    const slot = this.freeSlots.pop() ?? this.slots.length;
    this.slots[slot] = entry;
    this.slotOf.set(entry.id, slot);
    this.totalLength += entry.length;
    for (const [term, tf] of entry.terms) {
      let posting = this.postings.get(term);
      if (!posting) {
        posting = new Map();
        this.postings.set(term, posting);
      }
      posting.set(slot, tf);
    }
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseRow(row: unknown): Entry | null {
  if (!Array.isArray(row) || row.length !== 4) return null;
  const fields: unknown[] = row;
  const [id, docId, length, pairs] = fields;
  if (typeof id !== 'string' || typeof docId !== 'string' || typeof length !== 'number' || !Array.isArray(pairs)) return null;
  const terms = new Map<string, number>();
  for (const pair of pairs) {
    if (!Array.isArray(pair) || pair.length !== 2) return null;
    const items: unknown[] = pair;
    const [term, tf] = items;
    if (typeof term !== 'string' || typeof tf !== 'number') return null;
    terms.set(term, tf);
  }
  return { id, docId, length, terms };
}
