import type { MemoryResult, VaultDocument } from '@wayfinder/core';
import type { Page, Route } from 'playwright-core';
import { expect } from 'vitest';
import type { Reply, Request } from '../src/lib/messages';
import { settingsWith, type ModelSuite } from './env';

// What memory.e2e.ts drives memory with: made-up sites served by Playwright, requests to the
// background from an extension page, and the memory database read (and edited) from there.

// Pages of made-up sites, served by Playwright (a navigation like any other for Chrome).
export const PAGES: Record<string, { title: string; body: string }> = {
  'http://marker.test/': { title: 'Marker', body: '<p>A marker page: once it is kept, every page opened before it has been decided.</p>' },
  'http://crumbandcrust.test/': {
    title: 'Crumb and Crust bakery',
    body:
      '<h1>Crumb and Crust</h1><p>Our little bakery bakes fresh sourdough bread every morning from a starter we have fed since 1998. ' +
      'Rye loaves, seeded rolls and cinnamon buns come out of the oven at seven.</p>' +
      '<p>Orders for weddings and parties: <a href="mailto:orders@crumbandcrust.test">write to us</a>.</p>',
  },
  'http://never.test/': { title: 'Never page', body: '<p>Gardening notes about tomatoes and basil that must never be remembered.</p>' },
  'http://www.mybank.test/': { title: 'My Bank', body: '<p>Your checking account balance and the latest statement of transfers.</p>' },
  'http://mail.google.com/': { title: 'Inbox', body: '<p>Inbox: a private letter from a friend about the holidays in Lisbon.</p>' },
  'http://hiking.test/a': {
    title: 'Alpine huts',
    body: '<p>Alpine huts along the high route serve barley soup to walkers after the glacier crossing.</p>',
  },
  'http://hiking.test/b': {
    title: 'Ridge walks',
    body: '<p>Ridge walks above the lake need good boots, a map and an early start before the thunderstorms.</p>',
  },
  'http://locker.test/': { title: 'Locker room', body: '<p>The gym locker opens with the code Violet-Harbour-77 on weekdays.</p>' },
  'http://chess.test/': {
    title: 'Chess openings',
    body: '<p>The Sicilian defence answers the king pawn opening with a counterattack on the queen side.</p>',
  },
};

export async function servePage(route: Route): Promise<void> {
  const page = PAGES[route.request().url()];
  if (!page) return route.fulfill({ status: 404, contentType: 'text/html', body: '<p>Not here.</p>' });
  return route.fulfill({
    contentType: 'text/html; charset=utf-8',
    body: `<!doctype html><html lang="en"><head><title>${page.title}</title></head><body><main>${page.body}</main></body></html>`,
  });
}

/** The error of a request that must fail. */
export function failure(reply: { ok: true } | { ok: false; error: string }): string {
  if (reply.ok) throw new Error('The request succeeded; it should have been refused.');
  return reply.error;
}

export function memoryKit(suite: ModelSuite) {
  let control: Page | null = null;

  /** An extension page to ask the background from, and to read IndexedDB in (same origin as the worker). */
  async function controlPage(): Promise<Page> {
    if (control && !control.isClosed()) return control;
    control = await suite.env.context.newPage();
    await control.goto(`chrome-extension://${suite.env.extensionId}/welcome.html`);
    return control;
  }

  async function ask<T extends Request['type']>(message: Extract<Request, { type: T }>): Promise<Reply<T>> {
    const page = await controlPage();
    const reply: Reply<T> = await page.evaluate(async (m) => chrome.runtime.sendMessage(m), message);
    return reply;
  }

  /** The reply of a request that must succeed. */
  async function ok<T extends Request['type']>(message: Extract<Request, { type: T }>): Promise<Extract<Reply<T>, { ok: true }>> {
    const reply = await ask(message);
    if (!reply.ok) throw new Error(`${message.type} failed: ${reply.error}`);
    return reply;
  }

  async function documents(): Promise<VaultDocument[]> {
    return (await ok({ type: 'memory.list' })).documents;
  }

  async function search(query: string, k = 3): Promise<MemoryResult[]> {
    return (await ok({ type: 'memory.search', query, k })).results;
  }

  /**
   * Pages the word index found for a query. Search fuses two ranked lists by 1/(60 + rank): in a
   * store this small every chunk is in the vector list, so only a chunk the word index also
   * found scores above 1/61.
   */
  async function foundByWords(query: string): Promise<string[]> {
    return (await search(query)).filter((result) => result.score > 1 / 61 + 1e-9).map((result) => result.url);
  }

  async function useSettings(memory: {
    capturePages?: boolean;
    maxDocuments?: number;
    sites?: Record<string, 'always' | 'never'>;
    embedder?: 'hash' | 'minilm';
    modelHost?: string;
  }): Promise<void> {
    const sites = { 'marker.test': 'always', ...(memory.sites ?? {}) };
    await suite.env.setSettings({ ...settingsWith({ provider: 'command' }), memory: { ...memory, sites } });
  }

  /** Opens pages one after another in tabs of their own (each loaded before the next). */
  async function visit(...urls: string[]): Promise<Page[]> {
    const pages: Page[] = [];
    for (const url of urls) {
      const page = await suite.env.context.newPage();
      await page.goto(url);
      pages.push(page);
    }
    return pages;
  }

  /**
   * Opens the marker page (always remembered) and waits until it is kept: pages are read one at
   * a time in the order they settled, so every page opened before it has been decided by then.
   */
  async function afterDecisions(): Promise<void> {
    await ok({ type: 'memory.forget', ids: (await documents()).filter((d) => d.url === 'http://marker.test/').map((d) => d.id) });
    const [marker] = await visit('http://marker.test/');
    await expect.poll(async () => (await documents()).some((d) => d.url === 'http://marker.test/'), { timeout: 15_000 }).toBe(true);
    await marker?.close();
  }

  /** Everything in the memory database, read from an extension page (vectors by key only). */
  async function dump(): Promise<{
    documents: unknown[];
    chunks: unknown[];
    vectors: string[];
    meta: Record<string, unknown>;
    taskRecords: unknown[];
  }> {
    const page = await controlPage();
    return page.evaluate(async () => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('wayfinder-memory');
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error ?? new Error('could not open the memory database'));
      });
      const read = (store: string, keys = false) =>
        new Promise<unknown[]>((resolve, reject) => {
          const os = db.transaction(store).objectStore(store);
          const request = keys ? os.getAllKeys() : os.getAll();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error ?? new Error(`could not read ${store}`));
        });
      const metaKeys = await read('meta', true);
      const metaValues = await read('meta');
      const result = {
        documents: await read('documents'),
        chunks: await read('chunks'),
        vectors: (await read('vectors', true)).map((key) => JSON.stringify(key)),
        meta: Object.fromEntries(metaKeys.map((key, i) => [String(key), metaValues[i]])),
        taskRecords: await read('taskRecords'),
      };
      db.close();
      return result;
    });
  }

  /** Changes the saved word index or write count while the worker is stopped (to see which one it loads). */
  async function editMeta(edit: 'sentinel' | 'stale', docId: string): Promise<void> {
    const page = await controlPage();
    await page.evaluate(
      async ({ edit, docId }) => {
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const request = indexedDB.open('wayfinder-memory');
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error ?? new Error('could not open the memory database'));
        });
        const tx = db.transaction('meta', 'readwrite');
        const meta = tx.objectStore('meta');
        const get = (key: string) =>
          new Promise<{ generation: number; json: string }>((resolve) => {
            const request = meta.get(key);
            request.onsuccess = () => {
              const value: unknown = request.result;
              const field = (name: string): unknown => (typeof value === 'object' && value !== null ? Reflect.get(value, name) : undefined);
              const generation = field('generation');
              const json = field('json');
              resolve({ generation: typeof generation === 'number' ? generation : 0, json: typeof json === 'string' ? json : '' });
            };
          });
        if (edit === 'stale') {
          const writes = await get('writes');
          meta.put({ generation: writes.generation + 1 }, 'writes');
        } else {
          // A row is [chunkId, docId, length, [[term, count] …]]: the made-up word joins the document's first chunk.
          const saved = await get('bm25');
          const json = saved.json.replace(new RegExp(`("${docId}",\\d+,\\[)`), '$1["zqxsentinel",1],');
          meta.put({ generation: saved.generation, json }, 'bm25');
        }
        await new Promise((resolve) => (tx.oncomplete = resolve));
        db.close();
      },
      { edit, docId },
    );
  }

  async function stopWorker(): Promise<void> {
    const page = await controlPage();
    const cdp = await suite.env.context.newCDPSession(page);
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.stopAllWorkers');
    await cdp.detach();
  }

  /** The saved word index holds every write (the worker saves it a moment after a write). */
  async function indexSaved(): Promise<boolean> {
    const { meta } = await dump();
    const writes = meta.writes;
    const bm25 = meta.bm25;
    return (
      typeof writes === 'object' &&
      writes !== null &&
      typeof bm25 === 'object' &&
      bm25 !== null &&
      'generation' in writes &&
      'generation' in bm25 &&
      writes.generation === bm25.generation
    );
  }

  return {
    controlPage,
    ask,
    ok,
    documents,
    search,
    foundByWords,
    useSettings,
    visit,
    afterDecisions,
    dump,
    editMeta,
    stopWorker,
    indexSaved,
  };
}
