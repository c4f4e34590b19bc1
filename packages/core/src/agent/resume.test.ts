import type { LanguageModelV3Prompt } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { answerInterruptedCalls, INTERRUPTED_RESULT } from './resume';

describe('answerInterruptedCalls', () => {
  it('answers calls left without results, in place, and keeps the answered ones', () => {
    const messages: LanguageModelV3Prompt = [
      { role: 'system', content: 's' },
      { role: 'user', content: [{ type: 'text', text: 'Task: x' }] },
      { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'a', toolName: 'click', input: { ref: 'e1' } }, { type: 'tool-call', toolCallId: 'b', toolName: 'ask_user', input: { question: 'q' } }] },
      { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'a', toolName: 'click', output: { type: 'text', value: 'Clicked e1.' } }] },
      { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'c', toolName: 'navigate', input: { url: 'x' } }] },
    ];
    expect(answerInterruptedCalls(messages)).toBe(2);
    expect(messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool', 'assistant', 'tool']);
    expect(messages[3]).toEqual({ role: 'tool', content: [
      { type: 'tool-result', toolCallId: 'a', toolName: 'click', output: { type: 'text', value: 'Clicked e1.' } },
      { type: 'tool-result', toolCallId: 'b', toolName: 'ask_user', output: { type: 'error-text', value: INTERRUPTED_RESULT } },
    ] });
    expect(messages[5]).toEqual({ role: 'tool', content: [{ type: 'tool-result', toolCallId: 'c', toolName: 'navigate', output: { type: 'error-text', value: INTERRUPTED_RESULT } }] });
    expect(answerInterruptedCalls(messages)).toBe(0);
  });
});
