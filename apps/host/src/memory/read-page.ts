import { pathToFileURL } from 'node:url';
import { pageIngestInput, type IngestInput, type RequestGuard } from '@wayfinder/core';
import { openBrowser, type OpenBrowser } from '../browser';
import { SourceError } from './source-error';

// Pages (and HTML files) are read the way the agent reads them: opened in the browser and
// put through the page script's extract(), which keeps the readable text, the metadata and
// contacts that sit only in mailto:/tel: links. The browser starts on the first page asked
// for and serves the rest.

/** A page's text beyond this is not kept (a long article is a few tens of thousands). */
const MAX_PAGE_CHARS = 500_000;

// A saved HTML file is read offline: it may not call home (trackers, scripts) when opened.
const LOCAL_ONLY: RequestGuard = (request) =>
  /^(?:file|data|about|blob):/i.test(request.url)
    ? { allow: true }
    : { allow: false, reason: 'HTML files are read offline; nothing is fetched from the web for them.' };

export class PageReader {
  private opened: OpenBrowser | null = null;

  private async tab() {
    this.opened ??= await openBrowser({});
    return this.opened;
  }

  /** A web page at `url`. */
  async page(url: string): Promise<IngestInput> {
    const { browser, tab } = await this.tab();
    await browser.setRequestGuard(null);
    await tab.navigate(url);
    const content = await tab.extract({ maxChars: MAX_PAGE_CHARS });
    if (!content.content.trim()) throw new SourceError(`${url} has no text to keep.`);
    return pageIngestInput(content, content.metadata.title || (await tab.info()).title);
  }

  /** An HTML file, read offline. */
  async htmlFile(path: string, name: string): Promise<IngestInput> {
    const { browser, tab } = await this.tab();
    await browser.setRequestGuard(LOCAL_ONLY);
    await tab.navigate(pathToFileURL(path).href);
    const content = await tab.extract({ maxChars: MAX_PAGE_CHARS });
    if (!content.content.trim()) throw new SourceError(`${name} has no text to keep.`);
    const page = pageIngestInput(content, content.metadata.title || name);
    return { ...page, kind: 'file', url: pathToFileURL(path).href, metadata: { type: 'html', ...page.metadata }, site: '' };
  }

  async close(): Promise<void> {
    await this.opened?.close().catch(() => undefined);
    this.opened = null;
  }
}
