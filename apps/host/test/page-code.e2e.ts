import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SCRIPT, sequentialScript } from '@wayfinder/core';
import { fetchState, startOpenAICompatible, type MockModelServer } from '@wayfinder/gym';
import { afterEach, describe, expect, it } from 'vitest';
import { explain, runCli, useGym } from './cli';

// execute_page_code through the front door: the CLI as a process, a real Chromium, the
// gym, and a model behind a mock OpenAI-compatible server that records what it was
// offered. The code runs only where the site's rule enables page code, and only when the
// person at the prompt says yes to it, having been shown it.

const gym = useGym();
const config = join(tmpdir(), `wayfinder-page-code-${process.pid}.json`);
const models: MockModelServer[] = [];

afterEach(async () => {
  for (const model of models.splice(0)) await model.close();
  rmSync(config, { force: true });
});

/** Types a code into the field that takes only real typing, saves it, and returns what the page then says. */
const CODE = `await setValue('#access-code', '2468');
await click('Save code');
const status = await waitForElement('#code-status:not(:empty)', 3000);
return status.textContent;`;

/** Site rules for the gym (its frames come from localhost: allowed, so nothing else is asked). */
function writeConfig(gymSite: unknown): void {
  writeFileSync(config, JSON.stringify({ sites: { '127.0.0.1': gymSite, localhost: 'allow' } }), { mode: 0o600 });
}

/** A model that runs CODE, then finishes; and the run of `wayfinder run` with it. */
async function run(flags: string[], stdin: string) {
  const steps = [
    { calls: [{ tool: 'execute_page_code', args: { code: CODE } }] },
    { calls: [{ tool: 'done', args: { summary: 'Tried.', success: true } }] },
  ];
  const mock = await startOpenAICompatible(sequentialScript(SCRIPT.parse({ steps })));
  models.push(mock);
  const cli = await runCli(
    ['run', 'Save the access code 2468.', '--url', `${gym.url}/widgets`, '--model', `openai-compatible:${mock.url}#mock-gpt`, ...flags],
    { env: { WAYFINDER_CONFIG: config }, stdin },
  );
  const offered = mock.requests.map((r) => (Array.isArray(r.body.tools) ? JSON.stringify(r.body.tools) : ''));
  return { cli, offered };
}

describe('execute_page_code from the CLI', () => {
  it('on a site with page code on, shows the code, runs it when the person says yes, and the gym saves the value', async () => {
    writeConfig({ decision: 'allow', pageCode: true });
    const { cli, offered } = await run([], 'y\n');
    expect(cli.code, explain(cli)).toBe(0);
    expect(offered[0]).toContain('"execute_page_code"');
    expect(cli.stdout).toContain(
      `? Run this code in the page on 127.0.0.1? It can do anything you could do on this page.\n\`\`\`js\n${CODE}\n\`\`\` Allow once? [y/N]`,
    );
    expect(cli.stdout).toContain('The code ran and returned a value.');
    expect((await fetchState(gym.url)).widgets.accessCode).toBe('2468');
  });

  it.each([
    ['--yes', ['--yes']],
    ['--yes --allow-sensitive', ['--yes', '--allow-sensitive']],
  ])('with %s and nobody at the prompt, the code is declined and nothing changes', async (_flags, flags) => {
    writeConfig({ decision: 'allow', pageCode: true });
    const { cli } = await run(flags, '');
    expect(cli.code, explain(cli)).toBe(0);
    expect(cli.stdout).toContain('Allow once? [y/N] (no answer: input ended)');
    expect(cli.stdout).not.toContain('allowed once (--allow-sensitive)');
    expect(cli.stdout).toContain('You declined, so this was not done.');
    expect((await fetchState(gym.url)).widgets.accessCode).toBe('');
  });

  it('on a site without page code, the tool is not offered, a call to it is refused, and no one is asked', async () => {
    writeConfig('allow');
    const { cli, offered } = await run([], 'y\n');
    expect(cli.code, explain(cli)).toBe(0);
    for (const tools of offered.filter(Boolean)) expect(tools).not.toContain('execute_page_code');
    expect(cli.stdout).toContain('execute_page_code is not available: running code in pages is off for this site');
    expect(cli.stdout).not.toContain('Run this code');
    expect((await fetchState(gym.url)).widgets.accessCode).toBe('');
  });
});
