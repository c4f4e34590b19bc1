import { writeFileSync } from 'node:fs';
import { startOpenAICompatible, type MockModelServer } from '@wayfinder/gym';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations } from './a11y';
import { agentRequests, answerAll, artifactPath, finishedTurn, openExtensionEnv, runInPanel, settingsWith, type ExtensionEnv } from './env';

// Chrome's built-in AI as a tier (issue 16), with stand-ins for its globals shaped as the
// spec says (headless Chromium has no Gemini Nano): Options shows each API's availability
// and a download's progress; the summary of a page `browse` reads goes to the Summarizer
// when allowed, and the page's text never reaches the acting model.

let env: ExtensionEnv;
let server: MockModelServer | null = null;
beforeAll(async () => {
  env = await openExtensionEnv();
});
afterAll(async () => {
  await server?.close();
  await env.close();
});

/** Summarizer downloadable (its download waits at 40% until told to finish), Writer available, Rewriter unavailable, no Proofreader. */
function fakeBuiltIns(): void {
  let summarizer = 'downloadable';
  let finish: () => void = () => undefined;
  Reflect.set(window, 'finishDownload', () => finish());
  const make = (state: () => string, create: (options: { monitor?: (m: EventTarget) => void }) => Promise<unknown>) => {
    // A class with static methods, as the real interface objects are.
    // eslint-disable-next-line @typescript-eslint/no-extraneous-class
    class Fake {
      static availability(): Promise<string> {
        return Promise.resolve(state());
      }

      static create(options: { monitor?: (m: EventTarget) => void }): Promise<unknown> {
        return create(options);
      }
    }
    return Fake;
  };
  const Summarizer = make(
    () => summarizer,
    (options) =>
      new Promise((resolve) => {
        const monitor = new EventTarget();
        options.monitor?.(monitor);
        const progress = (loaded: number) => monitor.dispatchEvent(Object.assign(new Event('downloadprogress'), { loaded }));
        progress(0);
        setTimeout(() => progress(0.4), 20);
        finish = () => {
          progress(1);
          summarizer = 'available';
          resolve({ destroy: () => undefined });
        };
      }),
  );
  const Writer = make(
    () => 'available',
    () => Promise.resolve({ destroy: () => undefined }),
  );
  const Rewriter = make(
    () => 'unavailable',
    () => Promise.reject(new DOMException('Not here', 'NotSupportedError')),
  );
  for (const [name, value] of Object.entries({ Summarizer, Writer, Rewriter }))
    Object.defineProperty(window, name, { value, configurable: true });
}

describe("Options → Chrome's built-in AI", () => {
  it('shows each API’s availability, downloads with progress, and keeps the per-job choices', async () => {
    await env.context.addInitScript(fakeBuiltIns);
    const page = await env.openOptions();
    await page.setViewportSize({ width: 900, height: 1000 });
    const section = page.getByRole('region', { name: "Chrome's built-in AI" });
    const state = (api: string) => section.getByRole('status', { name: `${api} state`, exact: true });
    await expect.poll(() => state('Summarizer').innerText(), { timeout: 10_000 }).toBe('Needs a download');
    expect(await state('Writer').innerText()).toBe('Ready');
    expect(await state('Rewriter').innerText()).toBe('Not available in this browser');
    expect(await state('Proofreader').innerText()).toBe('Not available in this browser');
    await section.getByRole('button', { name: 'Download Summarizer' }).click();
    const bar = section.getByRole('progressbar', { name: 'Download of Summarizer' });
    await expect.poll(() => bar.getAttribute('value')).toBe('0.4');
    expect(await section.innerText()).toContain('40%');
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      writeFileSync(artifactPath(`options-built-in-ai-${scheme}.png`), await section.screenshot());
      expect(await accessibilityViolations(page)).toEqual([]);
    }
    await page.evaluate(() => {
      const finish: unknown = Reflect.get(window, 'finishDownload');
      if (typeof finish === 'function') Reflect.apply(finish, undefined, []);
    });
    await expect.poll(() => state('Summarizer').innerText()).toBe('Ready');
    expect(await bar.count()).toBe(0);
    // A job the person does not allow is kept off in the settings the background reads.
    await section.getByRole('checkbox', { name: /Rewrite a selection/ }).uncheck();
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const stored: unknown = (await chrome.storage.local.get('settings')).settings;
          return typeof stored === 'object' && stored !== null && 'builtIn' in stored ? stored.builtIn : null;
        }),
      )
      .toEqual({ explain: true, rewrite: false, write: true, summarise: true, pages: true });
    await page.close();
  });
});

/** In the worker: a Summarizer that is ready, and records what it was given. */
function installSummarizer(): void {
  const calls: string[] = [];
  Reflect.set(globalThis, 'summarizerCalls', calls);
  // eslint-disable-next-line @typescript-eslint/no-extraneous-class
  class FakeSummarizer {
    static availability(): Promise<string> {
      return Promise.resolve('available');
    }

    static create(): Promise<unknown> {
      return Promise.resolve({
        summarize: (text: string) => {
          calls.push(text);
          return Promise.resolve('BUILT-IN SUMMARY: an article about leaving no trace outdoors.');
        },
        destroy: () => undefined,
      });
    }
  }
  Object.defineProperty(globalThis, 'Summarizer', { value: FakeSummarizer, configurable: true });
}

/** Runs a task whose model loads the search playbook, browses the article, then answers from the summary it got. */
async function browseModel(summaryMark: string): Promise<MockModelServer> {
  const article = `${env.gym.url}/articles/leave-no-trace.html`;
  await server?.close();
  const mock = await startOpenAICompatible((messages) => {
    const seen = JSON.stringify(messages);
    // The summariser model's own call (no tools): it is asked to summarise the page.
    if (seen.includes('You summarise the text of one web page')) return { text: 'MODEL SUMMARY: leave no trace.' };
    if (seen.includes(summaryMark))
      return { calls: [{ name: 'done', input: { summary: 'The article is about leaving no trace.', success: true } }] };
    // browse comes with the search playbook.
    if (seen.includes('# Searching and browsing')) return { calls: [{ name: 'browse', input: { url: article } }] };
    return { calls: [{ name: 'get_playbook', input: { name: 'search' } }] };
  }, 'mock-gpt');
  server = mock;
  return mock;
}

describe('browse summaries', () => {
  it('go to the built-in Summarizer when allowed: the page text never reaches the acting model', async () => {
    const model = await browseModel('BUILT-IN SUMMARY');
    await env.setSettings(
      settingsWith({ provider: 'openai-compatible' }, { 'openai-compatible': { baseURL: model.url, model: 'mock-gpt' } }),
    );
    const worker = await env.currentWorker();
    await worker.evaluate(installSummarizer);
    await env.openSite('/');
    const panel = await env.openPanel();
    await runInPanel(panel, 'What is the leave-no-trace article about?');
    await answerAll(panel, 'allow', 60_000);
    const turn = await finishedTurn(panel);
    expect(await turn.innerText()).toContain('The article is about leaving no trace.');
    expect(await turn.getAttribute('data-status')).toBe('done');
    const given: unknown = await worker.evaluate((): unknown => Reflect.get(globalThis, 'summarizerCalls'));
    expect(Array.isArray(given) && given.length === 1 && String(given[0]).toLowerCase().includes('trace')).toBe(true);
    const prompts = JSON.stringify(agentRequests(model).map((r) => r.body.messages));
    expect(prompts).toContain('BUILT-IN SUMMARY');
    // The page's own words (its editor's address) reached only the Summarizer.
    expect(String(given)).toContain('editor@trailjournal.example');
    expect(prompts).not.toContain('editor@trailjournal.example');
    await panel.close();
  });

  it('go to the summariser model when the person turns the built-in one off', async () => {
    const model = await browseModel('MODEL SUMMARY');
    await env.setSettings({
      ...settingsWith({ provider: 'openai-compatible' }, { 'openai-compatible': { baseURL: model.url, model: 'mock-gpt' } }),
      builtIn: { pages: false },
    });
    const worker = await env.currentWorker();
    await worker.evaluate(installSummarizer);
    const panel = await env.openPanel();
    await runInPanel(panel, 'What is the leave-no-trace article about?');
    await answerAll(panel, 'allow', 60_000);
    const turn = await finishedTurn(panel);
    expect(await turn.innerText()).toContain('The article is about leaving no trace.');
    expect(await worker.evaluate((): unknown => Reflect.get(globalThis, 'summarizerCalls'))).toEqual([]);
    // The summariser model (here the same server, in its own tool-less call) read the page.
    const summaryCall = agentRequests(model).find((r) =>
      JSON.stringify(r.body.messages).includes('You summarise the text of one web page'),
    );
    expect(JSON.stringify(summaryCall?.body.messages)).toContain('editor@trailjournal.example');
    await panel.close();
  });
});
