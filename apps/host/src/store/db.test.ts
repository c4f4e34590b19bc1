import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { databasePath, migrate, openDatabase, schemaVersion, StoreError, wayfinderHome } from './db';
import { openHostStore } from './index';
import { MIGRATIONS } from './schema';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'wayfinder-db-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tables(db: DatabaseSync): string[] {
  return db
    .prepare("SELECT name FROM sqlite_master WHERE type IN ('table', 'trigger') AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .all()
    .map((r) => String(r.name));
}

describe('where the data file lives', () => {
  it('WAYFINDER_HOME, else XDG_DATA_HOME/wayfinder, else ~/.local/share/wayfinder', () => {
    expect(wayfinderHome({ WAYFINDER_HOME: '/w', XDG_DATA_HOME: '/x' })).toBe('/w');
    expect(wayfinderHome({ XDG_DATA_HOME: '/x' })).toBe(join('/x', 'wayfinder'));
    expect(wayfinderHome({})).toMatch(/\.local[/\\]share[/\\]wayfinder$/);
    expect(databasePath({ WAYFINDER_HOME: '/w' })).toBe(join('/w', 'wayfinder.db'));
  });
});

describe('opening and migrations', () => {
  it('creates the file (and its folder) from nothing, with WAL, foreign keys and every migration applied', () => {
    const path = join(tempDir(), 'nested', 'wayfinder.db');
    const db = openDatabase(path);
    expect(schemaVersion(db)).toBe(MIGRATIONS.length);
    expect(db.prepare('PRAGMA journal_mode').get()?.journal_mode).toBe('wal');
    expect(db.prepare('PRAGMA foreign_keys').get()?.foreign_keys).toBe(1);
    expect(tables(db)).toEqual(expect.arrayContaining(['tasks', 'facts', 'task_records', 'documents', 'chunks', 'chunks_fts', 'vectors']));
    db.close();
  });

  it('re-opening keeps what was stored and runs no migration twice', async () => {
    const env = { WAYFINDER_HOME: tempDir() };
    const first = openHostStore(env);
    const fact = await first.facts.addFact('I prefer metric units');
    first.close();
    const again = openHostStore(env);
    expect(schemaVersion(again.db)).toBe(MIGRATIONS.length);
    expect(await again.facts.listFacts()).toEqual([fact]);
    again.close();
  });

  it('a file from before migration 8 keeps its vectors, now in an ordinary table, and deleting a chunk still deletes its vectors', () => {
    const db = new DatabaseSync(join(tempDir(), 'v7.db'));
    db.exec('PRAGMA foreign_keys = ON');
    migrate(db, MIGRATIONS.slice(0, 7));
    db.exec(`INSERT INTO documents (id, kind, url, title, site, added_at, content_hash, chars, metadata)
             VALUES ('d1', 'page', 'https://a.example/', 'A', 'a.example', 1, 'h', 5, '{}')`);
    db.exec(`INSERT INTO chunks (seq, id, doc_id, ordinal, text) VALUES (1, 'd1:0', 'd1', 0, 'hello'), (2, 'd1:1', 'd1', 1, 'world')`);
    const insert = db.prepare('INSERT INTO vectors (chunk_seq, embedder, vector) VALUES (?, ?, ?)');
    for (const [seq, embedder] of [
      [1, 'hash-v1-384'],
      [2, 'hash-v1-384'],
      [1, 'minilm-l6-v2'],
    ] as const)
      insert.run(seq, embedder, new Uint8Array(new Float32Array([seq, 0.5]).buffer));
    migrate(db, MIGRATIONS);
    expect(schemaVersion(db)).toBe(MIGRATIONS.length);
    const sql = String(db.prepare("SELECT sql FROM sqlite_master WHERE name = 'vectors'").get()?.sql);
    expect(sql).not.toMatch(/WITHOUT ROWID/i);
    const rows = db.prepare('SELECT chunk_seq, embedder, vector FROM vectors ORDER BY chunk_seq, embedder').all();
    const floats = (blob: unknown) => (blob instanceof Uint8Array ? Array.from(new Float32Array(blob.slice().buffer)) : null);
    expect(rows.map((r) => [r.chunk_seq, r.embedder, floats(r.vector)])).toEqual([
      [1, 'hash-v1-384', [1, 0.5]],
      [1, 'minilm-l6-v2', [1, 0.5]],
      [2, 'hash-v1-384', [2, 0.5]],
    ]);
    expect(() => insert.run(1, 'hash-v1-384', new Uint8Array(8))).toThrow(/UNIQUE/);
    db.exec("DELETE FROM chunks WHERE id = 'd1:0'");
    expect(db.prepare('SELECT count(*) AS n FROM vectors').get()?.n).toBe(1);
    db.close();
  });

  it('each migration is all-or-nothing: one that fails leaves the file at the version before it', () => {
    const db = new DatabaseSync(join(tempDir(), 'm.db'));
    const steps = [
      (d: DatabaseSync) => d.exec('CREATE TABLE one (x)'),
      (d: DatabaseSync) => {
        d.exec('CREATE TABLE two (x)');
        throw new Error('disk on fire');
      },
    ];
    expect(() => migrate(db, steps)).toThrow('disk on fire');
    expect(schemaVersion(db)).toBe(1);
    expect(tables(db)).toEqual(['one']);
    // Fixed, it carries on from where it stopped.
    migrate(db, [steps[0] ?? (() => undefined), (d) => d.exec('CREATE TABLE two (x)')]);
    expect(schemaVersion(db)).toBe(2);
    expect(tables(db)).toEqual(['one', 'two']);
    db.close();
  });

  it('a file from a newer Wayfinder is refused with what to do', () => {
    const path = join(tempDir(), 'new.db');
    const raw = new DatabaseSync(path);
    raw.exec(`PRAGMA user_version = ${MIGRATIONS.length + 5}`);
    raw.close();
    expect(() => openDatabase(path)).toThrow(StoreError);
    expect(() => openDatabase(path)).toThrow(/written by a newer Wayfinder .* Update Wayfinder, or point WAYFINDER_HOME at another folder/);
  });

  it('a file that is not a database says how to recover', () => {
    const path = join(tempDir(), 'junk.db');
    writeFileSync(path, 'this is not sqlite '.repeat(100));
    expect(() => openDatabase(path)).toThrow(/could not be read: .*Move it aside/);
  });
});
