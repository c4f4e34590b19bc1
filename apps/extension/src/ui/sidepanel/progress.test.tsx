// eslint-disable-next-line no-restricted-imports -- a unit test in node, not a page: it holds the label to the one core gives
import { createModelSlot, parseModelSpec } from '@wayfinder/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { EventRecord } from '../../lib/db';
import { COMMAND_INTERPRETER_LABEL, formatElapsed, Progress, tokensSoFar, usedModel } from './Progress';

const usage = (totalInput: number, totalOutput: number): EventRecord => ({
  taskId: 't',
  at: Date.now() - 7_000,
  event: { type: 'usage', step: 2, inputTokens: 1, outputTokens: 1, totalInput, totalOutput, estimated: true },
});
const task = (model: string, events: EventRecord[]) => ({
  step: 2,
  model,
  status: 'running',
  usage: { inputTokens: 0, outputTokens: 0 },
  events,
});
const text = (html: string) => html.replace(/<[^>]+>/g, '');

describe('the progress line', () => {
  it('knows the command interpreter by the label core gives it', () => {
    expect(createModelSlot(parseModelSpec('command')).label).toBe(COMMAND_INTERPRETER_LABEL);
    expect(usedModel({ model: COMMAND_INTERPRETER_LABEL })).toBe(false);
    expect(usedModel({ model: 'openai-compatible mock-gpt at http://127.0.0.1:4000/v1' })).toBe(true);
  });

  it('shows the step, the time since the start and, for a model, the tokens so far', () => {
    const model = text(renderToStaticMarkup(<Progress task={task('mock-gpt', [usage(18_000, 1_839)])} />));
    expect(model).toMatch(/^Working… step 2 · 0:0[78] elapsed · 19,839 tokens$/);
  });

  it('shows no token count for the command interpreter, which uses none', () => {
    const interpreter = text(renderToStaticMarkup(<Progress task={task(COMMAND_INTERPRETER_LABEL, [usage(18_000, 1_839)])} />));
    expect(interpreter).toMatch(/^Working… step 2 · 0:0[78] elapsed$/);
  });

  it('counts from the latest usage, never below the saved total', () => {
    expect(tokensSoFar({ usage: { inputTokens: 10, outputTokens: 5 }, events: [usage(100, 20), usage(300, 40)] })).toBe(340);
    expect(tokensSoFar({ usage: { inputTokens: 500, outputTokens: 5 }, events: [usage(100, 20)] })).toBe(505);
    expect([formatElapsed(7_400), formatElapsed(754_000), formatElapsed(3_723_000)]).toEqual(['0:07', '12:34', '1:02:03']);
  });

  it('counts a plan’s own steps, as its checklist does, not the agent’s turns inside them', () => {
    const plan = [
      { text: 'Find the form', status: 'done' as const },
      { text: 'Fill it in', status: 'running' as const },
      { text: 'Send it', status: 'pending' as const },
    ];
    const line = text(renderToStaticMarkup(<Progress task={{ ...task('mock-gpt', []), step: 7, plan }} />));
    expect(line).toContain('Working… step 2 of 3');
    expect(line).not.toContain('step 7');
  });
});
