// Memory's contract: what every host's store keeps and answers. The same core code chunks,
// embeds, fuses and renders for the extension (IndexedDB) and the host (SQLite); a store
// only keeps things and answers the two kinds of search (words, vectors).

/** A page the person read or a file they gave, as kept in the vault. */
export interface VaultDocument {
  id: string;
  kind: 'page' | 'file';
  /** The page's address; a file's (`file:///…` on the host; `file:<name>` in the extension, which is given no paths). */
  url: string;
  title: string;
  /** The registrable site for a page (`example.com`); '' for a file. */
  site: string;
  /** When it was stored (ms since 1970). */
  addedAt: number;
  /** Of the text stored: the same page with the same text is not stored twice. */
  contentHash: string;
  /** Characters of text stored. */
  chars: number;
  /** Contacts and metadata found on the page (emails, phones, author, description …). */
  metadata: Record<string, string>;
}

/** One piece of a document's text (~500 characters, ~100 overlapping the one before). */
export interface Chunk {
  id: string;
  docId: string;
  /** Position in the document, from 0. */
  ordinal: number;
  text: string;
}

/** A chunk a search found, best first; `score` is the search's own (higher is better). */
export interface ChunkHit {
  chunkId: string;
  docId: string;
  score: number;
}

/** Turns text into vectors for search. Vectors are L2-normalised. */
export interface Embedder {
  /** Names the model and its settings: vectors from different ids are never compared. */
  readonly id: string;
  readonly dimensions: number;
  embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]>;
}

export interface VaultStats {
  documents: number;
  chunks: number;
  /** Characters of text kept. */
  chars: number;
}

/** Where a host keeps the vault. Every write is all-or-nothing. */
export interface VaultStore {
  /**
   * Stores a document with its chunks and their vectors (one per chunk, from `embedderId`, or
   * none when the embedder failed: `chunksWithoutVectors` then lists them); replaces one with the same id.
   */
  put(doc: VaultDocument, chunks: Chunk[], vectors: Float32Array[], embedderId: string): Promise<void>;
  /** The document stored for this address with this text, if any. */
  find(url: string, contentHash?: string): Promise<VaultDocument | null>;
  /** Documents kept, filtered; `ids` asks for just those (a search looks up its hits' documents this way). */
  documents(filter?: { site?: string; kind?: VaultDocument['kind']; ids?: string[] }): Promise<VaultDocument[]>;
  /** Removes documents with their chunks and vectors (nothing of them is left to find); returns how many went. */
  remove(ids: string[]): Promise<number>;
  /** Full-text search over chunks (BM25 or the store's equivalent), best first. */
  textSearch(query: string, k: number): Promise<ChunkHit[]>;
  /** Nearest chunks to a vector from `embedderId`, best first (cosine); only vectors from that embedder are compared. */
  vectorSearch(vector: Float32Array, k: number, embedderId: string): Promise<ChunkHit[]>;
  chunks(ids: string[]): Promise<Chunk[]>;
  /** Chunks with no vector from `embedderId` (after the embedder changed), up to `limit`. */
  chunksWithoutVectors(embedderId: string, limit: number): Promise<Chunk[]>;
  /** Stores vectors for chunks already kept (re-indexing). */
  putVectors(entries: { chunkId: string; vector: Float32Array }[], embedderId: string): Promise<void>;
  stats(): Promise<VaultStats>;
}

/** Something the person told Wayfinder to remember about them ("I prefer metric units"). */
export interface Fact {
  id: string;
  text: string;
  addedAt: number;
}

export interface FactStore {
  listFacts(): Promise<Fact[]>;
  addFact(text: string): Promise<Fact>;
  removeFact(id: string): Promise<boolean>;
}

/** What a finished task leaves behind, for the agent to recall and History to show. */
export interface TaskRecord {
  taskId: string;
  task: string;
  /** What was done (the task's final summary). */
  summary: string;
  success: boolean;
  status: string;
  /** Sites the task used (registrable domains). */
  sites: string[];
  endedAt: number;
}

export interface TaskMemoryStore {
  addTaskRecord(record: TaskRecord): Promise<void>;
  /** Best matches first (words in the task and its summary); all, newest first, for an empty query. */
  searchTaskRecords(query: string, k: number): Promise<TaskRecord[]>;
}

/** A search's answer: documents, best first, each with its best chunks. */
export interface MemoryResult {
  docId: string;
  title: string;
  url: string;
  site: string;
  addedAt: number;
  kind: VaultDocument['kind'];
  score: number;
  chunks: { text: string; score: number }[];
}

/** What a task can reach of memory (the loop's tools and prompts use only this). */
export interface MemoryAccess {
  /** Searches the vault (hybrid: words and vectors, fused), best documents first. */
  search(query: string, k: number): Promise<MemoryResult[]>;
  /** True when the vault, the facts and the task records are all empty (the memory tools are then not offered). */
  isEmpty(): Promise<boolean>;
  facts: FactStore;
  tasks: TaskMemoryStore;
}
