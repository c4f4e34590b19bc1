import { writeFileSync } from 'node:fs';
import { colourCount, decodePng } from '@wayfinder/gym';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations } from './a11y';
import { artifactPath, openExtensionEnv, type ExtensionEnv } from './env';

// Chrome's built-in model on the options page, with a stand-in for the Prompt API
// (headless Chromium has no Gemini Nano): the first download is started by a click and
// shows its progress; the page passes an accessibility check in both colour schemes.

let env: ExtensionEnv;
beforeAll(async () => {
  env = await openExtensionEnv();
});
afterAll(async () => {
  await env.close();
});

/** A `LanguageModel` global shaped as the spec says, whose download waits at 60% until told to finish. */
function fakePromptApi(): void {
  let state = 'downloadable';
  let finish: () => void = () => undefined;
  Reflect.set(window, 'finishDownload', () => finish());
  // A class with static methods, as the real interface object is.
  // eslint-disable-next-line @typescript-eslint/no-extraneous-class
  class FakeLanguageModel {
    static availability(): Promise<string> {
      return Promise.resolve(state);
    }

    static create(options: { monitor?: (m: EventTarget) => void }): Promise<{ destroy(): void }> {
      return new Promise((resolve) => {
        const monitor = new EventTarget();
        options.monitor?.(monitor);
        const progress = (loaded: number) => monitor.dispatchEvent(Object.assign(new Event('downloadprogress'), { loaded }));
        progress(0);
        setTimeout(() => progress(0.6), 20);
        finish = () => {
          progress(1);
          state = 'available';
          resolve({ destroy: () => undefined });
        };
      });
    }
  }
  Object.defineProperty(window, 'LanguageModel', { value: FakeLanguageModel, configurable: true, writable: true });
}

describe("Chrome's built-in model in the options", () => {
  it('downloads on a click, with progress, and says when it is ready', async () => {
    await env.context.addInitScript(fakePromptApi);
    const page = await env.openOptions();
    await page.setViewportSize({ width: 900, height: 900 });
    const card = page.getByRole('region', { name: "Chrome's built-in model" });
    await card.getByRole('button', { name: 'Check availability' }).click();
    await expect.poll(() => card.getByRole('status').innerText()).toContain("Chrome's built-in model has to be downloaded once");
    await card.getByRole('button', { name: 'Download the model' }).click();
    const bar = card.getByRole('progressbar', { name: 'Download of the built-in model' });
    await expect.poll(() => bar.getAttribute('value')).toBe('0.6');
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      const png = await card.screenshot();
      writeFileSync(artifactPath(`options-built-in-downloading-${scheme}.png`), png);
      expect(colourCount(decodePng(png.toString('base64')))).toBeGreaterThan(30);
      expect(await accessibilityViolations(page)).toEqual([]);
    }
    await expect.poll(() => card.innerText()).toContain('Downloading… 60%');
    // The check can fail: a picture with no text is found at once.
    await page.evaluate(() =>
      document.body.append(Object.assign(document.createElement('img'), { src: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=' })),
    );
    expect((await accessibilityViolations(page)).join('\n')).toContain('image-alt');
    await page.evaluate(() => document.querySelector('body > img')?.remove());
    await page.evaluate(() => {
      const finish: unknown = Reflect.get(window, 'finishDownload');
      if (typeof finish === 'function') Reflect.apply(finish, undefined, []);
    });
    await expect.poll(() => card.getByRole('status').innerText()).toBe("Chrome's built-in model is downloaded and ready.");
    expect(await bar.count()).toBe(0);
    await page.close();
  });
});
