import { startOpenAICompatible, type MockModelServer } from '@wayfinder/gym';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations } from './a11y';
import { agentRequests, artifactPath, finishedTurn, openExtensionEnv, runInPanel, settingsWith, type ExtensionEnv } from './env';
import { frameView, helperFrame, helpersHave, watchHelpers } from './helper-world';
import { helperBrain, PICTURE } from './page-helpers-kit';
import { lookAt, PAGE_WIDTHS } from './look';

// The area capture on a screen of pixel ratio 2 (issue 16): the rectangle the person drags,
// in CSS pixels, comes out as a picture of twice its size with the page's own pixels in it,
// and reaches a vision model — explained, or attached to the next task.

let env: ExtensionEnv;
let server: MockModelServer;

beforeAll(async () => {
  env = await openExtensionEnv({ args: ['--force-device-scale-factor=2'] });
  server = await startOpenAICompatible(helperBrain);
  // A vision model on the OpenAI-compatible server (the setting a LLaVA or Qwen-VL server needs).
  const provider = { baseURL: server.url, model: 'mock-gpt', apiKey: 'sk-test' };
  await env.setSettings({
    ...settingsWith({ provider: 'openai-compatible' }),
    providers: { 'openai-compatible': { ...provider, vision: true } },
  });
});

afterAll(async () => {
  await server.close();
  await env.close();
});

/** Starts the capture in the page's tab as the shortcut's handler does (background/helpers/page-helpers.ts). */
async function startLikeTheShortcut(page: Page): Promise<void> {
  await page.bringToFront();
  const worker = await env.currentWorker();
  await worker.evaluate(async (url) => {
    const [tab] = await chrome.tabs.query({ url });
    if (tab?.id === undefined) throw new Error('no tab');
    await chrome.tabs.sendMessage(tab.id, { type: 'page-helpers.start-capture' });
  }, page.url());
}

/** Drags over #swatch once the capture veil is up. */
async function captureSwatch(page: Page): Promise<{ width: number; height: number; dpr: number }> {
  await expect.poll(() => helpersHave(page, '[data-role="capture-veil"]')).toBe(true);
  const box = await page.locator('#swatch').boundingBox();
  if (!box) throw new Error('no swatch');
  await page.screenshot({ path: artifactPath('page-helpers-capture-veil-light.png') });
  await page.mouse.move(box.x, box.y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 4 });
  await page.mouse.move(box.x + box.width, box.y + box.height, { steps: 4 });
  await page.mouse.up();
  const dpr = await page.evaluate(() => devicePixelRatio);
  return { width: box.width, height: box.height, dpr };
}

describe('page helpers: area capture', () => {
  it('crops the dragged rectangle at the pixel ratio, with the page’s own pixels, and a vision model explains it', async () => {
    const page = await env.openSite('/article');
    await startLikeTheShortcut(page);
    const { width, height, dpr } = await captureSwatch(page);
    expect(dpr).toBe(2);
    const card = (await frameView(page)).locator('[data-role="capture"]');
    await card.locator('img').waitFor();
    expect(await card.getAttribute('data-width')).toBe(String(Math.round(width * dpr)));
    expect(await card.getAttribute('data-height')).toBe(String(Math.round(height * dpr)));

    // The picture's quarters are the swatch's four colours.
    const colours = await card.locator('img').evaluate(async (img: HTMLImageElement) => {
      const bitmap = await createImageBitmap(await (await fetch(img.src)).blob());
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no canvas');
      context.drawImage(bitmap, 0, 0);
      const at = (x: number, y: number) =>
        Array.from(context.getImageData(Math.floor(x * bitmap.width), Math.floor(y * bitmap.height), 1, 1).data.slice(0, 3));
      return { size: [bitmap.width, bitmap.height], tl: at(0.25, 0.25), tr: at(0.75, 0.25), bl: at(0.25, 0.75), br: at(0.75, 0.75) };
    });
    expect(colours).toEqual({ size: [240, 160], tl: [255, 0, 0], tr: [0, 255, 0], bl: [0, 0, 255], br: [255, 255, 0] });
    await page.screenshot({ path: artifactPath('page-helpers-capture-light.png') });
    expect(await accessibilityViolations(await helperFrame(page))).toEqual([]);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: artifactPath('page-helpers-capture-dark.png') });
    await page.emulateMedia({ colorScheme: 'light' });

    const before = agentRequests(server).length;
    await card.getByRole('button', { name: 'Explain' }).click();
    const answer = (await frameView(page)).locator('[aria-label="Wayfinder: Explain the captured area"] [data-role="output"]');
    await expect.poll(() => answer.innerText()).toBe(PICTURE);
    const sent = JSON.stringify(agentRequests(server)[before]?.body.messages);
    expect(sent).toContain('You explain a picture');
    expect(sent).toContain('data:image/png;base64,');
    await page.close();
  });

  it('Options says whether the local model reads images: not ticked, Explain names that setting; ticked again, it explains', async () => {
    const options = await env.openOptions();
    const section = options.getByRole('region', { name: 'OpenAI-compatible server' });
    const reads = section.getByRole('checkbox', { name: /Reads images/ });
    expect(await reads.isChecked()).toBe(true);
    await reads.uncheck();
    // The tests after this one need the model marked as reading images again, whatever happens here.
    try {
      await explainWithoutImages(options, reads);
    } finally {
      await options.bringToFront();
      if (!(await reads.isChecked())) await reads.check();
      await options.close();
    }
  });

  async function explainWithoutImages(options: Page, reads: Locator): Promise<void> {
    const section = options.getByRole('region', { name: 'OpenAI-compatible server' });
    await lookAt(options, 'options-reads-images', { widths: PAGE_WIDTHS, part: section });

    const page = await env.openSite('/article');
    await startLikeTheShortcut(page);
    await captureSwatch(page);
    const card = (await frameView(page)).locator('[data-role="capture"]');
    const before = agentRequests(server).length;
    await card.getByRole('button', { name: 'Explain' }).click();
    const explained = (await frameView(page)).locator('[aria-label="Wayfinder: Explain the captured area"]');
    // (20 s: the alert comes through the helper frame, which a fully loaded machine was seen to take over 10 s to show.)
    await expect
      .poll(() => explained.getByRole('alert').innerText(), { timeout: 20_000 })
      .toBe(
        'openai-compatible mock-gpt at ' +
          `${server.url} cannot read pictures. If it is a vision model, tick "Reads images" under OpenAI-compatible server in Wayfinder's options; otherwise pick a model that reads images for "Looking at screenshots" in Wayfinder's options to explain a captured area.`,
      );
    expect(agentRequests(server).length).toBe(before);
    await page.keyboard.press('Escape');

    await options.bringToFront();
    await reads.check();
    await startLikeTheShortcut(page);
    await captureSwatch(page);
    await (await frameView(page)).locator('[data-role="capture"]').getByRole('button', { name: 'Explain' }).click();
    await expect.poll(() => explained.locator('[data-role="output"]').innerText()).toBe(PICTURE);
    await page.close();
  }

  it('starts from the panel’s button and sends the captured area to the chat: the next task shows it to the model', async () => {
    const page = await env.openSite('/article');
    const panel = await env.openPanel();
    // The panel's Capture button: the page beside it comes to the front with the capture veil.
    await panel.getByRole('button', { name: 'Capture an area of the page' }).click();
    await captureSwatch(page);
    const card = (await frameView(page)).locator('[data-role="capture"]');
    const highlighted = await watchHelpers(page, '[data-role="sent-highlight"]');
    await card.getByRole('button', { name: 'Send to chat' }).click();
    await expect.poll(highlighted).toBe(true);

    await panel.bringToFront();
    await expect.poll(() => panel.getByRole('list', { name: 'Attached files' }).innerText()).toContain('captured area of 127.0.0.1');
    const before = agentRequests(server).length;
    await runInPanel(panel, 'What colours are in the picture?', 'Ask');
    await finishedTurn(panel);
    const first = JSON.stringify(agentRequests(server)[before]?.body.messages);
    expect(first).toContain('What colours are in the picture?');
    expect(first).toContain('<page-content source=\\"attached file: captured area of 127.0.0.1\\">');
    expect(first).toMatch(/"type":"image_url","image_url":\{"url":"data:image\/png;base64,/);
    await panel.close();
    await page.close();
  });
});
