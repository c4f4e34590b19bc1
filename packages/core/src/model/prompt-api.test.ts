import type { JSONSchema7 } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { ALL_TOOLS } from '../tools/registry';
import { ModelError } from './errors';
import {
  PromptApiLanguageModel,
  toPromptApiMessages,
  type PromptApi,
  type PromptApiAvailability,
  type PromptApiCreateOptions,
  type PromptApiMessage,
  type PromptApiMonitor,
  type PromptApiPromptOptions,
  type PromptApiSession,
} from './prompt-api';
import type { ModelSlot } from './slot';
import type { Prompt } from './spec';
import { callModel } from './step';

// A fake `LanguageModel` with the shape the Prompt API spec documents: availability(),
// create() with a download monitor and initial prompts, sessions that clone, stream
// string deltas, count tokens (one per word here) and honour abort signals.

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;
const tokens = (messages: PromptApiMessage[]) =>
  messages.reduce(
    (n, m) =>
      n +
      (typeof m.content === 'string'
        ? words(m.content)
        : m.content.reduce((k, c) => k + (typeof c.value === 'string' ? words(c.value) : 10), 0)),
    0,
  );

class FakeSession implements PromptApiSession {
  destroyed = false;
  constructor(
    private readonly api: FakeApi,
    public contextUsage: number,
  ) {}

  clone(): Promise<PromptApiSession> {
    this.api.clones++;
    const copy = new FakeSession(this.api, this.contextUsage);
    this.api.sessions.push(copy);
    return Promise.resolve(copy);
  }

  destroy(): void {
    this.destroyed = true;
  }

  get contextWindow(): number {
    return this.api.window;
  }

  measureContextUsage(input: PromptApiMessage[]): Promise<number> {
    return Promise.resolve(tokens(input));
  }

  promptStreaming(input: PromptApiMessage[], options: PromptApiPromptOptions = {}): ReadableStream<string> {
    this.api.prompts.push({ input, options });
    const needed = this.contextUsage + tokens(input);
    if (needed > this.api.window) throw new DOMException(`The input is too large (${needed} > ${this.api.window}).`, 'QuotaExceededError');
    this.contextUsage = needed;
    const chunks = [...this.api.reply];
    const signal = options.signal;
    return new ReadableStream<string>({
      pull: async (controller) => {
        await new Promise((resolve) => setTimeout(resolve, 1));
        if (signal?.aborted) return controller.error(new DOMException('The operation was aborted.', 'AbortError'));
        const chunk = chunks.shift();
        if (chunk === undefined) return controller.close();
        this.contextUsage += words(chunk);
        controller.enqueue(chunk);
      },
    });
  }
}

class FakeApi implements PromptApi {
  created: PromptApiCreateOptions[] = [];
  sessions: FakeSession[] = [];
  prompts: { input: PromptApiMessage[]; options: PromptApiPromptOptions }[] = [];
  clones = 0;
  reply: string[] = ['Hello ', 'there.'];
  window = 6144;

  constructor(public state: PromptApiAvailability = 'available') {}

  availability(): Promise<PromptApiAvailability> {
    return Promise.resolve(this.state);
  }

  create(options: PromptApiCreateOptions = {}): Promise<PromptApiSession> {
    this.created.push(options);
    if (this.state === 'unavailable') return Promise.reject(new DOMException('The model is not available.', 'NotSupportedError'));
    if (this.state !== 'available' && options.monitor) {
      const listeners: ((event: { loaded: number }) => void)[] = [];
      const monitor: PromptApiMonitor = { addEventListener: (_type, listener) => listeners.push(listener) };
      options.monitor(monitor);
      for (const loaded of [0, 0.5, 1]) for (const listener of listeners) listener({ loaded });
      this.state = 'available';
    }
    const session = new FakeSession(this, tokens(options.initialPrompts ?? []));
    this.sessions.push(session);
    return Promise.resolve(session);
  }
}

const signal = () => new AbortController().signal;
const slotOf = (api: FakeApi, model = new PromptApiLanguageModel(api)): ModelSlot => ({
  model,
  label: "Chrome's built-in model",
  contextWindow: 6144,
  toolMode: 'text',
  vision: false,
});
const prompt = (text: string): Prompt => [
  { role: 'system', content: 'You are a browser agent.' },
  { role: 'user', content: [{ type: 'text', text }] },
];
const click = ALL_TOOLS.filter((t) => t.name === 'click');

describe("Chrome's built-in model through the Prompt API", () => {
  it('streams the reply as it comes, with token counts from the session', async () => {
    const api = new FakeApi();
    const deltas: string[] = [];
    const reply = await callModel(slotOf(api), prompt('Say hello to the user'), [], {
      signal: signal(),
      onTextDelta: (d) => deltas.push(d),
    });
    expect(deltas).toEqual(['Hello ', 'there.']);
    expect(reply.text).toBe('Hello there.');
    // System prompt (5 words) + the user text (5) in; two words out; counted by the session, not estimated.
    expect(reply.usage).toEqual({ inputTokens: 10, outputTokens: 2, reported: true });
  });

  it('reads the system prompt once and clones that session for every call, destroying each clone', async () => {
    const api = new FakeApi();
    const slot = slotOf(api);
    await callModel(slot, prompt('first'), [], { signal: signal() });
    await callModel(slot, prompt('second'), [], { signal: signal() });
    expect(api.created).toHaveLength(1);
    expect(api.created[0]?.initialPrompts).toEqual([{ role: 'system', content: 'You are a browser agent.' }]);
    expect(api.clones).toBe(2);
    expect(api.sessions.slice(1).every((s) => s.destroyed)).toBe(true);
    // The system prompt never goes in as a message (the API refuses system messages in prompt()).
    expect(api.prompts.flatMap((p) => p.input.map((m) => m.role))).toEqual(['user', 'user']);
  });

  it('carries tool calls through our text protocol, and the history as user and assistant turns', async () => {
    const api = new FakeApi();
    api.reply = ['I will click it. <tool_call>{"name": "click", ', '"arguments": {"ref": "e3"}}', '</tool_call>'];
    const history: Prompt = [
      ...prompt('Click Sign in'),
      { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'find', input: { query: 'Sign in' } }] },
      {
        role: 'tool',
        content: [{ type: 'tool-result', toolCallId: 'c1', toolName: 'find', output: { type: 'text', value: '[e3] button "Sign in"' } }],
      },
    ];
    const reply = await callModel(slotOf(api), history, click, { signal: signal() });
    expect(reply.calls).toMatchObject([{ name: 'click', input: { ref: 'e3' } }]);
    expect(reply.text).toBe('I will click it.');
    const sent = api.prompts[0]?.input ?? [];
    expect(sent.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(JSON.stringify(sent[1])).toContain('<tool_call>');
    expect(JSON.stringify(sent[2])).toContain('[e3] button \\"Sign in\\"');
    // The tools are described in the system prompt the session starts from.
    expect(api.created[0]?.initialPrompts?.[0]?.content).toContain('- click:');
  });

  it('a slot set to native tool calling switches to the text protocol on its first call', async () => {
    const api = new FakeApi();
    api.reply = ['<tool_call>{"name": "click", "arguments": {"ref": "e9"}}</tool_call>'];
    const slot: ModelSlot = { ...slotOf(api), toolMode: 'native' };
    const notes: string[] = [];
    const reply = await callModel(slot, prompt('Click it'), click, { signal: signal(), onRetry: (m) => notes.push(m) });
    expect(slot.toolMode).toBe('text');
    expect(notes.join(' ')).toMatch(/does not take tool definitions; switching to the text protocol/);
    expect(reply.calls).toMatchObject([{ name: 'click', input: { ref: 'e9' } }]);
  });

  it('asks for structured output with responseConstraint', async () => {
    const api = new FakeApi();
    api.reply = ['{"title": "Trail Tent"}'];
    const model = new PromptApiLanguageModel(api);
    const schema: JSONSchema7 = { type: 'object', properties: { title: { type: 'string' } }, required: ['title'] };
    const result = await model.doGenerate({ prompt: prompt('Name the product'), responseFormat: { type: 'json', schema } });
    expect(api.prompts[0]?.options.responseConstraint).toEqual(schema);
    expect(result.content).toEqual([{ type: 'text', text: '{"title": "Trail Tent"}' }]);
  });

  it('reports download progress the first time Chrome fetches the model', async () => {
    const api = new FakeApi('downloadable');
    const progress: number[] = [];
    const model = new PromptApiLanguageModel(api, { onDownloadProgress: (f) => progress.push(f) });
    expect(await model.availability()).toBe('downloadable');
    await callModel(slotOf(api, model), prompt('hello'), [], { signal: signal() });
    expect(progress).toEqual([0, 0.5, 1]);
    expect(await model.availability()).toBe('available');
    expect(api.created[0]?.expectedInputs).toEqual([{ type: 'text', languages: ['en'] }]);
  });

  it('stops when the task is stopped, and frees the session', async () => {
    const api = new FakeApi();
    api.reply = Array.from({ length: 200 }, (_, i) => `word${i} `);
    const controller = new AbortController();
    const deltas: string[] = [];
    const call = callModel(slotOf(api), prompt('Write a lot'), [], {
      signal: controller.signal,
      onTextDelta: (d) => {
        deltas.push(d);
        if (deltas.length === 3) controller.abort();
      },
    });
    await expect(call).rejects.toMatchObject({ code: 'aborted' });
    expect(deltas.length).toBeLessThan(10);
    expect(api.sessions.at(-1)?.destroyed).toBe(true);
  });

  it('a conversation too long for the window is a context-overflow error, not a retry loop', async () => {
    const api = new FakeApi();
    api.window = 20;
    const error: unknown = await callModel(slotOf(api), prompt('a b c d e f g h i j k l m n o p q r s t u v w'), [], {
      signal: signal(),
    }).catch((e: unknown) => e);
    expect(ModelError.isInstance(error) && error.code).toBe('context-overflow');
    expect(api.prompts).toHaveLength(1);
  });

  it('where the model cannot run, says so', async () => {
    const api = new FakeApi('unavailable');
    const error: unknown = await callModel(slotOf(api), prompt('hello'), [], { signal: signal() }).catch((e: unknown) => e);
    expect(ModelError.isInstance(error) && error.message).toMatch(
      /Chrome's built-in model cannot take this request: The model is not available/,
    );
  });

  it('sends images only when the model takes them', () => {
    const history: Prompt = [
      {
        role: 'user',
        content: [
          { type: 'text', text: 'What is this?' },
          { type: 'file', mediaType: 'image/png', data: { type: 'data', data: 'iVBORw0K' } },
        ],
      },
    ];
    expect(toPromptApiMessages(history, false).messages[0]?.content).toEqual([{ type: 'text', value: 'What is this?' }]);
    const withImages = toPromptApiMessages(history, true).messages[0]?.content;
    expect(Array.isArray(withImages) && withImages[1]?.type).toBe('image');
  });
});
