// Generated pages to grow the vault to the size the latency target names (10,000 chunks).
// Each page mixes the vocabulary of two corpus pages with the whole corpus's, word by word
// (unigrams drawn by frequency), in sentences and paragraphs of realistic length: the
// store's term statistics and posting lists look like a person's reading, and the corpus
// pages get topical neighbours — but no page repeats a corpus phrase, so a question's
// answer stays on its own page. Deterministic for a seed.
import type { IngestInput } from '@wayfinder/core';

/** Share of a generated page's words taken from each of its two source pages (the rest: the whole corpus). */
const SOURCE_SHARE = 0.25;
const SITES = [
  'dailyledger.com',
  'northwind-news.org',
  'techbrief.io',
  'fieldnotes.blog',
  'citywire.net',
  'the-review.co.uk',
  'opensource-weekly.dev',
  'healthline-notes.com',
  'marketpulse.com',
  'wanderguide.travel',
  'sciencehall.org',
  'devforum.example.net',
];

/** mulberry32: a small, fast, seeded PRNG (uniform in [0, 1)). */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function wordsOf(text: string): string[] {
  return text.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? [];
}

function pick<T>(items: readonly T[], random: () => number, fallback: T): T {
  return items[Math.floor(random() * items.length)] ?? fallback;
}

export class PagePadder {
  private readonly sources: string[][];
  private readonly all: string[];
  private readonly random: () => number;
  private count = 0;

  /** `texts`: the corpus pages' readable text (pages with fewer than 100 words only feed the common pool). */
  constructor(texts: string[], seed = 12) {
    const lists = texts.map(wordsOf);
    this.sources = lists.filter((words) => words.length >= 100);
    this.all = lists.flat();
    if (this.sources.length < 2 || this.all.length === 0) throw new Error('Padding needs at least two corpus pages with text.');
    this.random = seeded(seed);
  }

  /** The next generated page: 1,500–8,000 characters, a title, an address on a made-up site. */
  next(): IngestInput {
    const r = this.random;
    const a = pick(this.sources, r, this.all);
    const b = pick(this.sources, r, this.all);
    const word = (): string => {
      const x = r();
      const from = x < SOURCE_SHARE ? a : x < 2 * SOURCE_SHARE ? b : this.all;
      return pick(from, r, 'the');
    };
    const target = 1500 + Math.floor(r() * 6500);
    const paragraphs: string[] = [];
    let length = 0;
    while (length < target) {
      const sentences: string[] = [];
      const n = 3 + Math.floor(r() * 4);
      for (let s = 0; s < n; s++) {
        const words = Array.from({ length: 6 + Math.floor(r() * 19) }, word);
        const first = words[0] ?? 'The';
        words[0] = first.charAt(0).toUpperCase() + first.slice(1);
        sentences.push(`${words.join(' ')}${r() < 0.08 ? '?' : '.'}`);
      }
      const paragraph = sentences.join(' ');
      paragraphs.push(paragraph);
      length += paragraph.length + 2;
    }
    const titleWords = Array.from({ length: 4 + Math.floor(r() * 6) }, () => pick(a, r, 'page'));
    const title = titleWords.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');
    this.count++;
    const slug = titleWords
      .join('-')
      .toLowerCase()
      .replace(/[^a-z0-9-]+/g, '')
      .slice(0, 60);
    return {
      kind: 'page',
      url: `https://${pick(SITES, r, 'example.org')}/${slug || 'page'}-${this.count}`,
      title,
      text: paragraphs.join('\n\n'),
    };
  }
}
