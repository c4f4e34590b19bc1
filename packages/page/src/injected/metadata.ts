import type { PageMetadata } from '../protocol';
import { collapseSpaces, truncate } from './dom';
import { looksLikeInstructions } from './suspicious';

// Metadata is invisible to people, so every string from it passes the same filter as
// hidden labels: anything that reads like instructions to an AI is withheld.

function clean(value: string | null | undefined, max = 300): string {
  const text = collapseSpaces(value ?? '');
  if (!text) return '';
  return looksLikeInstructions(text) ? '[withheld: read like instructions to an AI]' : truncate(text, max);
}

function meta(doc: Document, ...keys: string[]): string {
  for (const key of keys) {
    const el = doc.querySelector(`meta[name="${key}" i], meta[property="${key}" i], meta[itemprop="${key}" i]`);
    const content = el?.getAttribute('content');
    if (content) return content;
  }
  return '';
}

export function readMetadata(doc: Document): PageMetadata {
  const canonical = doc.querySelector('link[rel="canonical"]');
  const image = meta(doc, 'og:image', 'twitter:image', 'image');
  return {
    title: clean(meta(doc, 'og:title', 'twitter:title') || doc.title, 200),
    description: clean(meta(doc, 'description', 'og:description', 'twitter:description')),
    image: image ? absolute(image, doc) : '',
    canonical: canonical?.getAttribute('href') ? absolute(canonical.getAttribute('href') ?? '', doc) : '',
    siteName: clean(meta(doc, 'og:site_name', 'application-name'), 100),
    author: clean(meta(doc, 'author', 'article:author', 'byl', 'parsely-author'), 100),
    published: clean(meta(doc, 'article:published_time', 'datePublished', 'date', 'pubdate', 'parsely-pub-date'), 40),
    lang: doc.documentElement.getAttribute('lang') ?? '',
  };
}

function absolute(href: string, doc: Document): string {
  try {
    return new URL(href, doc.baseURI).href;
  } catch {
    return href;
  }
}

const MAX_JSON_LD = 20_000;

function scrub(value: unknown, depth: number): unknown {
  if (depth > 12) return null;
  if (typeof value === 'string') return looksLikeInstructions(value) ? '[withheld]' : truncate(value, 2000);
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => scrub(v, depth + 1));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = scrub(v, depth + 1);
    return out;
  }
  return value;
}

/** Parsed JSON-LD blocks, capped in size; unparseable blocks are skipped. */
export function readJsonLd(doc: Document): unknown[] {
  const blocks: unknown[] = [];
  let size = 0;
  for (const script of Array.from(doc.querySelectorAll('script[type="application/ld+json"]'))) {
    const text = script.textContent;
    if (size + text.length > MAX_JSON_LD) break;
    try {
      blocks.push(scrub(JSON.parse(text), 0));
      size += text.length;
    } catch {
      // Broken JSON-LD is common in the wild; it carries nothing we can use.
    }
  }
  return blocks;
}
