// Telling a discovery already made from a new one: by address (normalised: no fragment, no
// tracking parameters, no "www.", parameters sorted) and by content, since the same story
// lives at many addresses (syndication, AMP, print views). Content is compared by a 64-bit
// SimHash of word 3-shingles: near-identical texts differ in a few bits, others in ~32.

import { decodeLenient } from '../uri';

const TRACKING = /^(utm_|fbclid$|gclid$|dclid$|msclkid$|mc_[ce]id$|ref$|ref_src$|igshid$|si$|spm$)/i;

/** An address as research compares it; '' for what is not an http(s) address. */
export function normaliseUrl(address: string): string {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return '';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return '';
  const params = url.search
    .slice(1)
    .split('&')
    .filter((pair) => pair && !TRACKING.test(decodeLenient(pair.split('=')[0] ?? '')))
    .sort();
  const query = params.length ? `?${params.join('&')}` : '';
  const host = url.host.toLowerCase().replace(/^www\./, '');
  const path = url.pathname.replace(/\/+$/, '') || '/';
  return `${host}${path}${query}`;
}

/** FNV-1a, 64 bits. */
function hash64(text: string): bigint {
  let h = 0xcbf29ce484222325n;
  for (let i = 0; i < text.length; i++) {
    h ^= BigInt(text.charCodeAt(i));
    h = (h * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return h;
}

function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** A text's SimHash (16 hex digits) over word 3-shingles; '' for a text too short to compare. */
export function contentFingerprint(text: string): string {
  const all = words(text);
  if (all.length < 12) return '';
  const counts = new Array<number>(64).fill(0);
  for (let i = 0; i + 3 <= all.length; i++) {
    const h = hash64(all.slice(i, i + 3).join(' '));
    for (let bit = 0; bit < 64; bit++) counts[bit] = (counts[bit] ?? 0) + ((h >> BigInt(bit)) & 1n ? 1 : -1);
  }
  let out = 0n;
  counts.forEach((count, bit) => {
    if (count > 0) out |= 1n << BigInt(bit);
  });
  return out.toString(16).padStart(16, '0');
}

/** How many bits two fingerprints differ in (64 when either is missing). */
export function fingerprintDistance(a: string, b: string): number {
  if (!a || !b) return 64;
  let x = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let n = 0;
  while (x) {
    n += Number(x & 1n);
    x >>= 1n;
  }
  return n;
}

/** Fingerprints this close are the same text, give or take a byline, a date, a footer. */
export const NEAR_DUPLICATE_BITS = 6;

export function nearDuplicate(a: string, b: string): boolean {
  return fingerprintDistance(a, b) <= NEAR_DUPLICATE_BITS;
}

const STOP = new Set([
  'the',
  'a',
  'an',
  'and',
  'or',
  'of',
  'for',
  'to',
  'in',
  'on',
  'with',
  'at',
  'by',
  'from',
  'how',
  'what',
  'new',
  'best',
  'about',
  'is',
  'are',
]);

/** The words of an interest that count when judging a result ("trail running shoes" → trail, running, shoes). */
export function topicTerms(topic: string): string[] {
  return [...new Set(words(topic).filter((w) => !STOP.has(w) && w.length > 1))];
}

const stem = (w: string) => w.replace(/(ing|ers|er|es|s)$/, '');

/** How well a search result fits an interest (0..1: the share of its terms the title or snippet mentions), and why. */
export function relevance(topic: string, title: string, snippet: string): { score: number; why: string } {
  const terms = topicTerms(topic);
  if (!terms.length) return { score: 0, why: '' };
  const inTitle = new Set(words(title).map(stem));
  const inSnippet = new Set(words(snippet).map(stem));
  const titled = terms.filter((t) => inTitle.has(stem(t)));
  const snipped = terms.filter((t) => !inTitle.has(stem(t)) && inSnippet.has(stem(t)));
  const score = (titled.length * 1 + snipped.length * 0.6) / terms.length;
  const parts = [
    titled.length ? `the title mentions ${titled.join(', ')}` : '',
    snipped.length ? `the snippet mentions ${snipped.join(', ')}` : '',
  ].filter(Boolean);
  return { score: Math.min(1, score), why: parts.length ? `Found searching "${topic}": ${parts.join('; ')}.` : '' };
}
