import {
  HashEmbedder,
  memoryAccess,
  MINILM,
  Vault,
  type Embedder,
  type MemoryAccess,
  type ModelDownload,
  type Redaction,
} from '@wayfinder/core';
import type { EmbedderName, HostConfig } from '../config';
import type { Env } from '../io';
import { openHostStore, wayfinderHome, type HostStore } from '../store';
import { MiniLmEmbedder, modelsFolder } from './minilm';

// The host's memory: core's Vault over the SQLite store, with the embedder the config names
// (the built-in hashing one unless `wayfinder memory reindex --embedder minilm` chose
// all-MiniLM-L6-v2). What it keeps passes the runtime's one redaction first (runtime.ts): a
// page's address, title, text and metadata (the vault redacts before it chunks), task
// states, events and records (the store redacts what it writes). The config's secrets are
// never a fact either.

export interface HostMemory {
  store: HostStore;
  vault: Vault;
  access: MemoryAccess;
  /** The embedder's name as people read it ("word hashing (built in)", "all-MiniLM-L6-v2"). */
  embedderLabel: string;
  /** Why the embedder failed this run (memory went on with words only), or null. */
  embedProblem(): string | null;
  /** Told how a model download goes (the command shows it on its status line). */
  onDownload(listener: ((download: ModelDownload) => void) | null): void;
  /** The same store and redaction with another embedder (memory reindex --embedder). */
  withEmbedder(name: EmbedderName): { vault: Vault; embedderLabel: string };
  close(): void;
}

export const embedderLabel = (name: EmbedderName): string => (name === 'minilm' ? MINILM.label : 'word hashing (built in)');

/** Opens memory in $WAYFINDER_HOME's data file; a file that cannot be used throws StoreError. Use the runtime's (runtime.ts). */
export function openMemory(env: Env, redaction: Redaction, config: HostConfig['memory']): HostMemory {
  const store = openHostStore(env, { redaction });
  let problem: string | null = null;
  let listener: ((download: ModelDownload) => void) | null = null;
  const embedderOf = (name: EmbedderName): Embedder =>
    name === 'minilm'
      ? new MiniLmEmbedder({ cacheDir: modelsFolder(wayfinderHome(env)), host: config.modelHost, onDownload: (d) => listener?.(d) })
      : new HashEmbedder();
  const vaultOf = (name: EmbedderName) =>
    new Vault(store.vault, embedderOf(name), {
      redact: redaction.apply,
      onEmbedError: (error) => {
        problem ??= `${embedderLabel(name)} could not be used, so memory went by words alone: ${error instanceof Error ? error.message : String(error)}`;
      },
    });
  const vault = vaultOf(config.embedder);
  return {
    store,
    vault,
    access: memoryAccess(vault, store.facts, store.tasks),
    embedderLabel: embedderLabel(config.embedder),
    embedProblem: () => problem,
    onDownload: (next) => {
      listener = next;
    },
    withEmbedder: (name) => ({ vault: vaultOf(name), embedderLabel: embedderLabel(name) }),
    close: () => store.close(),
  };
}
