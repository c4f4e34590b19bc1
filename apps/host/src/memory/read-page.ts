import { pathToFileURL } from 'node:url';
import {
  normalizeAddress,
  pageIngestInput,
  SitePermissions,
  siteOf,
  withRequestGuard,
  type IngestInput,
  type RequestGuard,
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

// A saved HTML file is read offline: it may not call home (trackers, scripts) when opened.
const LOCAL_ONLY: RequestGuard = (request) =>
  /^(?:file|data|about|blob):/i.test(request.url)
    ? { allow: true }
    : { allow: false, reason: 'HTML files are read offline; nothing is fetched from the web for them.' };

/** A navigation of the page's tab the guard refused: the site, and whether the rules would have asked (rather than blocked). */
interface Stopped {
  site: string;
  asked: boolean;
}

export class PageReader {
  private opened: OpenBrowser | null = null;

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

  /** An HTML file, read offline. */
  async htmlFile(path: string, name: string): Promise<IngestInput> {
    const { browser, tab } = await this.tab();
    return withRequestGuard(browser, LOCAL_ONLY, async () => {
      await tab.navigate(pathToFileURL(path).href);
      const content = await tab.extract({ maxChars: MAX_PAGE_CHARS });
      if (!content.content.trim()) throw new SourceError(`${name} has no text to keep.`);
      const page = pageIngestInput(content, content.metadata.title || name);
      const input: IngestInput = {
        ...page,
        kind: 'file',
        url: pathToFileURL(path).href,
        metadata: { type: 'html', ...page.metadata },
        site: '',
      };
      return content.truncated ? { ...input, cut: { kept: content.content.length, of: null } } : input;
    });
  }

  async close(): Promise<void> {
    await this.opened?.close().catch(() => undefined);
    this.opened = null;
  }
}
