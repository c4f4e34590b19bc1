import { ExtensionBrowser, type TabRegistry } from '@wayfinder/cdp/extension';
import { browserSearch, DEFAULT_VIDEO_URL, readSearchResults, type ResearchPort, type SearchResult } from '@wayfinder/core';
import { hasPermission, missingPermission } from '../../lib/permissions';
import { loadResearchSettings } from '../../lib/research-settings';
import { recentHistory } from './history-signals';
import { allowTabWhileGuarded } from '../tasks/network-rules';

// The extension's research for its own agent (issue 15): search_web, search_youtube and
// get_history over core's ResearchPort. Web search uses the browser's default engine
// (chrome.search into a new background tab, whose results page is then read like any
// other) unless the person set a search address in Options; video search opens the video
// address (YouTube's results by default); history is there only once the person opted in.

const LOAD_MS = 15_000;
const MAX_HTML = 1_500_000;

/** Waits until a tab has finished loading a page other than the blank one it opened on. */
function loaded(tabId: number, signal?: AbortSignal): Promise<chrome.tabs.Tab> {
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, tab?: chrome.tabs.Tab) => {
      clearTimeout(timer);
      chrome.tabs.onUpdated.removeListener(listen);
      signal?.removeEventListener('abort', aborted);
      if (error) reject(error);
      else if (tab) resolve(tab);
    };
    const listen = (id: number, change: { status?: string }, tab: chrome.tabs.Tab) => {
      if (id === tabId && change.status === 'complete' && tab.url && tab.url !== 'about:blank') done(null, tab);
    };
    const aborted = () => done(new Error('The search was stopped.'));
    const timer = setTimeout(
      () => done(new Error('The search engine did not answer in time; try again, or set a search address in Options.')),
      LOAD_MS,
    );
    chrome.tabs.onUpdated.addListener(listen);
    signal?.addEventListener('abort', aborted, { once: true });
  });
}

/** A search with the browser's default engine: its results page in a background tab, read, closed. */
async function defaultEngineSearch(registry: TabRegistry, query: string, signal?: AbortSignal): Promise<SearchResult[]> {
  signal?.throwIfAborted();
  if (!(await hasPermission('search')))
    throw new Error(
      `${missingPermission('search', 'Searching the web with the browser’s default search engine')} Or set a web search address in Options › Research.`,
    );
  const tab = await chrome.tabs.create({ url: 'about:blank', active: false });
  const tabId = tab.id;
  if (tabId === undefined) throw new Error('Could not open a tab to search in.');
  await registry.markOpenedHere(tabId);
  // While a task runs, new tabs load nothing until let through (tasks/network-rules.ts): this one is ours.
  await allowTabWhileGuarded(tabId);
  try {
    const ready = loaded(tabId, signal);
    await chrome.search.query({ text: query, tabId });
    const page = await ready;
    const [frame] = await chrome.scripting.executeScript({
      target: { tabId },
      func: (max: number) => document.body.outerHTML.slice(0, max),
      args: [MAX_HTML],
    });
    const html: unknown = frame?.result;
    return readSearchResults(typeof html === 'string' ? html : '', page.url ?? '');
  } finally {
    await chrome.tabs.remove(tabId).catch(() => undefined);
  }
}

/**
 * The research a task of this browser's agent gets, as the person set it when it is asked.
 * Searches open their background tabs in one browser for the worker's life (each
 * ExtensionBrowser listens to chrome.tabs), made on first use.
 */
export function extensionResearch(registry: TabRegistry): () => Promise<ResearchPort> {
  let searchBrowser: ExtensionBrowser | null = null;
  return async () => {
    const settings = await loadResearchSettings();
    const browser = (searchBrowser ??= new ExtensionBrowser(
      { tabs: chrome.tabs, debugger: chrome.debugger },
      { registry, allowTab: allowTabWhileGuarded },
    ));
    const pages = browserSearch(browser, {
      ...(settings.searchUrl ? { searchUrl: settings.searchUrl } : {}),
      videoUrl: settings.videoUrl || DEFAULT_VIDEO_URL,
    });
    return {
      searchWeb: pages.searchWeb ?? ((query: string, signal?: AbortSignal) => defaultEngineSearch(registry, query, signal)),
      ...(pages.searchVideos ? { searchVideos: pages.searchVideos } : {}),
      ...(settings.historyOptIn ? { history: (days: number, limit: number) => recentHistory(days, limit) } : {}),
    };
  };
}
