import type { Prompt, PromptMessage } from '../model/spec';
import { describe, expect, it } from 'vitest';
import { prunePrompt } from './prune';

const page = (n: number) =>
  `Clicked e${n}.\n<page-content source="https://shop.test/${n}">\n${'- button "Buy" [e1]\n'.repeat(60)}</page-content>`;

function round(n: number, result: string): PromptMessage[] {
  return [
    { role: 'assistant', content: [{ type: 'tool-call', toolCallId: `c${n}`, toolName: 'click', input: { ref: `e${n}` } }] },
    { role: 'tool', content: [{ type: 'tool-result', toolCallId: `c${n}`, toolName: 'click', output: { type: 'text', value: result } }] },
  ];
}

function resultText(message: PromptMessage | undefined): string {
  if (message?.role !== 'tool') return '';
  const part = message.content[0];
  return part?.type === 'tool-result' && part.output.type === 'text' ? part.output.value : '';
}

describe('prunePrompt', () => {
  const prompt: Prompt = [
    { role: 'system', content: 'You are Wayfinder.' },
    { role: 'user', content: [{ type: 'text', text: `Task: buy a tent\n\n${page(0)}` }] },
    ...round(1, page(1)),
    ...round(2, page(2)),
    { role: 'user', content: [{ type: 'text', text: 'Use the green one, please.' }] },
    ...round(3, page(3)),
    ...round(4, 'Typed "x" into e4.'),
    ...round(5, 'Typed "y" into e5.'),
  ];

  it('cuts page state out of rounds older than the last few, keeping their first sentence', () => {
    const pruned = prunePrompt(prompt, { keepRounds: 2 });
    expect(resultText(pruned[3])).toBe('Clicked e1.\n[page state from an earlier step, removed: take a snapshot for the page now]');
    expect(resultText(pruned[5])).toContain('[page state from an earlier step, removed');
  });

  it('always keeps the latest page state, even when it is older than the kept rounds', () => {
    const pruned = prunePrompt(prompt, { keepRounds: 2 });
    expect(resultText(pruned[8])).toBe(page(3));
  });

  it('keeps the system prompt and everything the user wrote; the page state sent with the task goes once old', () => {
    const pruned = prunePrompt(prompt, { keepRounds: 1 });
    expect(pruned[0]).toEqual(prompt[0]);
    expect(pruned[1]).toEqual({
      role: 'user',
      content: [
        {
          type: 'text',
          text: 'Task: buy a tent\n\nClicked e0.\n[page state from an earlier step, removed: take a snapshot for the page now]',
        },
      ],
    });
    expect(pruned[6]).toEqual({ role: 'user', content: [{ type: 'text', text: 'Use the green one, please.' }] });
    // While it is the only page state, it stays.
    expect(prunePrompt(prompt.slice(0, 2), { keepRounds: 1 })[1]).toEqual(prompt[1]);
  });

  it('keeps everything when the history is short', () => {
    expect(prunePrompt(prompt.slice(0, 6), { keepRounds: 3 })).toEqual(prompt.slice(0, 6));
  });

  it('shortens long results without page state, and keeps errors as errors', () => {
    const long: Prompt = [
      ...prompt.slice(0, 2),
      { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'x', toolName: 'get_html', input: {} }] },
      {
        role: 'tool',
        content: [{ type: 'tool-result', toolCallId: 'x', toolName: 'get_html', output: { type: 'error-text', value: 'E'.repeat(2000) } }],
      },
      ...round(6, 'ok'),
      ...round(7, 'ok'),
    ];
    const pruned = prunePrompt(long, { keepRounds: 2 });
    const part = pruned[3]?.role === 'tool' ? pruned[3].content[0] : undefined;
    expect(part?.type === 'tool-result' && part.output).toEqual({ type: 'error-text', value: `${'E'.repeat(400)}… [rest removed]` });
  });
});
