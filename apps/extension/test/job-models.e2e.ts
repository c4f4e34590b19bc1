import { startOpenAICompatible, type MockModelServer } from '@wayfinder/gym';
import { afterEach, describe, expect, it } from 'vitest';
import type { BuiltInApis } from '../src/lib/builtin-ai';
import { defaultSettings, type Settings } from '../src/lib/settings';
import { NO_HELPER_MODEL, streamJob, type JobRoute } from '../src/background/helpers/job-models';

// (No browser: streamJob itself, with fakes of the built-in APIs and a real mock server.)
// Helper jobs go to Chrome's built-in API when it says "available" and the person allows
// it, else to the configured model (a mock OpenAI-compatible server, real HTTP).

let server: MockModelServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

function stream(parts: string[]): ReadableStream<string> {
  return new ReadableStream({
    start(controller) {
      for (const p of parts) controller.enqueue(p);
      controller.close();
    },
  });
}

/** Fakes shaped as the spec says; `calls` records what each was asked. */
function fakeApis(state: 'available' | 'downloadable', calls: string[], failCreate = false): BuiltInApis {
  const api = <T>(name: string, instance: T) => ({
    availability: () => Promise.resolve(state),
    create: () => (failCreate ? Promise.reject(new DOMException('No such language', 'NotSupportedError')) : Promise.resolve(instance)),
    name,
  });
  return {
    LanguageModel: null,
    Summarizer: api('Summarizer', {
      summarize: (t: string) => Promise.resolve(`sum:${t}`),
      summarizeStreaming: (t: string) => (calls.push(`summarize:${t}`), stream(['Built-in ', 'summary.'])),
      destroy: () => undefined,
    }),
    Writer: null,
    Rewriter: api('Rewriter', {
      rewriteStreaming: (t: string, o?: { context?: string }) => (
        calls.push(`rewrite:${t}:${o?.context ?? ''}`),
        stream(['Built-in ', 'rewrite.'])
      ),
      destroy: () => undefined,
    }),
    Proofreader: null,
  };
}

async function withModel(): Promise<Settings> {
  server = await startOpenAICompatible(() => ({ text: 'From the configured model.' }), 'mock-gpt');
  const settings = defaultSettings();
  settings.providers['openai-compatible'] = { baseURL: server.url, apiKey: 'sk-test', model: 'mock-gpt' };
  settings.roles.actor = { provider: 'openai-compatible', model: 'mock-gpt' };
  return settings;
}

async function collect(iterable: AsyncIterable<string>): Promise<string> {
  let text = '';
  for await (const chunk of iterable) text += chunk;
  return text;
}

const INPUT = { system: 'Rewrite the text.', prompt: 'Rewrite: hello there', text: 'hello there', instruction: 'Make it pirate' };

describe('streamJob', () => {
  it('uses the built-in Rewriter when it is available and allowed', async () => {
    const settings = await withModel();
    const calls: string[] = [];
    const routes: JobRoute[] = [];
    const text = await collect(
      streamJob('rewrite', INPUT, undefined, { settings, apis: fakeApis('available', calls), onRoute: (r) => routes.push(r) }),
    );
    expect(text).toBe('Built-in rewrite.');
    expect(calls).toEqual(['rewrite:hello there:Make it pirate']);
    expect(routes).toEqual([{ kind: 'built-in', label: "Chrome's built-in AI" }]);
    expect(server?.requests).toHaveLength(0);
  });

  it('uses the configured model when the person does not allow the built-in one', async () => {
    const settings = await withModel();
    settings.builtIn.rewrite = false;
    const calls: string[] = [];
    const text = await collect(streamJob('rewrite', INPUT, undefined, { settings, apis: fakeApis('available', calls) }));
    expect(text).toBe('From the configured model.');
    expect(calls).toEqual([]);
    expect(JSON.stringify(server?.requests[0])).toContain('Rewrite: hello there');
  });

  it('uses the configured model when the built-in one needs a download, or its create() fails', async () => {
    const settings = await withModel();
    const calls: string[] = [];
    expect(await collect(streamJob('summarise', INPUT, undefined, { settings, apis: fakeApis('downloadable', calls) }))).toBe(
      'From the configured model.',
    );
    expect(await collect(streamJob('summarise', INPUT, undefined, { settings, apis: fakeApis('available', calls, true) }))).toBe(
      'From the configured model.',
    );
    expect(calls).toEqual([]);
    expect(server?.requests).toHaveLength(2);
  });

  it('summarises with the built-in Summarizer when allowed', async () => {
    const settings = await withModel();
    const calls: string[] = [];
    expect(await collect(streamJob('summarise', INPUT, undefined, { settings, apis: fakeApis('available', calls) }))).toBe(
      'Built-in summary.',
    );
    expect(calls).toEqual(['summarize:hello there']);
  });

  it('says what to do when there is no model at all', async () => {
    const settings = defaultSettings();
    await expect(collect(streamJob('write', INPUT, undefined, { settings, apis: fakeApis('available', []) }))).rejects.toThrow(
      NO_HELPER_MODEL,
    );
  });

  it('refuses a picture for a model that cannot see', async () => {
    const settings = await withModel();
    const image = { ...INPUT, image: 'data:image/png;base64,iVBORw0KGgo=' };
    await expect(collect(streamJob('explain', image, undefined, { settings, apis: fakeApis('available', []) }))).rejects.toThrow(
      /cannot read pictures/,
    );
  });
});
