import type { DatabaseSync } from 'node:sqlite';
import type { Redaction } from '@wayfinder/core';
import type { Env } from '../io';
import { databasePath, openDatabase } from './db';
import { SqliteFactStore } from './facts';
import { SqliteTaskStore } from './tasks';
import { SqliteVaultStore } from './vault-store';

export { databasePath, StoreError, wayfinderHome } from './db';
export { FactRefusedError } from './facts';
export type { TaskSummary } from './tasks';

/** Everything the host keeps, in one SQLite file. */
export interface HostStore {
  path: string;
  db: DatabaseSync;
  vault: SqliteVaultStore;
  facts: SqliteFactStore;
  tasks: SqliteTaskStore;
  close(): void;
}

export interface HostStoreOptions {
  path?: string;
  /** Tells the fact store about the host's own secrets (the config's), which never become facts either. */
  isSecret?: (text: string) => boolean;
  /** The runtime's one redaction: every task state, event and record is written through it, and its secrets never become facts. */
  redaction?: Redaction;
}

/** Opens the host's data file ($WAYFINDER_HOME/wayfinder.db, or `path`). */
export function openHostStore(env: Env, options: HostStoreOptions = {}): HostStore {
  const path = options.path ?? databasePath(env);
  const db = openDatabase(path);
  const { redaction } = options;
  const isSecret = options.isSecret ?? (redaction ? (text: string) => redaction.secrets.present(text).length > 0 : undefined);
  return {
    path,
    db,
    vault: new SqliteVaultStore(db),
    facts: new SqliteFactStore(db, isSecret),
    tasks: new SqliteTaskStore(db, redaction),
    close: () => {
      if (db.isOpen) db.close();
    },
  };
}
