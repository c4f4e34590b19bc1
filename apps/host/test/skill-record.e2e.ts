import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchChromium, NodeBrowser, type LaunchedBrowser } from '@wayfinder/cdp/node';
import {
  DEFAULT_RENDER,
  makeToolContext,
  parseSkillFile,
  playSkill,
  SafetyPolicy,
  SecretVault,
  TabSession,
  ToolRegistry,
  ToolRunner,
  type Skill,
  type SkillStep,
} from '@wayfinder/core';
import { checkTask, startGym, taskById, type Gym } from '@wayfinder/gym';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, cleanEnv, explain, runCli } from './cli';

// `wayfinder skill record` as a person uses it: the command attached to their running
// browser, the person doing the task there (Playwright's trusted input over CDP, key by
// key), a note typed in the terminal, Enter to stop. The file it writes is read back and
// replayed on a fresh gym, where the task's own check must pass.

let gym: Gym;
let launched: LaunchedBrowser;
let endpoint: string;
beforeAll(async () => {
  gym = await startGym();
  launched = await launchChromium();
  endpoint = launched.wsEndpoint.replace(/^ws:\/\/([^/]+)\/.*$/, 'http://$1');
});
afterAll(async () => {
  await launched.close();
  await gym.close();
});

/** The command running, with what it has printed so far. */
function startRecording(args: string[]): { child: ChildProcessWithoutNullStreams; out: () => string; exit: Promise<number | null> } {
  const child = spawn(process.execPath, [BIN, 'skill', 'record', ...args], { env: cleanEnv(), stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exit = new Promise<number | null>((resolve) => child.on('close', resolve));
  return { child, out: () => out, exit };
}

async function until(check: () => boolean, what: string, shown: () => string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}. The command printed:\n${shown()}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

function step(skill: Skill, test: (s: SkillStep) => boolean, what: string): SkillStep {
  const found = skill.steps.find(test);
  if (!found) throw new Error(`No step ${what} in ${JSON.stringify(skill.steps, null, 1).slice(0, 3000)}`);
  return found;
}

describe('wayfinder skill record', () => {
  it('records a person buying a lantern in their browser, with a note, as a skill that replays', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'wayfinder-record-')), 'lantern.skill.md');
    const rec = startRecording(['--cdp-endpoint', endpoint, '--out', file, '--url', `${gym.url}/shop`]);
    const person = await chromium.connectOverCDP(endpoint);
    try {
      await until(() => rec.out().includes('Recording.'), 'the recording to start', rec.out);
      const page = person
        .contexts()
        .flatMap((c) => c.pages())
        .find((p) => p.url().startsWith(`${gym.url}/shop`));
      if (!page) throw new Error(`The command opened no tab at ${gym.url}/shop:\n${rec.out()}`);
      await page.bringToFront();

      await page.getByPlaceholder(/Search/).click();
      await page.keyboard.type('lantern', { delay: 40 });
      await page.keyboard.press('Enter');
      await page.getByRole('link', { name: 'Trail Lantern' }).click();
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await until(() => /request +POST/.test(rec.out()), 'the add to cart request to be recorded', rec.out);

      rec.child.stdin.write('one lantern goes in the cart\n');
      await until(() => rec.out().includes('note     one lantern goes in the cart'), 'the note', rec.out);
      rec.child.stdin.write('\n');
      expect(await rec.exit, rec.out()).toBe(0);
    } finally {
      await person.close();
      rec.child.kill();
    }

    // What it printed: each step as it happened, then where the file is and what it takes.
    const printed = rec.out();
    expect(printed).toMatch(/page +http:\/\/127\.0\.0\.1:\d+\/shop \(typed\)/);
    // The field's value once, when the person moves on, not at every keystroke.
    expect(printed.match(/^ {2}type .*$/gm)).toEqual(['  type     "Search products" "lantern"']);
    expect(printed).toContain('key      Enter');
    expect(printed).toContain('click    "Trail Lantern"');
    expect(printed).toContain('click    "Add to cart"');
    expect(printed).toMatch(new RegExp(`Wrote ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: "lantern", \\d+ steps\\.`));
    expect(printed).toMatch(/Inputs: search\w* \(e\.g\. "lantern"\)/);

    const skill = parseSkillFile(readFileSync(file, 'utf8'), 'lantern.skill.md');
    expect(skill.name).toBe('lantern');
    expect(skill.steps[0]).toMatchObject({ type: 'navigate', url: `${gym.url}/shop`, via: 'typed' });
    const change = step(skill, (s) => s.type === 'change', 'typing the search');
    const input = skill.inputs.find((i) => change.value === `{{${i.name}}}`);
    expect(input, JSON.stringify(skill.inputs)).toBeDefined();
    expect(input?.name).toMatch(/^search/);
    expect(input?.examples[0]).toBe('lantern');
    const types = skill.steps.map((s) => s.type);
    expect(types.indexOf('press')).toBeGreaterThan(types.indexOf('change'));
    expect(step(skill, (s) => s.type === 'press', 'pressing a key').key).toBe('Enter');
    const lantern = step(skill, (s) => s.type === 'click' && s.targetName === 'Trail Lantern', 'clicking Trail Lantern');
    const cart = step(skill, (s) => s.type === 'click' && s.targetName === 'Add to cart', 'clicking Add to cart');
    expect(skill.steps.indexOf(cart)).toBeGreaterThan(skill.steps.indexOf(lantern));
    expect(cart.evidence?.some((e) => e.method === 'POST')).toBe(true);
    expect(skill.steps.some((s) => s.note === 'one lantern goes in the cart')).toBe(true);

    // Replayed without a model on a fresh gym: the task's own check passes.
    gym.reset();
    const browser = await NodeBrowser.launch();
    try {
      const policy = new SafetyPolicy({ sites: [], secrets: new SecretVault([]) });
      const runner = new ToolRunner({
        registry: new ToolRegistry(),
        policy,
        render: DEFAULT_RENDER,
        confirm: () => Promise.resolve('once'),
      });
      const context = makeToolContext({ browser, tabs: new TabSession(browser), signal: new AbortController().signal });
      const startUrl = `${gym.url}/shop`;
      policy.begin(startUrl);
      const result = await playSkill(skill, runner, context, { secretNames: [], startUrl, inputs: {}, stepTimeoutMs: 5_000 });
      expect(result, JSON.stringify(result)).toMatchObject({ ok: true });
    } finally {
      await browser.close();
    }
    expect(await checkTask(taskById('shop-lantern'), gym.url, '')).toMatchObject({ ok: true });
  });

  it('stops at Ctrl+C and still writes what was recorded', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'wayfinder-record-')), 'start.skill.md');
    const rec = startRecording(['--cdp-endpoint', endpoint, '--out', file, '--url', `${gym.url}/shop`, '--name', 'Open the shop']);
    try {
      await until(() => rec.out().includes('Recording.'), 'the recording to start', rec.out);
      rec.child.kill('SIGINT');
      expect(await rec.exit, rec.out()).toBe(0);
    } finally {
      rec.child.kill();
    }
    expect(rec.out()).toContain('Stopped (Ctrl+C).');
    expect(rec.out()).toContain(`Wrote ${file}: "Open the shop", 1 step.`);
    const skill = parseSkillFile(readFileSync(file, 'utf8'), 'start.skill.md');
    expect(skill.steps).toEqual([expect.objectContaining({ type: 'navigate', url: `${gym.url}/shop` })]);
  });

  it('says what is wrong: a skills folder or a file it cannot write, no browser there', async () => {
    // Without --out the skill goes to $WAYFINDER_HOME/skills: here WAYFINDER_HOME is a file.
    const notAFolder = join(mkdtempSync(join(tmpdir(), 'wayfinder-record-')), 'home');
    writeFileSync(notAFolder, '');
    const noOut = await runCli(['skill', 'record', '--cdp-endpoint', endpoint], { env: { WAYFINDER_HOME: notAFolder } });
    expect(noOut.code, explain(noOut)).toBe(1);
    expect(noOut.stderr).toContain(`cannot save skills in ${join(notAFolder, 'skills')}`);

    const unwritable = await runCli(['skill', 'record', '--cdp-endpoint', endpoint, '--out', '/nonexistent-folder/x.skill.md']);
    expect(unwritable.code, explain(unwritable)).toBe(1);
    expect(unwritable.stderr).toContain('cannot write /nonexistent-folder/x.skill.md');

    const out = join(mkdtempSync(join(tmpdir(), 'wayfinder-record-')), 'x.skill.md');
    const nobody = await runCli(['skill', 'record', '--cdp-endpoint', 'http://127.0.0.1:9', '--out', out]);
    expect(nobody.code, explain(nobody)).toBe(1);
    expect(nobody.stderr).toContain('Could not attach to a browser at http://127.0.0.1:9');
  });
});
