import { describe, expect, it } from 'vitest';
import { diffHeadline, diffSignatures } from './diff';

describe('diffSignatures', () => {
  const before = new Map([
    ['e1', '[e1] button "Add to cart"'],
    ['e2', '[e2] link "Cart (0)" →/cart'],
    ['h2:Results', '## Results'],
  ]);

  it('reports added, removed and changed entries, keyed by ref', () => {
    const after = new Map([
      ['e2', '[e2] link "Cart (1)" →/cart'],
      ['h2:Results', '## Results'],
      ['e9', '[e9] button "Remove"'],
    ]);
    const diff = diffSignatures(before, after);
    expect(diff.lines).toEqual([
      '~ [e2] link "Cart (1)" →/cart  (was: [e2] link "Cart (0)" →/cart)',
      '+ [e9] button "Remove"',
      '- [e1] button "Add to cart"',
    ]);
    expect([diff.added, diff.removed, diff.changed]).toEqual([1, 1, 1]);
    expect(diff.touched).toEqual(['e2', 'e9']);
    expect(diffHeadline(diff)).toBe('Changes since the previous snapshot (+ added, - removed, ~ changed): 1 added, 1 removed, 1 changed');
  });

  it('says plainly when nothing changed', () => {
    const diff = diffSignatures(before, new Map(before));
    expect(diff.lines).toEqual([]);
    expect(diffHeadline(diff)).toBe('No changes since the previous snapshot.');
  });
});
