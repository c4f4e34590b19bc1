import { browserSearch, SitePermissions, siteOf, type Discovery, type FeedPage, type Interest, type Reaction } from '@wayfinder/core';
import type { ResearchRunResult } from '@wayfinder/bridge';
import { loadConfig } from '../config';
import type { Env } from '../io';
import { openHostStore } from '../store';
import { asPublicWatch, ResearchStore, type StoredWatch } from '../store/research';
import { openResearchBrowser, researchGuard, type DeviceSource } from './browser';
import { ResearchSetupError, researchSettings, runSearchUrl, summariserSlot } from './config';
import { researchRun } from './run';
import { checkWatch } from './watch';

// Research for every front end — the CLI commands, the hub's calls from browsers, the feed
// page and serve's schedule: each call opens the store, does its work and closes it, and
// reads the config afresh (an edit applies to the next call). Whatever changes the feed
// reports the new unread count through `onChanged` (serve tells every browser).

export interface ServiceOptions {
  /** A connected browser to read in, when there is one. */
  devices?: DeviceSource | null;
  /** The feed changed (a run, a watch firing, a reaction): the unread count now. */
  onChanged?: (unread: number) => void;
  log?: (line: string) => void;
  /** Launch the fallback Chromium headless (default). */
  headless?: boolean;
}

export class ResearchService {
  private running: Promise<ResearchRunResult> | null = null;

  constructor(
    private readonly env: Env,
    private readonly options: ServiceOptions = {},
  ) {}

  private use<T>(work: (store: ResearchStore) => T): T {
    const store = openHostStore(this.env);
    try {
      return work(new ResearchStore(store.db));
    } finally {
      store.close();
    }
  }

  private changed(): void {
    if (this.options.onChanged) this.options.onChanged(this.use((s) => s.unread()));
  }

  listInterests(): Interest[] {
    return this.use((s) => s.listInterests());
  }

  addInterest(topic: string): { interest: Interest; added: boolean } {
    return this.use((s) => s.addInterest(topic));
  }

  removeInterest(idOrTopic: string): boolean {
    return this.use((s) => s.removeInterest(idOrTopic));
  }

  feed(state: 'new' | 'archived', offset: number, limit: number): FeedPage {
    return this.use((s) => s.feed(state, offset, limit));
  }

  react(id: string, reaction: Reaction): { discovery: Discovery; unread: number } | null {
    const done = this.use((s) => s.react(id, reaction));
    if (done) this.options.onChanged?.(done.unread);
    return done;
  }

  listWatches(): StoredWatch[] {
    return this.use((s) => s.listWatches());
  }

  addWatch(url: string, label: string): StoredWatch {
    const config = loadConfig(this.env);
    const site = siteOf(url);
    if (!site) throw new ResearchSetupError(`${url} is not a web address; give one starting with http:// or https://.`);
    if (new SitePermissions(config.sites).decide(site).decision === 'block')
      throw new ResearchSetupError(`${site} is blocked in your site rules, so it cannot be watched; change the rule first.`);
    const every = researchSettings(this.env).watchEveryMinutes;
    return this.use((s) => s.addWatch(url, label, every));
  }

  removeWatch(id: string): boolean {
    return this.use((s) => s.removeWatch(id));
  }

  /** One run at a time: a second ask while one runs gets the same run's outcome. */
  run(interest?: string, signal: AbortSignal = new AbortController().signal): Promise<ResearchRunResult> {
    this.running ??= this.runOnce(interest, signal).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async runOnce(wanted: string | undefined, signal: AbortSignal): Promise<ResearchRunResult> {
    const config = loadConfig(this.env);
    const settings = researchSettings(this.env);
    const summariser = summariserSlot(this.env);
    const all = this.listInterests();
    if (!all.length)
      throw new ResearchSetupError('There are no interests to research yet: add one with wayfinder interests add "<topic>".');
    let interests = all;
    if (wanted) {
      const found = all.find((i) => i.id === wanted || i.topic.toLowerCase() === wanted.trim().toLowerCase());
      if (!found) throw new ResearchSetupError(`There is no interest "${wanted}"; yours: ${all.map((i) => i.topic).join(', ')}.`);
      interests = [found];
    }
    const sites = new SitePermissions(config.sites);
    const searchUrl = runSearchUrl(settings);
    const searchSites = new Set(
      [siteOf(searchUrl.replace('%s', 'x')), settings.videoUrl ? siteOf(settings.videoUrl.replace('%s', 'x')) : ''].filter(Boolean),
    );
    const opened = await openResearchBrowser(
      this.options.devices ?? null,
      researchGuard(sites, searchSites),
      this.options.headless ?? true,
    );
    this.options.log?.(`research: reading in ${opened.where}`);
    const store = openHostStore(this.env);
    try {
      const outcome = await researchRun(interests, {
        browser: opened.browser,
        search: browserSearch(opened.browser, { searchUrl, ...(settings.videoUrl ? { videoUrl: settings.videoUrl } : {}) }),
        summariser,
        store: new ResearchStore(store.db),
        sites,
        limits: { pagesPerRun: settings.pagesPerRun, pagesPerSite: settings.pagesPerSite, siteGapMs: settings.siteGapMs },
        signal,
        ...(this.options.log ? { log: this.options.log } : {}),
      });
      return { discoveries: outcome.discoveries, visited: outcome.visited, skipped: outcome.skipped };
    } finally {
      store.close();
      await opened.close().catch(() => undefined);
      this.changed();
    }
  }

  /** Checks watches (`all`: every one; else those due); returns what each found. */
  async checkWatches(all: boolean): Promise<{ watch: StoredWatch; value: string | null; change: Discovery | null; error?: string }[]> {
    const watches = this.use((s) => (all ? s.listWatches() : s.dueWatches()));
    if (!watches.length) return [];
    const config = loadConfig(this.env);
    const sites = new SitePermissions(config.sites);
    const watched = new Set(watches.map((w) => siteOf(w.url)));
    const opened = await openResearchBrowser(this.options.devices ?? null, researchGuard(sites, watched), this.options.headless ?? true);
    const store = openHostStore(this.env);
    const results: { watch: StoredWatch; value: string | null; change: Discovery | null; error?: string }[] = [];
    try {
      const research = new ResearchStore(store.db);
      for (const watch of watches) {
        try {
          const { value, change } = await checkWatch(opened.browser, research, watch);
          results.push({ watch, value, change });
        } catch (error) {
          results.push({ watch, value: null, change: null, error: error instanceof Error ? error.message : String(error) });
        }
      }
    } finally {
      store.close();
      await opened.close().catch(() => undefined);
    }
    if (results.some((r) => r.change)) this.changed();
    return results;
  }
}

export { asPublicWatch };
