import { HashEmbedder, memoryAccess, Vault, type MemoryAccess, type Redaction } from '@wayfinder/core';
import type { Env } from '../io';
import { openHostStore, type HostStore } from '../store';

// The host's memory: core's Vault over the SQLite store, with the default embedder. What it
// keeps passes the runtime's one redaction first (runtime.ts): a page's address, title, text
// and metadata (the vault redacts before it chunks), task states, events and records (the
// store redacts what it writes). The config's secrets are never a fact either.

export interface HostMemory {
  store: HostStore;
  vault: Vault;
  access: MemoryAccess;
  close(): void;
}

/** Opens memory in $WAYFINDER_HOME's data file; a file that cannot be used throws StoreError. Use the runtime's (runtime.ts). */
export function openMemory(env: Env, redaction: Redaction): HostMemory {
  const store = openHostStore(env, { redaction });
  const vault = new Vault(store.vault, new HashEmbedder(), { redact: redaction.apply });
  return {
    store,
    vault,
    access: memoryAccess(vault, store.facts, store.tasks),
    close: () => store.close(),
  };
}
