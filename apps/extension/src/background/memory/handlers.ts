import { searchWords } from '@wayfinder/core';
import type { ParsedRequest } from '../../lib/messages';
import { loadSettings } from '../../lib/settings';
import type { Handlers } from '../router';
import type { MemoryService } from './service';
import { captureVerdict, rememberTab } from './capture';
import { exportMemory, importMemory } from './transfer';

// The answers to the memory.* and facts.* requests (the Memory page, Options, the panel).

type MemoryType = Extract<ParsedRequest['type'], `memory.${string}` | `facts.${string}`>;

export interface MemoryParts {
  memory: () => Promise<MemoryService>;
  /** The tab "Remember this page" means: the one the person is looking at. */
  activeTab: () => Promise<chrome.tabs.Tab | null>;
}

/** For a router made without memory (tests of other parts). */
export const UNAVAILABLE_MEMORY: MemoryParts = {
  memory: () => Promise.reject(new Error('Memory is not available here; reload the extension (chrome://extensions).')),
  activeTab: () => Promise.resolve(null),
};

export function memoryHandlers({ memory, activeTab }: MemoryParts): Handlers<MemoryType> {
  return {
    // `terms`: the words the search looked for (core's search words), for marking them in snippets.
    'memory.search': async (r) => ({ results: await (await memory()).search(r.query, r.k), terms: searchWords(r.query) }),
    'memory.list': async () => {
      const service = await memory();
      return { documents: await service.list(), stats: await service.stats() };
    },
    'memory.forget': async (r) => ({
      removed: await (
        await memory()
      ).forget({
        ...(r.ids ? { ids: r.ids } : {}),
        ...(r.site !== undefined ? { site: r.site } : {}),
        ...(r.all ? { all: r.all } : {}),
      }),
    }),
    'memory.export': async () => exportMemory(await memory()),
    'memory.import': async (r) => importMemory(await memory(), r.json),
    'memory.rememberPage': async () => {
      const tab = await activeTab();
      if (!tab?.url) throw new Error('There is no page open to remember; open the page first.');
      const verdict = captureVerdict(tab.url, tab.incognito, (await loadSettings()).memory, true);
      if (!verdict.ok) throw new Error(verdict.reason);
      const service = await memory();
      const outcome = await rememberTab(service, tab);
      if (!outcome.doc) throw new Error('This page has no text to remember.');
      const chunks = outcome.stored ? outcome.chunks : await service.store.chunkCount(outcome.doc.id);
      return { outcome: outcome.stored ? 'stored' : 'unchanged', title: outcome.doc.title, url: outcome.doc.url, chunks };
    },
    'memory.addFile': async (r) => {
      const service = await memory();
      const outcome = await service.ingest({ kind: 'file', url: `file:${r.name}`, title: r.name, text: r.text, site: '' });
      if (!outcome.doc) throw new Error(`${r.name} has no text to keep.`);
      const chunks = outcome.stored ? outcome.chunks : await service.store.chunkCount(outcome.doc.id);
      return { outcome: outcome.stored ? 'stored' : 'unchanged', docId: outcome.doc.id, chunks };
    },
    'memory.status': async () => (await memory()).stats(),
    'memory.reindex': async () => ({ reindex: await (await memory()).retryReindex() }),
    'facts.list': async () => ({ facts: await (await memory()).store.listFacts() }),
    'facts.add': async (r) => ({ fact: await (await memory()).store.addFact(r.text) }),
    'facts.remove': async (r) => ({ removed: await (await memory()).store.removeFact(r.id) }),
  };
}
