import type { Prompt } from '../model/spec';
import { describe, expect, it } from 'vitest';
import { answerInterruptedCalls, INTERRUPTED_RESULT, upgradeSavedMessages } from './resume';

describe('answerInterruptedCalls', () => {
  it('answers calls left without results, in place, and keeps the answered ones', () => {
    const messages: Prompt = [
      { role: 'system', content: 's' },
      { role: 'user', content: [{ type: 'text', text: 'Task: x' }] },
      {
        role: 'assistant',
        content: [
          { type: 'tool-call', toolCallId: 'a', toolName: 'click', input: { ref: 'e1' } },
          { type: 'tool-call', toolCallId: 'b', toolName: 'ask_user', input: { question: 'q' } },
        ],
      },
      {
        role: 'tool',
        content: [{ type: 'tool-result', toolCallId: 'a', toolName: 'click', output: { type: 'text', value: 'Clicked e1.' } }],
      },
      { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'c', toolName: 'navigate', input: { url: 'x' } }] },
    ];
    expect(answerInterruptedCalls(messages)).toBe(2);
    expect(messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool', 'assistant', 'tool']);
    expect(messages[3]).toEqual({
      role: 'tool',
      content: [
        { type: 'tool-result', toolCallId: 'a', toolName: 'click', output: { type: 'text', value: 'Clicked e1.' } },
        { type: 'tool-result', toolCallId: 'b', toolName: 'ask_user', output: { type: 'error-text', value: INTERRUPTED_RESULT } },
      ],
    });
    expect(messages[5]).toEqual({
      role: 'tool',
      content: [{ type: 'tool-result', toolCallId: 'c', toolName: 'navigate', output: { type: 'error-text', value: INTERRUPTED_RESULT } }],
    });
    expect(answerInterruptedCalls(messages)).toBe(0);
  });
});

describe('upgradeSavedMessages', () => {
  it("turns images saved by the AI SDK 6 version into today's file parts, and leaves the rest alone", () => {
    const saved: unknown = [
      { role: 'user', content: [{ type: 'text', text: 'Task: x' }] },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'a',
            toolName: 'screenshot',
            output: {
              type: 'content',
              value: [
                { type: 'text', text: 'Screenshot.' },
                { type: 'file-data', data: 'iVBOR', mediaType: 'image/jpeg' },
              ],
            },
          },
        ],
      },
      { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'b', toolName: 'click', output: { type: 'text', value: 'Clicked.' } }] },
    ];
    // What IndexedDB hands back is whatever an older version stored: a shape today's types cannot spell.
    // eslint-disable-next-line @typescript-eslint/consistent-type-assertions
    const upgraded = upgradeSavedMessages(JSON.parse(JSON.stringify(saved)) as Prompt);
    expect(upgraded[1]).toEqual({
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'a',
          toolName: 'screenshot',
          output: {
            type: 'content',
            value: [
              { type: 'text', text: 'Screenshot.' },
              { type: 'file', data: { type: 'data', data: 'iVBOR' }, mediaType: 'image/jpeg' },
            ],
          },
        },
      ],
    });
    expect(upgraded[0]).toEqual({ role: 'user', content: [{ type: 'text', text: 'Task: x' }] });
    expect(upgraded[2]).toEqual({
      role: 'tool',
      content: [{ type: 'tool-result', toolCallId: 'b', toolName: 'click', output: { type: 'text', value: 'Clicked.' } }],
    });
  });
});
