import type { DatabaseSync } from 'node:sqlite';
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

/**
 * Opens the host's data file ($WAYFINDER_HOME/wayfinder.db, or `path`). `isSecret` tells the
 * fact store about the host's own secrets (the config's), which never become facts either.
 */
export function openHostStore(env: Env, options: { path?: string; isSecret?: (text: string) => boolean } = {}): HostStore {
  const path = options.path ?? databasePath(env);
  const db = openDatabase(path);
  return {
    path,
    db,
    vault: new SqliteVaultStore(db),
    facts: new SqliteFactStore(db, options.isSecret),
    tasks: new SqliteTaskStore(db),
    close: () => {
      if (db.isOpen) db.close();
    },
  };
}
