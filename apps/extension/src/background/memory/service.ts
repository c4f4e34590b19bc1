import {
  memoryAccess,
  Vault,
  type Embedder,
  type IngestInput,
  type IngestOutcome,
  type MemoryAccess,
  type MemoryResult,
  type VaultDocument,
} from '@wayfinder/core';
import type { MemoryStats, ReindexState } from '../../lib/messages';
import { logError, logWarn } from '../../lib/log';
import { MemoryDb } from '../../lib/memory-db';
import type { CurrentRedaction } from '../../lib/redaction';
import { loadSettings, upgradeSettings, type MemorySettings } from '../../lib/settings';
import { embedderFor, embedderLabel, minilmDownload } from './embedder';

// The worker's memory: core's Vault over the IndexedDB store, with the embedder and the cap
// the settings choose, everything kept passing the worker's one redaction first (a page's
// address, title, text and metadata; task records; lib/redaction.ts) and nothing it hides
// ever a fact, and a background re-index whenever the embedder changes. Opened once per worker.

export class MemoryService {
  readonly access: MemoryAccess;
  private reindexState: ReindexState | null = null;
  private reindexRun: AbortController | null = null;
  private readonly embedders = new Map<string, Embedder>();

  private constructor(
    readonly store: MemoryDb,
    /** The worker's one redaction: what is kept passes it first. */
    readonly redaction: CurrentRedaction,
  ) {
    this.access = {
      search: (query, k) => this.search(query, k),
      isEmpty: async () => memoryAccess(await this.vault(), store, store).isEmpty(),
      facts: store,
      tasks: {
        // A task's record names its task and summary: kept redacted, like its timeline.
        addTaskRecord: async (record) => store.addTaskRecord((await redaction()).value(record)),
        searchTaskRecords: (query, k) => store.searchTaskRecords(query, k),
      },
    };
  }

  static async open(redaction: CurrentRedaction): Promise<MemoryService> {
    const store = await MemoryDb.open(async () => {
      const current = await redaction();
      return {
        // Anything the redaction hides (a stored secret, a password typed during a task) is never a fact.
        isSecret: (text: string) => current.text(text) !== text,
        secretsPlace: 'Options → Secrets',
        documentsPlace: 'the Memory page',
      };
    });
    const service = new MemoryService(store, redaction);
    // A re-index the last worker did not finish (or vectors an import left to give) goes on.
    service.resumeReindex().catch((error: unknown) => logError('wayfinder: could not check the memory index', error));
    return service;
  }

  /** The vault as the settings have it now (embedder, cap), redacting what it keeps (addresses too) before chunking. */
  async vault(settings?: MemorySettings): Promise<Vault> {
    const memory = settings ?? (await loadSettings()).memory;
    return new Vault(this.store, this.embedder(memory), {
      maxDocuments: memory.maxDocuments,
      redact: (await this.redaction()).apply,
      // Memory goes on by words meanwhile (core's Vault): a page is kept without vectors, which a re-index gives later.
      onEmbedError: (error) => logWarn('wayfinder: memory went on by words only; the embedder failed', error),
    });
  }

  /**
   * Searches words and meaning; by words alone while the embedder cannot embed (a model not
   * downloaded yet, or offline), so memory stays usable meanwhile.
   */
  async search(query: string, k: number): Promise<MemoryResult[]> {
    return (await this.vault()).search(query, k);
  }

  /** Stores a page or file; the vault redacts its address, title, text and metadata first. */
  async ingest(input: IngestInput, signal?: AbortSignal): Promise<IngestOutcome> {
    return (await this.vault()).ingest(input, signal);
  }

  async stats(): Promise<MemoryStats> {
    const settings = (await loadSettings()).memory;
    const { documents, chunks, chars } = await this.store.stats();
    const bytesUsed = await navigator.storage.estimate().then(
      (estimate) => estimate.usage ?? null,
      () => null,
    );
    return {
      documents,
      chunks,
      chars,
      bytesUsed,
      maxDocuments: settings.maxDocuments,
      embedder: embedderLabel(settings),
      reindex: this.reindexState ? { ...this.reindexState } : null,
      download: settings.embedder === 'minilm' ? downloading(minilmDownload()) : null,
    };
  }

  /** Documents newest first. */
  async list(): Promise<VaultDocument[]> {
    return (await this.store.documents()).sort((a, b) => b.addedAt - a.addedAt);
  }

  /** Forgets documents by id, a whole site, or everything; returns how many went. */
  async forget(what: { ids?: string[]; site?: string; all?: true }): Promise<number> {
    const given = [what.ids !== undefined, what.site !== undefined, what.all === true].filter(Boolean).length;
    if (given !== 1) throw new Error('Say what to forget: some documents (ids), one site, or everything (all) — one of them.');
    if (what.all) return this.store.clearVault();
    if (what.site !== undefined) return this.store.remove((await this.store.documents({ site: what.site })).map((doc) => doc.id));
    return this.store.remove(what.ids ?? []);
  }

  /** Gives every chunk a vector from the embedder the settings choose, in the background (a change of embedder). */
  startReindex(settings: MemorySettings): void {
    this.reindexRun?.abort(new Error('The embedder changed again; re-indexing starts over.'));
    const run = new AbortController();
    this.reindexRun = run;
    const label = embedderLabel(settings);
    const state: ReindexState = { embedder: label, done: 0, total: 0, running: true, error: null };
    this.reindexState = state;
    const go = async () => {
      const vault = await this.vault(settings);
      state.total = (await this.store.stats()).chunks;
      await vault.reindex((done, total) => {
        state.done = done;
        state.total = total;
      }, run.signal);
      run.signal.throwIfAborted();
      // Vectors of the embedder left behind only take space.
      await this.store.dropVectorsExcept(vault.embedder.id);
      state.running = false;
    };
    go().catch((error: unknown) => {
      if (run.signal.aborted) return;
      state.running = false;
      state.error = `Re-indexing memory for ${label} stopped: ${error instanceof Error ? error.message : String(error)}`;
      logError('wayfinder: memory re-index failed', error);
    });
  }

  /** "Try again" after a re-index stopped (the model could not be downloaded): the settings' embedder, from where it stopped. */
  async retryReindex(): Promise<ReindexState> {
    if (this.reindexState?.running) return { ...this.reindexState };
    this.startReindex((await loadSettings()).memory);
    return { ...(this.reindexState ?? { embedder: '', done: 0, total: 0, running: true, error: null }) };
  }

  /** Settings changed: a new embedder re-indexes memory. */
  settingsChanged(before: unknown, after: unknown): void {
    const was = upgradeSettings(before).memory;
    const now = upgradeSettings(after).memory;
    if (was.embedder !== now.embedder || (now.embedder === 'minilm' && was.modelHost !== now.modelHost)) this.startReindex(now);
  }

  private async resumeReindex(): Promise<void> {
    const settings = (await loadSettings()).memory;
    const { chunks } = await this.store.stats();
    if ((await this.store.vectorCount(this.embedder(settings).id)) < chunks) this.startReindex(settings);
  }

  private embedder(settings: MemorySettings): Embedder {
    const key = `${settings.embedder}|${settings.modelHost}`;
    let embedder = this.embedders.get(key);
    if (!embedder) {
      embedder = embedderFor(settings);
      this.embedders.set(key, embedder);
    }
    return embedder;
  }
}

/** The model's download while it is under way (not before it starts, not once it is all in). */
function downloading(download: ReturnType<typeof minilmDownload>): MemoryStats['download'] {
  return download && !download.ready && download.total > 0 ? { loaded: download.loaded, total: download.total } : null;
}
