import { describe, expect, it } from 'vitest';
import type { LocatorHits, LocatorQuery } from '../protocol-skills';
import { chooseLocated, mergeHits } from './locate';

const text: LocatorQuery = { kind: 'text', value: 'Delete' };
const css: LocatorQuery = { kind: 'css', value: '.row button' };
const testid: LocatorQuery = { kind: 'testid', value: 'data-testid=delete-2' };
const hits = (matches: number, refs: string[], hidden = 0): LocatorHits => ({ matches, hidden, refs });

describe('chooseLocated', () => {
  it('takes the first locator that matches exactly one element, even after ambiguous ones', () => {
    expect(chooseLocated([text, testid], [hits(2, ['e1', 'e2']), hits(1, ['e2'])])).toEqual({ ref: 'e2', by: testid, matches: 1 });
  });

  it('with no unique locator, takes the element most locators agree on', () => {
    expect(chooseLocated([text, css], [hits(2, ['e1', 'e2']), hits(2, ['e2', 'e3'])])).toEqual({ ref: 'e2', by: text, matches: 2 });
  });

  it('gives no answer on a tie, listing what each locator matched', () => {
    expect(chooseLocated([text, css], [hits(2, ['e1', 'e2']), hits(2, ['e1', 'e2'], 1)])).toEqual({
      ref: null,
      tried: [
        { by: text, matches: 2, hidden: 0 },
        { by: css, matches: 2, hidden: 1 },
      ],
    });
    expect(chooseLocated([text], [hits(3, ['e1', 'e2', 'e3'])]).ref).toBeNull();
  });

  it('adds up what frames matched before deciding', () => {
    const top = [hits(1, ['e4']), hits(0, [])];
    const frame = [hits(1, ['f1e2']), hits(1, ['f1e2'])];
    const merged = mergeHits([top, frame], 2);
    expect(merged).toEqual([hits(2, ['e4', 'f1e2']), hits(1, ['f1e2'])]);
    expect(chooseLocated([text, testid], merged)).toEqual({ ref: 'f1e2', by: testid, matches: 1 });
  });
});
