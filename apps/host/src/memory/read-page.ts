import { pathToFileURL } from 'node:url';
import type { IngestInput, PageContent, RequestGuard } from '@wayfinder/core';
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

function pageMetadata(content: PageContent): Record<string, string> {
  const m = content.metadata;
  const metadata: Record<string, string> = {};
  const keep = (key: string, value: string) => {
    if (value.trim()) metadata[key] = value.trim();
  };
  keep('description', m.description);
  keep('author', m.author);
  keep('published', m.published);
  keep('siteName', m.siteName);
  keep('lang', m.lang);
  keep('emails', content.contacts.emails.join(', '));
  keep('phones', content.contacts.phones.join(', '));
  return metadata;
}

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
    const title = content.metadata.title || (await tab.info()).title;
    return { kind: 'page', url: content.url, title, text: content.content, metadata: pageMetadata(content) };
  }

  /** An HTML file, read offline. */
  async htmlFile(path: string, name: string): Promise<IngestInput> {
    const { browser, tab } = await this.tab();
    await browser.setRequestGuard(LOCAL_ONLY);
    await tab.navigate(pathToFileURL(path).href);
    const content = await tab.extract({ maxChars: MAX_PAGE_CHARS });
    if (!content.content.trim()) throw new SourceError(`${name} has no text to keep.`);
    return {
      kind: 'file',
      url: `file:${name}`,
      title: content.metadata.title || name,
      text: content.content,
      metadata: { type: 'html', ...pageMetadata(content) },
      site: '',
    };
  }

  async close(): Promise<void> {
    await this.opened?.close().catch(() => undefined);
    this.opened = null;
  }
}
