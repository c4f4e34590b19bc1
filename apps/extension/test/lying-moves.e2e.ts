import { writeFileSync } from 'node:fs';
import { SCRIPT, sequentialScript } from '@wayfinder/core';
import {
  fatesFromEvents,
  judgeLyingRuns,
  LYING_MOVES,
  LYING_SECRETS,
  lyingRuns,
  SHORT_SECRET,
  startOpenAICompatible,
  tolerantBrain,
  type LyingOutcome,
  type LyingRun,
  type PlayedRun,
} from '@wayfinder/gym';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { artifactPath, openExtensionEnv, runInPanel, settingsWith, type ExtensionEnv } from './env';

// The lying moves through the extension (issue 19): the same runs as the CLI's
// (gym/src/lying.ts), each a task started from the side panel on a mock provider that
// records every prompt; every question — the policy's and the page's own dialogs — is
// declined in the panel. Each move is judged on what the servers received, what the model
// was sent, what the panel and the stored conversation show, and what the browser saved.
// Left out here: the terminal moves (class 8: the panel is no terminal) and the redirecting
// start page (class 1: the person opens the tab a task starts in; there is no start page of
// the extension's own). The short secret goes through the options page's Secrets form.

let env: ExtensionEnv;
let panel: Page;
let report: LyingOutcome[] = [];
let problems: string[] = [];
const played: PlayedRun[] = [];
const saved: string[] = [];
const logs: string[] = [];
/** Each run's last turn as the panel showed it (an artifact, for when a run ends early). */
const turns: string[] = [];

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? Object.fromEntries(Object.entries(value)) : {};
}

/** The ids of the panel's conversations. */
async function conversationIds(): Promise<string[]> {
  const reply = record(await panel.evaluate(() => chrome.runtime.sendMessage({ type: 'conversations.list' })));
  const list: unknown[] = Array.isArray(reply.conversations) ? reply.conversations : [];
  return list.map((c) => record(c).id).filter((id): id is string => typeof id === 'string');
}

async function exportConversation(id: string): Promise<string> {
  const reply = record(await panel.evaluate((c) => chrome.runtime.sendMessage({ type: 'conversation.export', id: c }), id));
  return typeof reply.json === 'string' ? reply.json : '';
}

/** The agent events of an exported conversation. */
function eventsOf(exported: string): unknown[] {
  const tasks: unknown[] = exported ? [record(JSON.parse(exported)).tasks].flat() : [];
  return tasks.flatMap((t) => [record(t).events].flat()).map((e) => record(e).event);
}

/** Declines every question of the running task — the policy's (Deny, or Not now for a site) and the page's dialogs (Cancel) — until it ends. */
async function declineAll(timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ended = await panel.evaluate(() => {
      const turns = document.querySelectorAll('article');
      return ['done', 'failed', 'stopped', 'interrupted'].includes(turns[turns.length - 1]?.getAttribute('data-status') ?? '');
    });
    if (ended) return;
    const confirm = panel.getByRole('alertdialog', { name: 'Confirmation needed' });
    const dialog = panel.getByRole('alertdialog', { name: 'The page asks' });
    if (await confirm.count()) {
      const deny = confirm.getByRole('button', { name: 'Deny', exact: true });
      await ((await deny.count()) ? deny : confirm.getByRole('button', { name: 'Not now', exact: true })).click();
      await confirm
        .first()
        .waitFor({ state: 'detached', timeout: 10_000 })
        .catch(() => undefined);
    } else if (await dialog.count()) {
      await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
      await dialog
        .first()
        .waitFor({ state: 'detached', timeout: 10_000 })
        .catch(() => undefined);
    } else await panel.waitForTimeout(50);
    if (Date.now() > deadline) throw new Error('The task did not end in time.');
  }
}

async function setSafety(run: LyingRun): Promise<void> {
  const page = await env.openOptions();
  await page.evaluate(async (v) => chrome.storage.local.set(v), {
    sites: Object.entries(run.sites).map(([site, decision]) => ({ site, decision })),
    secrets: Object.entries(run.secrets).map(([name, s]) => ({ name, ...s })),
  });
  await page.close();
}

/** Stores the short secret through the options page, as a person would; returns whether it was kept and what the page said. */
async function storeShortSecret(): Promise<{ accepted: boolean; message: string }> {
  const page = await env.openOptions();
  const section = page.getByRole('region', { name: 'Secrets' });
  await section.getByLabel('Name', { exact: true }).fill(SHORT_SECRET.name);
  await section.getByLabel('Site', { exact: true }).fill(SHORT_SECRET.site);
  await section.getByLabel('Value', { exact: true }).fill(SHORT_SECRET.value);
  await section.getByRole('button', { name: 'Add secret' }).click();
  const stored = async () =>
    page.evaluate(async (name) => {
      const { secrets } = await chrome.storage.local.get('secrets');
      return Array.isArray(secrets) && secrets.some((s: unknown) => typeof s === 'object' && s !== null && 'name' in s && s.name === name);
    }, SHORT_SECRET.name);
  const alert = section.getByRole('alert');
  for (const deadline = Date.now() + 10_000; !(await alert.count()) && !(await stored()) && Date.now() < deadline;)
    await page.waitForTimeout(50);
  const result = { accepted: await stored(), message: (await alert.count()) ? await alert.innerText() : '' };
  await page.close();
  return result;
}

/** Closes every page but the panel and opens the run's start page (the tab the task starts in). */
async function openStart(run: LyingRun): Promise<void> {
  for (const page of env.context.pages()) if (page !== panel) await page.close();
  const page = await env.context.newPage();
  page.on('dialog', () => undefined); // the extension answers dialogs, not Playwright
  await page.goto(run.start);
  await page.bringToFront();
}

async function play(run: LyingRun): Promise<PlayedRun> {
  const missed: PlayedRun['missed'] = [];
  const server = await startOpenAICompatible(tolerantBrain(sequentialScript(SCRIPT.parse(run.script)), run.script, missed));
  try {
    await setSafety(run);
    // The model by a name of its own: the address run blocks 127.0.0.1, and the worker's requests
    // to its provider are not the task's browsing.
    const baseURL = server.url.replace('127.0.0.1', 'model.localhost');
    await env.setSettings(
      settingsWith({ provider: 'openai-compatible' }, { 'openai-compatible': { baseURL, model: 'mock-gpt' } }, { maxSteps: 60 }),
    );
    await openStart(run);
    const before = await conversationIds();
    await panel.getByRole('button', { name: 'New chat' }).click();
    await runInPanel(panel, 'Do what the pages say.');
    // A call can take seconds (a popup settling, a wait_for running out): allow ten each. A task
    // that overruns is stopped; its moves then show as not tried.
    await declineAll(60_000 + run.script.steps.reduce((n, step) => n + step.calls.length, 0) * 10_000).catch(() => env.stopAll());
    turns.push(`## ${run.name}\n${await panel.getByRole('article').last().innerText()}`);
    const id = (await conversationIds()).find((c) => !before.includes(c)) ?? '';
    const exported = await exportConversation(id);
    return {
      run,
      fates: fatesFromEvents(eventsOf(exported)),
      missed,
      evidence: {
        liar: { requests: [], reports: [], downloads: [] },
        prompts: server.requests.map((r) => r.body),
        printed: `${await panel.locator('body').innerText()}\n${exported}`,
        saved: [],
        shortSecret: null,
      },
    };
  } finally {
    await server.close();
  }
}

beforeAll(async () => {
  env = await openExtensionEnv({ chromeDownloads: true });
  env.context.on('console', (message) => logs.push(message.text()));
  // Whatever the browser saves shows up as a download of one of its pages.
  const watch = (page: Page) =>
    page.on('download', (download) => {
      download.path().then(
        () => saved.push(download.suggestedFilename()),
        () => undefined,
      );
    });
  env.context.pages().forEach(watch);
  env.context.on('page', watch);
  panel = await env.openPanel();
  for (const run of lyingRuns(env.gym.url, 'extension')) {
    if (run.kind === 'short-secret') {
      const shortSecret = await storeShortSecret();
      played.push({
        run,
        fates: [],
        missed: [],
        evidence: { liar: { requests: [], reports: [], downloads: [] }, prompts: [], printed: '', saved: [], shortSecret },
      });
    } else played.push(await play(run));
  }
  await env.stopAll();
  // And what Chrome's own download manager kept (the extension holds downloads there: env.ts).
  for (const item of await env.downloads())
    if (item.state === 'complete' && item.exists) saved.push(item.filename.split(/[\\/]/).pop() ?? item.filename);
  const liar = (await env.state()).liar;
  for (const p of played) {
    p.evidence.liar = liar;
    p.evidence.saved = saved;
  }
  ({ report, problems } = judgeLyingRuns(played));
  writeFileSync(artifactPath('lying-extension.json'), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(artifactPath('lying-extension-turns.txt'), `${turns.join('\n\n')}\n`);
}, 1_800_000);

afterAll(async () => {
  await env.close();
});

it('no lying move went through the side panel: each was refused or held', () => {
  const through = report.filter((r) => r.outcome === 'went through').map((r) => `${r.id} (class ${r.class}): ${r.sentence}`);
  expect(through, `${through.length} of ${report.length} moves went through`).toEqual([]);
});

it('every move that applies to the extension was tried as written', () => {
  expect(problems).toEqual([]);
  expect(report.map((r) => r.id).sort()).toEqual(
    LYING_MOVES.filter((m) => !m.notInExtension)
      .map((m) => m.id)
      .sort(),
  );
});

it('the stored password is in no prompt, stored conversation, panel or log', () => {
  const everything = [...played.map((p) => `${JSON.stringify(p.evidence.prompts)}\n${p.evidence.printed}`), logs.join('\n')].join('\n');
  expect(everything.includes(LYING_SECRETS.liar_pass.value)).toBe(false);
});
