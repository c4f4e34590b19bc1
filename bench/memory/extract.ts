// Reads the corpus the way a capture would: each saved page opened in headless Chromium
// from 127.0.0.1 (every other request blocked, as the corpus README asks), then the page
// script's extract() — readable text, metadata and contacts.
import { readdirSync } from 'node:fs';
import type { PageContent } from '@wayfinder/core';
import { NodeBrowser, type NodePage } from '@wayfinder/cdp/node';
import { serveDirectory } from '../lib/static-server';

/** Enough for the longest corpus page: a capture keeps the whole readable text, not the tool's 30k preview. */
export const EXTRACT_MAX_CHARS = 200_000;

export interface ExtractedPage {
  /** The corpus file name (`aclu.html`): queries name their expected page by it. */
  file: string;
  url: string;
  content: PageContent;
  /** Navigation, load and settle excluded: only the extract() call. */
  extractMs: number;
}

async function blockExternal(page: NodePage): Promise<void> {
  await page.session.send('Fetch.enable', { patterns: [{ urlPattern: '*' }] });
  page.session.on('Fetch.requestPaused', (event) => {
    const local = /^(https?:\/\/127\.0\.0\.1[:/]|data:|blob:|about:)/.test(event.request.url);
    const reply = local
      ? page.session.send('Fetch.continueRequest', { requestId: event.requestId })
      : page.session.send('Fetch.failRequest', { requestId: event.requestId, errorReason: 'BlockedByClient' });
    reply.catch(() => undefined);
  });
}

export function corpusFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.html'))
    .sort();
}

/** Tabs loading at once: navigation mostly waits (blocked requests, settling), so a few overlap well. */
const PARALLEL_TABS = 4;

/** Extracts every page, in corpus order; a page that fails is reported through `onSkip` and left out. */
export async function extractCorpus(
  dir: string,
  files: string[],
  onPage: (page: ExtractedPage) => void,
  onSkip: (file: string, reason: string) => void,
): Promise<ExtractedPage[]> {
  const server = await serveDirectory(dir);
  const browser = await NodeBrowser.launch({ navigationTimeoutMs: 60_000 });
  const found = new Map<string, ExtractedPage>();
  // Pages load side by side, but one extract() runs at a time so its timing is not shared.
  let extracting: Promise<unknown> = Promise.resolve();
  const one = async (file: string) => {
    const url = `${server.url}/${file}`;
    const page = await browser.newPage();
    try {
      await blockExternal(page);
      await page.navigate(url);
      // "load plus a short settle" (corpus README): late layout and timers run.
      await new Promise((r) => setTimeout(r, 300));
      const turn = extracting.then(async () => {
        const started = performance.now();
        const content = await page.extract({ maxChars: EXTRACT_MAX_CHARS });
        return { file, url, content, extractMs: performance.now() - started };
      });
      extracting = turn.catch(() => undefined);
      const extracted = await turn;
      found.set(file, extracted);
      onPage(extracted);
    } catch (error) {
      onSkip(file, error instanceof Error ? error.message : String(error));
    } finally {
      await browser.closeTab(page.id).catch(() => undefined);
    }
  };
  try {
    const queue = [...files];
    await Promise.all(
      Array.from({ length: PARALLEL_TABS }, async () => {
        for (let file = queue.shift(); file !== undefined; file = queue.shift()) await one(file);
      }),
    );
  } finally {
    await browser.close();
    await server.close();
  }
  return files.flatMap((file) => {
    const page = found.get(file);
    return page ? [page] : [];
  });
}
