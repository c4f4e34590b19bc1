import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findChrome } from '@wayfinder/cdp/node';
import { fetchState, startGym, type Gym, type GymSnapshot } from '@wayfinder/gym';
import { chromium, type BrowserContext, type Locator, type Page, type Worker } from 'playwright-core';

// The built extension loaded into real headless Chromium (../shared/EXTENSION-TESTING.md),
// with the gym beside it. Tests drive the side panel page like a person would.

const here = dirname(fileURLToPath(import.meta.url));
export const EXTENSION_DIR = join(here, '../.output/chrome-mv3');
export const ARTIFACTS = join(here, '../../../artifacts/extension');

export interface ExtensionEnv {
  context: BrowserContext;
  worker: Worker;
  extensionId: string;
  gym: Gym;
  /** Opens a gym page in a tab of its own (the tab the agent will work in). */
  openSite(path: string): Promise<Page>;
  /** Opens the side panel page (as a tab, with the same chrome.* APIs). */
  openPanel(): Promise<Page>;
  openOptions(): Promise<Page>;
  /** Writes settings straight into chrome.storage.local (the options page does the same). */
  setSettings(settings: Record<string, unknown>): Promise<void>;
  state(): Promise<GymSnapshot>;
  stateUntil(check: (state: GymSnapshot) => boolean, timeoutMs?: number): Promise<GymSnapshot>;
  /** The current service worker (a new one after a restart). */
  currentWorker(): Promise<Worker>;
  /** Stops whatever task is still running (so one failed test does not hold up the next). */
  stopAll(): Promise<void>;
  /** Quits Chromium and starts it again on the same profile: the extension and its worker load afresh. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

async function launch(userDataDir: string): Promise<{ context: BrowserContext; worker: Worker }> {
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: findChrome(),
    headless: true,
    viewport: null,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--disable-extensions-except=${EXTENSION_DIR}`,
      `--load-extension=${EXTENSION_DIR}`,
      '--window-size=1280,800',
      '--silent-debugger-extension-api',
    ],
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  return { context, worker };
}

export async function openExtensionEnv(): Promise<ExtensionEnv> {
  if (!existsSync(join(EXTENSION_DIR, 'manifest.json')))
    throw new Error(`The extension is not built (${EXTENSION_DIR}); run npm run build:extension.`);
  const gym = await startGym();
  const userDataDir = mkdtempSync(join(tmpdir(), 'wayfinder-ext-'));
  let { context, worker } = await launch(userDataDir);
  const extensionId = new URL(worker.url()).host;
  const base = `chrome-extension://${extensionId}`;
  const state = () => fetchState(gym.url);
  const env: ExtensionEnv = {
    context,
    worker,
    extensionId,
    gym,
    state,
    openSite: async (path) => {
      const page = await env.context.newPage();
      page.on('dialog', () => undefined); // the extension answers dialogs, not Playwright
      await page.goto(`${gym.url}${path}`);
      return page;
    },
    openPanel: async () => {
      const page = await env.context.newPage();
      // Right after an extension reload its pages are refused for a moment.
      for (let tries = 0; ; tries++) {
        try {
          await page.goto(`${base}/sidepanel.html`);
          break;
        } catch (error) {
          if (tries > 50) throw error;
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      }
      await page.getByRole('status', { name: 'Status' }).waitFor();
      return page;
    },
    openOptions: async () => {
      const page = await env.context.newPage();
      await page.goto(`${base}/options.html`);
      return page;
    },
    setSettings: async (settings) => {
      const page = await env.context.newPage();
      await page.goto(`${base}/welcome.html`);
      await page.evaluate(async (value) => chrome.storage.local.set({ settings: value }), settings);
      await page.close();
    },
    stateUntil: async (check, timeoutMs = 10_000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const current = await state();
        if (check(current)) return current;
        if (Date.now() > deadline) throw new Error(`The gym's state never matched; last: ${JSON.stringify(current).slice(0, 600)}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    currentWorker: async () =>
      env.context.serviceWorkers().find((w) => w.url().startsWith(base)) ?? env.context.waitForEvent('serviceworker'),
    stopAll: async () => {
      const page = await env.context.newPage();
      await page.goto(`${base}/welcome.html`);
      await page.evaluate(async () => {
        for (let i = 0; i < 20; i++) {
          const status: unknown = await chrome.runtime.sendMessage({ type: 'status.get' });
          const id = typeof status === 'object' && status !== null && 'runningTaskId' in status ? status.runningTaskId : null;
          if (typeof id !== 'string') return;
          await chrome.runtime.sendMessage({ type: 'task.stop', taskId: id });
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      });
      await page.close();
    },
    restart: async () => {
      await env.context.close();
      ({ context, worker } = await launch(userDataDir));
      env.context = context;
      env.worker = worker;
    },
    close: async () => {
      await env.context.close();
      await gym.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
  return env;
}

/** Settings with one provider set up as the actor (the rest default). */
export function settingsWith(
  actor: { provider: string; model?: string },
  providers: Record<string, { baseURL?: string; apiKey?: string; model?: string }> = {},
  agent: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    version: 1,
    providers,
    roles: { actor: { provider: actor.provider, model: actor.model ?? '' } },
    agent: { screenshots: false, ...agent },
    firstRunDone: true,
  };
}

/** Types a task into the side panel, runs it with Enter, and waits until it shows. */
export async function runInPanel(panel: Page, task: string, mode: 'Act' | 'Plan' | 'Ask' = 'Act'): Promise<void> {
  const before = await panel.getByRole('article').count();
  await panel.getByRole('group', { name: 'Mode' }).getByRole('button', { name: mode }).click();
  const box = panel.getByLabel('Task', { exact: true });
  await box.fill(task);
  await box.press('Enter');
  await panel.waitForFunction((n) => document.querySelectorAll('article').length > n, before);
}

/** The last task in the panel's conversation. */
export function lastTurn(panel: Page) {
  return panel.getByRole('article').last();
}

/** Waits until the last task in the panel has ended; returns it. */
export async function finishedTurn(panel: Page, timeoutMs = 30_000): Promise<Locator> {
  await panel.waitForFunction(
    () => {
      const turns = document.querySelectorAll('article');
      const last = turns[turns.length - 1];
      return ['done', 'failed', 'stopped', 'interrupted'].includes(last?.getAttribute('data-status') ?? '');
    },
    undefined,
    { timeout: timeoutMs },
  );
  return lastTurn(panel);
}

/**
 * Answers every confirmation the last task asks for, until it ends: `allow` clicks Allow
 * once; `decline` clicks Deny (or, for a new site, Not now). Returns the questions.
 */
export async function answerAll(panel: Page, choice: 'allow' | 'decline', timeoutMs = 30_000): Promise<string[]> {
  const questions: string[] = [];
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ended = await panel.evaluate(() => {
      const turns = document.querySelectorAll('article');
      return ['done', 'failed', 'stopped', 'interrupted'].includes(turns[turns.length - 1]?.getAttribute('data-status') ?? '');
    });
    if (ended) return questions;
    const card = panel.getByRole('region', { name: 'Confirmation needed' });
    if (await card.count()) {
      const id = await card.getAttribute('data-request');
      questions.push(await card.locator('p').first().innerText());
      const deny = card.getByRole('button', { name: 'Deny', exact: true });
      const button =
        choice === 'allow'
          ? card.getByRole('button', { name: 'Allow once', exact: true })
          : (await deny.count())
            ? deny
            : card.getByRole('button', { name: 'Not now', exact: true });
      await button.click();
      // The next question may take this one's place at once: wait for this one to go.
      await panel.locator(`[data-request="${id ?? ''}"]`).waitFor({ state: 'detached', timeout: 10_000 });
    } else await new Promise((resolve) => setTimeout(resolve, 50));
    if (Date.now() > deadline) throw new Error(`The task did not end; questions so far: ${questions.join(' | ')}`);
  }
}

export function artifactPath(name: string): string {
  mkdirSync(ARTIFACTS, { recursive: true });
  return join(ARTIFACTS, name);
}
