import { normaliseUrl, parseHtmlText, siteOf, topicTerms, type Browser, type Discovery } from '@wayfinder/core';
import type { ResearchStore, StoredWatch, WatchLocator } from '../store/research';

// Watches: a page and what on it to watch ("price", "Trail Tent 2P price", "stock"). The
// first visit resolves the label to a way of finding the value again, kept with the watch:
// the page's own JSON-LD offer (price, availability) when it declares one — the most stable
// thing a shop publishes — else the value of that kind (money, stock words, a number)
// nearest the text that best matches the label. Later visits read it the same way; a
// different value becomes a discovery of kind 'change': "Label: old → new".

const MONEY = /^(?:[$€£¥]\s?\d[\d,]*(?:\.\d+)?|\d[\d,]*(?:\.\d+)?\s?(?:USD|EUR|GBP|€|kr))$/i;
const STOCK = /\b(in stock|out of stock|sold out|available|unavailable|back ?order|pre-?order|only \d+ left)\b/i;
const NUMBER = /\d/;
const SYMBOL: Record<string, string> = { USD: '$', EUR: '€', GBP: '£', JPY: '¥' };

function patternOf(label: string): 'money' | 'stock' | 'number' {
  if (/\b(stock|available|availability|sold)\b/i.test(label)) return 'stock';
  if (/\b(price|cost|costs|\$|€|£|deal|sale)\b/i.test(label)) return 'money';
  return 'money';
}

function offersIn(value: unknown, into: Record<string, unknown>[] = []): Record<string, unknown>[] {
  if (Array.isArray(value)) for (const v of value) offersIn(v, into);
  else if (typeof value === 'object' && value !== null) {
    const record = Object.fromEntries(Object.entries(value));
    if ('price' in record || 'availability' in record || 'lowPrice' in record) into.push(record);
    for (const key of ['offers', '@graph', 'mainEntity']) if (key in record) offersIn(record[key], into);
  }
  return into;
}

function fromJsonLd(blocks: unknown[], field: 'price' | 'availability'): string | null {
  const offer = offersIn(blocks)[0];
  if (!offer) return null;
  if (field === 'availability') {
    const a = typeof offer.availability === 'string' ? offer.availability : '';
    return a ? a.replace(/^https?:\/\/schema\.org\//, '').replace(/([a-z])([A-Z])/g, '$1 $2') : null;
  }
  const raw = offer.price ?? offer.lowPrice;
  const price = typeof raw === 'number' ? raw : Number(typeof raw === 'string' ? raw.replace(/,/g, '') : NaN);
  if (!Number.isFinite(price)) return null;
  const currency = typeof offer.priceCurrency === 'string' ? offer.priceCurrency : '';
  const symbol = SYMBOL[currency];
  return symbol ? `${symbol}${price.toFixed(2)}` : `${price.toFixed(2)}${currency ? ` ${currency}` : ''}`;
}

function matcher(pattern: 'money' | 'stock' | 'number'): (piece: string) => boolean {
  if (pattern === 'money') return (p) => MONEY.test(p);
  if (pattern === 'stock') return (p) => STOCK.test(p) && p.length < 60;
  return (p) => NUMBER.test(p) && p.length < 40;
}

/** The value of `pattern` nearest the anchor text (after it first), and the anchor found. */
function nearText(pieces: string[], anchor: string, pattern: 'money' | 'stock' | 'number'): { value: string; anchor: string } | null {
  const fits = matcher(pattern);
  const terms = topicTerms(anchor);
  let at = pieces.findIndex((p) => p === anchor);
  if (at < 0 && terms.length) {
    let best = 0;
    pieces.forEach((p, i) => {
      const lower = p.toLowerCase();
      const hits = terms.filter((t) => lower.includes(t)).length;
      if (hits > best && p.length < 200) {
        best = hits;
        at = i;
      }
    });
  }
  if (at < 0) at = 0;
  for (let d = 0; d < pieces.length; d++)
    for (const i of [at + d, at - d]) {
      const piece = pieces[i];
      if (piece !== undefined && fits(piece)) return { value: piece, anchor: pieces[at] ?? anchor };
    }
  return null;
}

/** Whether two readings of a value say the same: the same amount (money, numbers), or the same words. */
export function sameReading(a: string, b: string): boolean {
  const amount = (s: string) => {
    const digits = /\d[\d,]*(?:\.\d+)?/.exec(s)?.[0];
    return digits === undefined ? null : Number(digits.replace(/,/g, ''));
  };
  const x = amount(a);
  const y = amount(b);
  if (x !== null || y !== null) return x === y;
  const words = (s: string) =>
    s
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
  return words(a) === words(b);
}

/** Reads a watch's value on the page, resolving its label on the first visit. */
export async function readWatch(browser: Browser, watch: StoredWatch): Promise<{ value: string | null; locator: WatchLocator | null }> {
  const tab = await browser.openTab(watch.url, { background: true });
  try {
    const pattern = patternOf(watch.label);
    const locator = watch.locator;
    if (!locator || locator.kind === 'json-ld') {
      const page = await tab.extract({ maxChars: 2_000 });
      const field = locator?.kind === 'json-ld' ? locator.field : pattern === 'stock' ? 'availability' : 'price';
      const value = pattern === 'number' ? null : fromJsonLd(page.jsonLd, field);
      if (value) return { value, locator: { kind: 'json-ld', field } };
      if (locator) return { value: null, locator };
    }
    const pieces = parseHtmlText(await tab.html('body', 1_000_000));
    const anchor = locator?.kind === 'near-text' ? locator.anchor : watch.label;
    const found = nearText(pieces, anchor, locator?.kind === 'near-text' ? locator.pattern : pattern);
    if (!found) return { value: null, locator };
    return { value: found.value, locator: locator ?? { kind: 'near-text', anchor: found.anchor, pattern } };
  } finally {
    await browser.closeTab(tab.id).catch(() => undefined);
  }
}

/** Checks one watch: its value now, kept; a change becomes a discovery. */
export async function checkWatch(
  browser: Browser,
  store: ResearchStore,
  watch: StoredWatch,
): Promise<{ value: string | null; change: Discovery | null }> {
  const { value, locator } = await readWatch(browser, watch);
  store.checked(watch.id, value, locator);
  if (value === null || watch.value === undefined || value === watch.value) return { value, change: null };
  // The first visit reads the value the host's way ("$149.99" from "Price: $149.99 USD"): a
  // starting value the person picked is the same value when it says the same amount or words.
  if (watch.locator === null && sameReading(watch.value, value)) return { value, change: null };
  const title = `${watch.label}: ${watch.value} → ${value}`;
  const change = store.addDiscovery({
    url: watch.url,
    urlKey: normaliseUrl(watch.url),
    fingerprint: '',
    title,
    summary: `${watch.label} changed from ${watch.value} to ${value} on ${siteOf(watch.url)}.`,
    interest: watch.label,
    why: 'A page you watch changed.',
    site: siteOf(watch.url),
    kind: 'change',
  });
  return { value, change };
}
