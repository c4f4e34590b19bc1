import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findChrome } from '@wayfinder/cdp/node';
import { startOpenAICompatible, type Brain, type MockModelServer } from '@wayfinder/gym';
import { chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  agentRequests,
  ARTIFACTS,
  EXTENSION_DIR,
  finishedTurn,
  openExtensionEnv,
  runInPanel,
  settingsWith,
  type ExtensionEnv,
} from './env';
import { lookAt } from './look';
import { packageField } from '../../../scripts/notices';

// A store-ready extension (issue 32 §3): Chrome asks at install only for what the agent uses
// at once; history, search, tab capture and tab groups are asked for when the person turns
// their feature on (lib/permissions.ts). A browser that has not given them gets a clear
// "needs Chrome's … permission: allow it in …" from the feature and nothing done; Options ›
// Permissions shows and changes them; the welcome page and the privacy policy say what each
// is for. And `npm run zip:extension` makes a zip that loads in Chromium, with the CLI's version.

const here = dirname(fileURLToPath(import.meta.url));
const CLI_VERSION = packageField(join(here, '../../host'), 'version') || 'no version';
const OPTIONAL = ['history', 'search', 'tabCapture', 'tabGroups'];

const permissionsSection = (options: Page) => options.getByRole('region', { name: 'Permissions' });
const stateOf = (options: Page, permission: string) => permissionsSection(options).locator(`[data-permission="${permission}"]`);

describe('a browser that has given none of the optional permissions', () => {
  let env: ExtensionEnv;
  let model: MockModelServer | null = null;

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    env = await openExtensionEnv({ grantedPermissions: [] });
  });
  afterAll(async () => {
    await env.close();
    await model?.close();
  });

  it('Chrome asked at install only for what the agent uses at once', async () => {
    // The manifest's lists in full: basics.e2e.ts. Here: what Chrome gave, and the version.
    const manifest: unknown = JSON.parse(readFileSync(join(EXTENSION_DIR, 'manifest.json'), 'utf8'));
    expect(typeof manifest === 'object' && manifest !== null ? Reflect.get(manifest, 'version') : null).toBe(CLI_VERSION);
    const granted = await env.worker.evaluate(() => chrome.permissions.getAll());
    for (const permission of OPTIONAL) expect(granted.permissions).not.toContain(permission);
    expect(granted.permissions).toContain('debugger');
  });

  it('a feature without its permission says which one and where to allow it, and does nothing', async () => {
    const options = await env.openOptions();
    for (const permission of OPTIONAL) await expect.poll(() => stateOf(options, permission).innerText()).toBe('Not allowed.');
    await lookAt(options, 'options-permissions', { widths: [900], part: permissionsSection(options) });

    // Tab audio (the shortcut's path: no click to ask on).
    const audio: unknown = await options.evaluate(() => chrome.runtime.sendMessage({ type: 'voice.tab.capture' }));
    expect(JSON.stringify(audio)).toContain('needs Chrome’s “Tab capture” permission');

    // The agent's web search with the browser's default engine, and history once opted in
    // (stored before the permission was there): each tool answers why, no search tab opens.
    await options.evaluate(() => chrome.storage.local.set({ research: { version: 1, historyOptIn: true, searchUrl: '', videoUrl: '' } }));
    await options.close();
    const brain: Brain = (messages) => {
      const text = JSON.stringify(messages);
      if (!text.includes('“Search” permission')) return { calls: [{ name: 'search_web', input: { query: 'trail running shoes' } }] };
      if (!text.includes('“History” permission')) return { calls: [{ name: 'get_history', input: { days: 7, limit: 20 } }] };
      return { calls: [{ name: 'done', input: { summary: 'Wayfinder may not search or read history here.', success: false } }] };
    };
    model = await startOpenAICompatible(brain, 'mock-gpt');
    await env.setSettings(
      settingsWith(
        { provider: 'openai-compatible' },
        { 'openai-compatible': { baseURL: model.url, model: 'mock-gpt', apiKey: 'sk-test' } },
      ),
    );
    const site = await env.openSite('/shop');
    const panel = await env.openPanel();
    await runInPanel(panel, 'Search the web for trail running shoes and tell me what I read this week.');
    await finishedTurn(panel);
    const seen = JSON.stringify(agentRequests(model).at(-1)?.body.messages ?? []);
    expect(seen).toContain('Searching the web with the browser’s default search engine needs Chrome’s “Search” permission');
    expect(seen).toContain('Options › Research');
    expect(seen).toContain('Reading the browsing history needs Chrome’s “History” permission');
    expect(env.context.pages().map((p) => p.url())).not.toContainEqual(expect.stringMatching(/search|google|bing/i));
    await panel.close();
    await site.close();
  });

  it('the welcome page says what every permission is for and links the privacy policy', async () => {
    const page = await env.context.newPage();
    await page.goto(`chrome-extension://${env.extensionId}/welcome.html`);
    const optional = page.getByRole('heading', { name: 'Asked only when you turn a feature on' });
    await optional.waitFor();
    for (const name of ['History', 'Search', 'Tab capture', 'Tab groups', 'Debugger', 'Downloads'])
      await expect
        .poll(() =>
          page
            .getByRole('term')
            .filter({ hasText: new RegExp(`^${name}$`) })
            .count(),
        )
        .toBe(1);
    await lookAt(page, 'welcome', { widths: [900] });
    await page.getByRole('link', { name: 'Read the privacy policy' }).click();
    await page.getByRole('heading', { name: 'Wayfinder privacy policy' }).waitFor();
    expect(await page.getByRole('heading', { level: 2 }).allInnerTexts()).toEqual(
      expect.arrayContaining(['What Wayfinder keeps, and where', 'What leaves your computer']),
    );
    await lookAt(page, 'privacy', { widths: [900] });
    await page.close();
  });
});

describe('a browser that has given them', () => {
  let env: ExtensionEnv;
  beforeAll(async () => {
    env = await openExtensionEnv();
  });
  afterAll(() => env.close());

  it('Options › Permissions takes one back: history sharing goes off with it', async () => {
    const options = await env.openOptions();
    for (const permission of OPTIONAL) await expect.poll(() => stateOf(options, permission).innerText()).toBe('Allowed.');
    const research = options.getByRole('region', { name: 'Research and feed' });
    const box = research.getByRole('checkbox', { name: 'Let research use my browsing history' });
    await box.check(); // given already: Chrome asks nothing
    await expect.poll(() => research.getByRole('status').innerText()).toBe('History sharing is on.');

    await permissionsSection(options).getByRole('button', { name: 'Take back History' }).click();
    await expect.poll(() => stateOf(options, 'history').innerText()).toBe('Not allowed.');
    expect(await options.evaluate(() => chrome.permissions.contains({ permissions: ['history'] }))).toBe(false);
    await expect
      .poll(() => options.evaluate(() => chrome.storage.local.get('research')))
      .toMatchObject({ research: { historyOptIn: false } });
    await expect.poll(() => box.isChecked()).toBe(false);
    await options.close();
  });
});

describe('npm run zip:extension', () => {
  it('makes the store zip, which loads in Chromium with the CLI’s version', async () => {
    const out = `.output-zip-${process.pid}`;
    const extensionRoot = join(here, '..');
    const unpacked = mkdtempSync(join(tmpdir(), 'wayfinder-zip-'));
    const profile = mkdtempSync(join(tmpdir(), 'wayfinder-zip-profile-'));
    try {
      execFileSync('npm', ['run', 'zip'], { cwd: extensionRoot, env: { ...process.env, WAYFINDER_EXT_OUT: out }, stdio: 'pipe' });
      const zip = join(extensionRoot, out, `wayfinder-${CLI_VERSION}-chrome.zip`);
      execFileSync('unzip', ['-q', zip, '-d', unpacked]);
      expect(readFileSync(join(unpacked, 'THIRD-PARTY-NOTICES.txt'), 'utf8')).toMatch(/^defuddle@/m);
      const context = await chromium.launchPersistentContext(profile, {
        executablePath: findChrome(),
        headless: true,
        args: ['--no-sandbox', '--disable-gpu', `--disable-extensions-except=${unpacked}`, `--load-extension=${unpacked}`],
      });
      try {
        const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
        expect(await worker.evaluate(() => chrome.runtime.getManifest().version)).toBe(CLI_VERSION);
        const page = await context.newPage();
        await page.goto(`chrome-extension://${new URL(worker.url()).host}/welcome.html`);
        await page.getByRole('heading', { name: 'Welcome to Wayfinder' }).waitFor();
      } finally {
        await context.close();
      }
    } finally {
      rmSync(join(extensionRoot, out), { recursive: true, force: true });
      rmSync(unpacked, { recursive: true, force: true });
      rmSync(profile, { recursive: true, force: true });
    }
  }, 120_000);
});
