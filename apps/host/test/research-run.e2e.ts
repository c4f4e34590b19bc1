import { join } from 'node:path';
import { NodeBrowser } from '@wayfinder/cdp/node';
import { browserSearch, Redaction, roleOf, siteOf, SitePermissions, type Browser, type PageRequest } from '@wayfinder/core';
import { ARTICLES, startGym, VIDEOS, type Gym } from '@wayfinder/gym';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveModels } from '../src/models';
import { researchGuard } from '../src/research/browser';
import { researchRun } from '../src/research/run';
import { ResearchService } from '../src/research/service';
import { openDatabase } from '../src/store/db';
import { ResearchStore } from '../src/store/research';
import { researchKit, type ResearchKit } from './research-kit';

// A research run over the gym, in a real Chromium, kept in a real SQLite file, with each
// page summarised by a model server that speaks the OpenAI wire format: the expected
// discoveries (each interest's articles and video, the syndicated copy and the tracking
// link recognised as the same story), nothing opened outside the allowed site, every summary
// from a call with no tools; then reactions re-weighting the interests, and a watch firing
// when the product's price changes.

let gym: Gym;
let kit: ResearchKit;
let chromium: NodeBrowser;

beforeAll(async () => {
  gym = await startGym();
  kit = await researchKit(gym);
  chromium = await NodeBrowser.launch();
});

afterAll(async () => {
  await chromium.close();
  await kit.close();
  await gym.close();
});

/** The browser as research sees it, noting every tab it opens and every page load its tabs ask for. */
function recording(browser: NodeBrowser, opened: string[]): Browser {
  return {
    tabs: () => browser.tabs(),
    activeTab: () => browser.activeTab(),
    openTab: (url, options) => {
      if (url) opened.push(url);
      return browser.openTab(url, options);
    },
    switchTab: (id) => browser.switchTab(id),
    closeTab: (id) => browser.closeTab(id),
    setDialogPolicy: (policy) => browser.setDialogPolicy(policy),
    setRequestGuard: (guard) => browser.setRequestGuard(guard),
  };
}

describe('a research run over the gym', () => {
  it('finds the expected discoveries, once each, only on allowed sites, each summary from a tool-less call', async () => {
    const db = openDatabase(join(kit.home, 'wayfinder.db'));
    const store = new ResearchStore(db, new Redaction());
    store.addInterest('trail running');
    store.addInterest('ultralight tents');
    const sites = new SitePermissions([
      { site: '127.0.0.1', decision: 'allow' },
      { site: 'tracker.test', decision: 'block' },
    ]);
    const opened: string[] = [];
    const loads: PageRequest[] = [];
    const guard = researchGuard(sites, new Set());
    await chromium.setRequestGuard((request) => {
      const verdict = guard(request);
      if (request.navigation && request.topFrame && verdict.allow) loads.push(request);
      return verdict;
    });
    const browser = recording(chromium, opened);
    const progress: string[] = [];
    const outcome = await researchRun(store.listInterests(), {
      browser,
      search: browserSearch(browser, { searchUrl: `${gym.url}/search?q=%s`, videoUrl: `${gym.url}/videos/results?search_query=%s` }),
      summariser: roleOf(resolveModels(undefined, kit.env), 'summariser'),
      store,
      sites,
      limits: { pagesPerRun: 12, pagesPerSite: 10, siteGapMs: 0 },
      signal: new AbortController().signal,
      progress: (now) => progress.push(now),
    });
    // What the person's status line said as it went: each search, each page read and summarised.
    expect(progress.filter((p) => p.startsWith('Searching'))).toEqual([
      'Searching for "trail running"…',
      'Searching for "ultralight tents"…',
    ]);
    expect(progress.filter((p) => p.startsWith('Reading'))).toHaveLength(outcome.visited);
    expect(progress).toContain('Reading and summarising page 1 of at most 12 (127.0.0.1, for "trail running")…');

    const feed = store.feed('new', 0, 50);
    const byTitle = (title: string) => feed.items.filter((d) => d.title === title);
    const expected = [
      [ARTICLES[0]?.title, 'trail running', 'article'],
      [ARTICLES[1]?.title, 'trail running', 'article'],
      [VIDEOS[0]?.title, 'trail running', 'video'],
      [ARTICLES[2]?.title, 'ultralight tents', 'article'],
      [ARTICLES[3]?.title, 'ultralight tents', 'article'],
      [VIDEOS[1]?.title, 'ultralight tents', 'video'],
    ];
    expect(feed.items.map((d) => d.title).sort()).toEqual(expected.map(([t]) => t).sort());
    for (const [title, interest, kind] of expected) {
      const [found] = byTitle(title ?? '');
      expect(found, title).toMatchObject({ interest, kind, state: 'new', site: '127.0.0.1' });
      // The page's own picture (og:image), and a summary written from the page by the summariser.
      expect(found?.image).toMatch(new RegExp(`^${gym.url}/research/img/[a-z0-9-]+\\.svg$`));
      expect(found?.summary).toBe(`Summary: ${title ?? ''} — what the page says, in brief.`);
      expect(found?.why).toContain(`Found searching "${interest ?? ''}"`);
    }
    // The syndicated copy (another address, the same text) and the tracking link are not new.
    expect(feed.items.some((d) => d.url.includes('/wire/') || d.url.includes('utm_'))).toBe(false);
    expect(outcome).toMatchObject({ discoveries: 6, visited: 7, duplicates: 1 });
    expect(outcome.skipped.sort()).toEqual(['localhost (ask)', 'tracker.test (blocked)']);

    // Nothing outside the allowed site was opened or loaded.
    expect(opened.length).toBeGreaterThan(0);
    for (const url of opened) expect(siteOf(url), url).toBe('127.0.0.1');
    for (const load of loads) expect(siteOf(load.url), load.url).toBe('127.0.0.1');

    // Every page read went to the summariser in a call with no tools and only the page.
    const summaries = kit.summaryRequests();
    expect(summaries).toHaveLength(outcome.visited);
    for (const body of summaries) {
      expect(body.tools ?? []).toEqual([]);
      expect(body.tool_choice).toBeUndefined();
      expect(JSON.stringify(body.messages)).not.toContain('trail running, ultralight tents');
    }
    await chromium.setRequestGuard(null);
    db.close();
  });

  it('reactions re-weight interests, archive the discovery, and a second run finds nothing already seen', async () => {
    const service = new ResearchService(kit.env);
    const page = service.feed('new', 0, 50);
    const trail = page.items.find((d) => d.interest === 'trail running');
    const tents = page.items.find((d) => d.interest === 'ultralight tents');
    if (!trail || !tents) throw new Error('the first run left no discoveries');
    const liked = service.react(trail.id, 'up');
    expect(liked?.discovery).toMatchObject({ state: 'archived', reaction: 'up' });
    expect(liked?.unread).toBe(page.unread - 1);
    service.react(tents.id, 'down');
    const weights = Object.fromEntries(service.listInterests().map((i) => [i.topic, i.weight]));
    expect(weights).toEqual({ 'trail running': 1.25, 'ultralight tents': 0.8 });
    // Changing one's mind replaces the reaction: it does not count twice.
    service.react(trail.id, 'down');
    expect(service.listInterests().find((i) => i.topic === 'trail running')?.weight).toBe(0.8);
    expect(
      service
        .feed('archived', 0, 10)
        .items.map((d) => d.id)
        .sort(),
    ).toEqual([trail.id, tents.id].sort());

    const again = await service.run();
    expect(again.discoveries).toBe(0);
    expect(service.feed('new', 0, 50).total + service.feed('archived', 0, 50).total).toBe(6);
  });
});

describe('limits', () => {
  it('a run reads no more than pagesPerSite pages of one site, and no more than pagesPerRun in all', async () => {
    for (const [limits, expected] of [
      [{ pagesPerRun: 12, pagesPerSite: 2, siteGapMs: 0 }, 2],
      [{ pagesPerRun: 3, pagesPerSite: 10, siteGapMs: 0 }, 3],
    ] as const) {
      const db = openDatabase(':memory:');
      const store = new ResearchStore(db, new Redaction());
      store.addInterest('trail running');
      store.addInterest('ultralight tents');
      const before = kit.summaryRequests().length;
      const outcome = await researchRun(store.listInterests(), {
        browser: chromium,
        search: browserSearch(chromium, { searchUrl: `${gym.url}/search?q=%s`, videoUrl: `${gym.url}/videos/results?search_query=%s` }),
        summariser: roleOf(resolveModels(undefined, kit.env), 'summariser'),
        store,
        sites: new SitePermissions([{ site: '127.0.0.1', decision: 'allow' }]),
        limits,
        signal: new AbortController().signal,
      });
      expect(outcome.visited).toBe(expected);
      expect(kit.summaryRequests().length - before).toBe(expected);
      db.close();
    }
  });
});

describe('a watch', () => {
  it('finds the price on the first visit, and a price change becomes a discovery "Label: old → new"', async () => {
    const service = new ResearchService(kit.env);
    const url = `${gym.url}/store/p/trail-tent-2p`;
    const watch = service.addWatch(url, 'Trail Tent 2P price');
    const [first] = await service.checkWatches(true);
    expect(first).toMatchObject({ value: '$149.99', change: null });
    expect((await service.checkWatches(true))[0]).toMatchObject({ value: '$149.99', change: null });

    const set = await fetch(`${gym.url}/store/api/price`, { method: 'POST', body: JSON.stringify({ price: 129.99 }) });
    expect(set.ok).toBe(true);
    const [checked] = await service.checkWatches(true);
    expect(checked?.change).toMatchObject({ kind: 'change', title: 'Trail Tent 2P price: $149.99 → $129.99', url, state: 'new' });
    expect(service.listWatches().find((w) => w.id === watch.id)?.value).toBe('$129.99');
    expect(service.feed('new', 0, 50).items[0]?.title).toBe('Trail Tent 2P price: $149.99 → $129.99');
  });

  it('on a page that declares no JSON-LD, finds the value nearest the label and follows it', async () => {
    const service = new ResearchService(kit.env);
    await fetch(`${gym.url}/store/api/price`, { method: 'POST', body: JSON.stringify({ price: 149.99 }) });
    const url = `${gym.url}/store/p/trail-tent-2p?plain=1`;
    const watch = service.addWatch(url, 'Trail Tent 2P');
    expect((await service.checkWatches(true)).find((r) => r.watch.id === watch.id)?.value).toBe('$149.99');
    await fetch(`${gym.url}/store/api/price`, { method: 'POST', body: JSON.stringify({ price: 99.5 }) });
    const checked = (await service.checkWatches(true)).find((r) => r.watch.id === watch.id);
    // The other product's price ($39.00) on the page is not the one watched.
    expect(checked?.change?.title).toBe('Trail Tent 2P: $149.99 → $99.50');
  });

  it('added with the value the person picked: a drop before the first check is a change; the same amount written another way is not', async () => {
    const service = new ResearchService(kit.env);
    await fetch(`${gym.url}/store/api/price`, { method: 'POST', body: JSON.stringify({ price: 149.99 }) });
    const url = `${gym.url}/store/p/trail-tent-2p`;
    // Picked at $159.99; the price fell before the host first looked.
    const dropped = service.addWatch(url, 'Trail Tent 2P price', '$159.99');
    // Picked as the page shows it ("149.99 USD"); the host reads "$149.99": the same amount.
    const same = service.addWatch(`${url}?plain=1`, 'Trail Tent 2P price', 'Price: 149.99 USD');
    const results = await service.checkWatches(true);
    expect(results.find((r) => r.watch.id === dropped.id)?.change?.title).toBe('Trail Tent 2P price: $159.99 → $149.99');
    expect(results.find((r) => r.watch.id === same.id)).toMatchObject({ value: '$149.99', change: null });
    expect(service.listWatches().find((w) => w.id === same.id)?.value).toBe('$149.99');
  });
});
