import { writeFileSync } from 'node:fs';
import { colourCount, decodePng, startOpenAICompatible, type MockModelServer } from '@wayfinder/gym';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { accessibilityViolations } from './a11y';
import { artifactPath, finishedTurn, openExtensionEnv, runInPanel, settingsWith, type ExtensionEnv } from './env';

// Pictures of the side panel, light and dark, idle and in the middle of a task, kept as
// test artifacts (artifacts/extension/) and checked to show something.

let env: ExtensionEnv;
let server: MockModelServer;
beforeAll(async () => {
  env = await openExtensionEnv();
  let turn = 0;
  server = await startOpenAICompatible(
    (messages) => {
      turn++;
      const text = JSON.stringify(messages);
      if (text.includes('Reply with the single word OK.')) return { text: 'OK' };
      if (!text.includes('\\"role\\":\\"assistant\\"') && !text.includes('"role":"assistant"'))
        return { text: 'Let me look at the fruit list first.', calls: [{ name: 'find', input: { query: 'Favourite fruit' } }] };
      return { calls: [{ name: 'think', input: { thought: `Still working (${turn}).` } }] };
    },
    'mock-gpt',
    { delayMs: 250 },
  );
  await env.setSettings(
    settingsWith({ provider: 'openai-compatible' }, { 'openai-compatible': { baseURL: server.url, model: 'mock-gpt' } }),
  );
});
afterAll(async () => {
  await env.stopAll();
  await server.close();
  await env.close();
});

async function shoot(panel: Page, name: string): Promise<void> {
  const png = await panel.screenshot();
  writeFileSync(artifactPath(name), png);
  const decoded = decodePng(png.toString('base64'));
  expect(decoded.width).toBe(420);
  // Not blank: text, borders and buttons make many colours.
  expect(colourCount(decoded)).toBeGreaterThan(30);
}

it('the side panel, light and dark, idle and mid-task', async () => {
  await env.openSite('/feed');
  const panel = await env.openPanel();
  await panel.setViewportSize({ width: 420, height: 760 });
  for (const scheme of ['light', 'dark'] as const) {
    await panel.emulateMedia({ colorScheme: scheme });
    await panel.getByRole('button', { name: 'New chat' }).click();
    await panel.getByText('✓ reachable').waitFor();
    await shoot(panel, `sidepanel-${scheme}-idle.png`);
    await runInPanel(panel, 'Choose Kiwi as the favourite fruit.');
    await panel.locator('li[data-tool="think"]').nth(1).waitFor();
    await shoot(panel, `sidepanel-${scheme}-running.png`);
    await panel.getByRole('button', { name: 'Stop (Esc)' }).click();
    await finishedTurn(panel);
  }
  const background = await panel.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background).toBe('rgb(20, 26, 24)');
});

it('the welcome page, light and dark: every permission explained, nothing an accessibility check objects to', async () => {
  const page = await env.context.newPage();
  await page.setViewportSize({ width: 900, height: 1100 });
  await page.goto(`chrome-extension://${env.extensionId}/welcome.html`);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.getByText('Downloads', { exact: true }).waitFor();
    const png = await page.screenshot({ fullPage: true });
    writeFileSync(artifactPath(`welcome-${scheme}.png`), png);
    // Not blank (a plain page of text and one button: fewer colours than the panel).
    expect(colourCount(decodePng(png.toString('base64')))).toBeGreaterThan(10);
    expect(await accessibilityViolations(page)).toEqual([]);
  }
  await page.close();
});
