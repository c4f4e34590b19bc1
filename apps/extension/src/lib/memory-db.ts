import {
  Bm25Index,
  FlatVectors,
  type Chunk,
  type ChunkHit,
  type Fact,
  type FactRules,
  type FactStore,
  type TaskMemoryStore,
  type TaskRecord,
  type VaultDocument,
  type VaultStats,
  type VaultStore,
} from '@wayfinder/core';
import { addFact, searchTaskRecords } from './memory-records';
import { openMemoryDatabase, vectorKeysOf, type MemoryDatabase, type MetaRecord } from './memory-schema';
import { logError, logWarn } from './log';

// The extension's memory store in IndexedDB: the vault (documents, chunks, vectors), the
// person's facts and the task records. Every write is one transaction. Searches are answered
// from memory: the BM25 word index (saved as JSON in `meta` so a restarted worker loads it
// instead of re-reading every chunk) and one flat vector array per embedder, loaded on first
// use. Both follow each committed write.

/** Unsaved additions to the word index are written this long after the last one (a removal is saved at once). */
const SAVE_DELAY_MS = 300;

/** Where the word index came from when this store opened (tests and the debug reply read it). */
export type IndexSource = 'saved' | 'rebuilt';

/** A value loaded once, on first use; changes that arrive while it loads are applied when it is there. */
class Lazy<T> {
  private value: T | null = null;
  private loading: Promise<T> | null = null;
  private queued: ((value: T) => void)[] = [];

  constructor(private readonly load: () => Promise<T>) {}

  get(): Promise<T> {
    if (this.value) return Promise.resolve(this.value);
    this.loading ??= this.load().then(
      (value) => {
        for (const change of this.queued.splice(0)) change(value);
        this.value = value;
        return value;
      },
      (error: unknown) => {
        this.loading = null;
        this.queued = [];
        throw error;
      },
    );
    return this.loading;
  }

  /** Applies a committed change to the loaded value (or to the one loading); nothing when not loaded. */
  apply(change: (value: T) => void): void {
    if (this.value) change(this.value);
    else if (this.loading) this.queued.push(change);
  }

  get loaded(): T | null {
    return this.value;
  }
}

export class MemoryDb implements VaultStore, FactStore, TaskMemoryStore {
  private text: Lazy<Bm25Index>;
  private readonly vectors = new Map<string, Lazy<FlatVectors>>();
  /** The vault writes this store has committed (mirrors meta 'writes'). */
  private generation = 0;
  private saveTimer: ReturnType<typeof setTimeout> | null = null;
  private saving: Promise<void> = Promise.resolve();
  /** How the word index was had at start. */
  indexSource: IndexSource | null = null;

  private constructor(
    private readonly db: MemoryDatabase,
    private readonly factRules: () => Promise<FactRules>,
  ) {
    this.text = new Lazy(() => this.loadText());
  }

  /** Opens the database and loads the word index (saved, or rebuilt from the chunks when the saved one is stale). */
  static async open(factRules: () => Promise<FactRules> = () => Promise.resolve({})): Promise<MemoryDb> {
    const store = new MemoryDb(await openMemoryDatabase(), factRules);
    await store.text.get();
    return store;
  }

  close(): void {
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.db.close();
  }

  // — vault

  async put(doc: VaultDocument, chunks: Chunk[], vectors: Float32Array[], embedderId: string): Promise<void> {
    if (vectors.length !== chunks.length)
      throw new Error(`put needs one vector per chunk (got ${vectors.length} for ${chunks.length} chunks).`);
    await this.write(doc, chunks, vectors, embedderId);
  }

  /** Stores a document and its chunks without vectors (an import: `Vault.reindex` gives them theirs). */
  async putWithoutVectors(doc: VaultDocument, chunks: Chunk[]): Promise<void> {
    await this.write(doc, chunks, [], '');
  }

  private async write(doc: VaultDocument, chunks: Chunk[], vectors: Float32Array[], embedderId: string): Promise<void> {
    const tx = this.db.transaction(['documents', 'chunks', 'vectors', 'meta'], 'readwrite');
    const oldChunkIds = await tx.objectStore('chunks').index('docId').getAllKeys(doc.id);
    for (const id of oldChunkIds) {
      await tx.objectStore('chunks').delete(id);
      await tx.objectStore('vectors').delete(vectorKeysOf(id));
    }
    await tx.objectStore('documents').put({ ...doc, metadata: { ...doc.metadata } });
    for (const [i, chunk] of chunks.entries()) {
      await tx.objectStore('chunks').put({ id: chunk.id, docId: chunk.docId, ordinal: chunk.ordinal, text: chunk.text });
      const vector = vectors[i];
      if (vector) await tx.objectStore('vectors').put({ chunkId: chunk.id, embedderId, docId: doc.id, vector });
    }
    const generation = await this.bump(tx.objectStore('meta'));
    await tx.done;
    this.generation = generation;
    const kept = new Set(chunks.map((chunk) => chunk.id));
    const gone = oldChunkIds.filter((id) => !kept.has(id));
    this.text.apply((index) => {
      index.remove(gone);
      for (const chunk of chunks) index.add(chunk.id, chunk.docId, chunk.text);
    });
    for (const [id, lazy] of this.vectors)
      lazy.apply((flat) => {
        for (const chunkId of oldChunkIds) flat.delete(chunkId);
        if (id !== embedderId) return;
        chunks.forEach((chunk, i) => {
          const vector = vectors[i];
          if (vector) flat.set({ key: chunk.id, chunkId: chunk.id, docId: doc.id }, vector);
        });
      });
    this.scheduleSave();
  }

  async find(url: string, contentHash?: string): Promise<VaultDocument | null> {
    const docs = await this.db.getAllFromIndex('documents', 'url', url);
    return docs.find((doc) => contentHash === undefined || doc.contentHash === contentHash) ?? null;
  }

  async documents(filter: { site?: string; kind?: VaultDocument['kind']; ids?: string[] } = {}): Promise<VaultDocument[]> {
    let docs: VaultDocument[];
    if (filter.ids) {
      const tx = this.db.transaction('documents');
      docs = (await Promise.all(filter.ids.map((id) => tx.store.get(id)))).filter((doc) => doc !== undefined);
    } else if (filter.site !== undefined) docs = await this.db.getAllFromIndex('documents', 'site', filter.site);
    else docs = await this.db.getAll('documents');
    return docs.filter(
      (doc) => (filter.site === undefined || doc.site === filter.site) && (filter.kind === undefined || doc.kind === filter.kind),
    );
  }

  /** Removes documents with their chunks, vectors and word-index entries, all in one transaction (the saved index too). */
  async remove(ids: string[]): Promise<number> {
    const index = await this.text.get();
    const tx = this.db.transaction(['documents', 'chunks', 'vectors', 'meta'], 'readwrite');
    let removed = 0;
    const chunkIds: string[] = [];
    for (const id of new Set(ids)) {
      if (!(await tx.objectStore('documents').getKey(id))) continue;
      removed++;
      await tx.objectStore('documents').delete(id);
      for (const chunkId of await tx.objectStore('chunks').index('docId').getAllKeys(id)) {
        chunkIds.push(chunkId);
        await tx.objectStore('chunks').delete(chunkId);
        await tx.objectStore('vectors').delete(vectorKeysOf(chunkId));
      }
    }
    if (removed === 0) {
      await tx.done;
      return 0;
    }
    // The saved index must not keep the words of what was removed: it is rewritten in this transaction.
    index.remove(chunkIds);
    const generation = await this.bump(tx.objectStore('meta'));
    await tx.objectStore('meta').put({ generation, json: JSON.stringify(index) }, 'bm25');
    try {
      await tx.done;
    } catch (error) {
      this.reloadText();
      throw error;
    }
    this.generation = generation;
    for (const lazy of this.vectors.values()) lazy.apply((flat) => chunkIds.forEach((id) => flat.delete(id)));
    return removed;
  }

  /** Removes every document, chunk and vector (facts and task records stay). */
  async clearVault(): Promise<number> {
    const tx = this.db.transaction(['documents', 'chunks', 'vectors', 'meta'], 'readwrite');
    const count = await tx.objectStore('documents').count();
    await tx.objectStore('documents').clear();
    await tx.objectStore('chunks').clear();
    await tx.objectStore('vectors').clear();
    const generation = await this.bump(tx.objectStore('meta'));
    await tx.objectStore('meta').put({ generation, json: JSON.stringify(new Bm25Index()) }, 'bm25');
    await tx.done;
    this.generation = generation;
    const empty = new Bm25Index();
    this.text = new Lazy(() => Promise.resolve(empty));
    await this.text.get();
    this.vectors.clear();
    return count;
  }

  async textSearch(query: string, k: number): Promise<ChunkHit[]> {
    return (await this.text.get()).search(query, k);
  }

  async vectorSearch(vector: Float32Array, k: number, embedderId: string): Promise<ChunkHit[]> {
    return (await this.vectorsOf(embedderId, vector.length)).search(vector, k);
  }

  async chunks(ids: string[]): Promise<Chunk[]> {
    const tx = this.db.transaction('chunks');
    return (await Promise.all(ids.map((id) => tx.store.get(id)))).filter((chunk) => chunk !== undefined);
  }

  /** Chunks of one document, in order. */
  chunksOf(docId: string): Promise<Chunk[]> {
    return this.db.getAllFromIndex('chunks', 'docId', docId).then((chunks) => chunks.sort((a, b) => a.ordinal - b.ordinal));
  }

  async chunksWithoutVectors(embedderId: string, limit: number): Promise<Chunk[]> {
    // Keys only, compared in memory: a re-index asks once per batch, over every chunk kept.
    const tx = this.db.transaction(['chunks', 'vectors']);
    const have = new Set((await tx.objectStore('vectors').index('embedderId').getAllKeys(embedderId)).map(([chunkId]) => chunkId));
    const missing = (await tx.objectStore('chunks').getAllKeys()).filter((id) => !have.has(id)).slice(0, limit);
    return (await Promise.all(missing.map((id) => tx.objectStore('chunks').get(id)))).filter((chunk) => chunk !== undefined);
  }

  async putVectors(entries: { chunkId: string; vector: Float32Array }[], embedderId: string): Promise<void> {
    const tx = this.db.transaction(['chunks', 'vectors'], 'readwrite');
    const kept: { chunkId: string; docId: string; vector: Float32Array }[] = [];
    for (const { chunkId, vector } of entries) {
      const chunk = await tx.objectStore('chunks').get(chunkId);
      if (!chunk) continue;
      await tx.objectStore('vectors').put({ chunkId, embedderId, docId: chunk.docId, vector });
      kept.push({ chunkId, docId: chunk.docId, vector });
    }
    await tx.done;
    this.vectors
      .get(embedderId)
      ?.apply((flat) =>
        kept.forEach((entry) => flat.set({ key: entry.chunkId, chunkId: entry.chunkId, docId: entry.docId }, entry.vector)),
      );
  }

  /** Drops the vectors of every embedder but this one (after a re-index, they only take space). */
  async dropVectorsExcept(embedderId: string): Promise<number> {
    const tx = this.db.transaction('vectors', 'readwrite');
    let dropped = 0;
    for (let cursor = await tx.store.openCursor(); cursor; cursor = await cursor.continue())
      if (cursor.value.embedderId !== embedderId) {
        await cursor.delete();
        dropped++;
      }
    await tx.done;
    for (const id of [...this.vectors.keys()]) if (id !== embedderId) this.vectors.delete(id);
    return dropped;
  }

  /** Vectors kept from one embedder. */
  vectorCount(embedderId: string): Promise<number> {
    return this.db.countFromIndex('vectors', 'embedderId', embedderId);
  }

  /** Chunks of one document. */
  chunkCount(docId: string): Promise<number> {
    return this.db.countFromIndex('chunks', 'docId', docId);
  }

  async stats(): Promise<VaultStats> {
    const tx = this.db.transaction(['documents', 'chunks']);
    let chars = 0;
    for (let cursor = await tx.objectStore('documents').openCursor(); cursor; cursor = await cursor.continue()) chars += cursor.value.chars;
    return { documents: await tx.objectStore('documents').count(), chunks: await tx.objectStore('chunks').count(), chars };
  }

  // — facts and task records (memory-records.ts)

  async listFacts(): Promise<Fact[]> {
    return this.db.getAllFromIndex('facts', 'addedAt');
  }

  async addFact(text: string): Promise<Fact> {
    return addFact(this.db, text, await this.factRules());
  }

  async removeFact(id: string): Promise<boolean> {
    const tx = this.db.transaction('facts', 'readwrite');
    const had = (await tx.store.getKey(id)) !== undefined;
    if (had) await tx.store.delete(id);
    await tx.done;
    return had;
  }

  async addTaskRecord(record: TaskRecord): Promise<void> {
    await this.db.put('taskRecords', { ...record, sites: [...record.sites] });
  }

  searchTaskRecords(query: string, k: number): Promise<TaskRecord[]> {
    return searchTaskRecords(this.db, query, k);
  }

  // — the in-memory indexes

  /** Writes the word index now if it has changes not yet saved (a worker about to stop; tests). */
  async flush(): Promise<void> {
    if (this.saveTimer) {
      clearTimeout(this.saveTimer);
      this.saveTimer = null;
      this.saving = this.saving.then(() => this.saveText());
    }
    await this.saving;
  }

  private scheduleSave(): void {
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = setTimeout(() => {
      this.saveTimer = null;
      this.saving = this.saving
        .then(() => this.saveText())
        .catch((error: unknown) => logError('wayfinder: could not save the memory index', error));
    }, SAVE_DELAY_MS);
  }

  // Saved only when the index holds every committed write (the counts match); else the next start rebuilds it.
  private async saveText(): Promise<void> {
    const index = this.text.loaded;
    if (!index) return;
    const tx = this.db.transaction('meta', 'readwrite');
    const writes = (await tx.store.get('writes'))?.generation ?? 0;
    if (writes === this.generation) await tx.store.put({ generation: writes, json: JSON.stringify(index) }, 'bm25');
    await tx.done;
  }

  private async loadText(): Promise<Bm25Index> {
    const tx = this.db.transaction('meta');
    const writes = (await tx.store.get('writes'))?.generation ?? 0;
    const saved = await tx.store.get('bm25');
    await tx.done;
    this.generation = writes;
    if (saved?.json !== undefined && saved.generation === writes) {
      try {
        const index = Bm25Index.fromJSON(JSON.parse(saved.json));
        this.indexSource = 'saved';
        return index;
      } catch (error) {
        logWarn('wayfinder: the saved memory index could not be read; rebuilding it from the chunks', error);
      }
    }
    const index = new Bm25Index();
    for (let cursor = await this.db.transaction('chunks').store.openCursor(); cursor; cursor = await cursor.continue())
      index.add(cursor.value.id, cursor.value.docId, cursor.value.text);
    this.indexSource = 'rebuilt';
    this.scheduleSave();
    return index;
  }

  private reloadText(): void {
    this.text = new Lazy(() => this.loadText());
  }

  private vectorsOf(embedderId: string, dimensions: number): Promise<FlatVectors> {
    let lazy = this.vectors.get(embedderId);
    if (!lazy) {
      lazy = new Lazy(async () => {
        const flat = new FlatVectors(dimensions);
        for (const row of await this.db.getAllFromIndex('vectors', 'embedderId', embedderId))
          flat.set({ key: row.chunkId, chunkId: row.chunkId, docId: row.docId }, row.vector);
        return flat;
      });
      this.vectors.set(embedderId, lazy);
    }
    return lazy.get();
  }

  private async bump(meta: {
    get(key: string): Promise<MetaRecord | undefined>;
    put(value: MetaRecord, key: string): Promise<string>;
  }): Promise<number> {
    const generation = ((await meta.get('writes'))?.generation ?? 0) + 1;
    await meta.put({ generation }, 'writes');
    return generation;
  }
}
