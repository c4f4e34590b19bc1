import {
  HashEmbedder,
  memoryAccess,
  redactSecrets,
  SecretVault,
  Vault,
  type IngestInput,
  type IngestOutcome,
  type MemoryAccess,
} from '@wayfinder/core';
import { UsageError } from '../errors';
import { ConfigError, loadConfig, type HostConfig } from '../config';
import type { Env } from '../io';
import { openHostStore, type HostStore } from '../store';

// The host's memory: core's Vault over the SQLite store, with the default embedder, and
// the config's secrets kept out of it (never stored in the vault, never a fact).

export interface HostMemory {
  store: HostStore;
  vault: Vault;
  access: MemoryAccess;
  config: HostConfig;
  /** Removes credentials and the config's secrets from text before it is kept or shown. */
  redact(text: string): string;
  /** Stores a page or file, its text redacted first. */
  ingest(input: IngestInput, signal?: AbortSignal): Promise<IngestOutcome>;
  close(): void;
}

/** The config, with its problems as usage errors (exit status 2) for `command`. */
export function configFor(env: Env, command: string): HostConfig {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) throw new UsageError(`wayfinder ${command}: ${error.message}`);
    throw error;
  }
}

export function openMemory(env: Env, config: HostConfig): HostMemory {
  const secrets = new SecretVault(config.secrets);
  const redact = (text: string) => secrets.redact(redactSecrets(text));
  const store = openHostStore(env, { isSecret: (text) => secrets.redact(text) !== text });
  const vault = new Vault(store.vault, new HashEmbedder());
  return {
    store,
    vault,
    access: memoryAccess(vault, store.facts, store.tasks),
    config,
    redact,
    ingest: (input, signal) =>
      vault.ingest(
        {
          ...input,
          title: redact(input.title),
          text: redact(input.text),
          metadata: Object.fromEntries(Object.entries(input.metadata ?? {}).map(([key, value]) => [key, redact(value)])),
        },
        signal,
      ),
    close: () => store.close(),
  };
}
