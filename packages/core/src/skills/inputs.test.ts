import { describe, expect, it } from 'vitest';
import { fillInputs, inferInputs, inputName, kindOfValue } from './inputs';
import type { Skill } from './types';

const base: Skill = {
  name: 'Book a table',
  description: '',
  version: 1,
  sites: ['bistro.example'],
  inputs: [],
  secrets: ['bistro.example'],
  risk: 'low',
  recordedAt: '',
  repairs: [],
  steps: [
    { type: 'navigate', url: 'https://bistro.example/book' },
    { type: 'change', value: 'ann@example.com', targetName: 'E-mail address' },
    { type: 'change', value: '04/01/2018', targetName: 'Date' },
    { type: 'change', value: '4', targetName: 'Guests' },
    { type: 'change', value: '7:30 pm', targetName: 'Time' },
    { type: 'change', value: 'https://ann.example', targetName: 'Website' },
    { type: 'change', value: 'Window seat please', targetName: 'Notes' },
    { type: 'change', value: 'Second note', targetName: 'Notes' },
    { type: 'change', value: '{{secret:bistro.example}}', targetName: 'Password' },
    { type: 'select', value: 'Terrace', targetName: 'Area' },
  ],
};

describe('inputs without a model', () => {
  it('every typed value and chosen option becomes an input named after its field, with its kind and the recorded value as example', () => {
    const skill = inferInputs(base);
    expect(skill.inputs.map((i) => [i.name, i.type, i.format ?? '', i.examples[0]])).toEqual([
      ['e_mail_address', 'string', 'email', 'ann@example.com'],
      ['date', 'string', 'date', '04/01/2018'],
      ['guests', 'number', '', '4'],
      ['time', 'string', 'time', '7:30 pm'],
      ['website', 'string', 'uri', 'https://ann.example'],
      ['notes', 'string', '', 'Window seat please'],
      ['notes_2', 'string', '', 'Second note'],
      ['area', 'string', '', 'Terrace'],
    ]);
    expect(skill.steps.map((s) => s.value)).toEqual([
      undefined,
      '{{e_mail_address}}',
      '{{date}}',
      '{{guests}}',
      '{{time}}',
      '{{website}}',
      '{{notes}}',
      '{{notes_2}}',
      '{{secret:bistro.example}}',
      '{{area}}',
    ]);
  });

  it('reads dates in their common written forms, and names fields as inputs', () => {
    for (const date of ['2018-04-01', '1 April 2018', 'April 1st, 2018', 'Apr 1', '01.04.2018'])
      expect(kindOfValue(date), date).toEqual({ type: 'string', format: 'date' });
    expect(kindOfValue('2018-04-01T10:30')).toEqual({ type: 'string', format: 'date-time' });
    expect(kindOfValue('-12.5')).toEqual({ type: 'number' });
    expect(kindOfValue('Ann Lee')).toEqual({ type: 'string' });
    expect(inputName('Crème brûlée count')).toBe('creme_brulee_count');
    expect(inputName('2nd line')).toBe('field_2nd_line');
  });

  it('a replay fills the inputs given, the recorded examples otherwise, and secrets from the store', () => {
    const skill = inferInputs(base);
    const steps = fillInputs(skill, { guests: '6' }, (name) => (name === 'bistro.example' ? 's3cret' : null));
    expect(steps.map((s) => s.value)).toEqual([
      undefined,
      'ann@example.com',
      '04/01/2018',
      '6',
      '7:30 pm',
      'https://ann.example',
      'Window seat please',
      'Second note',
      's3cret',
      'Terrace',
    ]);
    expect(() => fillInputs(skill, { seats: '2' }, () => 'x')).toThrow(
      'The skill "Book a table" has no input seats; its inputs: e_mail_address, date',
    );
    expect(() => fillInputs(skill, {}, () => null)).toThrow(
      'Step 9 (Type "{{secret:bistro.example}}" into "Password") types the secret "bistro.example", which is not stored',
    );
  });
});
