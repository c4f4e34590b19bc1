import { MINILM_MODEL_FILE, MINILM_REPO, startMockHub, type MockHub } from '@wayfinder/gym';
import type { Page, Worker } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openExtensionEnv, type ExtensionEnv } from './env';

// Memory's MiniLM embedder through the real path: the background's OffscreenEmbedder sends
// texts to the offscreen document, which runs transformers.js on a tiny model the gym builds
// (same files and shapes as all-MiniLM-L6-v2), downloaded from a local stand-in for the hub.

let env: ExtensionEnv;
let hub: MockHub;

const memory = (modelHost: string) => ({ embedder: 'minilm', modelHost });

beforeAll(async () => {
  hub = await startMockHub();
  env = await openExtensionEnv();
  await env.setSettings({ version: 1, providers: {}, roles: {}, agent: {}, firstRunDone: true, memory: memory(hub.url) });
});
afterAll(async () => {
  await env.close();
  await hub.close();
});

/** Runs the embedder the settings choose, in the service worker (background/memory/embedder.ts' test hook). */
async function embed(worker: Worker, texts: string[]): Promise<number[][] | { error: string }> {
  const result: unknown = await worker.evaluate(async (input) => {
    const isEmbed = (f: unknown): f is (texts: string[]) => Promise<unknown> => typeof f === 'function';
    const run: unknown = Reflect.get(globalThis, 'wayfinderEmbed');
    if (!isEmbed(run)) return { error: 'no wayfinderEmbed in the worker' };
    try {
      return await run(input);
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    }
  }, texts);
  if (Array.isArray(result) && result.every((row) => Array.isArray(row) && row.every((x) => typeof x === 'number'))) return result;
  if (typeof result === 'object' && result !== null && 'error' in result && typeof result.error === 'string')
    return { error: result.error };
  throw new Error(`unexpected answer from the worker: ${JSON.stringify(result).slice(0, 200)}`);
}

async function vectorsOf(worker: Worker, texts: string[]): Promise<number[][]> {
  const result = await embed(worker, texts);
  if (!Array.isArray(result)) throw new Error(result.error);
  return result;
}

const dot = (a: number[], b: number[]) => a.reduce((sum, x, i) => sum + x * (b[i] ?? 0), 0);

async function extensionPage(): Promise<Page> {
  const page = await env.context.newPage();
  await page.goto(`chrome-extension://${env.extensionId}/welcome.html`);
  return page;
}

const TEXTS = ['email the doctor about the appointment', 'the doctor email address and phone', 'bake bread with flour water and yeast'];
let first: number[][] = [];

it('embeds in the offscreen document: 384-d unit vectors, texts sharing words nearer, the model fetched once', async () => {
  first = await vectorsOf(env.worker, TEXTS);
  expect(first).toHaveLength(3);
  for (const v of first) {
    expect(v).toHaveLength(384);
    expect(Math.hypot(...v)).toBeCloseTo(1, 4);
  }
  const [appointment, address, bread] = first;
  if (!appointment || !address || !bread) throw new Error('three vectors expected');
  expect(dot(appointment, address)).toBeGreaterThan(dot(appointment, bread) + 0.2);
  expect(dot(address, appointment)).toBeGreaterThan(dot(address, bread) + 0.2);

  // More than one batch (16 texts a message), in order.
  const many = Array.from({ length: 20 }, (_, i) => (i % 2 ? `bread number ${i}` : `doctor number ${i}`));
  const manyVectors = await vectorsOf(env.worker, many);
  expect(manyVectors).toHaveLength(20);
  expect(dot(manyVectors[18] ?? [], appointment)).toBeGreaterThan(dot(manyVectors[19] ?? [], appointment));

  // Downloaded once: every file one whole GET (plus a 1-byte size probe), however many texts since.
  for (const file of ['config.json', 'tokenizer.json', 'tokenizer_config.json', MINILM_MODEL_FILE]) {
    expect(hub.fetches(file)).toBe(1);
    expect(hub.bytesServed(file)).toBeLessThanOrEqual(hub.size(file) + 1);
  }
  // The model ran in the offscreen document, and its files sit in transformers.js' cache in the extension's origin.
  const page = await extensionPage();
  const seen = await page.evaluate(async () => {
    const contexts = await chrome.runtime.getContexts({ contextTypes: ['OFFSCREEN_DOCUMENT'] });
    const cache = await caches.open('transformers-cache');
    return { offscreen: contexts.map((c) => new URL(c.documentUrl ?? '').pathname), cached: (await cache.keys()).map((r) => r.url) };
  });
  await page.close();
  expect(seen.offscreen).toEqual(['/offscreen.html']);
  expect(seen.cached).toContain(`${hub.url}${MINILM_REPO}/resolve/main/${MINILM_MODEL_FILE}`);
  // What the memory service can show while a download runs; finished by now.
  const download: unknown = await env.worker.evaluate(() => {
    const isGetter = (f: unknown): f is () => unknown => typeof f === 'function';
    const read: unknown = Reflect.get(globalThis, 'wayfinderModelDownload');
    return isGetter(read) ? read() : null;
  });
  expect(download).toMatchObject({ ready: true, file: '' });
  // Byte counts cover the model file at least (the biggest), all of it loaded.
  const bytes = typeof download === 'object' && download !== null && 'loaded' in download && 'total' in download ? download : null;
  expect(bytes?.total).toBeGreaterThanOrEqual(hub.size(MINILM_MODEL_FILE));
  expect(bytes?.loaded).toBe(bytes?.total);
});

it('works offline afterwards: hub gone, offscreen document closed, worker stopped, browser restarted', async () => {
  await hub.close();
  // Closed behind the background's back (as Chrome may): the next embed makes a new one.
  await env.worker.evaluate(() => chrome.offscreen.closeDocument());
  const page = await extensionPage();
  const cdp = await env.context.newCDPSession(page);
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  await cdp.detach();
  // A message from a page wakes the stopped worker (with fresh globals).
  await page.evaluate(() => chrome.runtime.sendMessage({ type: 'status.get' }));
  await page.close();
  const again = await vectorsOf(await env.currentWorker(), TEXTS);
  again.forEach((v, i) => v.forEach((x, j) => expect(x).toBeCloseTo(first[i]?.[j] ?? NaN, 5)));

  await env.restart();
  const afterRestart = await vectorsOf(env.worker, TEXTS);
  afterRestart.forEach((v, i) => v.forEach((x, j) => expect(x).toBeCloseTo(first[i]?.[j] ?? NaN, 5)));
});

it('a download that fails says so clearly (404 and 500), and works once the files are back', async () => {
  const broken = await startMockHub();
  try {
    await env.setSettings({ version: 1, providers: {}, roles: {}, agent: {}, firstRunDone: true, memory: memory(broken.url) });
    const wording = (detail: string) =>
      new RegExp(
        `^The MiniLM model could not be downloaded from ${broken.url.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}: .*${detail}.*; memory keeps using word search until it can\\.$`,
      );
    const failure = async () => {
      const result = await embed(env.worker, ['hello']);
      return Array.isArray(result) ? 'it worked' : result.error;
    };
    broken.failWith(404);
    expect(await failure()).toMatch(wording('Could not locate file: "[^"]*config\\.json"'));
    broken.failWith(500);
    expect(await failure()).toMatch(wording('Internal server error'));
    broken.failWith(null);
    const [v] = await vectorsOf(env.worker, ['hello']);
    expect(v).toHaveLength(384);
  } finally {
    await broken.close();
  }
});

const NOTES: Record<string, string> = {
  'doctor-notes.txt':
    'Dr Martin at the New Brunswick clinic moved my appointment to Tuesday. Her email address is martin@clinic.example and the phone number is on the letter. Bring the blood test results to the appointment. The clinic opens at eight and the doctor sees patients until noon. '.repeat(
      3,
    ),
  'bread.md':
    'To bake bread, mix flour, water, salt and yeast. Knead the dough for ten minutes, let it rise for an hour, shape it and bake it in a hot oven. Butter and sugar make a softer loaf. '.repeat(
      4,
    ),
  'trains.txt':
    'The night train to the city leaves the station at nine. Buy the ticket online; the price is lower a week before the trip. The bus to the airport stops in front of the hotel. '.repeat(
      4,
    ),
};

it('switching memory from word hashing to MiniLM re-indexes every piece, and search still finds the pages', async () => {
  const modelHub = await startMockHub();
  const page = await extensionPage();
  const ask = async (message: Record<string, unknown>): Promise<Record<string, unknown>> => {
    const reply: unknown = await page.evaluate(async (m) => {
      const answer: unknown = await chrome.runtime.sendMessage(m);
      return answer;
    }, message);
    if (typeof reply !== 'object' || reply === null || !('ok' in reply) || reply.ok !== true)
      throw new Error(`${String(message.type)}: ${JSON.stringify(reply)}`);
    return { ...reply };
  };
  const reindex = async (): Promise<Record<string, unknown> | null> => {
    const status = await ask({ type: 'memory.status' });
    const state = status.reindex;
    return typeof state === 'object' && state !== null ? Object.fromEntries(Object.entries(state)) : null;
  };
  const topTitle = async (query: string) => {
    const { results } = await ask({ type: 'memory.search', query, k: 3 });
    const list: unknown[] = Array.isArray(results) ? results : [];
    const top = list[0];
    return typeof top === 'object' && top !== null && 'title' in top ? top.title : null;
  };
  try {
    await env.setSettings({ version: 1, providers: {}, roles: {}, agent: {}, firstRunDone: true, memory: { embedder: 'hash' } });
    await expect.poll(async () => (await reindex())?.running ?? false).toBe(false);
    for (const [name, text] of Object.entries(NOTES)) await ask({ type: 'memory.addFile', name, text });
    const { chunks } = await ask({ type: 'memory.status' });
    expect(chunks).toBeGreaterThanOrEqual(6);
    expect(await topTitle('doctor appointment email')).toBe('doctor-notes.txt');

    await env.setSettings({ version: 1, providers: {}, roles: {}, agent: {}, firstRunDone: true, memory: memory(modelHub.url) });
    await expect
      .poll(reindex, { timeout: 30_000 })
      .toMatchObject({ embedder: 'all-MiniLM-L6-v2', running: false, error: null, done: chunks, total: chunks });
    expect((await ask({ type: 'memory.status' })).embedder).toBe('all-MiniLM-L6-v2');
    expect(modelHub.fetches(MINILM_MODEL_FILE)).toBe(1);
    expect(await topTitle('doctor appointment email')).toBe('doctor-notes.txt');
    expect(await topTitle('bake a loaf of bread')).toBe('bread.md');
    expect(await topTitle('ticket for the night train')).toBe('trains.txt');
  } finally {
    await page.close();
    await modelHub.close();
  }
});
