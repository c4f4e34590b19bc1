import { describe, expect, it } from 'vitest';
import { NO_BROWSER } from '../browser/no-browser';
import { ScriptedModel, type Script } from '../model/scripted';
import type { ModelSlot } from '../model/slot';
import type { ConfirmAnswer, Policy } from '../policy/types';
import { runTask } from './agent';
import type { AgentEvent } from './events';
import { splitClaim, TaskRecord } from './record';

// The outcome is what happened, not what the model claims (issue "The panel tells the truth"
// §1): a careless model says it paid after the person declined the payment.

const call = (tool: string, args: Record<string, unknown> = {}) => ({ calls: [{ tool, args }] });
const slot = (steps: Script['steps']): ModelSlot => ({
  model: new ScriptedModel({ steps }),
  label: 'careless',
  contextWindow: 100_000,
  toolMode: 'native',
  vision: false,
});

/** A policy that asks about a payment whenever the model "thinks" (the test's stand-in for a Pay button). */
const ASKS_TO_PAY: Policy = {
  check: (c) =>
    c.tool === 'think'
      ? { decision: 'confirm', kind: 'payment', site: 'club.example', choices: 'once', question: 'Pay $20.00 on club.example?' }
      : { decision: 'allow' },
};

async function careless(answer: ConfirmAnswer, mode: 'act' | 'plan' = 'act') {
  const events: AgentEvent[] = [];
  const steps: Script['steps'] = [
    ...(mode === 'plan' ? [call('propose_plan', { steps: ['Pay the membership fee'], message: 'One step.' })] : []),
    call('think', { thought: 'pay' }),
    call('done', { summary: 'Paid the membership fee with the card ending 4444.', success: true }),
  ];
  const result = await runTask({
    task: 'Pay the membership fee',
    mode,
    browser: NO_BROWSER,
    models: { actor: slot(steps) },
    policy: ASKS_TO_PAY,
    confirm: () => Promise.resolve(answer),
    onEvent: (e) => events.push(e),
  });
  return { result, done: events.find((e) => e.type === 'done') };
}

describe('the outcome is reconciled with the record', () => {
  it('a declined payment the model says it made: not a success, what happened first, the model’s words as its claim', async () => {
    const { result, done } = await careless('deny');
    expect(result.success).toBe(false);
    expect(result.status).toBe('failed');
    expect(result.summary).toMatch(/^You declined the payment, so nothing was paid\./);
    expect(result.claim).toBe('Paid the membership fee with the card ending 4444.');
    expect(done).toMatchObject({ type: 'done', success: false, claim: 'Paid the membership fee with the card ending 4444.' });
  });

  it('a screen that shows the claim apart gets what happened and the claim split back', async () => {
    const { result } = await careless('deny');
    expect(splitClaim(result)).toEqual({
      happened: 'You declined the payment, so nothing was paid.',
      claim: 'Paid the membership fee with the card ending 4444.',
    });
    expect(splitClaim({ summary: 'Paid.', claim: null })).toEqual({ happened: 'Paid.', claim: null });
  });

  it('allowed, the model’s summary stands', async () => {
    const { result } = await careless('once');
    expect(result).toMatchObject({ success: true, summary: 'Paid the membership fee with the card ending 4444.', claim: null });
  });

  it('a plan step the model calls done after the person declined is failed, and so is the plan', async () => {
    const { result } = await careless('deny', 'plan');
    expect(result.success).toBe(false);
    expect(result.plan?.[0]?.status).toBe('failed');
    expect(result.plan?.[0]?.result).toMatch(/^You declined the payment/);
  });

  it('a decline followed by a yes for the same consequence is not held against the task', () => {
    const record = new TaskRecord();
    const ask = (answer: ConfirmAnswer) => {
      record.note({ type: 'confirmation-needed', tool: 'click', input: {}, question: 'Pay?', kind: 'payment', site: 's', choices: 'once' });
      record.note({ type: 'confirmation-answered', tool: 'click', answer });
    };
    ask('deny');
    ask('once');
    expect(record.reconcile(true, 'Paid.')).toEqual({ success: true, summary: 'Paid.', claim: null });
  });
});
