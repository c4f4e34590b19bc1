import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import { FlatVectors, type Chunk, type ChunkHit, type VaultDocument, type VaultStats, type VaultStore } from '@wayfinder/core';
import { inTransaction, settle } from './db';
import { cjkMatchExpression, cjkTerms, matchExpression } from './fts-query';

// The vault in SQLite: documents, their chunks (with an FTS5 index kept by triggers) and one
// vector per chunk and embedder as a BLOB. Vector search runs over an in-memory copy of the
// current embedder's vectors, loaded on the first search and updated after every write this
// process commits; a write by another process moves PRAGMA data_version (this connection's
// own commits do not), and the next search reloads it.

function row(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? Object.fromEntries(Object.entries(value)) : {};
}
const str = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'bigint' ? String(value) : '';
const num = (value: unknown): number => (typeof value === 'number' ? value : Number(value ?? 0));

function toBlob(vector: Float32Array): Uint8Array {
  return new Uint8Array(vector.buffer, vector.byteOffset, vector.byteLength);
}

function fromBlob(blob: unknown): Float32Array | null {
  if (!(blob instanceof Uint8Array) || blob.byteLength % 4 !== 0) return null;
  // Copied: a Float32Array needs an aligned buffer of its own.
  return new Float32Array(blob.buffer.slice(blob.byteOffset, blob.byteOffset + blob.byteLength));
}

function toDocument(value: unknown): VaultDocument {
  const r = row(value);
  let metadata: Record<string, string> = {};
  try {
    const parsed: unknown = JSON.parse(str(r.metadata));
    if (typeof parsed === 'object' && parsed !== null)
      metadata = Object.fromEntries(Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string'));
  } catch {
    // Metadata is a convenience: a damaged value reads as none.
  }
  return {
    id: str(r.id),
    kind: r.kind === 'file' ? 'file' : 'page',
    url: str(r.url),
    title: str(r.title),
    site: str(r.site),
    addedAt: num(r.added_at),
    contentHash: str(r.content_hash),
    chars: num(r.chars),
    metadata,
  };
}

function toChunk(value: unknown): Chunk {
  const r = row(value);
  return { id: str(r.id), docId: str(r.doc_id), ordinal: num(r.ordinal), text: str(r.text) };
}

export class SqliteVaultStore implements VaultStore {
  /** Per embedder id: its vectors, and the data_version they were loaded at. */
  private readonly indexes = new Map<string, { index: FlatVectors<number>; version: number }>();

  constructor(private readonly db: DatabaseSync) {}

  put(doc: VaultDocument, chunks: Chunk[], vectors: Float32Array[], embedderId: string): Promise<void> {
    return settle(() => {
      if (vectors.length !== chunks.length && vectors.length !== 0)
        throw new Error(`${chunks.length} chunks came with ${vectors.length} vectors; give one vector per chunk, or none.`);
      const added: { seq: number; chunkId: string; vector: Float32Array }[] = [];
      const removed = inTransaction(this.db, () => {
        const gone = this.deleteDocuments([doc.id]).seqs;
        this.db
          .prepare(
            'INSERT INTO documents (id, kind, url, title, site, added_at, content_hash, chars, metadata) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
          )
          .run(doc.id, doc.kind, doc.url, doc.title, doc.site, doc.addedAt, doc.contentHash, doc.chars, JSON.stringify(doc.metadata));
        const insertChunk = this.db.prepare('INSERT INTO chunks (id, doc_id, ordinal, text) VALUES (?, ?, ?, ?)');
        const insertVector = this.db.prepare('INSERT INTO vectors (chunk_seq, embedder, vector) VALUES (?, ?, ?)');
        const insertCjk = this.db.prepare('INSERT INTO chunks_cjk (rowid, terms) VALUES (?, ?)');
        chunks.forEach((chunk, i) => {
          if (chunk.docId !== doc.id)
            throw new Error(`Chunk ${chunk.id} belongs to ${chunk.docId}, not to the document stored (${doc.id}).`);
          const seq = Number(insertChunk.run(chunk.id, doc.id, chunk.ordinal, chunk.text).lastInsertRowid);
          const terms = cjkTerms(chunk.text);
          if (terms) insertCjk.run(seq, terms);
          const vector = vectors[i];
          if (!vector) return;
          insertVector.run(seq, embedderId, toBlob(vector));
          added.push({ seq, chunkId: chunk.id, vector });
        });
        return gone;
      });
      // Only what was committed reaches the cache.
      for (const { index } of this.indexes.values()) for (const seq of removed) index.delete(seq);
      const index = this.indexes.get(embedderId)?.index;
      for (const a of added)
        if (a.vector.length === index?.dimensions) index.set({ key: a.seq, chunkId: a.chunkId, docId: doc.id }, a.vector);
      return;
    });
  }

  find(url: string, contentHash?: string): Promise<VaultDocument | null> {
    return settle(() => {
      const found =
        contentHash === undefined
          ? this.db.prepare('SELECT * FROM documents WHERE url = ? ORDER BY added_at DESC LIMIT 1').get(url)
          : this.db
              .prepare('SELECT * FROM documents WHERE url = ? AND content_hash = ? ORDER BY added_at DESC LIMIT 1')
              .get(url, contentHash);
      return found ? toDocument(found) : null;
    });
  }

  /** Newest first. */
  documents(filter: { site?: string; kind?: VaultDocument['kind']; ids?: string[] } = {}): Promise<VaultDocument[]> {
    return settle(() => {
      const where: string[] = [];
      const params: SQLInputValue[] = [];
      if (filter.site !== undefined) {
        where.push('site = ?');
        params.push(filter.site);
      }
      if (filter.kind !== undefined) {
        where.push('kind = ?');
        params.push(filter.kind);
      }
      if (filter.ids !== undefined) {
        where.push('id IN (SELECT value FROM json_each(?))');
        params.push(JSON.stringify(filter.ids));
      }
      const sql = `SELECT * FROM documents${where.length ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY added_at DESC, id`;
      return this.db
        .prepare(sql)
        .all(...params)
        .map(toDocument);
    });
  }

  remove(ids: string[]): Promise<number> {
    return settle(() => {
      const { seqs, documents } = inTransaction(this.db, () => this.deleteDocuments(ids));
      for (const { index } of this.indexes.values()) for (const seq of seqs) index.delete(seq);
      return documents;
    });
  }

  textSearch(query: string, k: number): Promise<ChunkHit[]> {
    return settle(() => {
      if (k <= 0) return [];
      const search = (table: 'chunks_fts' | 'chunks_cjk', match: string | null) =>
        match
          ? this.db
              .prepare(
                `SELECT c.id AS chunk_id, c.doc_id AS doc_id, bm25(${table}) AS rank
                 FROM ${table} JOIN chunks c ON c.seq = ${table}.rowid
                 WHERE ${table} MATCH ? ORDER BY rank LIMIT ?`,
              )
              .all(match, k)
              .map(row)
          : [];
      const rows = [...search('chunks_fts', matchExpression(query)), ...search('chunks_cjk', cjkMatchExpression(query))];
      // bm25() is lower for better matches; a ChunkHit's score is higher for better ones. A chunk both found keeps its better score.
      const best = new Map<string, ChunkHit>();
      for (const r of rows) {
        const hit = { chunkId: str(r.chunk_id), docId: str(r.doc_id), score: -num(r.rank) };
        const seen = best.get(hit.chunkId);
        if (!seen || hit.score > seen.score) best.set(hit.chunkId, hit);
      }
      return [...best.values()].sort((a, b) => b.score - a.score).slice(0, k);
    });
  }

  vectorSearch(vector: Float32Array, k: number, embedderId: string): Promise<ChunkHit[]> {
    return settle(() => {
      return this.vectors(embedderId, vector.length).search(vector, k);
    });
  }

  chunks(ids: string[]): Promise<Chunk[]> {
    return settle(() => {
      if (!ids.length) return [];
      const rows = this.db
        .prepare('SELECT id, doc_id, ordinal, text FROM chunks WHERE id IN (SELECT value FROM json_each(?)) ORDER BY doc_id, ordinal')
        .all(JSON.stringify(ids));
      return rows.map(toChunk);
    });
  }

  chunksWithoutVectors(embedderId: string, limit: number): Promise<Chunk[]> {
    return settle(() => {
      const rows = this.db
        .prepare(
          `SELECT id, doc_id, ordinal, text FROM chunks c
           WHERE NOT EXISTS (SELECT 1 FROM vectors v WHERE v.chunk_seq = c.seq AND v.embedder = ?)
           ORDER BY seq LIMIT ?`,
        )
        .all(embedderId, limit);
      return rows.map(toChunk);
    });
  }

  putVectors(entries: { chunkId: string; vector: Float32Array }[], embedderId: string): Promise<void> {
    return settle(() => {
      const stored = inTransaction(this.db, () => {
        const lookup = this.db.prepare('SELECT seq, doc_id FROM chunks WHERE id = ?');
        const upsert = this.db.prepare('INSERT OR REPLACE INTO vectors (chunk_seq, embedder, vector) VALUES (?, ?, ?)');
        const done: { seq: number; chunkId: string; docId: string; vector: Float32Array }[] = [];
        for (const entry of entries) {
          // A chunk forgotten while it was being re-indexed stays forgotten.
          const found = lookup.get(entry.chunkId);
          if (!found) continue;
          const seq = num(found.seq);
          upsert.run(seq, embedderId, toBlob(entry.vector));
          done.push({ seq, chunkId: entry.chunkId, docId: str(found.doc_id), vector: entry.vector });
        }
        return done;
      });
      const index = this.indexes.get(embedderId)?.index;
      for (const s of stored)
        if (s.vector.length === index?.dimensions) index.set({ key: s.seq, chunkId: s.chunkId, docId: s.docId }, s.vector);
      return;
    });
  }

  stats(): Promise<VaultStats> {
    return settle(() => {
      const r = row(
        this.db
          .prepare(
            'SELECT (SELECT COUNT(*) FROM documents) AS documents, (SELECT COUNT(*) FROM chunks) AS chunks, (SELECT COALESCE(SUM(chars), 0) FROM documents) AS chars',
          )
          .get(),
      );
      return { documents: num(r.documents), chunks: num(r.chunks), chars: num(r.chars) };
    });
  }

  /** Deletes documents with their chunks, full-text entries and vectors; in the caller's transaction. */
  private deleteDocuments(ids: string[]): { seqs: number[]; documents: number } {
    if (!ids.length) return { seqs: [], documents: 0 };
    const list = JSON.stringify(ids);
    const seqs = this.db
      .prepare('SELECT seq FROM chunks WHERE doc_id IN (SELECT value FROM json_each(?))')
      .all(list)
      .map((r) => num(r.seq));
    this.db
      .prepare('DELETE FROM vectors WHERE chunk_seq IN (SELECT seq FROM chunks WHERE doc_id IN (SELECT value FROM json_each(?)))')
      .run(list);
    this.db.prepare('DELETE FROM chunks_cjk WHERE rowid IN (SELECT value FROM json_each(?))').run(JSON.stringify(seqs));
    this.db.prepare('DELETE FROM chunks WHERE doc_id IN (SELECT value FROM json_each(?))').run(list);
    const documents = Number(this.db.prepare('DELETE FROM documents WHERE id IN (SELECT value FROM json_each(?))').run(list).changes);
    return { seqs, documents };
  }

  private dataVersion(): number {
    return num(this.db.prepare('PRAGMA data_version').get()?.data_version);
  }

  /** The current embedder's vectors in memory: loaded once, reloaded only when another process wrote. */
  private vectors(embedderId: string, dimensions: number): FlatVectors<number> {
    const version = this.dataVersion();
    const cached = this.indexes.get(embedderId);
    if (cached && cached.index.dimensions === dimensions && cached.version === version) return cached.index;
    const index = new FlatVectors<number>(dimensions, 1024);
    const rows = this.db
      .prepare(
        'SELECT v.chunk_seq AS seq, c.id AS chunk_id, c.doc_id AS doc_id, v.vector AS vector FROM vectors v JOIN chunks c ON c.seq = v.chunk_seq WHERE v.embedder = ?',
      )
      .all(embedderId);
    for (const r of rows) {
      const vector = fromBlob(r.vector);
      if (vector?.length === dimensions) index.set({ key: num(r.seq), chunkId: str(r.chunk_id), docId: str(r.doc_id) }, vector);
    }
    this.indexes.set(embedderId, { index, version });
    return index;
  }
}
