import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findChrome } from '@wayfinder/cdp/node';
import { fetchState, startGym, startOpenAICompatible, type Brain, type Gym, type GymSnapshot, type MockModelServer } from '@wayfinder/gym';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { chromium, type BrowserContext, type Locator, type Page, type Worker } from 'playwright-core';
import { OPTIONAL_PERMISSIONS } from '../src/lib/permissions';
import { newProfilePreferences, useChromeDownloads } from './profile';

// The built extension loaded into real headless Chromium (../shared/EXTENSION-TESTING.md),
// with the gym beside it. Tests drive the side panel page like a person would.

const here = dirname(fileURLToPath(import.meta.url));
export const EXTENSION_DIR = join(here, '..', process.env.WAYFINDER_EXT_OUT ?? '.output', 'chrome-mv3');
export const ARTIFACTS = join(here, '../../../artifacts/extension');

export interface ExtensionEnv {
  context: BrowserContext;
  worker: Worker;
  extensionId: string;
  gym: Gym;
  /** Opens a gym page in a tab of its own (the tab the agent will work in). */
  openSite(path: string): Promise<Page>;
  /**
   * Opens the side panel page (as a tab, with the same chrome.* APIs). It starts on a new chat
   * (or a task still running), as if the person had last pressed New chat; `keepConversation`:
   * on the conversation open last time, as a person reopening the panel finds it.
   */
  openPanel(options?: { keepConversation?: boolean }): Promise<Page>;
  openOptions(): Promise<Page>;
  /** Writes settings straight into chrome.storage.local (the options page does the same). */
  setSettings(settings: Record<string, unknown>): Promise<void>;
  state(): Promise<GymSnapshot>;
  stateUntil(check: (state: GymSnapshot) => boolean, timeoutMs?: number): Promise<GymSnapshot>;
  /** The current service worker (a new one after a restart). */
  currentWorker(): Promise<Worker>;
  /** Stops whatever task is still running (so one failed test does not hold up the next). */
  stopAll(): Promise<void>;
  /** What Chrome's own download manager holds: each download's file name and state (complete, interrupted …). */
  downloads(): Promise<{ filename: string; state: string; exists: boolean }[]>;
  /** Where Chrome saves downloads in this profile. */
  downloadDir: string;
  /** Quits Chromium and starts it again on the same profile: the extension and its worker load afresh. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

async function launch(
  userDataDir: string,
  chromeDownloads: boolean,
  extraArgs: string[] = [],
  ignoreDefaultArgs: string[] = [],
  granted: readonly string[] = [],
): Promise<{ context: BrowserContext; worker: Worker }> {
  const downloadDir = join(userDataDir, 'Downloads');
  mkdirSync(join(userDataDir, 'Default'), { recursive: true });
  const preferences = join(userDataDir, 'Default', 'Preferences');
  rmSync(join(userDataDir, 'DevToolsActivePort'), { force: true });
  if (!existsSync(preferences)) writeFileSync(preferences, newProfilePreferences(EXTENSION_DIR, downloadDir, granted));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: findChrome(),
    headless: true,
    viewport: null,
    ...(ignoreDefaultArgs.length ? { ignoreDefaultArgs } : {}),
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
      ...(chromeDownloads ? ['--remote-debugging-port=0'] : []),
      ...extraArgs,
    ],
  });
  if (chromeDownloads) await useChromeDownloads(userDataDir);
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  return { context, worker };
}

/**
 * `chromeDownloads`: downloads are Chrome's own (as in a person's browser, where the
 * extension holds them) rather than Playwright's, which tests otherwise read files from.
 */
export async function openExtensionEnv(
  options: {
    chromeDownloads?: boolean;
    /** More Chromium flags (voice: a fake microphone). */
    args?: string[];
    /** Playwright's own flags to leave out (voice: --mute-audio, so a tab's sound can be captured). */
    ignoreDefaultArgs?: string[];
    /**
     * The optional permissions (lib/permissions.ts) the profile starts with: all of them unless
     * said otherwise (the features' tests); `[]` is a browser that has given none yet.
     */
    grantedPermissions?: readonly string[];
  } = {},
): Promise<ExtensionEnv> {
  if (!existsSync(join(EXTENSION_DIR, 'manifest.json')))
    throw new Error(`The extension is not built (${EXTENSION_DIR}); run npm run build:extension.`);
  const gym = await startGym();
  const userDataDir = mkdtempSync(join(tmpdir(), 'wayfinder-ext-'));
  let { context, worker } = await launch(
    userDataDir,
    options.chromeDownloads ?? false,
    options.args,
    options.ignoreDefaultArgs,
    options.grantedPermissions ?? OPTIONAL_PERMISSIONS.map((p) => p.permission),
  );
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
    openPanel: async (options = {}) => {
      const page = await env.context.newPage();
      const first = options.keepConversation ? `${base}/sidepanel.html` : `${base}/welcome.html`;
      // Right after an extension reload its pages are refused for a moment.
      for (let tries = 0; ; tries++) {
        try {
          await page.goto(first);
          break;
        } catch (error) {
          if (tries > 50) throw error;
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      }
      if (!options.keepConversation) {
        // The key the panel remembers its open conversation under (OPEN_CONVERSATION_KEY, lib/messages.ts).
        await page.evaluate(() => chrome.storage.local.set({ 'panel.openConversation': null }));
        await page.goto(`${base}/sidepanel.html`);
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
    downloadDir: join(userDataDir, 'Downloads'),
    downloads: async () => {
      const page = await env.context.newPage();
      await page.goto(`${base}/welcome.html`);
      const items = await page.evaluate(async () =>
        (await chrome.downloads.search({})).map((d) => ({ filename: d.filename, state: d.state, exists: d.exists })),
      );
      await page.close();
      return items;
    },
    restart: async () => {
      await env.context.close();
      ({ context, worker } = await launch(userDataDir, options.chromeDownloads ?? false, options.args, options.ignoreDefaultArgs));
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

/** A test file's extension, with a mock model per test and the pages it opened closed after. */
export interface ModelSuite {
  readonly env: ExtensionEnv;
  /** A mock OpenAI-compatible server with this brain, set up as the model for acting (closed after the test). */
  useModel: (brain: Brain, options?: { delayMs?: number; agent?: Record<string, unknown> }) => Promise<MockModelServer>;
  /** A gym page in a tab of its own (closed after the test). */
  site: (path: string) => Promise<Page>;
  /** The side panel (closed after the test), `width` px wide when given. */
  panel: (width?: number) => Promise<Page>;
}

/**
 * One extension for the file (opened before its tests, closed after); each test starts from
 * a reset gym and ends with its tasks stopped, its model server closed and its pages closed.
 */
export function modelSuite(): ModelSuite {
  let env: ExtensionEnv | null = null;
  let server: MockModelServer | null = null;
  const opened: Page[] = [];
  const ready = (): ExtensionEnv => {
    if (!env) throw new Error('The extension is not open yet (use the suite inside tests).');
    return env;
  };
  beforeAll(async () => {
    env = await openExtensionEnv();
  });
  afterAll(async () => {
    await env?.close();
  });
  beforeEach(() => {
    ready().gym.reset();
  });
  afterEach(async () => {
    await ready().stopAll();
    await server?.close();
    server = null;
    for (const page of opened.splice(0)) await page.close().catch(() => undefined);
  });
  return {
    get env() {
      return ready();
    },
    useModel: async (brain, options = {}) => {
      await server?.close();
      server = await startOpenAICompatible(brain, 'mock-gpt', options.delayMs ? { delayMs: options.delayMs } : {});
      await ready().setSettings(
        settingsWith(
          { provider: 'openai-compatible' },
          { 'openai-compatible': { baseURL: server.url, model: 'mock-gpt', apiKey: 'sk-test' } },
          options.agent,
        ),
      );
      return server;
    },
    site: async (path) => {
      const page = await ready().openSite(path);
      opened.push(page);
      return page;
    },
    panel: async (width) => {
      const page = await ready().openPanel();
      opened.push(page);
      if (width) await page.setViewportSize({ width, height: 760 });
      return page;
    },
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

/** Opens the panel header's More (skills, tab audio, Home, Options) unless it is open. */
export async function openMore(panel: Page): Promise<void> {
  const more = panel.getByRole('button', { name: 'More', exact: true });
  if ((await more.getAttribute('aria-expanded')) !== 'true') await more.click();
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

/** The agent events of the panel's latest conversation, as its export has them (oldest first). */
export async function latestEvents(panel: Page): Promise<Record<string, unknown>[]> {
  return eventsOf(await exportConversation(panel));
}

/** The selector of the cards `answerAll` answers: the policy's questions, and the page's own dialogs when declining. */
const CONFIRM_CARD = '[role="alertdialog"][aria-label="Confirmation needed"]';
const PAGE_DIALOG = '[role="alertdialog"][aria-label="The page asks"]';

/**
 * Answers every confirmation the last task asks for, until it ends: `allow` clicks Allow
 * once; `decline` clicks Deny (or, for a new site, Not now) and Cancel on the page's own
 * dialogs; `none` answers nothing (a person who is away) and only waits. Between cards it
 * waits for the next card or the end, not a fixed time. Returns the policy's questions.
 */
export async function answerAll(panel: Page, choice: 'allow' | 'task' | 'decline' | 'none', timeoutMs = 30_000): Promise<string[]> {
  const questions: string[] = [];
  const deadline = Date.now() + timeoutMs;
  const answering = choice === 'none' ? '' : choice === 'decline' ? `${CONFIRM_CARD}, ${PAGE_DIALOG}` : CONFIRM_CARD;
  for (;;) {
    // The task's end, or a card to answer.
    const ended = await panel
      .waitForFunction(
        (cards) => {
          const turns = document.querySelectorAll('article');
          if (['done', 'failed', 'stopped', 'interrupted'].includes(turns[turns.length - 1]?.getAttribute('data-status') ?? ''))
            return 'ended';
          return cards && document.querySelector(cards) ? 'card' : false;
        },
        answering,
        { timeout: Math.max(1, deadline - Date.now()) },
      )
      .then(
        async (handle) => (await handle.jsonValue()) === 'ended',
        () => {
          throw new Error(`The task did not end; questions so far: ${questions.join(' | ')}`);
        },
      );
    if (ended) return questions;
    const card = panel.locator(answering).first();
    const id = await card.getAttribute('data-request');
    let button: Locator;
    if ((await card.getAttribute('aria-label')) === 'The page asks') button = card.getByRole('button', { name: 'Cancel', exact: true });
    else {
      questions.push(await card.locator('p').first().innerText());
      const deny = card.getByRole('button', { name: 'Deny', exact: true });
      const forTask = card.getByRole('button', { name: 'Allow for this task', exact: true });
      button =
        choice === 'task' && (await forTask.count())
          ? forTask
          : choice === 'allow' || choice === 'task'
            ? card.getByRole('button', { name: 'Allow once', exact: true })
            : (await deny.count())
              ? deny
              : card.getByRole('button', { name: 'Not now', exact: true });
    }
    await button.click();
    // The next question may take this one's place at once: wait for this one to go.
    await panel.locator(`[data-request="${id ?? ''}"]`).waitFor({ state: 'detached', timeout: 10_000 });
  }
}

/** The ids of the panel's conversations, newest first. */
export async function conversationIds(panel: Page): Promise<string[]> {
  const reply: unknown = await panel.evaluate(() => chrome.runtime.sendMessage({ type: 'conversations.list' }));
  const list: unknown[] =
    typeof reply === 'object' && reply !== null && 'conversations' in reply && Array.isArray(reply.conversations)
      ? reply.conversations
      : [];
  return list.flatMap((c) => (typeof c === 'object' && c !== null && 'id' in c && typeof c.id === 'string' ? [c.id] : []));
}

/** A conversation as History exports it (JSON text; '' when there is none): `id`, or the newest. */
export async function exportConversation(panel: Page, id?: string): Promise<string> {
  const which = id ?? (await conversationIds(panel))[0] ?? '';
  const reply: unknown = await panel.evaluate(
    (conversation) => chrome.runtime.sendMessage({ type: 'conversation.export', id: conversation }),
    which,
  );
  return typeof reply === 'object' && reply !== null && 'json' in reply && typeof reply.json === 'string' ? reply.json : '';
}

/** The agent events of an exported conversation (oldest first). */
export function eventsOf(exported: string): Record<string, unknown>[] {
  const parsed: unknown = exported ? JSON.parse(exported) : {};
  const tasks: unknown[] =
    typeof parsed === 'object' && parsed !== null && 'tasks' in parsed && Array.isArray(parsed.tasks) ? parsed.tasks : [];
  return tasks.flatMap((task) => {
    const events: unknown[] =
      typeof task === 'object' && task !== null && 'events' in task && Array.isArray(task.events) ? task.events : [];
    return events.flatMap((e) =>
      typeof e === 'object' && e !== null && 'event' in e && typeof e.event === 'object' && e.event !== null
        ? [Object.fromEntries(Object.entries(e.event))]
        : [],
    );
  });
}

/**
 * The model calls tasks made: chat requests, not the status line's reachability checks (a
 * GET of the model list) or the options page's connection test ("Reply with the single word OK.").
 */
export function agentRequests(s: MockModelServer): MockModelServer['requests'] {
  return s.requests.filter(
    (r) => r.path.endsWith('/chat/completions') && !JSON.stringify(r.body.messages).includes('Reply with the single word OK.'),
  );
}

export function artifactPath(name: string): string {
  mkdirSync(ARTIFACTS, { recursive: true });
  return join(ARTIFACTS, name);
}
