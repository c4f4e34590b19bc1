import type { Prompt, PromptMessage, StreamPart } from '../model/spec';
import { convertArrayToReadableStream, MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import type { ModelSlot } from '../model/slot';
import { needsSummary, summarise, SUMMARY_THRESHOLD } from './summarise';
import { estimatePrompt } from './tokens';

function replying(text: string): MockLanguageModelV4 {
  const parts: StreamPart[] = [
    { type: 'stream-start', warnings: [] },
    { type: 'text-start', id: '1' },
    { type: 'text-delta', id: '1', delta: text },
    { type: 'text-end', id: '1' },
    {
      type: 'finish',
      finishReason: { unified: 'stop', raw: 'stop' },
      usage: {
        inputTokens: { total: 900, noCache: 900, cacheRead: 0, cacheWrite: 0 },
        outputTokens: { total: 40, text: 40, reasoning: 0 },
      },
    },
  ];
  return new MockLanguageModelV4({ doStream: () => Promise.resolve({ stream: convertArrayToReadableStream(parts) }) });
}

function slot(model: MockLanguageModelV4, contextWindow = 8000): ModelSlot {
  return { model, label: 'mock summariser', contextWindow, toolMode: 'native', vision: false };
}

function round(n: number, result: string): PromptMessage[] {
  return [
    {
      role: 'assistant',
      content: [{ type: 'tool-call', toolCallId: `c${n}`, toolName: 'type_text', input: { ref: `e${n}`, text: `value ${n}` } }],
    },
    {
      role: 'tool',
      content: [{ type: 'tool-result', toolCallId: `c${n}`, toolName: 'type_text', output: { type: 'text', value: result } }],
    },
  ];
}

const history: Prompt = [
  { role: 'system', content: 'You are Wayfinder.' },
  { role: 'user', content: [{ type: 'text', text: 'Task: sign up as Grace Hopper, grace@example.org' }] },
  ...Array.from({ length: 8 }, (_, i) => round(i + 1, `Typed "value ${i + 1}". ${'lorem ipsum '.repeat(200)}`)).flat(),
];

describe('needsSummary', () => {
  it('triggers past 80% of the window, not before', () => {
    const size = estimatePrompt(history);
    expect(needsSummary(history, Math.ceil(size / SUMMARY_THRESHOLD) + 10)).toBe(false);
    expect(needsSummary(history, Math.floor(size / SUMMARY_THRESHOLD) - 10)).toBe(true);
  });
});

describe('summarise', () => {
  it('replaces the middle of the history with the summariser’s summary, keeping the task and the last rounds', async () => {
    const model = replying('Done: typed values 1-5.\nPending: submit.\nValues: grace@example.org\nPage: signup, e6.');
    const result = await summarise(slot(model), history, 3, new AbortController().signal);
    expect(result?.summary).toContain('Values: grace@example.org');
    const prompt = result?.prompt ?? [];
    expect(prompt.slice(0, 2)).toEqual(history.slice(0, 2));
    expect(prompt[2]).toEqual({
      role: 'user',
      content: [{ type: 'text', text: `The earlier steps were summarised to save space:\n${result?.summary ?? ''}` }],
    });
    expect(prompt.slice(3)).toEqual(history.slice(-6));
    expect(estimatePrompt(prompt)).toBeLessThan(estimatePrompt(history) / 2);

    // The summariser read the middle: the calls made and what they returned.
    const sent = JSON.stringify(model.doStreamCalls[0]?.prompt);
    expect(sent).toContain('call: type_text({\\"ref\\":\\"e1\\",\\"text\\":\\"value 1\\"})');
    expect(sent).not.toContain('value 8');
  });

  it('leaves a short history alone', async () => {
    const model = replying('x');
    expect(await summarise(slot(model), history.slice(0, 6), 3, new AbortController().signal)).toBeNull();
    expect(model.doStreamCalls).toHaveLength(0);
  });

  it('gives up (keeping the history) when the summariser says nothing', async () => {
    expect(await summarise(slot(replying('   ')), history, 3, new AbortController().signal)).toBeNull();
  });
});
