import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkTask, solutionPath, taskById } from '@wayfinder/gym';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openExtensionEnv, type ExtensionEnv } from './env';

// The whole bridge with nothing of the test's own in the middle (docs/0028-bridge.md): the
// real `wayfinder serve` as a process with a home of its own, the built extension in
// headless Chromium paired through its Options page with the code serve printed, and
// `wayfinder run --browser extension` as a second process with a scripted model. The run
// works in the extension's browser; its questions are cards in the side panel, answered
// there; the gym's checker says whether the order was paid. Then `wayfinder devices revoke`
// shuts the browser out.

const here = dirname(fileURLToPath(import.meta.url));
const BIN = join(here, '../../host/bin/wayfinder.mjs');
const LABEL = 'Test Chrome';
const TASK = 'shop-lantern-to-payment';

// Settings from the developer's shell must not reach the processes (as apps/host/test/cli.ts).
const OURS = /^(WAYFINDER_|OPENAI_|ANTHROPIC_|GOOGLE_GENERATIVE_AI_|GEMINI_|MISTRAL_|OLLAMA_|GYM_PORT)/;

let env: ExtensionEnv;
let home: string;
let served = '';
const running = new Set<ChildProcessWithoutNullStreams>();
let options: Page;
let panel: Page;

function processEnv(): Record<string, string> {
  const kept = Object.entries(process.env).filter((e): e is [string, string] => typeof e[1] === 'string' && !OURS.test(e[0]));
  return { ...Object.fromEntries(kept), NO_COLOR: '1', WAYFINDER_HOME: home, WAYFINDER_CONFIG: join(home, 'config.json') };
}

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Starts `wayfinder ARGS`; `done` resolves when it exits (it is killed at the test file's end if it has not). */
function wayfinder(args: string[]): { child: ChildProcessWithoutNullStreams; done: Promise<Ran> } {
  const child = spawn(process.execPath, [BIN, ...args], { env: processEnv(), stdio: ['pipe', 'pipe', 'pipe'] });
  running.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin.end();
  const done = new Promise<Ran>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      running.delete(child);
      resolve({ code, stdout, stderr });
    });
  });
  return { child, done };
}

/** What a `--json` run printed: one event a line. */
function events(run: Ran): Record<string, unknown>[] {
  return run.stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line): Record<string, unknown> => {
      const parsed: unknown = JSON.parse(line);
      return typeof parsed === 'object' && parsed !== null ? Object.fromEntries(Object.entries(parsed)) : {};
    });
}

function explain(run: Ran): string {
  return `exit ${String(run.code)}\n--- stdout\n${run.stdout.slice(-3000)}\n--- stderr\n${run.stderr.slice(-2000)}\n--- serve\n${served.slice(-2000)}`;
}

async function until<T>(what: () => T | null, label: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = what();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${label}; serve printed:\n${served}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The code serve printed last (the first one, then one for each next browser). */
const pairingCode = () => [...served.matchAll(/(?:enter code|next browser:) ([A-Z2-9]{4}-[A-Z2-9]{4})/g)].at(-1)?.[1] ?? null;

const confirmCard = () => panel.getByRole('alertdialog', { name: 'Confirmation needed' });
const hostLine = () => panel.getByRole('region', { name: 'Host connection' });
const optionsLine = () => options.getByRole('region', { name: 'Connect to the host' }).getByRole('status', { name: 'Host connection' });

/** The tabs in the host's group: their URLs. */
function hostTabs(): Promise<string[]> {
  return options.evaluate(async () => {
    const groups = await chrome.tabGroups.query({ title: 'Wayfinder (host)' });
    const tabs = await Promise.all(groups.map((g) => chrome.tabs.query({ groupId: g.id })));
    return tabs.flat().map((t) => t.url ?? '');
  });
}

/**
 * Answers the cards in the panel as they come until the run exits: a payment question with
 * `payment` (Allow once or Deny), anything else with Allow once. Returns the
 * questions and the host tabs seen while the run asked.
 */
async function answerUntilExit(
  done: Promise<Ran>,
  payment: 'allow' | 'decline',
): Promise<{ run: Ran; questions: string[]; tabs: string[] }> {
  const exit = { ended: false };
  void done.then(() => (exit.ended = true));
  const questions: string[] = [];
  const tabs = new Set<string>();
  const deadline = Date.now() + 90_000;
  while (!exit.ended) {
    if (Date.now() > deadline) throw new Error(`the run did not end; questions so far: ${questions.join(' | ')}`);
    const card = confirmCard();
    if (!(await card.count())) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      continue;
    }
    const id = (await card.getAttribute('data-request')) ?? '';
    const text = await card.innerText();
    questions.push(text);
    for (const url of await hostTabs()) tabs.add(url);
    const paying = /spend money/i.test(text);
    // A payment card offers Deny and Allow once (a new site's: Not now, Never, Always allow, Allow once).
    const button = card.getByRole('button', { name: paying && payment === 'decline' ? 'Deny' : 'Allow once', exact: true });
    await button.click();
    await panel.locator(`[data-request="${id}"]`).waitFor({ state: 'detached', timeout: 10_000 });
  }
  return { run: await done, questions, tabs: [...tabs] };
}

function runTask(): { done: Promise<Ran> } {
  const task = taskById(TASK);
  return wayfinder([
    'run',
    task.instruction,
    '--url',
    `${env.gym.url}${task.start}`,
    '--model',
    `script:${solutionPath(TASK)}`,
    '--json',
    '--browser',
    'extension',
  ]);
}

async function stopWorkers(page: Page): Promise<void> {
  const cdp = await env.context.newCDPSession(page);
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  await cdp.detach();
}

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'wayfinder-hub-real-'));
  env = await openExtensionEnv();
  const serve = wayfinder(['serve', '--port', '0']).child;
  serve.stdout.on('data', (chunk: Buffer) => (served += chunk.toString()));
  serve.stderr.on('data', (chunk: Buffer) => (served += chunk.toString()));
  await until(() => pairingCode(), 'the pairing code');
});

afterAll(async () => {
  // Whatever is still running (serve, a run a failed test left), then the browser.
  for (const child of running) child.kill('SIGKILL');
  await env.close();
  rmSync(home, { recursive: true, force: true });
});

describe('wayfinder serve, the real extension, and wayfinder run in between', () => {
  it('pairs through Options with the code serve printed; serve says the browser connected', async () => {
    const port = await until(() => /listening on ws:\/\/127\.0\.0\.1:(\d+)/.exec(served)?.[1] ?? null, 'the port');
    options = await env.openOptions();
    const section = options.getByRole('region', { name: 'Connect to the host' });
    await section.getByLabel('Port').fill(port);
    await section.getByLabel('Pairing code').fill(pairingCode() ?? '');
    await section.getByLabel('This browser’s name').fill(LABEL);
    await section.getByRole('button', { name: 'Pair', exact: true }).click();
    await expect.poll(() => optionsLine().innerText()).toMatch(new RegExp(`Paired as ${LABEL} · connected to wayfinder \\d`));
    await until(() => (new RegExp(`connected: ${LABEL} \\(.{8}\\)`).test(served) ? true : null), 'the connected line');
    expect(served).toContain(`Paired ${LABEL}`);
    expect(served).toContain(`chrome-extension://${env.extensionId}`);
    panel = await env.openPanel();
    await panel.setViewportSize({ width: 420, height: 760 });
    await expect.poll(() => hostLine().innerText()).toContain(`Host: connected (${LABEL})`);
  });

  it(`${TASK}: the run works in the extension's browser, the payment is allowed once in the side panel, and the order is paid`, async () => {
    env.gym.reset();
    const { run, questions, tabs } = await answerUntilExit(runTask().done, 'allow');
    expect(run.code, explain(run)).toBe(0);
    const seen = events(run);
    expect(seen).toContainEqual({ type: 'confirmation-answered', tool: 'click', answer: 'once' });
    expect(seen.find((e) => e.type === 'result')).toMatchObject({ success: true, status: 'done' });
    // Asked in the panel, from the run: the payment among the questions.
    expect(questions.some((q) => /spend money/i.test(q))).toBe(true);
    expect(questions.every((q) => q.includes('From wayfinder run'))).toBe(true);
    // The browser's own question (its new-site card for the start page) was said on the host too, while the call waited.
    expect(run.stderr).toMatch(/waiting for you in the browser \(Wayfinder's side panel\): .*127\.0\.0\.1/);
    // It worked in the host's tab group, on the gym.
    expect(tabs.some((url) => url.startsWith(env.gym.url))).toBe(true);
    expect(await checkTask(taskById(TASK), env.gym.url, '')).toMatchObject({ ok: true });
    await expect.poll(() => hostLine().innerText()).not.toContain('Using this browser');
  });

  it('when the person declines the payment in the panel, the run says so and nothing is paid', async () => {
    env.gym.reset();
    const { run, questions } = await answerUntilExit(runTask().done, 'decline');
    expect(run.code, explain(run)).toBe(1);
    expect(questions.some((q) => /spend money/i.test(q))).toBe(true);
    // The run reports the refusal (its events say the person declined).
    // The run reports the refusal: the person's answer, the click not done, and a failed result.
    const seen = events(run);
    expect(seen).toContainEqual(expect.objectContaining({ type: 'confirmation-needed', kind: 'payment' }));
    expect(seen).toContainEqual({ type: 'confirmation-answered', tool: 'click', answer: 'deny' });
    expect(seen).toContainEqual(
      expect.objectContaining({
        type: 'tool-result',
        ok: false,
        data: { refused: 'person' },
        display: 'You declined, so this was not done.',
      }),
    );
    expect(seen.find((e) => e.type === 'result')).toMatchObject({ success: false });
    expect(await checkTask(taskById(TASK), env.gym.url, '')).toMatchObject({ ok: false });
  });

  it('wayfinder devices revoke closes the live connection: Options says refused, and the hub refuses the token again', async () => {
    const revoked = await wayfinder(['devices', 'revoke', LABEL]).done;
    expect(revoked.code, explain(revoked)).toBe(0);
    expect(revoked.stdout).toMatch(new RegExp(`Revoked ${LABEL} \\(.{8}\\); its connection was closed\\.`));
    await expect.poll(() => optionsLine().innerText()).toContain('refused: this browser was removed (wayfinder devices revoke)');
    await expect.poll(() => hostLine().innerText()).toContain('Host: refused');
    expect(served).toMatch(/revoked: closed the connection of device .{8}/);

    // A worker that still dials with the old token (its refusal forgotten) is refused by the hub.
    const refusals = (served.match(/refused device/g) ?? []).length;
    await options.evaluate(async () => {
      const all: Record<string, unknown> = await chrome.storage.local.get('bridge');
      const bridge = typeof all.bridge === 'object' && all.bridge !== null ? all.bridge : {};
      await chrome.storage.local.set({ bridge: { ...bridge, refused: null, enabled: true } });
    });
    await stopWorkers(options);
    // The reopened Options page wakes the worker, which dials at its start.
    await options.reload();
    await until(() => ((served.match(/refused device/g) ?? []).length > refusals ? true : null), 'the hub refusing the revoked token');
    expect(served).toMatch(new RegExp(`refused device "${LABEL}".*revoked device`));
    await expect
      .poll(() => optionsLine().innerText())
      .toContain('refused: This browser was removed from this host; pair it again to reconnect.');
    const listed = await wayfinder(['devices', 'list']).done;
    expect(listed.stdout).toMatch(new RegExp(`^${LABEL} .* revoked$`, 'm'));
  });
});
