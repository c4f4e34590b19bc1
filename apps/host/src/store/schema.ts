import type { DatabaseSync } from 'node:sqlite';
import { cjkTerms } from './fts-query';

// The data file's schema, one function per version (PRAGMA user_version counts how many
// have run). Never edit a migration that has shipped: add the next one.

// porter stems English words ("running" finds "run"); unicode61 with remove_diacritics 2
// folds accents ("cafe" finds "café").
const TOKENIZE = "tokenize = 'porter unicode61 remove_diacritics 2'";

export const MIGRATIONS: readonly ((db: DatabaseSync) => void)[] = [
  // 1: tasks, facts, task records, and the vault (documents, chunks with full-text index, vectors).
  (db) => {
    db.exec(`
      CREATE TABLE tasks (
        id TEXT PRIMARY KEY,
        task TEXT NOT NULL,
        mode TEXT NOT NULL,
        status TEXT NOT NULL,
        summary TEXT,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        state TEXT NOT NULL
      );
      CREATE INDEX tasks_created ON tasks (created_at);

      CREATE TABLE facts (
        id TEXT PRIMARY KEY,
        text TEXT NOT NULL,
        added_at INTEGER NOT NULL
      );

      CREATE TABLE task_records (
        seq INTEGER PRIMARY KEY,
        task_id TEXT NOT NULL UNIQUE,
        task TEXT NOT NULL,
        summary TEXT NOT NULL,
        success INTEGER NOT NULL,
        status TEXT NOT NULL,
        sites TEXT NOT NULL,
        ended_at INTEGER NOT NULL
      );
      CREATE VIRTUAL TABLE task_records_fts USING fts5 (task, summary, content = 'task_records', content_rowid = 'seq', ${TOKENIZE});
      CREATE TRIGGER task_records_ai AFTER INSERT ON task_records BEGIN
        INSERT INTO task_records_fts (rowid, task, summary) VALUES (new.seq, new.task, new.summary);
      END;
      CREATE TRIGGER task_records_ad AFTER DELETE ON task_records BEGIN
        INSERT INTO task_records_fts (task_records_fts, rowid, task, summary) VALUES ('delete', old.seq, old.task, old.summary);
      END;

      CREATE TABLE documents (
        id TEXT PRIMARY KEY,
        kind TEXT NOT NULL CHECK (kind IN ('page', 'file')),
        url TEXT NOT NULL,
        title TEXT NOT NULL,
        site TEXT NOT NULL,
        added_at INTEGER NOT NULL,
        content_hash TEXT NOT NULL,
        chars INTEGER NOT NULL,
        metadata TEXT NOT NULL
      );
      CREATE INDEX documents_url ON documents (url);
      CREATE INDEX documents_site ON documents (site);

      CREATE TABLE chunks (
        seq INTEGER PRIMARY KEY,
        id TEXT NOT NULL UNIQUE,
        doc_id TEXT NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
        ordinal INTEGER NOT NULL,
        text TEXT NOT NULL
      );
      CREATE INDEX chunks_doc ON chunks (doc_id);
      CREATE VIRTUAL TABLE chunks_fts USING fts5 (text, content = 'chunks', content_rowid = 'seq', ${TOKENIZE});
      CREATE TRIGGER chunks_ai AFTER INSERT ON chunks BEGIN
        INSERT INTO chunks_fts (rowid, text) VALUES (new.seq, new.text);
      END;
      CREATE TRIGGER chunks_ad AFTER DELETE ON chunks BEGIN
        INSERT INTO chunks_fts (chunks_fts, rowid, text) VALUES ('delete', old.seq, old.text);
      END;

      CREATE TABLE vectors (
        chunk_seq INTEGER NOT NULL REFERENCES chunks (seq) ON DELETE CASCADE,
        embedder TEXT NOT NULL,
        vector BLOB NOT NULL,
        PRIMARY KEY (chunk_seq, embedder)
      ) WITHOUT ROWID;
      CREATE INDEX vectors_embedder ON vectors (embedder);
    `);
    // A deleted row's terms leave the full-text index at once, rather than at the next merge.
    db.exec(`INSERT INTO chunks_fts (chunks_fts, rank) VALUES ('secure-delete', 1)`);
    db.exec(`INSERT INTO task_records_fts (task_records_fts, rank) VALUES ('secure-delete', 1)`);
  },
  // 2: Chinese and Japanese chunks also indexed by their two-character pieces (unicode61 keeps a
  // whole run of them as one token, so a word inside it was never found). Written by the vault
  // store with each chunk (no triggers: SQL cannot split the runs); contentless, deleted by rowid.
  (db) => {
    db.exec(`CREATE VIRTUAL TABLE chunks_cjk USING fts5 (terms, content = '', contentless_delete = 1, tokenize = 'unicode61')`);
    db.exec(`INSERT INTO chunks_cjk (chunks_cjk, rank) VALUES ('secure-delete', 1)`);
    const insert = db.prepare('INSERT INTO chunks_cjk (rowid, terms) VALUES (?, ?)');
    for (const chunk of db.prepare('SELECT seq, text FROM chunks').iterate()) {
      const terms = typeof chunk.text === 'string' ? cjkTerms(chunk.text) : '';
      if (terms) insert.run(Number(chunk.seq), terms);
    }
  },
  // 3: credentials the host hands out — the MCP server's bearer token, each paired browser's
  // device token — kept only as SHA-256 hashes (a token is shown once, when issued).
  (db) => {
    db.exec(`CREATE TABLE credentials (
      id TEXT PRIMARY KEY,
      kind TEXT NOT NULL CHECK (kind IN ('mcp', 'device')),
      label TEXT NOT NULL,
      hash TEXT NOT NULL UNIQUE,
      created_at INTEGER NOT NULL,
      last_used_at INTEGER,
      revoked_at INTEGER
    )`);
  },
  // 4: the exact origin a device token was issued to (chrome-extension://<id>): a token sent
  // from any other origin (another extension that copied it) is refused.
  (db) => {
    db.exec('ALTER TABLE credentials ADD COLUMN origin TEXT');
  },
  // 5: tasks a paired browser asked the host to run (host.task): which browser asked (its label;
  // null for tasks started on the host), and their events in order, so every browser can show
  // the conversation.
  (db) => {
    db.exec('ALTER TABLE tasks ADD COLUMN device TEXT');
    db.exec(`CREATE TABLE task_events (
      task_id TEXT NOT NULL,
      seq INTEGER NOT NULL,
      item TEXT NOT NULL,
      PRIMARY KEY (task_id, seq)
    ) WITHOUT ROWID`);
  },
  // 6: research (issue 15): the person's interests and their weights, what runs and watches
  // found (the feed: new or archived, with the reaction), and the pages being watched.
  (db) => {
    db.exec(`
      CREATE TABLE interests (
        id TEXT PRIMARY KEY,
        topic TEXT NOT NULL UNIQUE COLLATE NOCASE,
        weight REAL NOT NULL DEFAULT 1,
        added_at INTEGER NOT NULL
      );
      CREATE TABLE discoveries (
        id TEXT PRIMARY KEY,
        url TEXT NOT NULL,
        url_key TEXT NOT NULL UNIQUE,
        fingerprint TEXT NOT NULL DEFAULT '',
        title TEXT NOT NULL,
        summary TEXT NOT NULL,
        image TEXT,
        interest TEXT NOT NULL,
        why TEXT NOT NULL,
        site TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('article', 'video', 'change')),
        found_at INTEGER NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('new', 'archived')),
        reaction TEXT CHECK (reaction IN ('up', 'down')),
        reacted_at INTEGER
      );
      CREATE INDEX discoveries_feed ON discoveries (state, found_at);
      CREATE TABLE watches (
        id TEXT PRIMARY KEY,
        url TEXT NOT NULL,
        label TEXT NOT NULL,
        value TEXT,
        locator TEXT,
        every_minutes INTEGER NOT NULL,
        last_checked_at INTEGER,
        added_at INTEGER NOT NULL
      );
    `);
  },
  // 7: when research ran (issue 32): the schedule inside `serve` counts from the last run, across restarts.
  (db) => {
    db.exec(`
      CREATE TABLE research_runs (
        id INTEGER PRIMARY KEY,
        started_at INTEGER NOT NULL,
        discoveries INTEGER NOT NULL,
        visited INTEGER NOT NULL
      );
    `);
  },
  // 8: vectors in an ordinary (rowid) table. WITHOUT ROWID keeps each 1.5 KB vector inside
  // the primary key's b-tree, on overflow pages: loading an embedder's vectors for the first
  // search after opening read three times slower (60–75 ms for 1,300 vectors, 20 ms now).
  (db) => {
    db.exec(`
      CREATE TABLE vectors_rowid (
        chunk_seq INTEGER NOT NULL REFERENCES chunks (seq) ON DELETE CASCADE,
        embedder TEXT NOT NULL,
        vector BLOB NOT NULL,
        UNIQUE (chunk_seq, embedder)
      );
      INSERT INTO vectors_rowid (chunk_seq, embedder, vector) SELECT chunk_seq, embedder, vector FROM vectors;
      DROP TABLE vectors;
      ALTER TABLE vectors_rowid RENAME TO vectors;
      CREATE INDEX vectors_embedder ON vectors (embedder);
    `);
  },
];
