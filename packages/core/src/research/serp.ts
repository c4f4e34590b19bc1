import { siteKey } from '../browser/hosts';
import type { SearchResult, VideoResult } from './types';
import { closest, contains, parseHtml, textOf, textPieces, walk, type HtmlElement } from './html';

// Reading a search results page from its markup, whichever engine made it: a result is a
// link that is a heading (or holds one), and its card is the largest block around it that
// holds no other result. The snippet is the card's other text; for videos, the card's
// duration ("12:04"), views ("1.2M views"), channel (a channel link, else the short text
// left) and first picture. Redirect links (…/l/?uddg=…, /url?q=…) are unwrapped.

const MAX_RESULTS = 10;
const MAX_SNIPPET = 300;
const STOP_AT = new Set(['#root', 'html', 'body', 'main', 'ol', 'ul', 'section', 'form', 'nav', 'header', 'footer']);
const CARD = new Set(['li', 'article']);
const DURATION = /^\d{1,2}:\d{2}(?::\d{2})?$/;
const VIEWS = /^[\d.,\s]+\s*[kmb]?\s*(views?|watching)$|^no views$/i;
const URLISH = /^(https?:\/\/\S+|[\w.-]+\.[a-z]{2,}(\s*›.*|\/\S*)?)$/i;
const AGO = /\b(ago|streamed|premiered|live)\b/i;

const isHeading = (e: HtmlElement) => /^h[1-6]$/.test(e.tag) || e.attrs.role === 'heading';

function resolve(href: string, base: string): string | null {
  try {
    const url = new URL(href, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** A search engine's redirect link → where it goes. */
function unwrap(url: string, page: URL): string {
  const parsed = new URL(url);
  // The engine's own redirector (html.duckduckgo.com links to duckduckgo.com/l/).
  if (siteKey(parsed.hostname) !== siteKey(page.hostname)) return url;
  for (const key of ['uddg', 'url', 'q', 'u', 'target']) {
    const value = parsed.searchParams.get(key);
    // Only an address that parses: one result with a broken target is that result's problem, not the page's.
    if (value && /^https?:\/\//i.test(value)) return resolve(value, url) ?? url;
  }
  return url;
}

interface Title {
  anchor: HtmlElement;
  /** The outer of the anchor and its heading. */
  outer: HtmlElement;
  url: string;
  text: string;
}

function titles(root: HtmlElement, pageUrl: string): Title[] {
  const page = new URL(pageUrl);
  const found: Title[] = [];
  const seen = new Set<string>();
  for (const anchor of walk(root)) {
    if (anchor.tag !== 'a' || !anchor.attrs.href) continue;
    const heading = closest(anchor, isHeading) ?? [...walk(anchor)].find(isHeading) ?? null;
    if (!heading) continue;
    const href = resolve(anchor.attrs.href, pageUrl);
    if (!href) continue;
    const url = unwrap(href, page);
    const target = new URL(url);
    // Links back into the engine's own results (related searches, more pages) are not results.
    if (target.host === page.host && target.pathname === page.pathname) continue;
    const text = (anchor.attrs.title ?? '').trim() || textOf(anchor);
    if (!text || seen.has(url)) continue;
    seen.add(url);
    found.push({ anchor, outer: contains(anchor, heading) ? anchor : heading, url, text });
  }
  return found;
}

/** Each result's card: the largest block around its title that holds no other title. */
function cards(list: Title[]): HtmlElement[] {
  const count = new Map<HtmlElement, number>();
  for (const t of list) for (let n = t.outer.parent; n; n = n.parent) count.set(n, (count.get(n) ?? 0) + 1);
  return list.map((t) => {
    let card = t.outer;
    while (!CARD.has(card.tag) && card.parent && !STOP_AT.has(card.parent.tag) && count.get(card.parent) === 1) card = card.parent;
    return card;
  });
}

function cap(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

export function readSearchResults(html: string, pageUrl: string): SearchResult[] {
  const root = parseHtml(html);
  const list = titles(root, pageUrl).slice(0, MAX_RESULTS);
  const blocks = cards(list);
  return list.map((t, i) => {
    const card = blocks[i] ?? t.outer;
    // The card's text without the address it shows (a breadcrumb or a cite line).
    const text = card === t.outer ? [] : textPieces(card, t.outer).filter((p) => !URLISH.test(p));
    return { title: cap(t.text, 200), url: t.url, snippet: cap(text.join(' '), MAX_SNIPPET) };
  });
}

function picture(card: HtmlElement, pageUrl: string): string | undefined {
  for (const e of walk(card)) {
    if (e.tag !== 'img') continue;
    const candidates = [e.attrs.src, e.attrs['data-src'], e.attrs['data-thumb'], e.attrs.srcset?.split(/\s+/)[0]];
    for (const c of candidates) {
      const url = c && !c.startsWith('data:') ? resolve(c, pageUrl) : null;
      if (url) return url;
    }
  }
  return undefined;
}

function channelOf(card: HtmlElement, title: Title, rest: string[]): string {
  for (const e of walk(card)) {
    if (e.tag !== 'a' || e === title.anchor || contains(title.anchor, e)) continue;
    if (/\/(@|channel\/|c\/|user\/)/.test(e.attrs.href ?? '')) {
      const name = textOf(e);
      if (name) return name;
    }
  }
  return rest.find((p) => p.length <= 60 && !AGO.test(p) && p !== '•' && p !== '·') ?? '';
}

export function readVideoResults(html: string, pageUrl: string): VideoResult[] {
  const root = parseHtml(html);
  const list = titles(root, pageUrl);
  const blocks = cards(list);
  const videos: VideoResult[] = [];
  list.forEach((t, i) => {
    const card = blocks[i] ?? t.outer;
    const pieces = textPieces(card, t.outer);
    const duration = pieces.find((p) => DURATION.test(p)) ?? '';
    const views = pieces.find((p) => VIEWS.test(p)) ?? '';
    // A heading link with neither a duration nor views is a shelf or a channel, not a video.
    if (!duration && !views) return;
    const rest = pieces.filter((p) => p !== duration && p !== views && p !== t.text);
    const thumbnail = picture(card, pageUrl);
    videos.push({
      title: cap(t.text, 200),
      channel: cap(channelOf(card, t, rest), 100),
      duration,
      views,
      url: t.url,
      ...(thumbnail ? { thumbnail } : {}),
    });
  });
  return videos.slice(0, MAX_RESULTS);
}
