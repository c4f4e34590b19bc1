import type { Browser } from '../browser/port';
import { BrowserError } from '../browser/errors';
import { readSearchResults, readVideoResults } from './serp';
import type { ResearchPort, SearchResult, VideoResult } from './types';

// Searching through a browser: the engine's results page opens in a background tab, its
// markup is read (serp.ts), the tab closes. Works on any Browser: a launched Chromium, or
// the person's own through the bridge (RemoteBrowser), whose session the engine then sees.

export interface SearchUrls {
  /** The web search page, with %s where the query goes: https://duckduckgo.com/html/?q=%s */
  searchUrl?: string;
  /** The video search page, with %s where the query goes: https://www.youtube.com/results?search_query=%s */
  videoUrl?: string;
}

/** Where searches go unless the person sets other pages (host config: research.searchUrl / videoUrl). */
export const DEFAULT_SEARCH_URL = 'https://html.duckduckgo.com/html/?q=%s';
export const DEFAULT_VIDEO_URL = 'https://www.youtube.com/results?search_query=%s';

const MAX_HTML = 1_500_000;

/** A search address template → the address for one query; a clear error for a template that cannot be one. */
export function searchAddress(template: string, query: string): string {
  if (!template.includes('%s'))
    throw new BrowserError(
      'bad-argument',
      `The search address ${template} has no %s where the query goes (like https://example.com/search?q=%s).`,
      false,
    );
  const address = template.replace('%s', encodeURIComponent(query));
  if (!/^https?:\/\//i.test(address))
    throw new BrowserError('bad-argument', `The search address ${template} must start with http:// or https://.`, false);
  return address;
}

async function readPage<T>(browser: Browser, address: string, read: (html: string, url: string) => T, signal?: AbortSignal): Promise<T> {
  signal?.throwIfAborted();
  const tab = await browser.openTab(address, { background: true });
  try {
    // Engines that render their results with scripts (video sites) need a quiet moment first.
    await tab.waitFor({ kind: 'network-idle', idleMs: 500 }, 8_000).catch(() => '');
    signal?.throwIfAborted();
    const info = await tab.info();
    return read(await tab.html('body', MAX_HTML), info.url || address);
  } finally {
    await browser.closeTab(tab.id).catch(() => undefined);
  }
}

/** A ResearchPort's search half over a browser: searchWeb when a search page is set, searchVideos when a video page is. */
export function browserSearch(browser: Browser, urls: SearchUrls): Pick<ResearchPort, 'searchWeb' | 'searchVideos'> {
  const port: Pick<ResearchPort, 'searchWeb' | 'searchVideos'> = {};
  const { searchUrl, videoUrl } = urls;
  if (searchUrl)
    port.searchWeb = (query: string, signal?: AbortSignal): Promise<SearchResult[]> =>
      readPage(browser, searchAddress(searchUrl, query), readSearchResults, signal);
  if (videoUrl)
    port.searchVideos = (query: string, signal?: AbortSignal): Promise<VideoResult[]> =>
      readPage(browser, searchAddress(videoUrl, query), readVideoResults, signal);
  return port;
}
