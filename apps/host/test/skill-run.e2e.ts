import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkTask, taskById } from '@wayfinder/gym';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { explain, runCli, useGym } from './cli';

// wayfinder skill run, as a person runs it: a skill file, inputs on the command line, its own
// browser; the shop's cart or the payments say whether it worked.

const gym = useGym();
let dir = '';
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'wayfinder-skill-run-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function skill(name: string, steps: object[], inputs = ''): string {
  const path = join(dir, `${name}.skill.md`);
  writeFileSync(path, `---\nname: ${name}\n${inputs}---\n\n\`\`\`wayfinder-steps\n${JSON.stringify({ steps }, null, 2)}\n\`\`\`\n`);
  return path;
}

const lanternSteps = (): object[] => [
  { type: 'navigate', url: `${gym.url}/shop`, via: 'typed' },
  { type: 'change', value: '{{query}}', targetName: 'Search', locators: [{ kind: 'id', value: 'q' }] },
  { type: 'press', key: 'Enter' },
  { type: 'click', targetName: 'Trail Lantern', locators: [{ kind: 'role', value: 'link', name: 'Trail Lantern' }] },
  { type: 'click', targetName: 'Add to cart', locators: [{ kind: 'role', value: 'button', name: 'Add to cart' }] },
];

describe('wayfinder skill run', () => {
  it('replays a skill with the input given, and the lantern is in the cart', async () => {
    const file = skill('lantern', lanternSteps(), 'inputs:\n  properties:\n    query: { type: string, examples: [stove] }\n');
    const run = await runCli(['skill', 'run', file, '--input', 'query=lantern']);
    expect(run.code, explain(run)).toBe(0);
    expect(run.stdout).toContain('Replaying "lantern" (5 steps, no model)');
    expect(run.stdout).toMatch(/ {2}2\. Type "lantern" into "Search" … done \(\d+ ms\)/);
    expect(run.stdout).toContain('Done: all 5 steps.');
    expect(await checkTask(taskById('shop-lantern'), gym.url)).toMatchObject({ ok: true });
  });

  it('--json prints each step and the result; with --no-repair a step whose target is gone stops it with exit status 1', async () => {
    const steps = lanternSteps();
    steps[4] = { type: 'click', targetName: 'Add to cart', locators: [{ kind: 'id', value: 'buy-now-2019' }] };
    const file = skill('drifted', steps, 'inputs:\n  properties:\n    query: { type: string, examples: [lantern] }\n');
    const run = await runCli(['skill', 'run', file, '--json', '--no-repair']);
    expect(run.code, explain(run)).toBe(1);
    const lines = run.stdout
      .trim()
      .split('\n')
      .map((line): unknown => JSON.parse(line));
    expect(lines.filter((l) => typeof l === 'object' && l !== null && 'type' in l && l.type === 'step-done')).toHaveLength(4);
    expect(lines.at(-1)).toMatchObject({ type: 'result', ok: false, done: 4, total: 5 });
    expect(JSON.stringify(lines.at(-1))).toContain(
      'Step 5 (Click \\"Add to cart\\") could not be done: nothing on the page matches it any more',
    );
  });

  it('repairs a drifted step by the name it was recorded with, and saves the skill one version up with a repair log', async () => {
    const steps = lanternSteps();
    steps[4] = { type: 'click', targetName: 'Add to cart', locators: [{ kind: 'id', value: 'buy-now-2019' }] };
    const file = skill('drifted', steps, 'inputs:\n  properties:\n    query: { type: string, examples: [lantern] }\n');
    const run = await runCli(['skill', 'run', file]);
    expect(run.code, explain(run)).toBe(0);
    expect(run.stdout).toMatch(/ 5\. Click "Add to cart" … drifted; repairing \(by name\) … repaired: button "Add to cart".* … done/);
    expect(run.stdout).toContain(
      `Repaired one step and saved ${file} as version 2:\n  step 5, by find: id "buy-now-2019" → button "Add to cart"`,
    );
    expect(await checkTask(taskById('shop-lantern'), gym.url)).toMatchObject({ ok: true });
    const saved = readFileSync(file, 'utf8');
    expect(saved).toMatch(/^version: 2$/m);
    expect(saved).toContain('by: find');
    // The saved skill finds its element at once: nothing left to repair, nothing written.
    const again = await runCli(['skill', 'run', file]);
    expect(again.code, explain(again)).toBe(0);
    expect(again.stdout).not.toContain('repairing');
    expect(readFileSync(file, 'utf8')).toBe(saved);
  });

  it('asks before paying, as a task would: with no answer the payment is not made', async () => {
    const file = skill(
      'pay',
      [
        { type: 'navigate', url: `${gym.url}/widgets`, via: 'typed' },
        { type: 'change', value: 'Sam Hill', targetName: 'Name on card', locators: [{ kind: 'label', value: 'Name on card' }] },
        { type: 'change', value: '{{card}}', targetName: 'Card number', locators: [{ kind: 'label', value: 'Card number' }] },
        { type: 'click', targetName: 'Pay $20.00', locators: [{ kind: 'role', value: 'button', name: 'Pay $20.00' }] },
      ],
      'inputs:\n  properties:\n    card: { type: string }\n  required: [card]\n',
    );
    const missing = await runCli(['skill', 'run', file]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('needs card: give --input card=');
    const run = await runCli(['skill', 'run', file, '--input', 'card=5555 5555 5555 4444'], { stdin: '' });
    expect(run.code, explain(run)).toBe(1);
    expect(run.stdout).toContain('could not be done');
    expect((await checkTask(taskById('widgets-pay'), gym.url)).ok).toBe(false);
    const usage = await runCli(['skill', 'run', file, '--input', 'card']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('--input takes name=value');
  });

  it('masks a stored secret the page shows, in the steps, the result and --json', async () => {
    const secret = 'kestrel-7Qx9-vault';
    const server = createServer((_req, res) =>
      res.end(
        `<!doctype html><title>Plans</title><label>Plan <select id="plan"><option>Basic</option><option>Code ${secret}</option></select></label>`,
      ),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const port = typeof address === 'object' && address ? (address satisfies AddressInfo).port : 0;
    const config = join(dir, 'config.json');
    writeFileSync(config, JSON.stringify({ secrets: { bank: { value: secret, site: '127.0.0.1' } } }), { mode: 0o600 });
    const file = skill('plan', [
      { type: 'navigate', url: `http://127.0.0.1:${port}/plans`, via: 'typed' },
      { type: 'select', value: 'Gold', targetName: 'Plan', locators: [{ kind: 'id', value: 'plan' }] },
    ]);
    try {
      for (const json of [false, true]) {
        const run = await runCli(['skill', 'run', file, '--no-repair', ...(json ? ['--json'] : [])], { env: { WAYFINDER_CONFIG: config } });
        expect(run.code, explain(run)).toBe(1);
        const said = run.stdout + run.stderr;
        expect(said, explain(run)).toContain('has no option');
        expect(said, explain(run)).toContain('{{secret:bank}}');
        expect(said, explain(run)).not.toContain(secret);
      }
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
