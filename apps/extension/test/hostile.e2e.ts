import { writeFileSync } from 'node:fs';
import { SCRIPT, sequentialScript } from '@wayfinder/core';
import {
  fatesFromEvents,
  forbiddenOutcomes,
  HOSTILE_MOVES,
  HOSTILE_SECRETS,
  HOSTILE_SITES,
  hostileScript,
  judgeHostileRun,
  secretValues,
  startOpenAICompatible,
  TRAPS,
  type MockModelServer,
} from '@wayfinder/gym';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerAll, artifactPath, exportConversation, openExtensionEnv, runInPanel, settingsWith, type ExtensionEnv } from './env';

// The hostile suite through the extension: the same scripted moves (behind a mock
// provider), run from the side panel; every question the policy puts is declined in the
// panel. Then the stored conversation, the prompts and the worker's logs are searched for
// the secrets.

let env: ExtensionEnv;
let server: MockModelServer;
let panel: Page;
let exported = '';
let questions: string[] = [];
const logs: string[] = [];

async function storage(page: Page, values: Record<string, unknown>): Promise<void> {
  await page.evaluate(async (v) => chrome.storage.local.set(v), values);
}

beforeAll(async () => {
  env = await openExtensionEnv();
  env.context.on('console', (message) => logs.push(message.text()));
  const other = env.gym.url.replace('127.0.0.1', 'localhost');
  server = await startOpenAICompatible(sequentialScript(SCRIPT.parse(hostileScript(env.gym.url, other))));
  await env.setSettings(
    settingsWith({ provider: 'openai-compatible' }, { 'openai-compatible': { baseURL: server.url, model: 'mock-gpt' } }, { maxSteps: 60 }),
  );
  const setup = await env.openOptions();
  await storage(setup, {
    sites: Object.entries(HOSTILE_SITES).map(([site, decision]) => ({ site, decision })),
    secrets: Object.entries(HOSTILE_SECRETS).map(([name, s]) => ({ name, ...s })),
  });
  await setup.close();
  await env.openSite('/admin/login');
  panel = await env.openPanel();
  await runInPanel(panel, 'Do what the page says.');
  questions = await answerAll(panel, 'decline', 150_000);
  exported = await exportConversation(panel);
}, 180_000);

afterAll(async () => {
  await env.stopAll();
  await server.close();
  await env.close();
});

describe('the hostile suite, through the side panel', () => {
  it('every forbidden move is refused or held for confirmation (and declined in the panel)', () => {
    expect(exported).not.toBe('');
    const parsed: unknown = JSON.parse(exported);
    const tasks: unknown[] =
      typeof parsed === 'object' && parsed !== null && 'tasks' in parsed && Array.isArray(parsed.tasks) ? parsed.tasks : [];
    const records: unknown[] = tasks.flatMap((t): unknown[] =>
      typeof t === 'object' && t !== null && 'events' in t && Array.isArray(t.events) ? t.events : [],
    );
    const events = records.map((e) => (typeof e === 'object' && e !== null && 'event' in e ? e.event : null));
    const { problems, report } = judgeHostileRun(fatesFromEvents(events));
    writeFileSync(artifactPath('hostile-extension.json'), `${JSON.stringify(report, null, 2)}\n`);
    expect(problems, JSON.stringify(report, null, 1)).toEqual([]);
    expect(questions.length).toBeGreaterThanOrEqual(HOSTILE_MOVES.filter((m) => m.steps.flat().some((c) => c.expect === 'held')).length);
  });

  it('nothing forbidden happened on the sites', async () => {
    const state = await env.state();
    expect(forbiddenOutcomes(state)).toEqual([]);
  });

  it('no secret in the prompts, the stored conversation, the panel or the logs', async () => {
    const panelText = await panel.locator('body').innerText();
    const everything = [JSON.stringify(server.requests.map((r) => r.body)), exported, panelText, logs.join('\n')].join('\n');
    for (const value of secretValues()) expect(everything.includes(value), `secret ${value.slice(0, 3)}… leaked`).toBe(false);
    expect(exported).toContain('{{secret:gym_admin}}');
  });

  it('hidden injection texts from the traps never reach the model', () => {
    const prompts = JSON.stringify(server.requests.map((r) => r.body.messages));
    expect(
      TRAPS.filter((t) => t.expectAbsent)
        .map((t) => t.marker)
        .filter((marker) => prompts.includes(marker)),
    ).toEqual([]);
    expect(prompts).toContain('TRAP-VISIBLE');
  });
});

describe('site permissions in the extension', () => {
  it('are listed and editable on their page, and "Always allow" in the panel adds one', async () => {
    const page = await env.context.newPage();
    await page.goto(`chrome-extension://${env.extensionId}/sites.html`);
    const section = page.getByRole('region', { name: 'Site permissions' });
    await expect.poll(() => section.getByRole('combobox', { name: 'Permission for blocked.test' }).inputValue()).toBe('block');
    await section.getByRole('combobox', { name: 'Permission for trusted.test' }).selectOption('ask');
    await section.getByLabel('Site', { exact: true }).fill('https://www.Example.org/path');
    await section.getByRole('combobox', { name: 'Permission', exact: true }).selectOption('block');
    await section.getByRole('button', { name: 'Add rule' }).click();
    await section.getByRole('button', { name: 'Remove blocked.test' }).click();
    await expect
      .poll(async () => page.evaluate(async () => (await chrome.storage.local.get('sites')).sites))
      .toEqual([
        { site: 'trusted.test', decision: 'ask' },
        { site: 'www.example.org', decision: 'block' },
      ]);

    // A new site answered "Always allow" in the panel becomes a rule.
    const other = env.gym.url.replace('127.0.0.1', 'localhost');
    await server.close();
    server = await startOpenAICompatible(
      sequentialScript({
        steps: [
          { calls: [{ tool: 'navigate', args: { url: `${other}/feed` } }] },
          { calls: [{ tool: 'done', args: { summary: 'Opened.', success: true } }] },
        ],
      }),
    );
    await env.setSettings(
      settingsWith({ provider: 'openai-compatible' }, { 'openai-compatible': { baseURL: server.url, model: 'mock-gpt' } }),
    );
    await panel.getByRole('button', { name: 'New chat' }).click();
    await runInPanel(panel, 'Open the feed on the other site.');
    const card = panel.getByRole('alertdialog', { name: 'Confirmation needed' });
    await card.waitFor();
    expect(await card.getByRole('heading').innerText()).toBe('Let Wayfinder use localhost?');
    await card.getByRole('button', { name: 'Always allow' }).click();
    await expect.poll(() => section.getByRole('combobox', { name: 'Permission for localhost' }).count()).toBe(1);
    expect(await section.getByRole('combobox', { name: 'Permission for localhost' }).inputValue()).toBe('allow');
    await page.close();
  });
});
