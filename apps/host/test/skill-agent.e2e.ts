import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchChromium, type LaunchedBrowser } from '@wayfinder/cdp/node';
import { parseSkillFile, SCRIPT, wireScript } from '@wayfinder/core';
import { checkTask, startOpenAICompatible, taskById, type Brain, type MockModelServer } from '@wayfinder/gym';
import { chromium } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BIN, cleanEnv, explain, runCli, useGym } from './cli';

// The person's skills in $WAYFINDER_HOME/skills, through the front door: `wayfinder run`
// with a model (a mock OpenAI-compatible server) that lists them and replays one with a new
// input — the gym's state shows it; a skill's payment still asked about and, with nobody at
// the prompt, not made; `skill list`, `skill run NAME --file`, and `skill record` saving
// into the folder with the model naming the inputs (and falling back when it cannot).

const gym = useGym();
let home = '';
let skills = '';
const servers: MockModelServer[] = [];
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'wayfinder-skill-agent-'));
  skills = join(home, 'skills');
  mkdirSync(skills);
});
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
  rmSync(home, { recursive: true, force: true });
});

function skillFile(file: string, name: string, steps: object[], front = ''): void {
  writeFileSync(
    join(skills, file),
    `---\nname: ${name}\ndescription: ${name}, recorded on the gym\nsites: [127.0.0.1]\n${front}---\n\n\`\`\`wayfinder-steps\n${JSON.stringify({ steps }, null, 2)}\n\`\`\`\n`,
  );
}

const lantern = () =>
  skillFile(
    'buy.skill.md',
    'Buy from a search',
    [
      { type: 'navigate', url: `${gym.url}/shop`, via: 'typed' },
      { type: 'change', value: '{{query}}', targetName: 'Search', locators: [{ kind: 'id', value: 'q' }] },
      { type: 'press', key: 'Enter' },
      { type: 'click', targetName: 'Trail Lantern', locators: [{ kind: 'role', value: 'link', name: 'Trail Lantern' }] },
      { type: 'click', targetName: 'Add to cart', locators: [{ kind: 'role', value: 'button', name: 'Add to cart' }] },
    ],
    'inputs:\n  properties:\n    query: { type: string, examples: [stove] }\n',
  );

const pay = () =>
  skillFile(
    'pay.skill.md',
    'Pay the fee',
    [
      { type: 'change', value: 'Sam Hill', targetName: 'Name on card', locators: [{ kind: 'label', value: 'Name on card' }] },
      { type: 'change', value: '{{card}}', targetName: 'Card number', locators: [{ kind: 'label', value: 'Card number' }] },
      { type: 'click', targetName: 'Pay $20.00', locators: [{ kind: 'role', value: 'button', name: 'Pay $20.00' }] },
    ],
    'inputs:\n  properties:\n    card: { type: string }\n  required: [card]\n',
  );

async function model(brain: Brain): Promise<{ server: MockModelServer; spec: string }> {
  const server = await startOpenAICompatible(brain);
  servers.push(server);
  return { server, spec: `openai-compatible:${server.url}#mock-gpt` };
}

const scripted = (steps: { tool: string; args: Record<string, unknown> }[][]) =>
  wireScript(SCRIPT.parse({ steps: steps.map((calls) => ({ calls })) }));

const sent = (server: MockModelServer, at: number) => JSON.stringify(server.requests[at]?.body ?? {});

describe('skills for the agent (wayfinder run)', () => {
  it('lists the skills, replays one with a new input, and the lantern is in the cart', async () => {
    lantern();
    const { server, spec } = await model(
      scripted([
        [{ tool: 'list_skills', args: {} }],
        [{ tool: 'run_skill', args: { name: 'Buy from a search', inputs: { query: 'lantern' } } }],
        [{ tool: 'done', args: { summary: 'The lantern is in the cart.', success: true } }],
      ]),
    );
    const run = await runCli(['run', 'Put a lantern in the cart', '--url', `${gym.url}/shop`, '--model', spec, '--json'], {
      env: { WAYFINDER_HOME: home },
    });
    expect(run.code, explain(run)).toBe(0);
    expect(await checkTask(taskById('shop-lantern'), gym.url)).toMatchObject({ ok: true });
    expect(sent(server, 0)).toContain('"name":"list_skills"');
    expect(sent(server, 0)).toContain('"name":"run_skill"');
    // The first prompt names the site's skill with its input; the list gives the recorded example.
    expect(sent(server, 0)).toContain('Skills the person recorded for this site');
    expect(sent(server, 0)).toContain('inputs: query');
    expect(sent(server, 1)).toContain('query (string, e.g. \\"stove\\")');
    expect(sent(server, 2)).toContain('all 5 steps done');
    const ran = run.events.find((e) => e.type === 'tool-result' && e.name === 'run_skill');
    expect(ran).toMatchObject({ ok: true });
  });

  it('a skill’s payment is asked about as the agent’s own would be: with --yes and nobody at the prompt, it is not made', async () => {
    pay();
    const { server, spec } = await model(
      scripted([
        [{ tool: 'run_skill', args: { name: 'Pay the fee', inputs: { card: '5555 5555 5555 4444' } } }],
        [{ tool: 'done', args: { summary: 'Could not pay.', success: false } }],
      ]),
    );
    const run = await runCli(['run', 'Pay the fee', '--url', `${gym.url}/widgets`, '--model', spec, '--json', '--yes'], {
      env: { WAYFINDER_HOME: home },
      stdin: '',
    });
    expect(run.code, explain(run)).toBe(1);
    expect((await checkTask(taskById('widgets-pay'), gym.url)).ok).toBe(false);
    // The name on the card goes in unasked; the card's number is the payment's one question (as the
    // agent's own typing would be), declined with nobody to answer.
    const asked = run.events.filter((e) => e.type === 'confirmation-needed');
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ tool: 'type_text', kind: 'payment' });
    expect(String(Reflect.get(asked[0] ?? {}, 'question'))).toMatch(/^Pay \$20\.00 on 127\.0\.0\.1 with the card ending 4444\?/);
    expect(run.events.find((e) => e.type === 'tool-result' && e.name === 'run_skill')).toMatchObject({ ok: false });
    expect(sent(server, 1)).toContain('stopped at step 2 of 3');
    expect(sent(server, 1)).toMatch(/NOT DONE: Step 2 \(Type .*Card number.*\) could not be done: You declined/);
  });
});

describe('the skills folder (wayfinder skill)', () => {
  it('skill list --json shows each skill with its inputs, steps and version, and names a file it cannot read', async () => {
    lantern();
    pay();
    writeFileSync(join(skills, 'broken.skill.md'), '---\nname: [unclosed\n---\n');
    const run = await runCli(['skill', 'list', '--json'], { env: { WAYFINDER_HOME: home } });
    expect(run.code, explain(run)).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual([
      expect.objectContaining({
        name: 'Buy from a search',
        file: join(skills, 'buy.skill.md'),
        version: 1,
        sites: ['127.0.0.1'],
        inputs: [{ name: 'query', type: 'string', example: 'stove', required: false }],
        steps: 5,
      }),
      expect.objectContaining({ name: 'Pay the fee', inputs: [expect.objectContaining({ name: 'card', example: null })], steps: 3 }),
    ]);
    expect(run.stderr).toContain(`skipped ${join(skills, 'broken.skill.md')}`);
  });

  it('skill run NAME finds the skill in the folder; --file gives its upload the file, checked before anything runs', async () => {
    skillFile('report.skill.md', 'Share a report', [
      { type: 'navigate', url: `${gym.url}/feed`, via: 'typed' },
      { type: 'upload', fileName: 'trip-report.txt', targetName: 'Attach a file', locators: [{ kind: 'label', value: 'Attach a file' }] },
      { type: 'click', targetName: 'Upload', locators: [{ kind: 'role', value: 'button', name: 'Upload' }] },
    ]);
    const env = { WAYFINDER_HOME: home };
    const unknown = await runCli(['skill', 'run', 'Share a repot'], { env });
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('there is no skill named "Share a repot"');
    expect(unknown.stderr).toContain('Skills there: "Share a report"');
    const noFile = await runCli(['skill', 'run', 'Share a report'], { env });
    expect(noFile.code).toBe(1);
    expect(noFile.stderr).toContain('--file trip-report.txt=PATH');
    const missing = await runCli(['skill', 'run', 'Share a report', '--file', `trip-report.txt=${join(home, 'nope.txt')}`], { env });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(`there is no file at ${join(home, 'nope.txt')}`);
    expect(missing.stdout).not.toContain('Replaying');

    const report = join(home, 'trip-report.txt');
    writeFileSync(report, 'Great trip, five stars');
    const run = await runCli(['skill', 'run', 'share a report', '--file', `trip-report.txt=${report}`, '--allow-sensitive'], { env });
    expect(run.code, explain(run)).toBe(0);
    expect(await checkTask(taskById('feed-upload'), gym.url)).toMatchObject({ ok: true });
  });
});

describe('wayfinder skill record into the folder', () => {
  let launched: LaunchedBrowser;
  let endpoint = '';
  beforeAll(async () => {
    launched = await launchChromium();
    endpoint = launched.wsEndpoint.replace(/^ws:\/\/([^/]+)\/.*$/, 'http://$1');
  });
  afterAll(async () => {
    await launched.close();
  });

  /** Records a person searching the shop for "lantern"; returns what the command printed and its exit status. */
  async function record(args: string[]): Promise<{ code: number | null; out: string }> {
    const child = spawn(process.execPath, [BIN, 'skill', 'record', '--cdp-endpoint', endpoint, '--url', `${gym.url}/shop`, ...args], {
      env: { ...cleanEnv(), WAYFINDER_HOME: home },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    const opened: { close(): Promise<void> }[] = [];
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const exit = new Promise<number | null>((resolve) => child.on('close', resolve));
    const person = await chromium.connectOverCDP(endpoint);
    try {
      const deadline = Date.now() + 15_000;
      while (!out.includes('Recording.')) {
        if (Date.now() > deadline) throw new Error(`The recording never started:\n${out}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      const page = person
        .contexts()
        .flatMap((c) => c.pages())
        .find((p) => p.url() === `${gym.url}/shop`);
      if (!page) throw new Error(`No tab at the shop:\n${out}`);
      // The next recording opens a tab of its own.
      opened.push(page);
      await page.getByPlaceholder(/Search/).click();
      await page.keyboard.type('lantern', { delay: 40 });
      await page.keyboard.press('Enter');
      await page.getByRole('link', { name: 'Trail Lantern' }).waitFor();
      child.stdin.end('\n');
      return { code: await exit, out };
    } finally {
      for (const page of opened) await page.close();
      await person.close();
      child.kill();
    }
  }

  it('saves under the name, names the inputs with the model, and never overwrites: a second one is -2, named from the fields when the model fails; without a name the model titles it', async () => {
    // The model renames whatever input the recording inferred, and describes the skill.
    const { server, spec } = await model((messages) => {
      const asked = JSON.stringify(messages);
      const inferred = /Inputs:\\n- ([a-z0-9_]+) \(/.exec(asked)?.[1] ?? 'none';
      return {
        text: JSON.stringify({
          title: 'Search the shop',
          description: 'Searches the shop for a product.',
          inputs: [{ from: inferred, name: 'search_query', description: 'What to look for' }],
        }),
      };
    });
    const first = await record(['--name', 'Shop search!', '--model', spec]);
    expect(first.code, first.out).toBe(0);
    const saved = join(skills, 'shop-search.skill.md');
    expect(first.out).toContain(`Wrote ${saved}`);
    const skill = parseSkillFile(readFileSync(saved, 'utf8'), saved);
    expect(skill.name).toBe('Shop search!');
    expect(skill.description).toBe('Searches the shop for a product.');
    expect(skill.inputs).toEqual([
      expect.objectContaining({ name: 'search_query', examples: ['lantern'], description: 'What to look for' }),
    ]);
    expect(skill.steps.find((s) => s.type === 'change')?.value).toBe('{{search_query}}');
    expect(server.requests).toHaveLength(1);
    // The provider's own warnings (no JSON schema on this server) are not printed at the person.
    expect(first.out).not.toContain('Warning');

    // A model the server does not have: the recording is kept, with the inferred names, in a new file.
    const broken = spec.replace('#mock-gpt', '#no-such-model');
    const second = await record(['--name', 'Shop search!', '--model', broken]);
    expect(second.code, second.out).toBe(0);
    expect(second.out).toContain('could not name the inputs');
    expect(readdirSync(skills).sort()).toEqual(['shop-search-2.skill.md', 'shop-search.skill.md']);
    const kept = parseSkillFile(readFileSync(join(skills, 'shop-search-2.skill.md'), 'utf8'), 'second');
    expect(kept.inputs.map((i) => i.name)).not.toContain('search_query');
    expect(kept.inputs[0]?.examples).toEqual(['lantern']);
    // The first file is as it was.
    expect(parseSkillFile(readFileSync(saved, 'utf8'), saved).description).toBe('Searches the shop for a product.');

    // Neither --name nor --out: the model's title names the skill and its file (with --name it was not used).
    const third = await record(['--model', spec]);
    expect(third.code, third.out).toBe(0);
    const titled = join(skills, 'search-the-shop.skill.md');
    expect(third.out).toContain(`Wrote ${titled}: "Search the shop"`);
    expect(parseSkillFile(readFileSync(titled, 'utf8'), titled).name).toBe('Search the shop');
    // What the model was shown came from pages: fenced as page content.
    expect(sent(server, server.requests.length - 1)).toContain('<page-content source=\\"the recorded skill\\">');
  });
});
