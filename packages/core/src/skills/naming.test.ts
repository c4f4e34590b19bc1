import { describe, expect, it } from 'vitest';
import { applyNaming } from './naming';
import type { Skill } from './types';

// The model only names things: a good name is taken (and followed by the steps' placeholders),
// a malformed, taken or unknown one is not, and the steps' values stay as recorded.

const skill: Skill = {
  name: 'Search',
  description: '',
  version: 1,
  sites: ['shop.example'],
  inputs: [
    { name: 'field_q', type: 'string', examples: ['lantern'], required: true },
    { name: 'email', type: 'string', format: 'email', examples: ['a@b.example'], required: true },
  ],
  secrets: [],
  risk: 'low',
  recordedAt: '2026-11-01T10:00:00.000Z',
  repairs: [],
  steps: [
    { type: 'navigate', url: 'https://shop.example/?q={{field_q}}' },
    { type: 'change', value: '{{field_q}} and {{email}}', locators: [{ kind: 'id', value: 'q' }] },
  ],
};

describe('applyNaming', () => {
  it('takes well-formed new names for inputs the skill has, renaming their placeholders, and nothing else', () => {
    const named = applyNaming(skill, {
      title: 'Search the shop',
      description: '  Searches   the shop. ',
      inputs: [
        { from: 'field_q', name: 'search_query', description: 'What to look for' },
        { from: 'email', name: 'Bad Name!', description: 'Where replies go' },
        { from: 'nope', name: 'other', description: '' },
      ],
    });
    expect(named.description).toBe('Searches the shop.');
    expect(named.inputs.map((i) => [i.name, i.description])).toEqual([
      ['search_query', 'What to look for'],
      ['email', 'Where replies go'],
    ]);
    expect(named.steps[0]?.url).toBe('https://shop.example/?q={{search_query}}');
    expect(named.steps[1]?.value).toBe('{{search_query}} and {{email}}');
  });

  it('never gives two inputs one name', () => {
    const named = applyNaming(skill, { title: '', description: '', inputs: [{ from: 'field_q', name: 'email', description: '' }] });
    expect(named.inputs.map((i) => i.name)).toEqual(['field_q', 'email']);
    expect(named.steps[1]?.value).toBe('{{field_q}} and {{email}}');
  });
});

describe('applyNaming: the title', () => {
  it('replaces a default name only when told to, as one line of at most 80 characters', () => {
    const naming = { title: '  Search the\nshop  ', description: '', inputs: [] };
    expect(applyNaming(skill, naming).name).toBe('Search');
    expect(applyNaming(skill, naming, { retitle: true }).name).toBe('Search the shop');
    expect(applyNaming(skill, { ...naming, title: '   ' }, { retitle: true }).name).toBe('Search');
    const long = applyNaming(skill, { ...naming, title: 'x'.repeat(200) }, { retitle: true }).name;
    expect(long).toHaveLength(80);
    expect(long.endsWith('…')).toBe(true);
  });
});
