import { describe, expect, it } from 'vitest';
import { contentHash, fnv1a, searchWords, stem } from './text';

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
