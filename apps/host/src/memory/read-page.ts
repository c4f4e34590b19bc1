import { pathToFileURL } from 'node:url';
import {
  normalizeAddress,
  pageIngestInput,
  SitePermissions,
  siteOf,
  withRequestGuard,
  type Browser,
  type IngestInput,
  type RequestGuard,
  type Tab,
} from '@wayfinder/core';
import type { OpenBrowser } from '../browser';
import type { Runtime } from '../runtime';
import { SourceError } from './source-error';

// Pages (and HTML files) are read the way the agent reads them: opened in the browser and
// put through the page script's extract(), which keeps the readable text, the metadata and
// contacts that sit only in mailto:/tel: links. The browser starts on the first page asked
// for and serves the rest.
//
// Every page loads under the person's site rules, as `wayfinder run --url` does: the page
// named is theirs to choose (a blocked one is refused before anything is fetched); where it
// goes then — redirects, frames, subresources — is judged by the policy, and nobody is
// asked here, so what it would ask about is a no that says how to allow it. Each page has
// its own policy, begun at it, in place for its load only (withRequestGuard).

/** A page's text beyond this is not kept (a long article is a few tens of thousands). */
const MAX_PAGE_CHARS = 500_000;

// A saved HTML file is read offline: it may not call home (trackers, scripts) when opened,
// and of its own folder's files only what shapes its text loads (htmlFiles).
const OFFLINE: RequestGuard = (request) => {
  if (!/^(?:file|data|about|blob):/i.test(request.url))
    return { allow: false, reason: 'HTML files are read offline; nothing is fetched from the web for them.' };
  if (!['Document', 'Stylesheet'].includes(request.resourceType))
    return { allow: false, reason: 'Only the text of an HTML file is read: its pictures, fonts and scripts are not loaded.' };
  return { allow: true };
};

/** Tabs reading saved HTML files at once: past three, two cores only queue. */
const OFFLINE_READERS = 3;

/** One saved HTML file, in a tab of the offline reading (htmlFiles). */
async function readHtml(tab: Tab, path: string, name: string): Promise<IngestInput> {
  const url = pathToFileURL(path).href;
  await tab.navigate(url, { settle: 'loaded' });
  const content = await tab.extract({ maxChars: MAX_PAGE_CHARS });
  if (!content.content.trim()) throw new SourceError(`${name} has no text to keep.`);
  const page = pageIngestInput(content, content.metadata.title || name);
  const input: IngestInput = { ...page, kind: 'file', url, metadata: { type: 'html', ...page.metadata }, site: '' };
  return content.truncated ? { ...input, cut: { kept: content.content.length, of: null } } : input;
}

/** A navigation of the page's tab the guard refused: the site, and whether the rules would have asked (rather than blocked). */
interface Stopped {
  site: string;
  asked: boolean;
}

export class PageReader {
  private opened: OpenBrowser | null = null;
  private closing = false;

  constructor(private readonly runtime: Runtime) {}

  private async tab() {
    // Between pages, a policy begun nowhere with nobody to ask: no page loads that the rules do not allow.
    this.opened ??= await this.runtime.launchBrowser({}, { policy: this.runtime.policy(), ask: () => Promise.resolve('deny') });
    return this.opened;
  }

  /** Why the page was not kept, in the person's words, with what to change to keep it. */
  private refusal(url: string, stopped: Stopped, first: boolean): SourceError {
    const config = this.runtime.config.path;
    const went = first ? `${url}: ${stopped.site}` : `${url} went on to ${stopped.site}, which`;
    if (!stopped.asked) return new SourceError(`${went} is blocked in your site rules, so nothing was fetched or kept.`);
    return new SourceError(
      `${went} your site rules ask about, and nobody can answer here, so it was not read and nothing was kept. To keep it, allow the site in ${config}: "sites": {"${stopped.site}": "allow"}.`,
    );
  }

  /** A web page at `url`. */
  async page(url: string): Promise<IngestInput> {
    const address = normalizeAddress(url);
    const site = siteOf(address);
    if (new SitePermissions(this.runtime.config.sites).decide(site).decision === 'block')
      throw this.refusal(url, { site, asked: false }, true);
    const { browser, tab } = await this.tab();
    const stopped: Stopped[] = [];
    const asked = new Set<string>();
    const policy = this.runtime.policy();
    const guard = this.runtime.guard({
      policy,
      start: address,
      ask: (question) => {
        if (question.site) asked.add(question.site);
        return Promise.resolve('deny');
      },
    });
    const judged: RequestGuard = async (request) => {
      const verdict = await guard(request);
      if (!verdict.allow && request.navigation && request.topFrame) {
        const where = siteOf(request.url);
        stopped.push({ site: where, asked: asked.has(where) });
      }
      return verdict;
    };
    return withRequestGuard(browser, judged, async () => {
      try {
        await tab.navigate(address);
      } catch (error) {
        // A refused redirect fails the navigation: say why, in the person's words.
        const first = stopped[0];
        throw first ? this.refusal(url, first, false) : error;
      }
      const first = stopped[0];
      if (first) throw this.refusal(url, first, false);
      const content = await tab.extract({ maxChars: MAX_PAGE_CHARS });
      if (!content.content.trim()) throw new SourceError(`${url} has no text to keep.`);
      const input = pageIngestInput(content, content.metadata.title || (await tab.info()).title);
      return content.truncated ? { ...input, cut: { kept: content.content.length, of: null } } : input;
    });
  }

  /**
   * Saved HTML files, read offline, a few at a time: one promise per path, in the order
   * given, and `done` once every read has ended and the browser's guard is back. Each file
   * opens in a tab of its own where the page's scripts never run and nothing but its own
   * folder's documents and stylesheets loads (what the text looks like needs the styles, not
   * the pictures, fonts or trackers), so a file costs its parse and layout, not seconds of a
   * framework starting: no web request is made for any of them.
   */
  htmlFiles(files: { path: string; name: string }[]): { read: Promise<IngestInput>[]; done: Promise<void> } {
    const slots = files.map(() => {
      let settle!: { resolve: (input: IngestInput) => void; reject: (error: unknown) => void };
      const read = new Promise<IngestInput>((resolve, reject) => (settle = { resolve, reject }));
      read.catch(() => undefined); // a read the caller stopped waiting for (Ctrl+C) fails quietly
      return { read, settle };
    });
    let next = 0;
    const worker = async (browser: Browser) => {
      let tab: Tab | null = null;
      try {
        for (let i = next++; i < files.length; i = next++) {
          const file = files[i];
          const slot = slots[i];
          if (!file || !slot) continue;
          try {
            if (this.closing) throw new SourceError(`${file.name} was not read: reading stopped.`);
            tab ??= await browser.openTab(undefined, { background: true, pageScripts: false });
            slot.settle.resolve(await readHtml(tab, file.path, file.name));
          } catch (error) {
            slot.settle.reject(error);
          }
        }
      } finally {
        if (tab && !this.closing) await browser.closeTab(tab.id).catch(() => undefined);
      }
    };
    const done = (async () => {
      let browser: Browser;
      try {
        ({ browser } = await this.tab());
      } catch (error) {
        for (const slot of slots) slot.settle.reject(error);
        return;
      }
      const readers = Math.min(OFFLINE_READERS, files.length);
      await withRequestGuard(browser, OFFLINE, () => Promise.all(Array.from({ length: readers }, () => worker(browser)))).catch(
        (error: unknown) => {
          for (const slot of slots) slot.settle.reject(error);
        },
      );
    })();
    return { read: slots.map((s) => s.read), done };
  }

  async close(): Promise<void> {
    this.closing = true;
    await this.opened?.close().catch(() => undefined);
    this.opened = null;
  }
}
