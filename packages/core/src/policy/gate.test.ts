import { describe, expect, it } from 'vitest';
import { Gate, proposedCall, type ConfirmationEvent } from './gate';
import type { PageRequest } from '../browser/port';
import type { ConfirmAnswer, Policy, PolicyContext, PolicyDecision } from './types';

// The one gate: check → ask → answered → run, and the judgement of requests, for every caller.

const here: PolicyContext = {
  tabUrl: () => Promise.resolve('https://shop.example/'),
  element: () => Promise.resolve(null),
  focused: () => Promise.resolve(null),
};
/** A page load in tab 1. */
const page = (url: string): PageRequest => ({ tabId: '1', url, method: 'GET', resourceType: 'Document', navigation: true, topFrame: true });
const click = proposedCall('click', { ref: 'e1' }, [{ kind: 'act', how: 'click', ref: 'e1' }]);
const PAY: PolicyDecision = {
  decision: 'confirm',
  kind: 'payment',
  site: 'shop.example',
  choices: 'once',
  question: 'Pay $20 on shop.example?',
};

/** A policy that answers every check with `decision` and keeps what it is told. */
function policyOf(decision: PolicyDecision, request: PolicyDecision = decision) {
  const told: string[] = [];
  const policy: Policy = {
    check: () => decision,
    request: () => request,
    answered: (call, _q, answer) => void told.push(`answered ${call.tool} ${answer}`),
    ran: (call, ok) => void told.push(`ran ${call.tool} ${ok}`),
  };
  return { policy, told };
}

describe('Gate', () => {
  it('allows and refuses as the policy says, asking nobody', async () => {
    let asked = 0;
    const ask = () => {
      asked++;
      return Promise.resolve<ConfirmAnswer>('once');
    };
    expect(await new Gate({ policy: policyOf({ decision: 'allow' }).policy, ask }).check(click, here)).toEqual({ allowed: true });
    expect(await new Gate({ policy: policyOf({ decision: 'deny', reason: 'Blocked.' }).policy, ask }).check(click, here)).toEqual({
      allowed: false,
      by: 'policy',
      reason: 'Blocked.',
    });
    expect(asked).toBe(0);
  });

  it('puts a question to the person, tells the policy the answer, and says who refused', async () => {
    const { policy, told } = policyOf(PAY);
    const events: ConfirmationEvent[] = [];
    const yes = new Gate({ policy, ask: () => Promise.resolve('once'), onEvent: (e) => events.push(e) });
    expect(await yes.check(click, here)).toEqual({ allowed: true });
    const no = new Gate({ policy, ask: () => Promise.resolve('deny') });
    expect(await no.check(click, here)).toEqual({ allowed: false, by: 'person', reason: 'Pay $20 on shop.example?' });
    // Nobody to ask: declined.
    expect(await new Gate({ policy }).check(click, here)).toMatchObject({ allowed: false, by: 'person' });
    expect(told).toEqual(['answered click once', 'answered click deny', 'answered click deny']);
    expect(events.map((e) => e.type)).toEqual(['confirmation-needed', 'confirmation-answered']);
  });

  it('asks one question at a time', async () => {
    const { policy } = policyOf(PAY);
    const open: ((answer: ConfirmAnswer) => void)[] = [];
    let asking = 0;
    let most = 0;
    const gate = new Gate({
      policy,
      ask: () =>
        new Promise<ConfirmAnswer>((resolve) => {
          asking++;
          most = Math.max(most, asking);
          open.push((answer) => {
            asking--;
            resolve(answer);
          });
        }),
    });
    const first = gate.check(click, here);
    const second = gate.request(page('https://pay.example/'));
    await new Promise((r) => setTimeout(r, 10));
    expect(open).toHaveLength(1);
    open[0]?.('once');
    await first;
    await new Promise((r) => setTimeout(r, 10));
    open[1]?.('deny');
    expect(await second).toMatchObject({ allow: false });
    expect(most).toBe(1);
  });

  it("withdraws only a question still open when it closes: an answered one's signal stays quiet", async () => {
    const { policy } = policyOf(PAY);
    const signals: AbortSignal[] = [];
    const gate = new Gate({
      policy,
      ask: (_q, signal) => {
        signals.push(signal);
        return Promise.resolve('once');
      },
    });
    await gate.check(click, here);
    gate.close();
    expect(signals.map((s) => s.aborted)).toEqual([false]);
  });

  it('tells the policy how an allowed call ran', async () => {
    const { policy, told } = policyOf({ decision: 'allow' });
    const gate = new Gate({ policy });
    expect(await gate.run(click, () => Promise.resolve(7))).toBe(7);
    await expect(gate.run(click, () => Promise.reject(new Error('x')))).rejects.toThrow('x');
    expect(told).toEqual(['ran click true', 'ran click false']);
  });

  it('closed, withdraws the open question and refuses every request after: a held request fails, never goes', async () => {
    const { policy } = policyOf(PAY, { ...PAY, kind: 'new-site', question: 'Let the page send your password to chat.localhost?' });
    let withdrawn = false;
    const gate = new Gate({
      policy,
      ask: (_q, signal) =>
        // A person who never answers: only the gate's closing ends the question.
        new Promise<ConfirmAnswer>(() => {
          signal.addEventListener('abort', () => {
            withdrawn = true;
          });
        }),
    });
    const held = gate.request({
      ...page('https://chat.localhost/steal'),
      method: 'POST',
      resourceType: 'XHR',
      navigation: false,
      topFrame: false,
      body: 'pw=x',
    });
    await new Promise((r) => setTimeout(r, 10));
    gate.close();
    expect(await held).toEqual({ allow: false, reason: 'the task ended before the person answered.' });
    expect(withdrawn).toBe(true);
    expect(await gate.request(page('https://chat.localhost/'))).toMatchObject({
      allow: false,
    });
    expect(await gate.check(click, here)).toMatchObject({ allowed: false, by: 'policy' });
  });

  it('Stop (closing) takes down the question shown and the ones queued behind it: nobody declined them, the policy is not told', async () => {
    const { policy, told } = policyOf(PAY);
    const events: ConfirmationEvent[] = [];
    const shown: string[] = [];
    const gate = new Gate({
      policy,
      onEvent: (e) => events.push(e),
      ask: (q) => {
        shown.push(q.question);
        return new Promise<ConfirmAnswer>(() => undefined);
      },
    });
    const first = gate.check(click, here);
    const second = gate.check(proposedCall('click', { ref: 'e2' }, [{ kind: 'act', how: 'click', ref: 'e2' }]), here);
    await new Promise((r) => setTimeout(r, 10));
    gate.close();
    const stopped = { allowed: false, by: 'policy', reason: 'the task was stopped before this was answered.' };
    expect(await first).toEqual(stopped);
    expect(await second).toEqual(stopped);
    // One card was shown, and taken down; the queued one never was.
    expect(shown).toEqual(['Pay $20 on shop.example?']);
    expect(events.map((e) => e.type)).toEqual(['confirmation-needed', 'confirmation-answered']);
    expect(events[1]).toMatchObject({ answer: 'deny', withdrawn: true });
    expect(told.filter((t) => t.startsWith('answered'))).toEqual([]);
  });

  it('a question nobody answers in time is withdrawn and declined, the call refused and a held request failed; the next one is asked', async () => {
    const { policy, told } = policyOf(PAY, { ...PAY, kind: 'new-site', question: 'Let the page send your password to chat.localhost?' });
    const events: ConfirmationEvent[] = [];
    let withdrawn = 0;
    const gate = new Gate({
      policy,
      answerWithinMs: 30,
      onEvent: (e) => events.push(e),
      // A person who walked away: only the gate ends the question.
      ask: (_q, signal) => new Promise<ConfirmAnswer>(() => signal.addEventListener('abort', () => withdrawn++)),
    });
    expect(await gate.check(click, here)).toEqual({
      allowed: false,
      by: 'person',
      reason: 'nobody answered within 30 ms, so it was declined: Pay $20 on shop.example?',
    });
    const held = await gate.request({
      ...page('https://chat.localhost/steal'),
      method: 'POST',
      resourceType: 'XHR',
      navigation: false,
      topFrame: false,
    });
    expect(held.allow).toBe(false);
    expect(held.allow ? '' : held.reason).toMatch(/^nobody answered within 30 ms, so it was declined: .*chat\.localhost/);
    expect(withdrawn).toBe(2);
    expect(told).toEqual(['answered click deny', 'answered page deny']);
    expect(events.filter((e) => e.type === 'confirmation-answered')).toEqual([
      { type: 'confirmation-answered', tool: 'click', answer: 'deny', unanswered: true },
      { type: 'confirmation-answered', tool: 'page', answer: 'deny', unanswered: true },
    ]);
    // An answer in time is the person's, as ever.
    const quick = new Gate({ policy, answerWithinMs: 1_000, ask: () => Promise.resolve('once') });
    expect(await quick.check(click, here)).toEqual({ allowed: true });
  });

  it('confirm: asks the person without the policy, in turn with the other questions; no, silence and a closed gate refuse', async () => {
    const { policy, told } = policyOf({ decision: 'allow' });
    const FIX = {
      question: 'Repair step 3 of "Pay rent" with button "Send"?',
      kind: 'tool' as const,
      site: 'bank.example',
      choices: 'once' as const,
    };
    const asked: string[] = [];
    const yes = new Gate({ policy, ask: (q) => (asked.push(`${q.tool}: ${q.question}`), Promise.resolve('once')) });
    expect(await yes.confirm(FIX, 'repair_skill', { step: 3 })).toEqual({ allowed: true });
    expect(asked).toEqual(['repair_skill: Repair step 3 of "Pay rent" with button "Send"?']);
    const no = new Gate({ policy, ask: () => Promise.resolve('deny') });
    expect(await no.confirm(FIX, 'repair_skill', {})).toEqual({ allowed: false, by: 'person', reason: FIX.question });
    const silent = new Gate({ policy, answerWithinMs: 20, ask: (_q, signal) => new Promise<ConfirmAnswer>(() => signal.throwIfAborted()) });
    const unanswered = await silent.confirm(FIX, 'repair_skill', {});
    expect(unanswered.allowed ? '' : `${unanswered.by}: ${unanswered.reason}`).toMatch(/^person: nobody answered within 20 ms/);
    yes.close();
    expect(await yes.confirm(FIX, 'repair_skill', {})).toEqual({ allowed: false, by: 'policy', reason: 'the task has ended.' });
    expect(asked).toHaveLength(1);
    // The policy had no rule for it and is not told of the answer.
    expect(told).toEqual([]);
  });
});
