import { afterEach, expect, it, vi } from 'vitest';
import { embedderFor } from './embedder';

// The background's side of MiniLM: batching, cancelling and failures, against a stand-in for
// Chrome's offscreen document (the real one runs in minilm.e2e.ts).

const HOST = 'http://127.0.0.1:1/';
const settings = (embedder: 'hash' | 'minilm') => ({ capturePages: false, sites: {}, maxDocuments: 5000, embedder, modelHost: HOST });

interface Sent {
  target?: unknown;
  kind?: unknown;
  texts?: unknown;
  modelHost?: unknown;
}

function fakeChrome(answer: (message: Sent) => Promise<unknown>) {
  const sent: Sent[] = [];
  let open = false;
  let created = 0;
  vi.stubGlobal('chrome', {
    runtime: {
      getURL: (path: string) => `chrome-extension://id${path}`,
      getContexts: () => Promise.resolve(open ? [{ documentUrl: 'chrome-extension://id/offscreen.html' }] : []),
      sendMessage: (message: Sent) => {
        sent.push(message);
        return answer(message);
      },
    },
    offscreen: {
      createDocument: () => {
        created++;
        open = true;
        return Promise.resolve();
      },
    },
  });
  return {
    sent,
    created: () => created,
    close: () => {
      open = false;
    },
  };
}

const vectorsFor = (message: Sent) => ({
  ok: true,
  vectors: Array.isArray(message.texts) ? message.texts.map((_t, i) => Array.from({ length: 384 }, (_x, j) => (j === i ? 1 : 0))) : [],
});

afterEach(() => {
  vi.unstubAllGlobals();
});

it('word hashing for "hash", the offscreen MiniLM for "minilm"', () => {
  expect(embedderFor(settings('hash'))).toMatchObject({ id: 'hash-v1-384', dimensions: 384 });
  expect(embedderFor(settings('minilm'))).toMatchObject({ id: 'minilm-l6-v2', dimensions: 384 });
});

it('sends texts in batches of 16 to the offscreen document (made once, again after it closed), vectors back in order', async () => {
  const chrome = fakeChrome((m) => Promise.resolve(m.kind === 'embed' ? vectorsFor(m) : { ok: true, download: null }));
  const texts = Array.from({ length: 40 }, (_, i) => `text ${i}`);
  const vectors = await embedderFor(settings('minilm')).embed(texts);
  expect(vectors).toHaveLength(40);
  expect(vectors[0]).toBeInstanceOf(Float32Array);
  expect(vectors[17]?.[1]).toBe(1);
  const embeds = chrome.sent.filter((m) => m.kind === 'embed');
  expect(embeds.map((m) => (Array.isArray(m.texts) ? m.texts.length : 0))).toEqual([16, 16, 8]);
  expect(embeds.every((m) => m.target === 'offscreen' && m.modelHost === HOST)).toBe(true);
  expect(chrome.sent.every((m) => m.target === 'offscreen')).toBe(true);
  expect(chrome.created()).toBe(1);
  chrome.close();
  await embedderFor(settings('minilm')).embed(['again']);
  expect(chrome.created()).toBe(2);
});

it('a cancel stops at once, and no further batch is sent', async () => {
  const chrome = fakeChrome((m) => (m.kind === 'embed' ? new Promise(() => undefined) : Promise.resolve({ ok: true, download: null })));
  const stop = new AbortController();
  const running = embedderFor(settings('minilm')).embed(
    Array.from({ length: 40 }, (_, i) => `text ${i}`),
    stop.signal,
  );
  await vi.waitFor(() => expect(chrome.sent.some((m) => m.kind === 'embed')).toBe(true));
  stop.abort(new Error('The embedder changed again.'));
  await expect(running).rejects.toThrow('The embedder changed again.');
  expect(chrome.sent.filter((m) => m.kind === 'embed')).toHaveLength(1);
});

it('a model that cannot be downloaded gives a sentence saying so, and that word search goes on', async () => {
  fakeChrome((m) =>
    Promise.resolve(
      m.kind === 'embed' ? { ok: false, stage: 'load', error: 'Could not locate file: "config.json".' } : { ok: true, download: null },
    ),
  );
  await expect(embedderFor(settings('minilm')).embed(['hello'])).rejects.toThrow(
    `The MiniLM model could not be downloaded from ${HOST}: Could not locate file: "config.json"; memory keeps using word search until it can.`,
  );
});
