import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { explain, runCli } from './cli';

// wayfinder skill show | import | export, as a person runs them: files in, files and text out.

let dir = '';
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'wayfinder-skill-cli-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const path = (name: string) => join(dir, name);

// A small DevTools Recorder export, as Chrome writes it.
const recording = JSON.stringify(
  {
    title: 'Search the shop',
    steps: [
      { type: 'setViewport', width: 1280, height: 720, deviceScaleFactor: 1, isMobile: false, hasTouch: false, isLandscape: false },
      {
        type: 'navigate',
        url: 'http://127.0.0.1:4170/shop',
        assertedEvents: [{ type: 'navigation', url: 'http://127.0.0.1:4170/shop', title: 'Outfitters' }],
      },
      { type: 'click', target: 'main', selectors: [['aria/Search products[role="searchbox"]'], ['#search']], offsetX: 52, offsetY: 14 },
      { type: 'change', value: 'tent', selectors: [['aria/Search products[role="searchbox"]'], ['#search']], target: 'main' },
      { type: 'keyDown', target: 'main', key: 'Enter' },
      { type: 'keyUp', key: 'Enter', target: 'main' },
    ],
  },
  null,
  2,
);

describe('wayfinder skill', () => {
  it('imports a DevTools recording as a skill file, shows it, and exports the same recording back', async () => {
    writeFileSync(path('checkout.json'), recording);
    const imported = await runCli(['skill', 'import', path('checkout.json'), '--out', path('checkout.skill.md')]);
    expect(imported.code, explain(imported)).toBe(0);
    expect(imported.stdout).toContain('"Search the shop", 5 steps');
    const file = readFileSync(path('checkout.skill.md'), 'utf8');
    expect(file).toContain(
      '2. Go to http://127.0.0.1:4170/shop\n3. Click "Search products"\n4. Type "tent" into "Search products"\n5. Press Enter',
    );

    const shown = await runCli(['skill', 'show', path('checkout.skill.md'), '--json']);
    expect(shown.code, explain(shown)).toBe(0);
    expect(JSON.parse(shown.stdout)).toEqual({ name: 'Search the shop', inputs: [], steps: 5 });
    const text = await runCli(['skill', 'show', path('checkout.skill.md')]);
    expect(text.stdout).toContain('Search the shop (version 1, risk low)\nSites: 127.0.0.1\nInputs: none\nSteps: 5\n');

    const exported = await runCli(['skill', 'export', path('checkout.skill.md'), '--out', path('again.json')]);
    expect(exported.code, explain(exported)).toBe(0);
    expect(JSON.parse(readFileSync(path('again.json'), 'utf8'))).toEqual(JSON.parse(recording));
  });

  it('shows a skill’s inputs with their kinds and examples', async () => {
    writeFileSync(
      path('signup.skill.md'),
      `---
name: Sign up
inputs:
  properties:
    email: { type: string, format: email, examples: [ann@example.com] }
    age: { type: number, examples: [42] }
  required: [email]
---

## Steps

1. Type "{{email}}" into "Email"

\`\`\`wayfinder-steps
{ "steps": [ { "type": "change", "value": "{{email}}", "targetName": "Email" } ] }
\`\`\`
`,
    );
    const shown = await runCli(['skill', 'show', path('signup.skill.md'), '--json']);
    expect(JSON.parse(shown.stdout)).toEqual({
      name: 'Sign up',
      inputs: [
        { name: 'email', type: 'email', example: 'ann@example.com' },
        { name: 'age', type: 'number', example: '42' },
      ],
      steps: 1,
    });
    expect((await runCli(['skill', 'show', path('signup.skill.md')])).stdout).toContain(
      'Inputs:\n  email (email), e.g. ann@example.com\n  age (number, optional), e.g. 42\n',
    );
  });

  it('says what is wrong with a file that is not a skill, and how to use the command', async () => {
    writeFileSync(path('broken.skill.md'), '# no front matter\n');
    const broken = await runCli(['skill', 'show', path('broken.skill.md')]);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain('broken.skill.md has no front matter');
    const missing = await runCli(['skill', 'show', path('nope.skill.md')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('cannot read');
    writeFileSync(path('not-recorder.json'), '{"title": "x"}');
    const notRecording = await runCli(['skill', 'import', path('not-recorder.json'), '--out', path('x.skill.md')]);
    expect(notRecording.code).toBe(1);
    expect(notRecording.stderr).toContain('it has no "steps" list');
    const noOut = await runCli(['skill', 'import', path('not-recorder.json')]);
    expect(noOut.code).toBe(2);
    expect(noOut.stderr).toContain('--out FILE');
    const unknown = await runCli(['skill', 'fly']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Commands: show, import, export');
  });
});
