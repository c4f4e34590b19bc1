import type DefuddleClass from 'defuddle';
import { READER_GLOBAL, READER_MISSING, type ExtractOptions, type ExtractResult, type ExtractSource } from '../protocol';
import { builtins } from './builtins';
import { findContacts } from './contacts';
import { isElement } from './dom';
import { toMarkdown } from './markdown';
import { readJsonLd, readMetadata } from './metadata';
import { visibleClone } from './visible-clone';
import { Visibility } from './visibility';

const DEFAULT_MAX_CHARS = 30_000;
const MIN_WORDS = 40;

function countWords(text: string): number {
  return text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

/** The reader the second script (reader.ts) left in this world. */
function reader(): typeof DefuddleClass {
  const found: unknown = Reflect.get(globalThis, READER_GLOBAL);
  if (typeof found !== 'function') throw new Error(READER_MISSING);
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- reader.ts puts Defuddle's class here and nothing else
  return found as typeof DefuddleClass;
}

function viaDefuddle(Defuddle: typeof DefuddleClass, doc: Document): string {
  const result = new Defuddle(doc, { url: location.href, useAsync: false, removeImages: true }).parse();
  // Parsed inside an inert document: nothing in it loads or runs.
  const holder = doc.createElement('div');
  holder.innerHTML = result.content;
  return toMarkdown(holder);
}

/** The main content container by the usual markers, else the densest block of paragraphs. */
function viaArticle(body: Element): string {
  const candidates = Array.from(
    body.querySelectorAll('article, main, [role="main"], #content, .content, .post, .entry-content, .article-body'),
  );
  let best: Element | null = null;
  let bestLength = 0;
  for (const el of candidates) {
    const length = el.textContent.length;
    if (length > bestLength) {
      best = el;
      bestLength = length;
    }
  }
  if (!best) {
    const parents = new Map<Element, number>();
    for (const p of Array.from(body.querySelectorAll('p'))) {
      const parent = p.parentElement;
      if (parent) parents.set(parent, (parents.get(parent) ?? 0) + p.textContent.length);
    }
    for (const [el, length] of parents) {
      if (length > bestLength) {
        best = el;
        bestLength = length;
      }
    }
  }
  return best ? toMarkdown(best) : '';
}

function cap(text: string, max: number): { text: string; truncated: boolean } {
  if (text.length <= max) return { text, truncated: false };
  const cut = text.lastIndexOf('\n\n', max);
  const end = cut > max * 0.5 ? cut : max;
  return { text: `${text.slice(0, end)}\n\n… (content cut at ${end} of ${text.length} characters)`, truncated: true };
}

export function extractPage(options: ExtractOptions): ExtractResult {
  const Defuddle = reader();
  const started = builtins.now();
  const vis = new Visibility();
  const clone = visibleClone(document, vis);
  // Defuddle rewrites the document it reads; keep an untouched copy for fallbacks.
  const pristine = clone.body.cloneNode(true);
  const body = isElement(pristine) ? pristine : clone.body;
  let content: string;
  let source: ExtractSource = 'defuddle';
  try {
    content = viaDefuddle(Defuddle, clone);
  } catch {
    content = '';
  }
  if (countWords(content) < MIN_WORDS) {
    const article = viaArticle(body);
    if (countWords(article) > countWords(content)) {
      content = article;
      source = 'article';
    }
  }
  const all = toMarkdown(body);
  if (countWords(content) < MIN_WORDS) {
    if (countWords(all) > countWords(content)) {
      content = all;
      source = 'visible-text';
    }
  }
  const capped = cap(content, options.maxChars ?? DEFAULT_MAX_CHARS);
  const contacts = findContacts(Array.from(body.querySelectorAll('a[href]')), all);
  return {
    url: location.href,
    content: capped.text,
    wordCount: countWords(content),
    source,
    truncated: capped.truncated,
    metadata: readMetadata(document),
    jsonLd: readJsonLd(document),
    contacts,
    ms: builtins.now() - started,
  };
}
