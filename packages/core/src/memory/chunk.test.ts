import { describe, expect, it } from 'vitest';
import { chunkText } from './chunk';

const sentence = (i: number) => `Sentence ${String(i).padStart(2, '0')} explains one more detail of the topic at hand.`;
const article = Array.from({ length: 40 }, (_, i) => sentence(i)).join(' ');

describe('chunkText', () => {
  it('cuts ~500-character chunks between sentences, none empty or over the size', () => {
    const chunks = chunkText(article);
    expect(chunks.length).toBeGreaterThan(4);
    for (const chunk of chunks) {
      expect(chunk.length).toBeLessThanOrEqual(500);
      expect(chunk.length).toBeGreaterThan(0);
      expect(chunk).toMatch(/^Sentence \d\d /);
      expect(chunk).toMatch(/hand\.$/);
    }
    expect(chunks.slice(0, -1).every((chunk) => chunk.length > 350)).toBe(true);
  });

  it('each chunk starts with the end of the one before (at most ~100 characters), and no sentence is lost', () => {
    const chunks = chunkText(article);
    for (let i = 1; i < chunks.length; i++) {
      const first = /^Sentence (\d\d)/.exec(chunks[i] ?? '')?.[1];
      expect(chunks[i - 1]).toContain(`Sentence ${first} `);
      const shared = (chunks[i - 1] ?? '').slice((chunks[i - 1] ?? '').indexOf(`Sentence ${first} `));
      expect(shared.length).toBeLessThanOrEqual(100);
      expect(chunks[i]?.startsWith(shared)).toBe(true);
    }
    for (let i = 0; i < 40; i++) expect(chunks.some((chunk) => chunk.includes(sentence(i)))).toBe(true);
  });

  it('normalises whitespace and drops empty text', () => {
    expect(chunkText('  Hello\t\tworld.\n\n\nSecond   line here.  ')).toEqual(['Hello world. Second line here.']);
    expect(chunkText('')).toEqual([]);
    expect(chunkText(' \n\t ')).toEqual([]);
  });

  it('cuts a sentence longer than a chunk between words, and a word longer than a chunk where it must', () => {
    const words = Array.from({ length: 300 }, (_, i) => `word${i}`).join(' ');
    const chunks = chunkText(words, { size: 200, overlap: 40 });
    for (const chunk of chunks) {
      expect(chunk.length).toBeLessThanOrEqual(200);
      expect(chunk).toMatch(/^word\d+( word\d+)*$/);
    }
    expect(chunks.some((chunk) => chunk.includes('word299'))).toBe(true);
    const huge = chunkText('x'.repeat(1200), { size: 500 });
    expect(huge.map((chunk) => chunk.length)).toEqual([500, 500, 200]);
  });

  it('does not cut after an abbreviation followed by a lower-case word', () => {
    const chunks = chunkText('Bring fruit, e.g. apples and pears. Then rest.', { size: 40, overlap: 0 });
    expect(chunks[0]).toBe('Bring fruit, e.g. apples and pears.');
  });
});
