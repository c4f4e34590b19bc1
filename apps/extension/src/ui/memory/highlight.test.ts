import { describe, expect, it } from 'vitest';
import { searchWords } from '@wayfinder/core/ui';
import { highlightParts } from './highlight';

// The background sends the query's search words (core's searchWords): the terms here are made the same way.
const marked = (text: string, query: string[]) =>
  highlightParts(text, searchWords(query.join(' ')))
    .filter((p) => p.hit)
    .map((p) => p.text);

describe('highlightParts', () => {
  it('marks words whatever their case and accents, and inflected forms of a stem', () => {
    expect(marked('Crème Brûlée and React Hooks: useState hooked', ['creme', 'brulee', 'hook'])).toEqual([
      'Crème',
      'Brûlée',
      'Hooks',
      'hooked',
    ]);
  });
  it('keeps every character of the text, in order', () => {
    const text = 'Dr. Ana Núñez — ana@clinic.example, 555-0100';
    expect(
      highlightParts(text, searchWords('nunez 555'))
        .map((p) => p.text)
        .join(''),
    ).toBe(text);
    expect(marked(text, ['nunez', '555'])).toEqual(['Núñez', '555']);
  });
  it('marks inflected forms, not every word a term begins', () => {
    expect(marked('trails trailjournal running runway studies based basket', ['trail', 'run', 'study', 'bas'])).toEqual([
      'trails',
      'running',
      'studies',
      'based',
    ]);
  });
  it('a short term marks only the same word', () => {
    expect(marked('go good 42 420', ['go', '42'])).toEqual(['go', '42']);
  });
  it('no terms: one unmarked part', () => {
    expect(highlightParts('plain text', [])).toEqual([{ text: 'plain text', hit: false }]);
  });
});

describe('highlightParts in Chinese and Japanese', () => {
  it('marks a run of characters that holds a searched piece', () => {
    expect(marked('東京都庁の電話番号は03-5321-1111です。', ['電話番号'])).toEqual(['東京都庁の電話番号は03']);
    expect(marked('北京大学的图书馆很大。', ['电话'])).toEqual([]);
  });
});
