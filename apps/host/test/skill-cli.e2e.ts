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
    // What the Recorder reads is the recording as it came; Wayfinder's own block rides beside it.
    const exportedBack: unknown = JSON.parse(readFileSync(path('again.json'), 'utf8'));
    const original: unknown = JSON.parse(recording);
    expect(exportedBack).toMatchObject({ wayfinder: { front: { version: 1 } } });
    if (typeof exportedBack !== 'object' || exportedBack === null) throw new Error('not an object');
    expect(Object.fromEntries(Object.entries(exportedBack).filter(([key]) => key !== 'wayfinder'))).toEqual(original);
  });

  it('a skill goes out as a DevTools recording and comes back whole: inputs, secrets by name, edits, repair log', async () => {
    const skillFile = `---
name: Order a bun
description: Adds a bake and pre-orders it.
version: 3
sites:
  - 127.0.0.1
inputs:
  type: object
  properties:
    bake:
      type: string
      description: What to order
      examples:
        - Cardamom bun
  required:
    - bake
secrets:
  - bakery-password
risk: medium
recorded-at: 2026-11-28T10:00:00.000Z
repairs:
  - at: 2026-11-28T11:00:00.000Z
    version: 3
    step: 2
    by: find
    from: id "add-3"
    to: button "Add"
---

# Order a bun

Adds a bake and pre-orders it.

## Steps

1. Go to http://127.0.0.1:4170/bakery
2. Click "Add" in the row for {{bake}}
3. Type "{{secret:bakery-password}}" into "Password"
4. Click the pre-order button
   > pay at pickup

## What replay runs

Edit the steps above in plain words; a line you rewrite is done as a direct command. The block below is what was recorded.

\`\`\`wayfinder-steps
{
  "title": "Order a bun",
  "steps": [
    { "type": "navigate", "url": "http://127.0.0.1:4170/bakery", "via": "typed" },
    { "type": "click", "locators": [{ "kind": "row", "value": "button", "name": "Add", "within": "{{bake}}" }], "targetName": "Add" },
    { "type": "change", "value": "{{secret:bakery-password}}", "locators": [{ "kind": "label", "value": "Password" }], "targetName": "Password" },
    { "type": "click", "locators": [{ "kind": "role", "value": "button", "name": "Place pre-order" }], "expect": [{ "kind": "url", "value": "/bakery/orders/*", "match": "path" }], "targetName": "Place pre-order" }
  ]
}
\`\`\`
`;
    writeFileSync(path('order.skill.md'), skillFile);
    const before = await runCli(['skill', 'show', path('order.skill.md'), '--json']);
    expect(before.code, explain(before)).toBe(0);
    const exported = await runCli(['skill', 'export', path('order.skill.md'), '--out', path('order.json')]);
    expect(exported.code, explain(exported)).toBe(0);
    const imported = await runCli(['skill', 'import', path('order.json'), '--out', path('back.skill.md')]);
    expect(imported.code, explain(imported)).toBe(0);
    const back = readFileSync(path('back.skill.md'), 'utf8');
    // The person's rewritten line stays rewritten, the note and the repair log stay, the secret is still a name.
    expect(back).toContain('4. Click the pre-order button\n   > pay at pickup');
    expect(back).toContain('2. Click "Add" in the row for {{bake}}');
    expect(back).toContain('from: id "add-3"');
    expect(back).toMatch(/secrets:\n\s+- bakery-password/);
    const after = await runCli(['skill', 'show', path('back.skill.md'), '--json']);
    expect(after.code, explain(after)).toBe(0);
    expect(JSON.parse(after.stdout)).toEqual(JSON.parse(before.stdout));
    expect(JSON.parse(after.stdout)).toMatchObject({ inputs: [{ name: 'bake', example: 'Cardamom bun' }], steps: 4 });
    const text = await runCli(['skill', 'show', path('back.skill.md')]);
    expect(text.stdout).toContain('Order a bun (version 3, risk medium)');
    expect(text.stdout).toContain('Secrets: bakery-password');
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
