import { describe, expect, it } from 'vitest';
import { elementFacts } from '../policy/classify';
import { skillFromRecording, type RecordedEvent, type RecordedTarget } from './recording';
import { parseSkillFile, writeSkillFile } from './skill-file';

function target(name: string, facts: Parameters<typeof elementFacts>[0] = {}): RecordedTarget {
  return { locators: [{ kind: 'role', value: facts.role ?? 'button', name }], facts: elementFacts({ name, ...facts }) };
}
const field = (name: string, more: Parameters<typeof elementFacts>[0] = {}) =>
  target(name, { role: 'textbox', tag: 'input', editable: true, ...more });

const SHOP = 'http://127.0.0.1:4170/shop';

describe('a recording becomes a skill', () => {
  it('keeps final field values, keys that matter, link navigations as expectations, and requests as evidence', () => {
    const search = field('Search products');
    const events: RecordedEvent[] = [
      { kind: 'navigate', url: SHOP, via: 'typed' },
      { kind: 'click', target: search },
      { kind: 'input', target: search, value: 't' },
      { kind: 'input', target: search, value: 'te' },
      { kind: 'input', target: search, value: 'tent' },
      { kind: 'key', key: 't' },
      { kind: 'key', key: 'Enter', target: search },
      { kind: 'navigate', url: `${SHOP}?q=tent`, via: 'script' },
      { kind: 'note', text: 'pick the two-person one' },
      { kind: 'scroll', x: 0, y: 300 },
      { kind: 'scroll', x: 0, y: 600 },
      { kind: 'click', target: target('Trail Tent 2P', { role: 'link' }), offsetX: 10, offsetY: 5 },
      { kind: 'navigate', url: 'http://127.0.0.1:4170/shop/trail-tent?ref=search', via: 'link', title: 'Trail Tent 2P' },
      { kind: 'select', target: target('Colour', { role: 'combobox', tag: 'select' }), value: 'Green' },
      { kind: 'click', target: target('Add to cart') },
      { kind: 'request', method: 'post', url: 'http://127.0.0.1:4170/api/cart?session=abc123' },
      { kind: 'request', method: 'GET', url: 'http://127.0.0.1:4170/api/cart' },
      { kind: 'key', key: 'k', modifiers: ['Control'] },
      { kind: 'scroll', x: 0, y: 2000 },
    ];
    const skill = skillFromRecording(events, { name: 'Buy a tent', secretsFor: () => [], recordedAt: '2026-11-23T06:00:00Z' });
    expect(skill.steps.map((s) => [s.type, s.targetName ?? s.key ?? s.url ?? `${s.x},${s.y}`])).toEqual([
      ['navigate', SHOP],
      ['change', 'Search products'],
      ['press', 'Search products'],
      ['click', 'Trail Tent 2P'],
      ['select', 'Colour'],
      ['click', 'Add to cart'],
      ['press', 'Control+k'],
      ['scroll', '0,2000'],
    ]);
    expect(skill.steps[1]?.value).toBe('{{search_products}}');
    expect(skill.inputs).toEqual([
      expect.objectContaining({ name: 'search_products', examples: ['tent'], required: true }),
      expect.objectContaining({ name: 'colour', examples: ['Green'], required: true }),
    ]);
    expect(skill.steps[2]).toMatchObject({
      key: 'Enter',
      locators: search.locators,
      expect: [{ kind: 'url', value: '/shop', match: 'same' }],
      note: 'pick the two-person one',
    });
    expect(skill.steps[3]).toMatchObject({
      offsetX: 10,
      expect: [{ kind: 'url', value: '/shop/trail-tent' }],
      assertedEvents: [{ type: 'navigation', url: 'http://127.0.0.1:4170/shop/trail-tent?ref=search', title: 'Trail Tent 2P' }],
    });
    expect(skill.steps[5]?.evidence).toEqual([{ method: 'POST', path: '/api/cart' }]);
    expect(skill.risk).toBe('medium');
    expect(skill.sites).toEqual(['127.0.0.1']);
    expect(JSON.stringify(skill)).not.toContain('abc123');
    // What it makes is a valid skill file.
    expect(parseSkillFile(writeSkillFile(skill))).toEqual(skill);
  });

  it('never keeps a password or a card number: secrets by name, payment details as inputs without examples', () => {
    const password = field('Password', { secret: true, inputType: 'password', frameUrl: 'https://www.example.com/login' });
    const card = field('Card number', { autocomplete: 'cc-number', frameUrl: 'https://www.example.com/pay' });
    const notes = field('Delivery notes', { frameUrl: 'https://www.example.com/pay' });
    const events: RecordedEvent[] = [
      { kind: 'navigate', url: 'https://www.example.com/login', via: 'typed' },
      { kind: 'input', target: password, value: 'hunter2-very-secret' },
      { kind: 'input', target: card, value: '4111 1111 1111 1111' },
      { kind: 'input', target: notes, value: 'leave at 4111111111111111 door' },
      { kind: 'click', target: target('Pay $20.00') },
    ];
    const one = skillFromRecording(events, { name: 'Pay', secretsFor: (site) => (site === 'example.com' ? ['example-login'] : []) });
    const text = writeSkillFile(one);
    expect(text).not.toContain('hunter2');
    expect(text).not.toMatch(/4111 ?1111/);
    expect(one.secrets).toEqual(['example-login']);
    expect(one.steps[1]?.value).toBe('{{secret:example-login}}');
    expect(one.steps[2]?.value).toBe('{{payment_1}}');
    expect(one.steps[3]?.value).toBe('{{payment_2}}');
    expect(one.inputs.filter((i) => i.name.startsWith('payment_'))).toEqual([
      expect.objectContaining({ examples: [], required: true }),
      expect.objectContaining({ examples: [], required: true }),
    ]);
    expect(one.risk).toBe('high');

    // Several stored secrets for the site (or none): the skill declares one the person picks at replay.
    const several = skillFromRecording(events, { name: 'Pay', secretsFor: () => ['a', 'b'] });
    expect(several.secrets).toEqual(['example.com-password']);
    expect(several.steps[1]?.value).toBe('{{secret:example.com-password}}');
  });

  it('follows new tabs, keeps uploads by file name, a field typed again, and notes given before the first step', () => {
    const name = field('Name');
    const events: RecordedEvent[] = [
      { kind: 'note', text: 'start on the jobs page' },
      { kind: 'navigate', url: 'https://jobs.example/', via: 'link' },
      { kind: 'click', target: target('Apply', { role: 'link' }) },
      { kind: 'newTab', url: 'https://apply.example/form', tab: 1 },
      { kind: 'input', target: name, value: 'Ann' },
      { kind: 'upload', target: target('CV', { fileInput: true }), fileNames: ['cv.pdf'] },
      { kind: 'check', target: target('I agree', { role: 'checkbox', checkable: true }), checked: true },
      { kind: 'input', target: name, value: 'Ann Lee' },
      { kind: 'switchTab', tab: 0 },
    ];
    const skill = skillFromRecording(events, { name: 'Apply', secretsFor: () => [] });
    expect(skill.steps.map((s) => s.type)).toEqual(['navigate', 'click', 'switchTab', 'change', 'upload', 'check', 'change', 'switchTab']);
    expect(skill.steps[0]).toMatchObject({ via: 'typed', note: 'start on the jobs page' });
    expect(skill.steps[4]?.fileName).toBe('cv.pdf');
    expect(skill.inputs.map((i) => [i.name, i.examples[0]])).toEqual([
      ['name', 'Ann'],
      ['name_2', 'Ann Lee'],
    ]);
    expect(skill.sites).toEqual(['jobs.example', 'apply.example']);
  });
});

describe('a select chosen by typing', () => {
  it('keeps only the option it ended on', () => {
    const country = target('Country', { role: 'combobox', tag: 'select' });
    const skill = skillFromRecording(
      [
        { kind: 'navigate', url: SHOP, via: 'typed' },
        { kind: 'select', target: country, value: 'Uganda' },
        { kind: 'key', key: 'n' },
        { kind: 'select', target: country, value: 'United Arab Emirates' },
        { kind: 'key', key: 'i' },
        { kind: 'select', target: country, value: 'United Kingdom' },
        { kind: 'select', target: target('Size', { role: 'combobox', tag: 'select' }), value: 'L' },
      ],
      { name: 'Pick', secretsFor: () => [] },
    );
    expect(skill.steps.map((s) => [s.type, s.targetName, s.value])).toEqual([
      ['navigate', undefined, undefined],
      ['select', 'Country', '{{country}}'],
      ['select', 'Size', '{{size}}'],
    ]);
    expect(skill.inputs.map((i) => [i.name, i.examples[0]])).toEqual([
      ['country', 'United Kingdom'],
      ['size', 'L'],
    ]);
  });
});
