import { Bm25Index } from './bm25';
import { cosine } from './hash-embedder';
import { TopK } from './top';
import { rankTaskRecords } from './task-records';
import { newId } from './vault';
import type { Chunk, ChunkHit, Fact, FactStore, TaskMemoryStore, TaskRecord, VaultDocument, VaultStats, VaultStore } from './types';

// The reference store: everything in memory, BM25 for words, brute-force cosine for
// vectors. Tests use it, and small hosts can; the SQLite and IndexedDB stores must answer
// the same way.

export class InMemoryMemory implements VaultStore, FactStore, TaskMemoryStore {
  private readonly docs = new Map<string, VaultDocument>();
  private readonly chunkMap = new Map<string, Chunk>();
  private readonly chunkIds = new Map<string, string[]>();
  /** Vectors by embedder id, then chunk id. */
  private readonly vectors = new Map<string, Map<string, Float32Array>>();
  private readonly text = new Bm25Index();
  private readonly factList: Fact[] = [];
  private readonly records: TaskRecord[] = [];

  put(doc: VaultDocument, chunks: Chunk[], vectors: Float32Array[], embedderId: string): Promise<void> {
    if (vectors.length !== chunks.length && vectors.length !== 0)
      return Promise.reject(new Error(`put needs one vector per chunk, or none (got ${vectors.length} for ${chunks.length} chunks).`));
    this.drop(doc.id);
    this.docs.set(doc.id, { ...doc, metadata: { ...doc.metadata } });
    this.chunkIds.set(
      doc.id,
      chunks.map((chunk) => chunk.id),
    );
    const byChunk = this.vectorsOf(embedderId);
    chunks.forEach((chunk, i) => {
      this.chunkMap.set(chunk.id, { ...chunk });
      this.text.add(chunk.id, chunk.docId, chunk.text);
      const vector = vectors[i];
      if (vector) byChunk.set(chunk.id, vector);
    });
    return Promise.resolve();
  }

  find(url: string, contentHash?: string): Promise<VaultDocument | null> {
    for (const doc of this.docs.values())
      if (doc.url === url && (contentHash === undefined || doc.contentHash === contentHash)) return Promise.resolve({ ...doc });
    return Promise.resolve(null);
  }

  documents(filter: { site?: string; kind?: VaultDocument['kind']; ids?: string[] } = {}): Promise<VaultDocument[]> {
    const candidates = filter.ids ? filter.ids.flatMap((id) => this.docs.get(id) ?? []) : [...this.docs.values()];
    return Promise.resolve(
      candidates
        .filter((doc) => (filter.site === undefined || doc.site === filter.site) && (filter.kind === undefined || doc.kind === filter.kind))
        .map((doc) => ({ ...doc })),
    );
  }

  remove(ids: string[]): Promise<number> {
    let removed = 0;
    for (const id of new Set(ids)) if (this.drop(id)) removed++;
    return Promise.resolve(removed);
  }

  textSearch(query: string, k: number): Promise<ChunkHit[]> {
    return Promise.resolve(this.text.search(query, k));
  }

  vectorSearch(vector: Float32Array, k: number, embedderId: string): Promise<ChunkHit[]> {
    const top = new TopK<ChunkHit>(k);
    for (const [chunkId, stored] of this.vectors.get(embedderId) ?? []) {
      const score = cosine(vector, stored);
      const chunk = top.admits(score) ? this.chunkMap.get(chunkId) : undefined;
      if (chunk) top.offer({ chunkId, docId: chunk.docId, score }, score);
    }
    return Promise.resolve(top.best());
  }

  chunks(ids: string[]): Promise<Chunk[]> {
    return Promise.resolve(
      ids.flatMap((id) => {
        const chunk = this.chunkMap.get(id);
        return chunk ? [{ ...chunk }] : [];
      }),
    );
  }

  chunksWithoutVectors(embedderId: string, limit: number): Promise<Chunk[]> {
    const have = this.vectors.get(embedderId);
    const out: Chunk[] = [];
    for (const chunk of this.chunkMap.values()) {
      if (out.length >= limit) break;
      if (!have?.has(chunk.id)) out.push({ ...chunk });
    }
    return Promise.resolve(out);
  }

  putVectors(entries: { chunkId: string; vector: Float32Array }[], embedderId: string): Promise<void> {
    const byChunk = this.vectorsOf(embedderId);
    for (const { chunkId, vector } of entries) if (this.chunkMap.has(chunkId)) byChunk.set(chunkId, vector);
    return Promise.resolve();
  }

  stats(): Promise<VaultStats> {
    let chars = 0;
    for (const doc of this.docs.values()) chars += doc.chars;
    return Promise.resolve({ documents: this.docs.size, chunks: this.chunkMap.size, chars });
  }

  /** Vectors kept for a chunk, by embedder id (tests check that a removed chunk leaves none). */
  vectorCount(): number {
    let n = 0;
    for (const byChunk of this.vectors.values()) n += byChunk.size;
    return n;
  }

  /** Chunks in the word index (tests check that a removed chunk leaves none). */
  get indexedChunks(): number {
    return this.text.size;
  }

  listFacts(): Promise<Fact[]> {
    return Promise.resolve(this.factList.map((fact) => ({ ...fact })));
  }

  addFact(text: string): Promise<Fact> {
    const clean = text.replace(/\s+/g, ' ').trim();
    if (!clean) return Promise.reject(new Error('A fact needs some text, like "I prefer metric units".'));
    const same = this.factList.find((fact) => fact.text.toLowerCase() === clean.toLowerCase());
    if (same) return Promise.resolve({ ...same });
    const fact: Fact = { id: newId(), text: clean, addedAt: Date.now() };
    this.factList.push(fact);
    return Promise.resolve({ ...fact });
  }

  removeFact(id: string): Promise<boolean> {
    const at = this.factList.findIndex((fact) => fact.id === id);
    if (at >= 0) this.factList.splice(at, 1);
    return Promise.resolve(at >= 0);
  }

  addTaskRecord(record: TaskRecord): Promise<void> {
    const at = this.records.findIndex((r) => r.taskId === record.taskId);
    if (at >= 0) this.records.splice(at, 1);
    this.records.push({ ...record, sites: [...record.sites] });
    return Promise.resolve();
  }

  searchTaskRecords(query: string, k: number): Promise<TaskRecord[]> {
    const newest = [...this.records].sort((a, b) => b.endedAt - a.endedAt);
    return Promise.resolve(rankTaskRecords(newest, query, k).map(copyRecord));
  }

  private vectorsOf(embedderId: string): Map<string, Float32Array> {
    let byChunk = this.vectors.get(embedderId);
    if (!byChunk) {
      byChunk = new Map();
      this.vectors.set(embedderId, byChunk);
    }
    return byChunk;
  }

  private drop(docId: string): boolean {
    const ids = this.chunkIds.get(docId) ?? [];
    for (const id of ids) {
      this.chunkMap.delete(id);
      for (const byChunk of this.vectors.values()) byChunk.delete(id);
    }
    this.text.remove(ids);
    this.chunkIds.delete(docId);
    return this.docs.delete(docId);
  }
}

function copyRecord(record: TaskRecord): TaskRecord {
  return { ...record, sites: [...record.sites] };
}
