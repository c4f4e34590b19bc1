import { siteKey, siteOf } from '../browser/hosts';
import { chunkText } from './chunk';
import { contactsText, findContacts } from './contacts';
import { fuseRanks } from './fuse';
import { capField, capText, describeCut, MAX_DOCUMENT_CHARS, MAX_DOCUMENT_CHUNKS, type TextCut } from './limits';
import { contentHash } from './text';
import type { Chunk, ChunkHit, Embedder, FactStore, MemoryAccess, MemoryResult, TaskMemoryStore, VaultDocument, VaultStore } from './types';

// The vault's logic, the same for every host: what is stored (chunks, a contacts chunk,
// vectors), when (once per address and text), what is forgotten (the oldest beyond the
// cap), and how a search is answered (words and vectors, fused, grouped by document).
// A host's store only keeps things and answers the two kinds of search.

export interface IngestInput {
  kind: 'page' | 'file';
  /** The page's address; a file's (`file:///…` on the host; `file:<name>` in the extension, which is given no paths). */
  url: string;
  title: string;
  text: string;
  /**
   * Metadata found on the page (author, description …). Contacts go under `emails`, `phones`
   * (comma-separated), `social`, `address`: with mailto:/tel: links and addresses in the text
   * they become the document's contacts chunk. `pageIngestInput` builds this from extract().
   */
  metadata?: Record<string, string>;
  /** The registrable site; computed from the address when not given ('' for a file). */
  site?: string;
  /** The reader already cut the text (it stopped reading at the cap): kept with the document, with the vault's own cut if it cuts more. */
  cut?: TextCut;
}

export type IngestOutcome =
  | { stored: true; doc: VaultDocument; chunks: number; /** What of the text was not kept (over the cap), or null. */ cut: TextCut | null }
  | { stored: false; reason: 'unchanged' | 'empty'; doc: VaultDocument | null };

export interface VaultOptions {
  /** Documents kept at most; the oldest go first. Default 5000. */
  maxDocuments?: number;
  /** The time documents are stamped with (tests pin it). */
  now?: () => number;
  /**
   * The embedder failed (a model that cannot be downloaded or run). Memory goes on with words
   * only: a search ranks by words, a document is stored without vectors (a re-index gives them
   * theirs). The host says so where the person looks.
   */
  onEmbedError?: (error: unknown) => void;
  /**
   * Every string the vault keeps passes through this first — the address, title, text and
   * metadata — before it is chunked, so a secret is never split across two chunks: the
   * host's one redaction (policy/redaction.ts). Default: kept as given.
   */
  redact?: (text: string) => string;
  /** The most characters of text one document keeps (default MAX_DOCUMENT_CHARS, limits.ts); the rest is cut and the cut recorded. */
  maxChars?: number;
}

/** Text read past the cap before redaction, so a secret that straddles the cap is whole when it is hidden. */
const REDACT_SLACK = 4_096;

const DEFAULT_MAX_DOCUMENTS = 5000;
const EMBED_BATCH = 32;
const CHUNKS_PER_RESULT = 3;

export class Vault {
  private readonly maxDocuments: number;
  private readonly now: () => number;
  private readonly onEmbedError: (error: unknown) => void;
  private readonly redact: (text: string) => string;
  /** The most characters of text one document keeps (readers stop there too). */
  readonly maxChars: number;

  constructor(
    private readonly store: VaultStore,
    readonly embedder: Embedder,
    options: VaultOptions = {},
  ) {
    this.maxDocuments = Math.max(1, options.maxDocuments ?? DEFAULT_MAX_DOCUMENTS);
    this.now = options.now ?? Date.now;
    this.onEmbedError = options.onEmbedError ?? (() => undefined);
    this.redact = options.redact ?? ((text) => text);
    this.maxChars = Math.max(1, options.maxChars ?? MAX_DOCUMENT_CHARS);
  }

  /**
   * The input as it may be kept: every string redacted, the text and its chunks capped (what
   * was cut said in the metadata, under `cut`), titles and metadata values capped.
   */
  private kept(input: IngestInput): { url: string; title: string; text: string; metadata: Record<string, string>; cut: TextCut | null } {
    const max = this.maxChars;
    const before = input.text.length;
    const redacted = this.redact(capText(input.text, max + REDACT_SLACK).text);
    const capped = capText(redacted.replace(/[ \t\f\v\r]+/g, ' ').trim(), max);
    let cut: TextCut | null = input.cut ?? null;
    if (capped.cut)
      cut = { kept: capped.text.length, of: input.cut ? input.cut.of : before, ...(input.cut?.at ? { at: input.cut.at } : {}) };
    const metadata = Object.fromEntries(Object.entries(input.metadata ?? {}).map(([key, value]) => [key, capField(this.redact(value))]));
    if (cut) metadata.cut = describeCut(cut);
    return { url: this.redact(input.url), title: capField(this.redact(input.title)), text: capped.text, metadata, cut };
  }

  /** Stores a page or file: once per address and text; a changed text replaces the version stored before. */
  async ingest(input: IngestInput, signal?: AbortSignal): Promise<IngestOutcome> {
    const { url, text, metadata, ...rest } = this.kept(input);
    let cut = rest.cut;
    const contacts = findContacts(text, metadata);
    const title = rest.title.replace(/\s+/g, ' ').trim() || url;
    let pieces = chunkText(text);
    if (pieces.length > MAX_DOCUMENT_CHUNKS) {
      // Text of many tiny sentences: the chunks are capped too, and the cut says so.
      const at = `the first ${MAX_DOCUMENT_CHUNKS.toLocaleString('en')} of ${pieces.length.toLocaleString('en')} pieces`;
      pieces = pieces.slice(0, MAX_DOCUMENT_CHUNKS);
      cut = { kept: pieces.reduce((sum, piece) => sum + piece.length, 0), of: cut?.of ?? text.length, at };
      metadata.cut = describeCut(cut);
    }
    // Named by the site too: "the TMZ phone number" finds a page whose title never says TMZ.
    const site = input.site ?? (input.kind === 'page' ? siteFor(url) : '');
    const squeezed = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
    const named = site && !squeezed(title).includes(squeezed(site.split('.')[0] ?? site)) ? `${title} (${site})` : title;
    const contactChunk = contactsText(named, contacts);
    if (contactChunk) pieces.push(contactChunk);
    if (pieces.length === 0) return { stored: false, reason: 'empty', doc: null };

    // Of what is stored, not of the title: a page whose tab title changed is the same page.
    const contactLines = [...contacts.emails, ...contacts.phones, ...contacts.other.map(([key, value]) => `${key} ${value}`)];
    const hash = contentHash([text, ...contactLines].join('\n'));
    const same = await this.store.find(url, hash);
    if (same) return { stored: false, reason: 'unchanged', doc: same };
    // Keeping the older version's id makes the replacement one all-or-nothing `put`.
    const older = await this.store.find(url);

    if (contacts.emails.length > 0 && !metadata.emails) metadata.emails = contacts.emails.join(', ');
    if (contacts.phones.length > 0 && !metadata.phones) metadata.phones = contacts.phones.join(', ');
    const doc: VaultDocument = {
      id: older?.id ?? newId(),
      kind: input.kind,
      url,
      title,
      site,
      addedAt: this.now(),
      contentHash: hash,
      chars: text.length,
      metadata,
    };
    const chunks: Chunk[] = pieces.map((piece, ordinal) => ({ id: `${doc.id}:${ordinal}`, docId: doc.id, ordinal, text: piece }));
    const vectors = await this.embedChunks(chunks, new Map([[doc.id, title]]), signal).catch((error: unknown) => {
      signal?.throwIfAborted();
      this.onEmbedError(error);
      return [];
    });
    signal?.throwIfAborted();
    await this.store.put(doc, chunks, vectors, this.embedder.id);
    await this.evict(doc.id);
    return { stored: true, doc, chunks: chunks.length, cut };
  }

  /** The `k` documents best matching the query (words and meaning), each with its best chunks. */
  async search(query: string, k = 3): Promise<MemoryResult[]> {
    if (!query.trim() || k <= 0) return [];
    const wide = k * 10;
    const [vector] = await this.embedder.embed([query]).catch((error: unknown) => {
      this.onEmbedError(error);
      return [];
    });
    const [textHits, vectorHits] = await Promise.all([
      this.store.textSearch(query, wide),
      vector ? this.store.vectorSearch(vector, wide, this.embedder.id) : Promise.resolve([]),
    ]);
    const byDoc = new Map<string, ChunkHit[]>();
    for (const hit of fuseRanks([textHits, vectorHits])) {
      const hits = byDoc.get(hit.docId);
      if (hits) hits.push(hit);
      else if (byDoc.size < k) byDoc.set(hit.docId, [hit]);
    }
    if (byDoc.size === 0) return [];
    const wanted = new Set(byDoc.keys());
    const docs = new Map((await this.store.documents({ ids: [...wanted] })).filter((d) => wanted.has(d.id)).map((d) => [d.id, d]));
    const picked = [...byDoc.values()].flatMap((hits) => hits.slice(0, CHUNKS_PER_RESULT));
    const texts = new Map((await this.store.chunks(picked.map((hit) => hit.chunkId))).map((chunk) => [chunk.id, chunk.text]));
    const results: MemoryResult[] = [];
    for (const [docId, hits] of byDoc) {
      const doc = docs.get(docId);
      const chunks = hits.slice(0, CHUNKS_PER_RESULT).flatMap((hit) => {
        const text = texts.get(hit.chunkId);
        return text === undefined ? [] : [{ text, score: hit.score }];
      });
      if (!doc || chunks.length === 0) continue;
      const { id, title, url, site, addedAt, kind } = doc;
      results.push({ docId: id, title, url, site, addedAt, kind, score: hits[0]?.score ?? 0, chunks });
    }
    return results;
  }

  /**
   * Gives every chunk a vector from the current embedder (after the embedder changed), in
   * batches; returns how many were embedded. Progress counts over all chunks kept, so
   * chunks that already had a vector count as done when it finishes.
   */
  async reindex(onProgress?: (done: number, total: number) => void, signal?: AbortSignal): Promise<number> {
    const total = (await this.store.stats()).chunks;
    let done = 0;
    let previous = '';
    for (;;) {
      signal?.throwIfAborted();
      const batch = await this.store.chunksWithoutVectors(this.embedder.id, EMBED_BATCH);
      if (batch.length === 0) break;
      const key = batch.map((chunk) => chunk.id).join('\n');
      if (key === previous)
        throw new Error('The memory store did not keep the new vectors (the same chunks came back without vectors); check its putVectors.');
      previous = key;
      const docIds = [...new Set(batch.map((chunk) => chunk.docId))];
      const titles = new Map((await this.store.documents({ ids: docIds })).map((doc) => [doc.id, doc.title]));
      const vectors = await this.embedChunks(batch, titles, signal);
      signal?.throwIfAborted();
      await this.store.putVectors(
        batch.flatMap((chunk, i) => {
          const vector = vectors[i];
          return vector ? [{ chunkId: chunk.id, vector }] : [];
        }),
        this.embedder.id,
      );
      done += batch.length;
      onProgress?.(Math.min(done, total), Math.max(done, total));
    }
    if (done < total) onProgress?.(total, total);
    return done;
  }

  /** True when no document is kept. */
  async isEmpty(): Promise<boolean> {
    return (await this.store.stats()).documents === 0;
  }

  // A chunk is embedded with its document's title, so a chunk that never names its subject
  // ("Call us on …") is still near a question about it.
  private async embedChunks(chunks: Chunk[], titles: Map<string, string>, signal?: AbortSignal): Promise<Float32Array[]> {
    const vectors: Float32Array[] = [];
    for (let i = 0; i < chunks.length; i += EMBED_BATCH) {
      signal?.throwIfAborted();
      const batch = chunks.slice(i, i + EMBED_BATCH).map((chunk) => {
        const title = titles.get(chunk.docId) ?? '';
        return title && !chunk.text.includes(title) ? `${title}\n${chunk.text}` : chunk.text;
      });
      vectors.push(...(await this.embedder.embed(batch, signal)));
    }
    if (vectors.length !== chunks.length)
      throw new Error(
        `The embedder ${this.embedder.id} returned ${vectors.length} vectors for ${chunks.length} texts; it must return one per text.`,
      );
    return vectors;
  }

  /**
   * Removes the oldest documents beyond the cap (after an ingest; after an import, which can
   * bring more than the cap allows), never `keep`; returns how many went.
   */
  async evict(keep?: string): Promise<number> {
    const { documents } = await this.store.stats();
    if (documents <= this.maxDocuments) return 0;
    const oldest = (await this.store.documents())
      .filter((doc) => doc.id !== keep)
      .sort((a, b) => a.addedAt - b.addedAt)
      .slice(0, documents - this.maxDocuments);
    return this.store.remove(oldest.map((doc) => doc.id));
  }
}

/** What a task can reach of memory: the vault's search, the facts and the task records. */
export function memoryAccess(vault: Vault, facts: FactStore, tasks: TaskMemoryStore): MemoryAccess {
  return {
    search: (query, k) => vault.search(query, k),
    isEmpty: async () =>
      (await vault.isEmpty()) && (await facts.listFacts()).length === 0 && (await tasks.searchTaskRecords('', 1)).length === 0,
    facts,
    tasks,
  };
}

function siteFor(url: string): string {
  const host = siteOf(url);
  return host ? siteKey(host) : '';
}

let counter = 0;

/** A document id unique in this store (time, a counter and randomness; no crypto in core's platform). */
export function newId(): string {
  counter = (counter + 1) % 1_296;
  return `${Date.now().toString(36)}${counter.toString(36).padStart(2, '0')}${Math.random().toString(36).slice(2, 10)}`;
}
