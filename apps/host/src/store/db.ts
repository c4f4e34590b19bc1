import { mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { StoreError } from '../errors';
import type { Env } from '../io';
import { MIGRATIONS } from './schema';

export { StoreError };

// The host's one SQLite file: tasks, facts, task records and the vault. Opened in WAL mode
// (readers never wait for a writer) with foreign keys on; its schema is brought up to date
// by PRAGMA user_version, one migration per version, each in its own transaction.

/**
 * Where the browser Wayfinder starts keeps a lasting profile (`wayfinder mcp`): $XDG_CACHE_HOME/wayfinder,
 * else ~/.cache/wayfinder — apart from $WAYFINDER_HOME, which holds only what Wayfinder writes (through the one
 * redaction); a browser profile holds what any browser keeps of the pages it opened (cookies, history, cache).
 */
export function browserProfiles(env: Env): string {
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'wayfinder');
}

/** $WAYFINDER_HOME, else $XDG_DATA_HOME/wayfinder, else ~/.local/share/wayfinder. */
export function wayfinderHome(env: Env): string {
  return env.WAYFINDER_HOME || join(env.XDG_DATA_HOME || join(homedir(), '.local', 'share'), 'wayfinder');
}

export function databasePath(env: Env): string {
  return join(wayfinderHome(env), 'wayfinder.db');
}

/** Runs `work` in one transaction: all of it is kept, or (when it throws) none of it. */
export function inTransaction<T>(db: DatabaseSync, work: () => T): T {
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = work();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
}

export function schemaVersion(db: DatabaseSync): number {
  const row = db.prepare('PRAGMA user_version').get();
  return typeof row?.user_version === 'number' ? row.user_version : 0;
}

/** Applies the migrations the file has not had yet, in order; each with its version bump, atomically. */
export function migrate(db: DatabaseSync, migrations: readonly ((db: DatabaseSync) => void)[] = MIGRATIONS): void {
  const from = schemaVersion(db);
  if (from > migrations.length)
    throw new StoreError(
      `The Wayfinder data file was written by a newer Wayfinder (schema ${from}; this one knows up to ${migrations.length}). Update Wayfinder, or point WAYFINDER_HOME at another folder.`,
    );
  for (let version = from; version < migrations.length; version++) {
    const step = migrations[version];
    if (!step) continue;
    inTransaction(db, () => {
      step(db);
      db.exec(`PRAGMA user_version = ${version + 1}`);
    });
  }
}

/** Opens (creating when needed) the data file at `path` and brings its schema up to date. */
export function openDatabase(path: string): DatabaseSync {
  let db: DatabaseSync;
  try {
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    db = new DatabaseSync(path);
  } catch (error) {
    throw new StoreError(
      `Could not open the Wayfinder data file ${path}: ${error instanceof Error ? error.message : String(error)}. Set WAYFINDER_HOME to a folder you can write to.`,
    );
  }
  try {
    db.exec('PRAGMA journal_mode = WAL');
    db.exec('PRAGMA foreign_keys = ON');
    // Forgotten text is overwritten on disk, not just unlinked from the b-tree.
    db.exec('PRAGMA secure_delete = ON');
    db.exec('PRAGMA busy_timeout = 5000');
    migrate(db);
    return db;
  } catch (error) {
    db.close();
    if (StoreError.isInstance(error)) throw error;
    throw new StoreError(
      `The Wayfinder data file ${path} could not be read: ${error instanceof Error ? error.message : String(error)}. Move it aside (Wayfinder then starts a new one) or set WAYFINDER_HOME to another folder.`,
    );
  }
}

/** Runs synchronous store work as a promise: what it throws becomes a rejection, never a throw at the call. */
export function settle<T>(work: () => T): Promise<T> {
  try {
    return Promise.resolve(work());
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
}
