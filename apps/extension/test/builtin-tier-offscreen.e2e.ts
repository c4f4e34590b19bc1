import { describe, expect, it } from 'vitest';
import { modelSuite } from './env';
import { editorText, helperBrain, helperRequests, REWRITTEN, selectText } from './page-helpers-kit';
import { frameView, pressToolbar } from './helper-world';
import type { Page } from 'playwright-core';

// Chrome gives the Writing Assistance APIs (Summarizer, Writer, Rewriter) to windows only,
// not to the service worker: where the worker has none, a job runs in the offscreen document
// (background/helpers/builtin-offscreen.ts). Here the worker has no Rewriter; the offscreen document
// first has none either (the job goes to the mock model), then gets a stand-in one.

const suite = modelSuite();

async function rewriteShorter(page: Page, pick: string): Promise<void> {
  await selectText(page, '#textarea', pick);
  await pressToolbar(page, 'Rewrite');
  await (await frameView(page)).getByRole('button', { name: 'Shorter', exact: true }).click();
  await (await frameView(page)).locator(`[aria-label="Wayfinder: Rewrite: Shorter"][data-replaced="true"]`).last().waitFor();
}

describe('built-in AI through the offscreen document', () => {
  it('rewrites with the offscreen document’s Rewriter when the worker has none', async () => {
    const server = await suite.useModel(helperBrain);
    expect(await (await suite.env.currentWorker()).evaluate(() => 'Rewriter' in globalThis)).toBe(false);
    const page = await suite.site('/editors');
    await page.waitForFunction(() => Boolean(Reflect.get(Reflect.get(window, 'editors') ?? {}, 'textarea')));
    await rewriteShorter(page, 'the tent and the stove');
    await expect.poll(() => editorText(page, 'textarea')).toBe(`i can bring ${REWRITTEN} if you want`);
    expect(helperRequests(server, 'You rewrite')).toHaveLength(1);

    // The offscreen document (made for the first job) gets a Rewriter, as a window of Chrome with one has.
    const ext = await suite.env.context.newPage();
    await ext.goto(`chrome-extension://${suite.env.extensionId}/welcome.html`);
    const installed = await ext.evaluate(() => {
      const view = chrome.extension.getViews().find((w) => w.location.pathname === '/offscreen.html');
      if (!view) return false;
      // eslint-disable-next-line @typescript-eslint/no-extraneous-class
      class FakeRewriter {
        static availability(): Promise<string> {
          return Promise.resolve('available');
        }

        static create(): Promise<unknown> {
          return Promise.resolve({
            rewriteStreaming: () =>
              new ReadableStream<string>({
                start(controller) {
                  for (const part of ['Offscreen ', 'rewrite']) controller.enqueue(part);
                  controller.close();
                },
              }),
            destroy: () => undefined,
          });
        }
      }
      Object.defineProperty(view, 'Rewriter', { value: FakeRewriter, configurable: true });
      return true;
    });
    expect(installed).toBe(true);
    await rewriteShorter(page, REWRITTEN);
    await expect.poll(() => editorText(page, 'textarea')).toBe('i can bring Offscreen rewrite if you want');
    expect(helperRequests(server, 'You rewrite')).toHaveLength(1);
    await ext.close();
  });
});
