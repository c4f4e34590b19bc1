import type { Browser, PageContent } from './port';

// Reading a page's content for a model: how extracted content is rendered (always inside the
// page fence: callers put it there), and the browse path that reads a page in a background
// tab for a separate, tool-less summariser (the browse tool, research runs).

const MAX_JSON_LD_CHARS = 1500;

/** JSON-LD blocks on one line, capped: structured facts (price, author, dates) a page declares. */
function structuredData(blocks: unknown[]): string {
  if (!blocks.length) return '';
  const text = JSON.stringify(blocks.length === 1 ? blocks[0] : blocks);
  return text.length <= MAX_JSON_LD_CHARS ? text : `${text.slice(0, MAX_JSON_LD_CHARS)}… (cut)`;
}

/**
 * A page's extracted content as the model reads it: the page's own metadata (labelled as
 * such: people never see it, the page declares it), how to reach its people, the text.
 * All of it is page data; callers put it inside the page fence (response.pageText).
 */
export function renderContent(page: PageContent): string {
  const meta = page.metadata;
  const fields: [string, string][] = [
    ['title', meta.title],
    ['site', meta.siteName],
    ['author', meta.author],
    ['published', meta.published],
    ['description', meta.description],
  ];
  const declared = fields.filter(([, value]) => value).map(([name, value]) => `  ${name}: ${value.replace(/\s+/g, ' ')}`);
  const structured = structuredData(page.jsonLd);
  if (structured) declared.push(`  structured data (JSON-LD): ${structured}`);
  const about = declared.length ? [`The page's metadata (declared in its HTML, not shown on the page):`, ...declared].join('\n') : '';
  const contacts = [
    page.contacts.emails.length ? `Emails: ${page.contacts.emails.join(', ')}` : '',
    page.contacts.phones.length ? `Phones: ${page.contacts.phones.join(', ')}` : '',
    page.contacts.social.length ? `Social: ${page.contacts.social.map((s) => `${s.platform} ${s.handle}`).join(', ')}` : '',
  ]
    .filter(Boolean)
    .join('\n');
  return [about, contacts, `The page's text, ${page.wordCount} words${page.truncated ? ' (cut short)' : ''}:`, page.content]
    .filter(Boolean)
    .join('\n\n');
}

/**
 * The browse path, for browse and for research runs: the page opens in a background tab, its
 * content is extracted, and only `summarise` (a separate, tool-less model call) reads it.
 */
export async function readInBackground(
  browser: Browser,
  url: string,
  summarise: (url: string, text: string) => Promise<string>,
): Promise<{ page: PageContent; summary: string }> {
  const tab = await browser.openTab(url, { background: true });
  try {
    const page = await tab.extract({ maxChars: 20_000 });
    return { page, summary: await summarise(page.url, renderContent(page)) };
  } finally {
    await browser.closeTab(tab.id).catch(() => undefined);
  }
}
