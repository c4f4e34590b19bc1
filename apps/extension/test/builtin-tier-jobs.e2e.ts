import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { modelSuite, settingsWith } from './env';
import { editorText, helperBrain, helperRequests, REWRITTEN, selectText } from './page-helpers-kit';
import { frameView, pressToolbar } from './helper-world';

const EXPLAINED_HERE = 'Built-in: a guide to camping without harm.';

// The page helpers' jobs on Chrome's built-in AI (issue 16), through the real extension:
// a stand-in Rewriter in the service worker (shaped as the spec says: availability states,
// create(), rewriteStreaming() streaming deltas). Rewrite → Shorter uses it when it is
// available and allowed, and the mock model server when the person turns it off or when it
// still needs a download.

const suite = modelSuite();
const BUILT_IN = 'Built-in shorter words';

/** In the worker: a Rewriter in the state `state`, which records each text it rewrites. */
function installRewriter(state: string): void {
  const calls: { text: string; options: unknown }[] = [];
  Reflect.set(globalThis, 'rewriterCalls', calls);
  // eslint-disable-next-line @typescript-eslint/no-extraneous-class
  class FakeRewriter {
    static availability(): Promise<string> {
      return Promise.resolve(state);
    }

    static create(options: unknown): Promise<unknown> {
      return Promise.resolve({
        rewriteStreaming: (text: string) => {
          calls.push({ text, options });
          return new ReadableStream<string>({
            start(controller) {
              for (const part of ['Built-in ', 'shorter ', 'words']) controller.enqueue(part);
              controller.close();
            },
          });
        },
        destroy: () => undefined,
      });
    }
  }
  Object.defineProperty(globalThis, 'Rewriter', { value: FakeRewriter, configurable: true });
}

async function rewriteShorter(page: Page, pick: string): Promise<void> {
  await selectText(page, '#textarea', pick);
  await pressToolbar(page, 'Rewrite');
  await (await frameView(page)).getByRole('button', { name: 'Shorter', exact: true }).click();
  await (await frameView(page)).locator('[aria-label="Wayfinder: Rewrite: Shorter"][data-replaced="true"]').waitFor();
}

const START = 'i can bring the tent and the stove if you want';

describe('page helpers on the built-in tier', () => {
  it('rewrite uses the built-in Rewriter when it is available and allowed', async () => {
    const server = await suite.useModel(helperBrain);
    await (await suite.env.currentWorker()).evaluate(installRewriter, 'available');
    const page = await suite.site('/editors');
    await page.waitForFunction(() => Boolean(Reflect.get(Reflect.get(window, 'editors') ?? {}, 'textarea')));
    await rewriteShorter(page, 'the tent and the stove');
    await expect.poll(() => editorText(page, 'textarea')).toBe(START.replace('the tent and the stove', BUILT_IN));
    const calls: unknown = await (await suite.env.currentWorker()).evaluate((): unknown => Reflect.get(globalThis, 'rewriterCalls'));
    expect(calls).toMatchObject([{ text: 'the tent and the stove', options: { length: 'shorter' } }]);
    expect(helperRequests(server, 'You rewrite')).toEqual([]);

    // 👍 on the result keeps it in the ratings, with the job, its text and the site.
    await (
      await frameView(page)
    )
      .locator('[aria-label="Wayfinder: Rewrite: Shorter"]')
      .getByRole('button', { name: 'Good result' })
      .click();
    const ext = await suite.env.context.newPage();
    await ext.goto(`chrome-extension://${suite.env.extensionId}/ratings.html`);
    const list = ext.getByRole('list', { name: 'Ratings' });
    await expect.poll(() => list.innerText().catch(() => '')).toContain('Rewrite · Shorter on 127.0.0.1');
    const listed: unknown = await ext.evaluate(() => chrome.runtime.sendMessage({ type: 'ratings.list', target: 'helper' }));
    expect(listed).toMatchObject({
      ok: true,
      ratings: [{ target: 'helper', rating: 'up', context: { job: 'rewrite', input: 'the tent and the stove', output: BUILT_IN } }],
    });
    await ext.close();
  });

  for (const [why, state, allowed] of [
    ['the person turned it off', 'available', false],
    ['it still needs a download', 'downloadable', true],
  ] as const) {
    it(`rewrite uses the configured model when ${why}`, async () => {
      const server = await suite.useModel(helperBrain);
      if (!allowed)
        await suite.env.setSettings({
          ...settingsWith(
            { provider: 'openai-compatible' },
            { 'openai-compatible': { baseURL: server.url, model: 'mock-gpt', apiKey: 'sk-test' } },
          ),
          builtIn: { rewrite: false },
        });
      await (await suite.env.currentWorker()).evaluate(installRewriter, state);
      const page = await suite.site('/editors');
      await page.waitForFunction(() => Boolean(Reflect.get(Reflect.get(window, 'editors') ?? {}, 'textarea')));
      await rewriteShorter(page, 'the tent and the stove');
      await expect.poll(() => editorText(page, 'textarea')).toBe(START.replace('the tent and the stove', REWRITTEN));
      expect(await (await suite.env.currentWorker()).evaluate((): unknown => Reflect.get(globalThis, 'rewriterCalls'))).toEqual([]);
      expect(helperRequests(server, 'You rewrite').at(-1)).toContain('the tent and the stove');
    });
  }

  it('explain uses the Prompt API when it is available, streaming its words, with the helper’s instructions as the system prompt', async () => {
    const server = await suite.useModel(helperBrain);
    await (
      await suite.env.currentWorker()
    ).evaluate((answer: string) => {
      const prompts: unknown[] = [];
      Reflect.set(globalThis, 'promptCalls', prompts);
      // eslint-disable-next-line @typescript-eslint/no-extraneous-class
      class FakeLanguageModel {
        static availability(): Promise<string> {
          return Promise.resolve('available');
        }

        static create(options: { initialPrompts?: unknown[] }): Promise<unknown> {
          prompts.push(options.initialPrompts);
          return Promise.resolve({
            promptStreaming: (input: unknown) => {
              prompts.push(input);
              return new ReadableStream<string>({
                start(controller) {
                  for (const word of answer.split(/(?<= )/)) controller.enqueue(word);
                  controller.close();
                },
              });
            },
            destroy: () => undefined,
          });
        }
      }
      Object.defineProperty(globalThis, 'LanguageModel', { value: FakeLanguageModel, configurable: true });
    }, EXPLAINED_HERE);
    const page = await suite.site('/article');
    await selectText(page, '#intro', 'seven principles for enjoying the outdoors');
    await pressToolbar(page, 'Explain');
    const card = (await frameView(page)).getByRole('region', { name: 'Wayfinder: Explain' });
    await expect.poll(() => card.locator('[data-role="output"]').innerText()).toBe(EXPLAINED_HERE);
    const prompts = JSON.stringify(await (await suite.env.currentWorker()).evaluate((): unknown => Reflect.get(globalThis, 'promptCalls')));
    expect(prompts).toContain('You explain');
    expect(prompts).toContain('seven principles for enjoying the outdoors');
    expect(helperRequests(server, 'You explain')).toEqual([]);
    await (await suite.env.currentWorker()).evaluate(() => Reflect.deleteProperty(globalThis, 'LanguageModel'));
  });
});
