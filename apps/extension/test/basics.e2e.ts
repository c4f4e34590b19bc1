import { checkTask, colourCount, decodePng, taskById } from '@wayfinder/gym';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EXTENSION_DIR, finishedTurn, openExtensionEnv, runInPanel, settingsWith, type ExtensionEnv } from './env';

// The extension with no model configured: the command interpreter, the timeline, the
// status line, and conversations that outlive the worker and the extension itself.

let env: ExtensionEnv;
beforeAll(async () => {
  env = await openExtensionEnv();
});
afterAll(async () => {
  await env.close();
});
beforeEach(() => {
  env.gym.reset();
});

describe('the command interpreter, from the side panel', () => {
  it('completes a direct command on the gym, showing each step, and detaches the debugger after', async () => {
    await env.setSettings(settingsWith({ provider: 'command' }, {}, { screenshots: true }));
    const site = await env.openSite('/feed');
    const panel = await env.openPanel();
    await runInPanel(panel, 'select "Kiwi" from "Favourite fruit"');
    const turn = await finishedTurn(panel);
    expect(await turn.getAttribute('data-status')).toBe('done');
    expect(await checkTask(taskById('feed-fruit'), env.gym.url)).toMatchObject({ ok: true });
    await expect
      .poll(() => turn.getByRole('region', { name: 'Answer' }).innerText())
      .toContain('selected "Kiwi" in combobox "Favourite fruit"');
    const steps = turn.getByRole('list', { name: 'Steps' });
    expect(await steps.locator('li[data-tool]').evaluateAll((items) => items.map((li) => li.getAttribute('data-tool')))).toEqual([
      'find',
      'select_option',
      'done',
    ]);
    // A picture of the page after the action, in the timeline.
    await expect.poll(() => steps.locator('img.thumb').count()).toBeGreaterThan(0);
    // No model was used: no tokens or cost to show.
    expect(await turn.locator('.usage').innerText()).toBe('3 steps · command interpreter');
    await expect.poll(() => panel.getByRole('status', { name: 'Status' }).innerText()).toContain('Debugger not attached');
    expect(await panel.getByRole('status', { name: 'Status' }).innerText()).toMatch(/Command interpreter \(no model\)\s*built in/);
    await site.close();
    await panel.close();
  });

  it('says so when a command is not understood, and suggests a model', async () => {
    await env.setSettings(settingsWith({ provider: 'command' }));
    const site = await env.openSite('/feed');
    const panel = await env.openPanel();
    await runInPanel(panel, 'please organise my holidays');
    const turn = await finishedTurn(panel);
    expect(await turn.getAttribute('data-status')).toBe('failed');
    expect(await turn.getByRole('region', { name: 'Answer' }).innerText()).toContain('I only understand direct commands');
    await site.close();
    await panel.close();
  });
});

describe('conversations', () => {
  it('continue, survive the extension loading afresh, export and delete', async () => {
    await env.setSettings(settingsWith({ provider: 'command' }));
    const site = await env.openSite('/widgets');
    let panel = await env.openPanel();
    await runInPanel(panel, 'click "Increase trips"');
    await finishedTurn(panel);
    await runInPanel(panel, 'click "Save count"');
    await finishedTurn(panel);
    expect(await panel.getByRole('article').count()).toBe(2);
    await env.stateUntil((s) => s.widgets.counter === 1);

    // Quit and restart the browser: the extension loads afresh; the conversation is in IndexedDB.
    await env.restart();
    panel = await env.openPanel();
    await panel.getByRole('button', { name: 'History' }).click();
    const list = panel.getByRole('navigation', { name: 'Conversations' });
    await list.getByRole('button', { name: 'click "Increase trips"', exact: true }).click();
    await expect.poll(() => panel.getByRole('article').count()).toBe(2);
    expect(await panel.getByRole('article').first().getByRole('region', { name: 'Answer' }).innerText()).toContain(
      'clicked button "Increase trips"',
    );

    // Export as JSON.
    await panel.getByRole('button', { name: 'History' }).click();
    const download = panel.waitForEvent('download');
    await list.getByRole('button', { name: 'Export click "Increase trips"' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^wayfinder-click-Increase-trips--\d{4}-\d\d-\d\d\.json$/);
    const exported: unknown = JSON.parse(
      await (await file.createReadStream()).toArray().then((chunks: Buffer[]) => Buffer.concat(chunks).toString('utf8')),
    );
    expect(exported).toMatchObject({
      exportedBy: 'Wayfinder',
      conversation: { title: 'click "Increase trips"' },
      tasks: [{ task: { state: { task: 'click "Increase trips"', status: 'done' } } }, { task: { state: { task: 'click "Save count"' } } }],
    });

    // Delete it.
    await list.getByRole('button', { name: 'Delete click "Increase trips"' }).click();
    await expect.poll(() => list.getByRole('button', { name: 'click "Increase trips"', exact: true }).count()).toBe(0);
    expect(await panel.getByRole('article').count()).toBe(0);
    await site.close();
    await panel.close();
  });
});

describe('the extension itself', () => {
  it('declares the keyboard shortcuts, the side panel, and only the permissions it explains', async () => {
    const manifest: unknown = await env.worker.evaluate(() => chrome.runtime.getManifest());
    expect(manifest).toMatchObject({
      manifest_version: 3,
      side_panel: { default_path: 'sidepanel.html' },
      commands: {
        'open-side-panel': { suggested_key: { default: 'Ctrl+Shift+Y' } },
        'capture-area': { suggested_key: { default: 'Ctrl+Shift+S' } },
        'record-tab-audio': { suggested_key: { default: 'Ctrl+Shift+A' } },
        'push-to-talk': { suggested_key: { default: 'Alt+Shift+V' } },
        // Chrome takes at most four suggested keys: Home's is the person's to pick.
        'open-home': { description: 'Open the Wayfinder Home page' },
      },
      // At install, only what the agent uses at once (lib/permissions.ts, docs/0050). declarativeNetRequest and
      // downloads: blocked sites and held popups, and downloads put to the person (docs/0017); offscreen: memory's
      // MiniLM model runs in an offscreen document (docs/0020); scripting: memory reads a page it remembers through
      // the page script in an isolated world, without the debugger (docs/0019); tts: spoken replies (docs/0033),
      // which Chrome does not take as optional.
      permissions: [
        'debugger',
        'tabs',
        'sidePanel',
        'storage',
        'unlimitedStorage',
        'alarms',
        'declarativeNetRequest',
        'downloads',
        'offscreen',
        'scripting',
        'tts',
      ],
      // Asked for when the person turns the feature on: history (research's history sharing) and search (the
      // default engine's search) (docs/0032), tabCapture (Tab audio, docs/0033), tabGroups (the host's tabs, docs/0028).
      optional_permissions: ['history', 'search', 'tabCapture', 'tabGroups'],
      // The driver's child sessions need Chrome 125.
      minimum_chrome_version: '125',
      icons: { 16: 'icon/16.png', 32: 'icon/32.png', 48: 'icon/48.png', 128: 'icon/128.png' },
      action: { default_icon: { 16: 'icon/16.png', 32: 'icon/32.png', 48: 'icon/48.png' } },
    });
  });

  it("keeps the agent out of its pages' bundles: tools, prompts and providers are only in the worker", () => {
    const files = readdirSync(join(EXTENSION_DIR, 'chunks')).map((f) => join(EXTENSION_DIR, 'chunks', f));
    const pages = files.map((f) => readFileSync(f, 'utf8')).join('\n');
    const worker = readFileSync(join(EXTENSION_DIR, 'background.js'), 'utf8');
    for (const marker of [
      'You are Wayfinder, an agent',
      'Read another page in the background',
      '/chat/completions',
      'is not available yet; load the playbook',
    ]) {
      expect(worker.includes(marker), `the worker has ${marker}`).toBe(true);
      expect(pages.includes(marker), `a page bundle has ${marker}`).toBe(false);
    }
  });

  it('ships its icons: real pictures at every declared size', async () => {
    const page = await env.context.newPage();
    await page.goto(`chrome-extension://${env.extensionId}/welcome.html`);
    for (const size of [16, 32, 48, 128]) {
      const base64 = await page.evaluate(async (path) => {
        const bytes = new Uint8Array(await (await fetch(path)).arrayBuffer());
        return btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(''));
      }, `/icon/${size}.png`);
      const png = decodePng(base64);
      expect([png.width, png.height]).toEqual([size, size]);
      expect(colourCount(png)).toBeGreaterThan(size === 16 ? 8 : 30);
    }
    await page.close();
  });

  it('the welcome page explains every permission and starts without a model', async () => {
    const page = await env.context.newPage();
    await page.goto(`chrome-extension://${env.extensionId}/welcome.html`);
    for (const name of [
      'Debugger',
      'Tabs',
      'Side panel',
      'Storage',
      'Alarms',
      'Block content',
      'Downloads',
      'Offscreen document',
      'Scripting',
    ])
      expect(await page.getByText(name, { exact: true }).count()).toBe(1);
    await page.getByRole('button', { name: 'Start with the command interpreter' }).click();
    await page.getByRole('status').filter({ hasText: 'Ready.' }).waitFor();
    const settings: unknown = await page.evaluate(async () => (await chrome.storage.local.get('settings')).settings);
    expect(settings).toMatchObject({ firstRunDone: true, roles: { actor: { provider: 'command' } } });
    await page.close();
  });
});
