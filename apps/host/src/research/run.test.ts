import { describe, expect, it } from 'vitest';
import { sharePages } from './run';

describe('sharing a run’s pages between interests', () => {
  const interest = (id: string, weight: number) => ({ id, topic: id, weight, addedAt: 0 });

  it('by weight, every page given out', () => {
    const share = sharePages([interest('a', 2), interest('b', 1), interest('c', 1)], 12);
    expect(Object.fromEntries(share)).toEqual({ a: 6, b: 3, c: 3 });
  });

  it('a light interest still gets a page while another has two', () => {
    const share = sharePages([interest('a', 5), interest('b', 0.1)], 4);
    expect(share.get('b')).toBe(1);
    expect(share.get('a')).toBe(3);
  });

  it('reactions change the share: a liked interest gets more of the next run', () => {
    const even = sharePages([interest('a', 1), interest('b', 1)], 10);
    const liked = sharePages([interest('a', 1.25 * 1.25), interest('b', 0.8)], 10);
    expect(even.get('a')).toBe(5);
    expect(liked.get('a')).toBeGreaterThan(6);
  });
});
