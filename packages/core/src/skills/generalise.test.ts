import { describe, expect, it } from 'vitest';
import { elementFacts } from '../policy/classify';
import { describeStep } from './describe';
import { fillInputs } from './inputs';
import { pathFits, pathPattern, urlFits } from './postconditions';
import { skillFromRecording, type RecordedEvent, type RecordedTarget } from './recording';
import type { SkillLocator } from './types';

const SITE = 'http://127.0.0.1:4170';
const field = (name: string, role = 'searchbox'): RecordedTarget => ({
  locators: [{ kind: 'role', value: role, name }],
  facts: elementFacts({ name, role, tag: 'input', editable: true }),
});
/** A control repeated in every row, as the page script records it (row title and place). */
const rowControl = (name: string, role: string, within: string, nth: number, href = ''): RecordedTarget => ({
  locators: [
    { kind: 'id', value: `add-${nth}` },
    { kind: 'role', value: role, name },
    { kind: 'text', value: name },
    { kind: 'css', value: `li:nth-of-type(${nth + 1}) > button` },
    { kind: 'row', value: role, name, within },
    { kind: 'nth', value: role, name, nth },
  ],
  facts: elementFacts({ name, role, href }),
});
const record = (events: RecordedEvent[]) => skillFromRecording(events, { name: 't', secretsFor: () => [] });
const kinds = (locators: SkillLocator[] | undefined) => (locators ?? []).map((l) => l.kind);

describe('what a step should lead to', () => {
  it('makes ids, tokens, dates and typed values of a path into a pattern', () => {
    expect(pathPattern(`${SITE}/orders/1042?ref=x9`)).toBe('/orders/*');
    expect(pathPattern(`${SITE}/o/7f3a9c2e11/done`)).toBe('/o/*/done');
    expect(pathPattern(`${SITE}/order-1042/receipt`)).toBe('/order-*/receipt');
    expect(pathPattern(`${SITE}/t/aZ81kq0Xw/ok`)).toBe('/t/*/ok');
    expect(pathPattern(`${SITE}/day/2026-11-28`)).toBe('/day/*');
    expect(pathPattern(`${SITE}/p/dark-rye-loaf`)).toBe('/p/dark-rye-loaf');
    expect(pathPattern(`${SITE}/search/Dark%20Rye`, [{ name: 'term', examples: ['dark rye'] }])).toBe('/search/{{term}}');
  });

  it('fits paths segment by segment, as slugs', () => {
    expect(pathFits(`${SITE}/orders/2077`, '/orders/*')).toBe(true);
    expect(pathFits(`${SITE}/orders/2077/edit`, '/orders/*')).toBe(false);
    expect(pathFits(`${SITE}/orders/`, '/orders/*')).toBe(false);
    expect(pathFits(`${SITE}/search/Cardamom%20Bun`, '/search/cardamom bun')).toBe(true);
    expect(
      urlFits(`${SITE}/p/cinnamon-bun`, { kind: 'url', value: '/p/rye-loaf', match: 'link' }, `${SITE}/p/cinnamon-bun?from=list`),
    ).toBe(true);
    expect(urlFits(`${SITE}/p/rye-loaf`, { kind: 'url', value: '/p/rye-loaf', match: 'link' }, `${SITE}/p/cinnamon-bun`)).toBe(false);
    // Older skills' expectations still read as they were written.
    expect(urlFits(`${SITE}/shop/x`, { kind: 'url', value: '/shop', match: 'contains' }, null)).toBe(true);
  });

  it('records a submission as the kind of page it leads to, and a link as wherever it points', () => {
    const skill = record([
      { kind: 'navigate', url: `${SITE}/bakery`, via: 'typed' },
      { kind: 'click', target: rowControl('Details', 'link', 'Rye loaf', 0, `${SITE}/bakery/p/rye-loaf`) },
      { kind: 'navigate', url: `${SITE}/bakery/p/rye-loaf`, via: 'link' },
      {
        kind: 'click',
        target: {
          locators: [{ kind: 'role', value: 'button', name: 'Place pre-order' }],
          facts: elementFacts({ name: 'Place pre-order' }),
        },
      },
      { kind: 'request', method: 'POST', url: `${SITE}/bakery/orders` },
      { kind: 'navigate', url: `${SITE}/bakery/orders/1041?t=abc`, via: 'script' },
    ]);
    expect(skill.steps[1]?.expect).toEqual([{ kind: 'url', value: '/bakery/p/rye-loaf', match: 'link' }]);
    expect(skill.steps[2]?.expect).toEqual([{ kind: 'url', value: '/bakery/orders/*', match: 'path' }]);
  });
});

describe('controls repeated in rows', () => {
  const search = field('Search the bakery');
  const searchFor = (term: string): RecordedEvent[] => [
    { kind: 'navigate', url: `${SITE}/bakery`, via: 'typed' },
    { kind: 'click', target: search },
    { kind: 'input', target: search, value: term },
    { kind: 'key', key: 'Enter', target: search },
  ];

  it('finds the row for a typed value by that input, and says so', () => {
    const skill = record([...searchFor('Cardamom bun'), { kind: 'click', target: rowControl('Add', 'button', 'Cardamom bun', 2) }]);
    const add = skill.steps.at(-1);
    expect(kinds(add?.locators)).toEqual(['row', 'role', 'text']);
    expect(add?.locators?.[0]).toMatchObject({ within: '{{search_the_bakery}}' });
    expect(describeStep(add ?? { type: 'click' })).toBe('Click "Add" in the row for {{search_the_bakery}}');
    const filled = fillInputs(skill, { search_the_bakery: 'Rye loaf' }, () => null).at(-1);
    expect(filled?.locators?.[0]).toMatchObject({ kind: 'row', within: 'Rye loaf' });
  });

  it('takes the first result of a search as the first result, whatever it is', () => {
    const skill = record([...searchFor('rye'), { kind: 'click', target: rowControl('Details', 'link', 'Rye loaf', 0) }]);
    const details = skill.steps.at(-1);
    expect(kinds(details?.locators)).toEqual(['nth', 'row', 'role', 'text']);
    expect(describeStep(details ?? { type: 'click' })).toBe('Click "Details" in the first result');
  });

  it('finds an item picked by its title by that title, never by its place, id or path', () => {
    const skill = record([
      { kind: 'navigate', url: `${SITE}/bakery`, via: 'typed' },
      { kind: 'click', target: rowControl('Add', 'button', 'Dark rye loaf', 3) },
    ]);
    expect(kinds(skill.steps[1]?.locators)).toEqual(['row', 'id', 'role', 'text']);
    expect(describeStep(skill.steps[1] ?? { type: 'click' })).toBe('Click "Add" in the row for "Dark rye loaf"');
  });
});

describe('a step that comes back to its own page', () => {
  it('expects the page it was on, whichever item that was', () => {
    const add = {
      locators: [{ kind: 'role' as const, value: 'button', name: 'Add to basket' }],
      facts: elementFacts({ name: 'Add to basket' }),
    };
    const skill = record([
      { kind: 'navigate', url: `${SITE}/bakery/p/rye-loaf`, via: 'typed' },
      { kind: 'click', target: add },
      { kind: 'request', method: 'POST', url: `${SITE}/bakery/basket/add` },
      { kind: 'navigate', url: `${SITE}/bakery/p/rye-loaf?added=rye-loaf`, via: 'script' },
    ]);
    const expectation = skill.steps[1]?.expect?.[0];
    expect(expectation).toEqual({ kind: 'url', value: '/bakery/p/rye-loaf', match: 'same' });
    if (expectation?.kind !== 'url') throw new Error('no address expected');
    expect(urlFits(`${SITE}/bakery/p/cardamom-bun?added=1`, expectation, null, `${SITE}/bakery/p/cardamom-bun`)).toBe(true);
    expect(urlFits(`${SITE}/bakery/basket`, expectation, null, `${SITE}/bakery/p/cardamom-bun`)).toBe(false);
  });
});
