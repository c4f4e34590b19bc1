import type { Chunk, Fact, TaskRecord, VaultDocument } from '@wayfinder/core';
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

// Memory's IndexedDB database, apart from the conversations' ('wayfinder'), so either can
// be upgraded or cleared on its own. Schema changes go in UPGRADES, one per version.
//   documents:   VaultDocument by id (indexes: url, site, addedAt)
//   chunks:      Chunk by id (index: docId)
//   vectors:     { chunkId, embedderId, docId, vector } by [chunkId, embedderId] (index: embedderId)
//   facts:       Fact by id (index: addedAt)
//   taskRecords: core TaskRecord by taskId (index: endedAt)
//   meta:        'writes' → the vault's write count; 'bm25' → the word index as JSON and the count it reflects

export const MEMORY_DB_NAME = 'wayfinder-memory';
export const MEMORY_DB_VERSION = 1;

export interface StoredVector {
  chunkId: string;
  embedderId: string;
  docId: string;
  vector: Float32Array;
}

/** `generation`: how many vault writes there have been; the saved index is valid only for the count it names. */
export interface MetaRecord {
  generation: number;
  json?: string;
}

export interface MemorySchema extends DBSchema {
  documents: { key: string; value: VaultDocument; indexes: { url: string; site: string; addedAt: number } };
  chunks: { key: string; value: Chunk; indexes: { docId: string } };
  vectors: { key: [string, string]; value: StoredVector; indexes: { embedderId: string } };
  facts: { key: string; value: Fact; indexes: { addedAt: number } };
  taskRecords: { key: string; value: TaskRecord; indexes: { endedAt: number } };
  meta: { key: string; value: MetaRecord };
}

export type MemoryDatabase = IDBPDatabase<MemorySchema>;

const UPGRADES: Record<number, (db: MemoryDatabase) => void> = {
  1: (db) => {
    const documents = db.createObjectStore('documents', { keyPath: 'id' });
    documents.createIndex('url', 'url');
    documents.createIndex('site', 'site');
    documents.createIndex('addedAt', 'addedAt');
    db.createObjectStore('chunks', { keyPath: 'id' }).createIndex('docId', 'docId');
    db.createObjectStore('vectors', { keyPath: ['chunkId', 'embedderId'] }).createIndex('embedderId', 'embedderId');
    db.createObjectStore('facts', { keyPath: 'id' }).createIndex('addedAt', 'addedAt');
    db.createObjectStore('taskRecords', { keyPath: 'taskId' }).createIndex('endedAt', 'endedAt');
    db.createObjectStore('meta');
  },
};

export function openMemoryDatabase(): Promise<MemoryDatabase> {
  return openDB<MemorySchema>(MEMORY_DB_NAME, MEMORY_DB_VERSION, {
    upgrade(db, oldVersion, newVersion) {
      for (let version = oldVersion + 1; version <= (newVersion ?? MEMORY_DB_VERSION); version++) UPGRADES[version]?.(db);
    },
    blocked() {
      console.warn('wayfinder: the memory database waits for an older copy of Wayfinder to close');
    },
  });
}

/** Every vector key of a chunk, whatever the embedder (arrays sort after strings). */
export function vectorKeysOf(chunkId: string): IDBKeyRange {
  return IDBKeyRange.bound([chunkId], [chunkId, []]);
}
