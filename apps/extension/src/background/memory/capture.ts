import { pageIngestInput, siteKey, type IngestOutcome, type PageContent } from '@wayfinder/core';
import { PAGE_GLOBAL } from '@wayfinder/page';
import { z } from 'zod';
import { loadSettings, type MemorySettings } from '../../lib/settings';
import type { MemoryService } from './service';
import { sensitiveCategory } from './sensitive';
import { logWarn } from '../../lib/log';

// Pages the person reads, remembered when they asked for it: "remember pages I visit", or a
// site rule `always`. A page is read after it settles (loaded, then quiet for a moment) by the
// page script's extract() in an isolated world through chrome.scripting — not chrome.debugger,
// whose banner would show on every page. Never incognito, never anything but http(s), never a
// `never` site; banking, health, adult and webmail sites only with an `always` rule. Pages a
// task is driving are left out: they are the agent's doing, often half-filled forms.

/** A page's text beyond this is not kept. */
const MAX_PAGE_CHARS = 500_000;
/** How long a loaded page must stay quiet (no new navigation) before it is read. */
const QUIET_MS = 1_000;
/** The page script and the reader its `extract` needs, shipped as extension files (wxt.config.ts writes them from @wayfinder/page). */
export const PAGE_SCRIPT_FILES = ['/page-script.js', '/page-reader.js'];

export type CaptureVerdict = { ok: true } | { ok: false; reason: string };

/** The site rule that applies to a host: its own, or its registrable site's. */
function ruleFor(host: string, settings: MemorySettings): 'always' | 'never' | null {
  const labels = host.split('.');
  for (let i = 0; i < labels.length; i++) {
    const rule = settings.sites[labels.slice(i).join('.')];
    if (rule) return rule;
  }
  return settings.sites[siteKey(host)] ?? null;
}

/**
 * Whether a page may be remembered. `asked`: the person pressed "Remember this page" (capture
 * settings and sensitive categories then do not hold it back; incognito and `never` still do).
 */
export function captureVerdict(url: string, incognito: boolean, settings: MemorySettings, asked: boolean): CaptureVerdict {
  if (incognito) return { ok: false, reason: 'Pages in incognito windows are never remembered.' };
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, reason: 'This tab has no page to remember.' };
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    return { ok: false, reason: 'Only web pages (http and https) can be remembered, not browser, extension or local file pages.' };
  const host = parsed.hostname.toLowerCase();
  const rule = ruleFor(host, settings);
  if (rule === 'never')
    return { ok: false, reason: `${siteKey(host)} is set to "never remember" (Options → Memory); change that rule to keep its pages.` };
  if (asked || rule === 'always') return { ok: true };
  if (!settings.capturePages) return { ok: false, reason: 'Remembering pages is off.' };
  const category = sensitiveCategory(host);
  if (category)
    return { ok: false, reason: `${host} looks like a ${category} site; add it as "always" in Options → Memory to keep its pages.` };
  return { ok: true };
}

const CONTENT = z.object({
  url: z.string(),
  content: z.string(),
  wordCount: z.number(),
  truncated: z.boolean(),
  metadata: z.object({
    title: z.string(),
    description: z.string(),
    image: z.string(),
    canonical: z.string(),
    siteName: z.string(),
    author: z.string(),
    published: z.string(),
    lang: z.string(),
  }),
  jsonLd: z.array(z.unknown()),
  contacts: z.object({
    emails: z.array(z.string()),
    phones: z.array(z.string()),
    social: z.array(z.object({ platform: z.string(), url: z.string(), handle: z.string() })),
  }),
});

/** The page's readable text, metadata and contacts, through the page script in the extension's isolated world. */
export async function extractTab(tabId: number): Promise<PageContent> {
  try {
    await chrome.scripting.executeScript({ target: { tabId }, world: 'ISOLATED', files: PAGE_SCRIPT_FILES });
  } catch (error) {
    throw new Error(
      `Could not read this page: ${error instanceof Error ? error.message : String(error)}. Chrome keeps some pages from extensions (the Web Store, PDFs in its viewer, error pages).`,
      { cause: error },
    );
  }
  const [frame] = await chrome.scripting.executeScript({
    target: { tabId },
    world: 'ISOLATED',
    // Runs in the page's isolated world: only what it is given.
    func: (global: string, maxChars: number) => {
      const api: unknown = Reflect.get(globalThis, global);
      const extract: unknown = typeof api === 'object' && api !== null ? Reflect.get(api, 'extract') : undefined;
      if (typeof extract !== 'function') throw new Error('The Wayfinder page script did not load in this page.');
      const result: unknown = Reflect.apply(extract, api, [{ maxChars }]);
      return result;
    },
    args: [PAGE_GLOBAL, MAX_PAGE_CHARS],
  });
  const parsed = CONTENT.safeParse(frame?.result);
  if (!parsed.success) throw new Error('Could not read this page (the page script gave nothing readable); reload it and try again.');
  return parsed.data;
}

export interface CaptureParts {
  memory: () => Promise<MemoryService>;
  /** Tabs a task is driving now. */
  busyTabs: () => Promise<number[]>;
}

/** Reads the page in a tab into memory (its address, text and contacts). */
export async function rememberTab(memory: MemoryService, tab: chrome.tabs.Tab): Promise<IngestOutcome> {
  if (tab.id === undefined) throw new Error('That tab has gone.');
  const content = await extractTab(tab.id);
  return memory.ingest(pageIngestInput(content, content.metadata.title || tab.title));
}

/** Watches tabs and remembers the pages the settings allow, one at a time, in the order they settled. */
export class PageCapture {
  private readonly timers = new Map<number, ReturnType<typeof setTimeout>>();
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly parts: CaptureParts) {}

  /** Registers the tab listeners (at worker start, so a navigation wakes a stopped worker). */
  listen(): void {
    chrome.tabs.onUpdated.addListener((tabId, info) => {
      if (info.status === 'loading') this.cancel(tabId);
      if (info.status === 'complete') this.settle(tabId);
    });
    chrome.tabs.onRemoved.addListener((tabId) => this.cancel(tabId));
  }

  private cancel(tabId: number): void {
    const timer = this.timers.get(tabId);
    if (timer !== undefined) clearTimeout(timer);
    this.timers.delete(tabId);
  }

  private settle(tabId: number): void {
    this.cancel(tabId);
    this.timers.set(
      tabId,
      setTimeout(() => {
        this.timers.delete(tabId);
        this.queue = this.queue
          .then(() => this.capture(tabId))
          .catch((error: unknown) => logWarn('wayfinder: could not remember a page', error));
      }, QUIET_MS),
    );
  }

  private async capture(tabId: number): Promise<void> {
    const tab = await chrome.tabs.get(tabId).catch(() => null);
    if (!tab || tab.status !== 'complete' || !tab.url) return;
    const settings = (await loadSettings()).memory;
    if (!captureVerdict(tab.url, tab.incognito, settings, false).ok) return;
    if ((await this.parts.busyTabs()).includes(tabId)) return;
    await rememberTab(await this.parts.memory(), tab);
  }
}
