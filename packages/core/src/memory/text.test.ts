import { describe, expect, it } from 'vitest';
import { cjkPieces, contentHash, fnv1a, searchWords, stem } from './text';

describe('search words', () => {
  it('fold case and accents, strip inflection, and leave out function words', () => {
    expect(searchWords('The Doctors’ e-mails about Crème Brûlée')).toEqual(['doctor', 'mail', 'crem', 'brule']);
    expect(['hooks', 'hooked', 'hooking', 'hook'].map(stem)).toEqual(['hook', 'hook', 'hook', 'hook']);
    expect(['studies', 'studied', 'running', 'addresses', 'status', 'boxes'].map(stem)).toEqual([
      'study',
      'study',
      'run',
      'address',
      'status',
      'box',
    ]);
    expect(searchWords('who are you')).toEqual(['who', 'are', 'you']);
  });

  it('split Chinese and Japanese runs into overlapping two-character pieces, leaving other words whole', () => {
    expect(cjkPieces('東京都庁')).toEqual(['東京', '京都', '都庁']);
    expect(cjkPieces('猫')).toEqual(['猫']);
    expect(searchWords('東京都庁の電話番号 Tokyo')).toEqual(['東京', '京都', '都庁', '庁の', 'の電', '電話', '話番', '番号', 'tokyo']);
    expect(searchWords('猫')).toEqual(['猫']);
    // A two-character word is one of the longer run's pieces, so it finds it.
    expect(searchWords('東京都庁')).toEqual(expect.arrayContaining(searchWords('東京')));
  });
});

describe('hashes', () => {
  it('are stable across runs and platforms (FNV-1a)', () => {
    expect(fnv1a('')).toBe(0x811c9dc5);
    expect(fnv1a('a')).toBe(0xe40c292c);
    expect(contentHash('hello world')).toMatch(/^[0-9a-f]{16}$/);
    expect(contentHash('hello world')).toBe(contentHash('hello world'));
    expect(contentHash('hello world')).not.toBe(contentHash('hello world.'));
  });
});
