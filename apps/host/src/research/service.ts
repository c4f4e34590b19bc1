import { browserSearch, SitePermissions, siteOf, type Discovery, type FeedPage, type Interest, type Reaction } from '@wayfinder/core';
import type { ResearchRunResult } from '@wayfinder/bridge';
import type { Env } from '../io';
import { openRuntime, type Runtime } from '../runtime';
import { openHostStore } from '../store';
import { asPublicWatch, ResearchStore, type StoredWatch } from '../store/research';
import { openResearchBrowser, researchGuard, type DeviceSource } from './browser';
import { researchSettings, ResearchSetupError, runSearchUrl, summariserSlot, type ResearchSettings } from './config';
import { researchRun } from './run';
import { checkWatch } from './watch';

// Research for every front end — the CLI commands, the hub's calls from browsers, the feed
// page and serve's schedule: each call opens the store, does its work and closes it, and
// opens the runtime afresh (runtime.ts: an edit to the config applies to the next call).
// Pages load under the person's site rules (research/browser.ts); what a run keeps and logs
// passes the runtime's one redaction. Whatever changes the feed reports the new unread count
// through `onChanged` (serve tells every browser).

export interface ServiceOptions {
  /** A connected browser to read in, when there is one. */
  devices?: DeviceSource | null;
  /** The feed changed (a run, a watch firing, a reaction): the unread count now. */
  onChanged?: (unread: number) => void;
  log?: (line: string) => void;
  /** What a run is doing now, for a status line (research/run.ts). */
  progress?: (now: string) => void;
  /** Launch the fallback Chromium headless (default). */
  headless?: boolean;
  /** The command, as a config problem names it ("research", "watch check"; default "research"). */
  command?: string;
}

export class ResearchService {
  private running: Promise<ResearchRunResult> | null = null;

  constructor(
    private readonly env: Env,
    private readonly options: ServiceOptions = {},
  ) {}

  private use<T>(work: (store: ResearchStore) => T): T {
    const { redaction } = openRuntime({ env: this.env }, { command: this.options.command ?? 'research' });
    const store = openHostStore(this.env);
    try {
      return work(new ResearchStore(store.db, redaction));
    } finally {
      store.close();
    }
  }

  private runtime(): Runtime & { research: ResearchSettings } {
    return openRuntime({ env: this.env }, { command: this.options.command ?? 'research', research: researchSettings });
  }

  /** A log line, through the one redaction (a page's title or address may carry a secret). */
  private logger(runtime: Runtime): ((line: string) => void) | undefined {
    const log = this.options.log;
    return log ? (line) => log(runtime.redaction.text(line)) : undefined;
  }

  private changed(): void {
    if (this.options.onChanged) this.options.onChanged(this.use((s) => s.unread()));
  }

  listInterests(): Interest[] {
    return this.use((s) => s.listInterests());
  }

  /** When the last finished run started (by hand or on schedule), or null before the first. */
  lastRunAt(): number | null {
    return this.use((s) => s.lastRunAt());
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

  /** `value`: what the person saw when they picked it (the panel's Watch), kept as the starting value. */
  addWatch(url: string, label: string, value?: string): StoredWatch {
    const runtime = this.runtime();
    const site = siteOf(url);
    if (!site) throw new ResearchSetupError(`${url} is not a web address; give one starting with http:// or https://.`);
    if (new SitePermissions(runtime.config.sites).decide(site).decision === 'block')
      throw new ResearchSetupError(`${site} is blocked in your site rules, so it cannot be watched; change the rule first.`);
    const every = runtime.research.watchEveryMinutes;
    return this.use((s) => s.addWatch(url, label, every, value));
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
    const runtime = this.runtime();
    const settings = runtime.research;
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
    const sites = new SitePermissions(runtime.config.sites);
    const searchUrl = runSearchUrl(settings);
    const searchSites = new Set(
      [siteOf(searchUrl.replace('%s', 'x')), settings.videoUrl ? siteOf(settings.videoUrl.replace('%s', 'x')) : ''].filter(Boolean),
    );
    const opened = await openResearchBrowser(
      this.options.devices ?? null,
      researchGuard(sites, searchSites),
      this.options.headless ?? true,
    );
    const log = this.logger(runtime);
    log?.(`research: reading in ${opened.where}`);
    const store = openHostStore(this.env);
    const research = new ResearchStore(store.db, runtime.redaction);
    const startedAt = Date.now();
    try {
      const outcome = await researchRun(interests, {
        browser: opened.browser,
        search: browserSearch(opened.browser, { searchUrl, ...(settings.videoUrl ? { videoUrl: settings.videoUrl } : {}) }),
        summariser,
        store: research,
        sites,
        limits: { pagesPerRun: settings.pagesPerRun, pagesPerSite: settings.pagesPerSite, siteGapMs: settings.siteGapMs },
        signal,
        ...(log ? { log } : {}),
        ...(this.options.progress ? { progress: (now: string) => this.options.progress?.(runtime.redaction.text(now)) } : {}),
      });
      research.recordRun(startedAt, outcome.discoveries, outcome.visited);
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
    const runtime = this.runtime();
    const sites = new SitePermissions(runtime.config.sites);
    const watched = new Set(watches.map((w) => siteOf(w.url)));
    const opened = await openResearchBrowser(this.options.devices ?? null, researchGuard(sites, watched), this.options.headless ?? true);
    const store = openHostStore(this.env);
    const results: { watch: StoredWatch; value: string | null; change: Discovery | null; error?: string }[] = [];
    try {
      const research = new ResearchStore(store.db, runtime.redaction);
      for (const watch of watches) {
        try {
          const { value, change } = await checkWatch(opened.browser, research, watch);
          results.push({ watch, value, change });
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          results.push({ watch, value: null, change: null, error: runtime.redaction.text(message) });
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
