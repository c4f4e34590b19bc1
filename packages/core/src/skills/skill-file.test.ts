import { describe, expect, it } from 'vitest';
import { parseSkillFile, writeSkillFile } from './skill-file';
import { SkillFormatError } from './steps-json';
import type { Skill } from './types';

const signup: Skill = {
  name: 'Sign up for the newsletter',
  description: 'Signs an address up on the gym signup page.',
  version: 2,
  sites: ['127.0.0.1'],
  inputs: [
    {
      name: 'email',
      type: 'string',
      format: 'email',
      description: 'What goes into "Email"',
      examples: ['ann@example.com'],
      required: true,
    },
    { name: 'age', type: 'number', examples: ['42'], required: false },
  ],
  secrets: ['gym-signup'],
  risk: 'medium',
  recordedAt: '2026-11-23T06:00:00.000Z',
  repairs: [{ at: '2026-11-23T07:00:00.000Z', version: 2, step: 3, by: 'find', from: 'css #join', to: 'role button "Join"' }],
  recorder: { timeout: 5000 },
  steps: [
    { type: 'navigate', url: 'http://127.0.0.1:4170/signup', via: 'typed' },
    {
      type: 'change',
      value: '{{email}}',
      targetName: 'Email',
      locators: [
        { kind: 'label', value: 'Email' },
        { kind: 'css', value: '#email' },
      ],
      note: 'the work address, not the personal one',
    },
    { type: 'change', value: '{{secret:gym-signup}}', targetName: 'Password', locators: [{ kind: 'label', value: 'Password' }] },
    { type: 'select', value: 'Weekly', targetName: 'How often' },
    { type: 'check', targetName: 'I agree to the terms' },
    {
      type: 'click',
      targetName: 'Join',
      locators: [{ kind: 'role', value: 'button', name: 'Join' }],
      expect: [
        { kind: 'url', value: '/welcome', match: 'contains' },
        { kind: 'text', value: 'Thanks for joining' },
      ],
      evidence: [{ method: 'POST', path: '/api/signup' }],
    },
    { type: 'press', key: 'Escape', extra: { custom: { kept: true } } },
  ],
};

describe('the skill file', () => {
  it('reads back exactly what it wrote, and a person can read its steps', () => {
    const text = writeSkillFile(signup);
    expect(parseSkillFile(text)).toEqual(signup);
    expect(text).toContain(
      '1. Go to http://127.0.0.1:4170/signup\n2. Type "{{email}}" into "Email"\n   > the work address, not the personal one\n',
    );
    expect(text).toContain('5. Check "I agree to the terms"\n6. Click "Join"\n7. Press Escape\n');
    expect(text).toMatch(/^---\nname: Sign up for the newsletter\n/);
    expect(text).toContain('```wayfinder-steps\n{\n  "title": "Sign up for the newsletter",\n  "timeout": 5000,');
    // Writing what was read gives the same file.
    expect(writeSkillFile(parseSkillFile(text))).toBe(text);
  });

  it('a rewritten line becomes a direct command in its step’s place; a removed line removes its step; a new line adds one', () => {
    const text = writeSkillFile(signup)
      .replace('4. Select "Weekly" in "How often"', '4. Select "Monthly" in "How often"')
      .replace('5. Check "I agree to the terms"\n', '')
      .replace('7. Press Escape', '7. Press Escape\n8. Click "Back to the shop"')
      .replace('   > the work address, not the personal one', '   > any address works');
    const skill = parseSkillFile(text);
    expect(skill.steps.map((s) => s.type)).toEqual(['navigate', 'change', 'change', 'select', 'click', 'press', 'customStep']);
    expect(skill.steps[3]).toMatchObject({ type: 'select', value: 'Weekly', instruction: 'Select "Monthly" in "How often"' });
    expect(skill.steps[6]).toEqual({ type: 'customStep', instruction: 'Click "Back to the shop"' });
    expect(skill.steps[1]?.note).toBe('any address works');
    expect(skill.steps[0]).toEqual(signup.steps[0]);
  });

  it('says what is wrong, and where', () => {
    const text = writeSkillFile(signup);
    const error = (t: string) => {
      try {
        parseSkillFile(t, 'signup.skill.md');
      } catch (e) {
        expect(e).toBeInstanceOf(SkillFormatError);
        return e instanceof Error ? e.message : '';
      }
      throw new Error('no error');
    };
    expect(error(text.replace(/^---\n/, ''))).toContain('signup.skill.md has no front matter');
    expect(error(text.replace('version: 2', 'version: [2'))).toMatch(/front matter is not valid YAML \(line \d+\)/);
    expect(error(text.replace('name: Sign up for the newsletter', 'name: ""'))).toContain('name: a skill needs a name');
    expect(error(text.replace('```wayfinder-steps', '```json'))).toContain('has no ```wayfinder-steps block');
    expect(error(text.replace('"type": "select"', '"type": "teleport"'))).toMatch(/recorded step 4, type: Invalid option/);
    expect(error(text.replace('"title": "Sign up for the newsletter",', '"title": "x",,'))).toContain('block is not valid JSON');
  });
});

describe('editing a skill', () => {
  const text = writeSkillFile(signup);

  it('takes a {{name}} no input declares as a new input, and lists a secret a step names', () => {
    const skill = parseSkillFile(
      text.replace('7. Press Escape', '7. Press Escape\n8. Type "{{code}}" into "Code"').replace('- gym-signup', '- other'),
    );
    expect(skill.inputs.map((i) => i.name)).toEqual(['email', 'age', 'code']);
    expect(skill.inputs[2]).toMatchObject({ type: 'string', required: true, examples: [] });
    expect(skill.secrets).toEqual(['other', 'gym-signup']);
  });

  it('keeps a line that only renames its input as the recorded step, and the input follows with its examples', () => {
    const skill = parseSkillFile(text.replace('2. Type "{{email}}" into "Email"', '2. Type "{{work_email}}" into "Email"'), 'x', {
      prune: true,
    });
    expect(skill.steps[1]).toMatchObject({ type: 'change', value: '{{work_email}}', locators: signup.steps[1]?.locators });
    expect(skill.steps[1]?.instruction).toBeUndefined();
    expect(skill.inputs.map((i) => [i.name, i.examples[0], i.format])).toEqual([['work_email', 'ann@example.com', 'email']]);
  });

  it('adds an input written into a rewritten line, and drops what the rewritten step was expected to lead to', () => {
    const skill = parseSkillFile(text.replace('6. Click "Join"', '6. Click "Join {{team}}"'), 'x', { prune: true });
    expect(skill.steps[5]).toMatchObject({ type: 'click', instruction: 'Click "Join {{team}}"' });
    expect(skill.steps[5]?.expect).toBeUndefined();
    expect(skill.inputs.map((i) => i.name)).toEqual(['email', 'team']);
    // A rewritten step keeps its evidence (what it sent when recorded): that is history, not a check.
    expect(skill.steps[5]?.evidence).toEqual(signup.steps[5]?.evidence);
  });
});
