/// <reference types="chrome" />
// Search latency in the extension's service worker: the built extension loaded into headless
// Chromium, its IndexedDB store filled to ~10,000 chunks through its own `memory.addFile`
// (the same Vault.ingest a captured page goes through), the worker stopped so the first
// search afterwards pays for opening the store (the saved word index, then the vectors),
// then `memory.search` timed from an extension page. The times are round trips through
// chrome.runtime messaging, so they include its cost (well under a millisecond here).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findChrome } from '@wayfinder/cdp/node';
import { chromium, type Page } from 'playwright-core';
import { percentile, round } from '../lib/stats';
import { PagePadder } from './pad';

const here = dirname(fileURLToPath(import.meta.url));

export interface ExtensionSearchOptions {
  /** Corpus pages' readable text (extract()'s `content`); the store is filled with pages generated from them. */
  texts: string[];
  /** Questions to search with (cycled). */
  queries: string[];
  /** The built extension (default apps/extension/.output/chrome-mv3: `npm run build:extension` first). */
  extensionDir?: string;
  /** Chunks to fill the store to (default 10,000). */
  chunks?: number;
  /** Searches timed (default 50). */
  searches?: number;
  /** Progress lines (default: none). */
  log?: (line: string) => void;
}

export interface ExtensionSearchResult {
  documents: number;
  chunks: number;
  fill_s: number;
  /** The first search after the worker was stopped: the store opened, the saved word index and the vectors loaded. */
  first_search_after_restart_ms: number;
  searches: number;
  p50_ms: number;
  p95_ms: number;
  max_ms: number;
}

type Reply = { ok: true } & Record<string, unknown>;

/** Sends requests to the background from an extension page, all at once; throws on the first refusal. */
async function send(page: Page, messages: Record<string, unknown>[]): Promise<Reply[]> {
  const replies: unknown[] = await page.evaluate(async (list) => Promise.all(list.map((m) => chrome.runtime.sendMessage(m))), messages);
  return replies.map((reply) => {
    if (typeof reply !== 'object' || reply === null || !('ok' in reply) || reply.ok !== true)
      throw new Error(`The extension refused a request: ${JSON.stringify(reply).slice(0, 300)}`);
    return { ...reply, ok: true };
  });
}

/** Whether the worker has saved its word index since the last write (it does so a moment after writing). */
async function indexSaved(page: Page): Promise<boolean> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('wayfinder-memory');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('could not open the memory database'));
    });
    // No named functions in here: tsx would wrap them in a helper the page does not have.
    const [writes, saved] = await Promise.all(
      ['writes', 'bm25'].map(
        (key) =>
          new Promise<unknown>((resolve) => {
            const request = db.transaction('meta').objectStore('meta').get(key);
            request.onsuccess = () => {
              const value: unknown = request.result;
              resolve(typeof value === 'object' && value !== null ? Reflect.get(value, 'generation') : undefined);
            };
          }),
      ),
    );
    db.close();
    return writes !== undefined && writes === saved;
  });
}

export async function benchExtensionSearch(options: ExtensionSearchOptions): Promise<ExtensionSearchResult> {
  const extensionDir = options.extensionDir ?? join(here, '../../apps/extension/.output/chrome-mv3');
  const target = options.chunks ?? 10_000;
  const count = options.searches ?? 50;
  const log = options.log ?? (() => undefined);
  if (options.queries.length === 0) throw new Error('benchExtensionSearch needs at least one query.');
  const userDataDir = mkdtempSync(join(tmpdir(), 'wayfinder-bench-ext-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: findChrome(),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      `--disable-extensions-except=${extensionDir}`,
      `--load-extension=${extensionDir}`,
    ],
  });
  try {
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    const base = `chrome-extension://${new URL(worker.url()).host}`;
    const page = await context.newPage();
    await page.goto(`${base}/welcome.html`);

    // Fill: generated pages as files, a batch of requests at a time.
    const padder = new PagePadder(options.texts);
    const fillStarted = performance.now();
    let chunks = 0;
    let pages = 0;
    while (chunks < target) {
      const batch = Array.from({ length: 16 }, () => {
        const input = padder.next();
        pages++;
        return { type: 'memory.addFile', name: `pad-${pages}.txt`, text: `${input.title}\n\n${input.text}` };
      });
      for (const reply of await send(page, batch)) chunks += typeof reply.chunks === 'number' ? reply.chunks : 0;
      if (pages % 160 === 0) log(`  extension store: ${pages} pages, ${chunks} chunks`);
    }
    const fillS = (performance.now() - fillStarted) / 1000;
    const [status] = await send(page, [{ type: 'memory.status' }]);
    for (let waited = 0; !(await indexSaved(page)); waited += 100) {
      if (waited > 30_000) throw new Error('The extension never saved its word index after filling the store.');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    // A stopped worker: the next search opens the store afresh.
    const cdp = await context.newCDPSession(page);
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.stopAllWorkers');
    await cdp.detach();
    const queries = options.queries;
    const timed = async (list: string[]): Promise<number[]> =>
      page.evaluate(async (qs) => {
        const times: number[] = [];
        for (const query of qs) {
          const started = performance.now();
          const reply: unknown = await chrome.runtime.sendMessage({ type: 'memory.search', query, k: 3 });
          times.push(performance.now() - started);
          if (typeof reply !== 'object' || reply === null || !('ok' in reply) || reply.ok !== true)
            throw new Error(`memory.search failed: ${JSON.stringify(reply)}`);
        }
        return times;
      }, list);
    const [first] = await timed([queries[0] ?? 'memory']);
    await timed(queries.slice(0, Math.min(queries.length, 10)));
    const list = Array.from({ length: count }, (_, i) => queries[i % queries.length] ?? 'memory');
    const times = (await timed(list)).sort((a, b) => a - b);
    return {
      documents: typeof status?.documents === 'number' ? status.documents : pages,
      chunks: typeof status?.chunks === 'number' ? status.chunks : chunks,
      fill_s: round(fillS),
      first_search_after_restart_ms: round(first ?? NaN),
      searches: times.length,
      p50_ms: round(percentile(times, 50)),
      p95_ms: round(percentile(times, 95)),
      max_ms: round(times.at(-1) ?? NaN),
    };
  } finally {
    await context.close();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}
