import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { colourCount, decodePng, startOpenAICompatible, type MockModelServer } from '@wayfinder/gym';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations } from './a11y';
import { artifactPath, finishedTurn, openExtensionEnv, runInPanel, settingsWith, type ExtensionEnv } from './env';
import { lookAt } from './look';

// Setting up a model as a new user would (issue 11): a connection test that passes, one
// click to put it to work, the panel following at once; failures in plain words; nothing
// lost to a reload; a status line that notices a dead server; and, with no model at all,
// an idle panel that shows what works and the way to Options.

let env: ExtensionEnv;
let server: MockModelServer;
const opened: Page[] = [];

beforeAll(async () => {
  env = await openExtensionEnv();
  server = await startOpenAICompatible(() => ({ text: 'OK' }), 'mock-gpt');
});
afterAll(async () => {
  await env.stopAll();
  await server.close();
  await env.close();
});

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function panelAt(query = ''): Promise<Page> {
  const page = await env.context.newPage();
  opened.push(page);
  await page.goto(`chrome-extension://${env.extensionId}/sidepanel.html${query}`);
  await page.getByRole('status', { name: 'Status' }).waitFor();
  return page;
}

async function options(): Promise<Page> {
  const page = await env.openOptions();
  opened.push(page);
  await page.setViewportSize({ width: 900, height: 900 });
  await page.getByRole('heading', { name: 'Wayfinder options' }).waitFor();
  return page;
}

/** Waits for an Options tab that a click in the panel opened. */
async function optionsOpenedBy(click: () => Promise<void>): Promise<void> {
  for (const page of env.context.pages()) if (page.url().includes('/options.html')) await page.close();
  const next = env.context.waitForEvent('page', { predicate: (p) => p.url().includes('/options.html'), timeout: 10_000 });
  await click();
  await (await next).close();
}

async function shoot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  const png = await page.screenshot(options);
  writeFileSync(artifactPath(name), png);
  expect(colourCount(decodePng(png.toString('base64')))).toBeGreaterThan(10);
}

describe('with no model', () => {
  it('the idle panel shows direct commands that fill the task box, and a way to set up a model', async () => {
    await env.setSettings(settingsWith({ provider: 'command' }));
    const panel = await panelAt();
    const idle = panel.getByRole('region', { name: 'No model set up: direct commands only' });
    await idle.waitFor();
    await idle.getByRole('button', { name: 'Type hello into Search' }).click();
    expect(await panel.getByLabel('Task', { exact: true }).inputValue()).toBe('Type hello into Search');
    await optionsOpenedBy(() => idle.getByRole('button', { name: 'Set up a model' }).click());

    for (const width of [420, 320]) {
      await panel.setViewportSize({ width, height: 760 });
      for (const scheme of ['light', 'dark'] as const) {
        await panel.emulateMedia({ colorScheme: scheme });
        await panel.getByLabel('Task', { exact: true }).fill('');
        await shoot(panel, `sidepanel-${scheme}-idle-no-model-${width}.png`);
        // One line at any width: the status line does not wrap.
        const status = panel.getByRole('status', { name: 'Status' });
        // A worker that is slow to answer shows "Connecting…" first.
        await expect.poll(() => status.innerText()).toContain('Command interpreter (no model)');
        const box = await status.boundingBox();
        expect(box?.height ?? 0).toBeLessThan(32);
      }
    }
  });

  it("the command interpreter's answer to a task it cannot do points to Options, with a button to open them", async () => {
    await env.openSite('/feed');
    const panel = await panelAt();
    await runInPanel(panel, 'Book me a flight to Lisbon');
    const turn = await finishedTurn(panel);
    const text = await turn.innerText();
    expect(text).toContain("open Wayfinder's Options");
    expect(text).not.toContain('WAYFINDER_MODEL');
    await optionsOpenedBy(() => panel.getByRole('button', { name: 'Open Options to set up a model' }).click());
  });
});

describe('setting up a model', () => {
  it('a passed test, then "Use for acting": saved at once, and the panel shows the model without a reload', async () => {
    const panel = await panelAt();
    const page = await options();
    const card = page.getByRole('region', { name: 'OpenAI-compatible server' });
    await card.getByLabel('Address').fill(server.url);
    await card.getByLabel('Model').fill('mock-gpt');
    // Not pickable before its test passes, and says why.
    const actor = page.getByLabel('Acting', { exact: true });
    expect(await actor.locator('option', { hasText: 'OpenAI-compatible server · mock-gpt' }).innerText()).toContain('(not tested yet)');
    expect(await actor.locator('option', { hasText: 'OpenAI-compatible server · mock-gpt' }).isDisabled()).toBe(true);

    await card.getByRole('button', { name: 'Test connection' }).click();
    await expect.poll(() => card.getByRole('status').innerText()).toMatch(/answered in \d+ ms: "OK"\.$/);
    await card.getByRole('button', { name: 'Use for acting' }).click();
    await card.getByText('Used for acting.').waitFor();
    expect(await actor.inputValue()).toBe('openai-compatible:mock-gpt');

    const status = panel.getByRole('status', { name: 'Status' });
    await expect.poll(() => status.innerText(), { timeout: 10_000 }).toMatch(/OpenAI-compatible server · mock-gpt\s*reachable/);
    const picker = panel.getByLabel('Model', { exact: true });
    await expect.poll(() => picker.locator('option').first().innerText()).toBe('OpenAI-compatible server · mock-gpt');
    expect(await picker.locator('option', { hasText: 'OpenAI-compatible server · mock-gpt' }).last().isDisabled()).toBe(false);
    // Stored where the agent reads it.
    const stored: unknown = await page.evaluate(async () => (await chrome.storage.local.get('settings')).settings);
    expect(stored).toMatchObject({
      roles: { actor: { provider: 'openai-compatible', model: 'mock-gpt' } },
      tests: { 'openai-compatible': { ok: true, model: 'mock-gpt' } },
    });
  });

  it('an Ollama that cannot be reached: plain words with the OLLAMA_ORIGINS hint, and not pickable anywhere', async () => {
    const port = await freePort();
    const page = await options();
    const card = page.getByRole('region', { name: 'Ollama' });
    await card.getByLabel('Address').fill(`http://127.0.0.1:${port}`);
    await card.getByRole('button', { name: 'Test connection' }).click();
    await expect
      .poll(() => card.getByRole('status').innerText(), { timeout: 15_000 })
      .toContain(`Could not reach Ollama at http://127.0.0.1:${port}.`);
    const said = await card.getByRole('status').innerText();
    expect(said).toContain('Is it running (`ollama serve`)?');
    expect(said).toContain('Chrome extensions also need OLLAMA_ORIGINS=chrome-extension://* set for Ollama');
    expect(said).not.toContain("Wayfinder's options");
    expect(await card.getByRole('button', { name: 'Use for acting' }).count()).toBe(0);
    const option = page.getByLabel('Acting', { exact: true }).locator('option', { hasText: 'Ollama · llama3.1' });
    expect(await option.innerText()).toContain('(its test failed)');
    expect(await option.isDisabled()).toBe(true);

    const panel = await panelAt();
    const inPanel = panel.getByLabel('Model', { exact: true }).locator('option', { hasText: 'Ollama · llama3.1' });
    await expect.poll(() => inPanel.innerText()).toContain('(its test failed)');
    expect(await inPanel.isDisabled()).toBe(true);
  });

  it('edits are saved as they are made, and a reload keeps them; advice fits each provider', async () => {
    const page = await options();
    await page.getByRole('status', { name: 'Saving' }).getByText('Changes are saved as you make them.').waitFor();
    const card = page.getByRole('region', { name: 'OpenAI', exact: true });
    await card.getByLabel('Model').fill('gpt-test-model');
    await page.reload();
    await page.getByRole('heading', { name: 'Wayfinder options' }).waitFor();
    expect(await page.getByRole('region', { name: 'OpenAI', exact: true }).getByLabel('Model').inputValue()).toBe('gpt-test-model');
    const text = await page.locator('body').innerText();
    expect(text).not.toContain("Choose one in Wayfinder's options");
    expect(await page.getByRole('region', { name: 'OpenAI-compatible server' }).innerText()).not.toContain('ollama');
  });
});

describe('pages', () => {
  it('options and site permissions, light and dark: headed columns, a way back, nothing an accessibility check objects to', async () => {
    await env.setSettings({
      ...settingsWith(
        { provider: 'openai-compatible', model: 'mock-gpt' },
        { 'openai-compatible': { baseURL: server.url, model: 'mock-gpt' } },
      ),
      tests: {
        'openai-compatible': { ok: true, message: 'openai-compatible mock-gpt answered in 12 ms: "OK".', model: 'mock-gpt', at: 1 },
      },
    });
    const page = await options();
    await page.evaluate(async () =>
      chrome.storage.local.set({
        sites: [
          { site: 'example.com', decision: 'allow' },
          { site: 'bank.example', decision: 'block' },
          { site: 'shop.example', decision: 'ask', pageCode: true },
        ],
      }),
    );
    await page.reload();
    await page.getByRole('button', { name: 'Use for acting' }).or(page.getByText('Used for acting.')).first().waitFor();
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await shoot(page, `options-${scheme}.png`, { fullPage: true });
      expect(await accessibilityViolations(page)).toEqual([]);
    }
    await page.getByRole('link', { name: 'Site permissions' }).click();
    await page.getByRole('heading', { name: 'Wayfinder site permissions' }).waitFor();
    const table = page.getByRole('table');
    expect(await table.getByRole('columnheader').allInnerTexts()).toEqual(['Site', 'Permission', 'Page code', 'Remove']);
    // Page code is off unless ticked, per site; ticking it keeps the site's permission.
    expect(await page.getByRole('checkbox', { name: 'Page code on shop.example' }).isChecked()).toBe(true);
    const exampleCode = page.getByRole('checkbox', { name: 'Page code on example.com' });
    expect(await exampleCode.isChecked()).toBe(false);
    await exampleCode.check();
    await expect
      .poll(() => page.evaluate(async () => (await chrome.storage.local.get('sites')).sites))
      .toContainEqual({ site: 'example.com', decision: 'allow', pageCode: true });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await shoot(page, `sites-${scheme}.png`, { fullPage: true });
      expect(await accessibilityViolations(page)).toEqual([]);
    }
    await page.getByRole('link', { name: 'Back to options' }).click();
    await page.getByRole('heading', { name: 'Wayfinder options' }).waitFor();
  });
});

describe('the status line', () => {
  it('turns to unreachable when the server stops, at its next periodic check, and says why', async () => {
    await env.setSettings({
      ...settingsWith(
        { provider: 'openai-compatible', model: 'mock-gpt' },
        { 'openai-compatible': { baseURL: server.url, model: 'mock-gpt' } },
      ),
      tests: { 'openai-compatible': { ok: true, message: 'OK', model: 'mock-gpt', at: 1 } },
    });
    const panel = await panelAt('?statusEvery=500');
    const status = panel.getByRole('status', { name: 'Status' });
    await expect.poll(() => status.innerText()).toMatch(/mock-gpt\s*reachable/);
    await server.close();
    await expect.poll(() => status.innerText(), { timeout: 10_000 }).toMatch(/mock-gpt\s*unreachable/);
    expect(await status.locator('[title]').first().getAttribute('title')).toContain(
      `Could not reach the OpenAI-compatible server at ${server.url}. Is the server running at that address`,
    );
  });

  it('says the key was rejected (not unreachable) when the server refuses it, with a way to Options', async () => {
    const locked = await startOpenAICompatible(() => ({ text: 'OK' }), 'mock-gpt', { requireKey: 'sk-right-key-0123456789abcdef' });
    try {
      await env.setSettings({
        ...settingsWith(
          { provider: 'openai-compatible', model: 'mock-gpt' },
          { 'openai-compatible': { baseURL: locked.url, model: 'mock-gpt', apiKey: 'sk-wrong-key-0123456789abcdef' } },
        ),
        tests: { 'openai-compatible': { ok: true, message: 'OK', model: 'mock-gpt', at: 1 } },
      });
      const panel = await panelAt();
      const status = panel.getByRole('status', { name: 'Status' });
      await expect.poll(() => status.innerText()).toMatch(/mock-gpt\s*key rejected/);
      expect(await status.innerText()).not.toContain('unreachable');
      await lookAt(panel, 'status-key-rejected');
      await optionsOpenedBy(() => status.getByRole('button', { name: 'Options' }).click());
    } finally {
      await locked.close();
    }
  });

  it('checks again as soon as a task fails on its model, whose error says what happened in plain words', async () => {
    const live = await startOpenAICompatible(() => ({ text: 'OK' }), 'mock-gpt');
    await env.setSettings({
      ...settingsWith(
        { provider: 'openai-compatible', model: 'mock-gpt' },
        { 'openai-compatible': { baseURL: live.url, model: 'mock-gpt' } },
      ),
      tests: { 'openai-compatible': { ok: true, message: 'OK', model: 'mock-gpt', at: 1 } },
    });
    await env.openSite('/feed');
    // The periodic check is 45 s away: only the failed task can make it look again.
    const panel = await panelAt();
    const status = panel.getByRole('status', { name: 'Status' });
    await expect.poll(() => status.innerText()).toMatch(/mock-gpt\s*reachable/);
    await live.close();
    await runInPanel(panel, 'Choose Kiwi as the favourite fruit.');
    const turn = await finishedTurn(panel, 30_000);
    expect(await turn.getAttribute('data-status')).toBe('failed');
    expect(await turn.innerText()).toContain(`Could not reach the OpenAI-compatible server at ${live.url}.`);
    await expect.poll(() => status.innerText(), { timeout: 5_000 }).toMatch(/mock-gpt\s*unreachable/);
  });
});
