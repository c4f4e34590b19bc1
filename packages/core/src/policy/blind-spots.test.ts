import { describe, expect, it } from 'vitest';
import type { PageRequest } from '../browser/port';
import { elementFacts, judgeElement, requestKind } from './classify';
import type { Effect } from './effects';
import { SafetyPolicy } from './safety';
import type { ProposedCall } from './types';

// Issue "Safety, round three" §2: controls the policy missed — icon-only controls judged by
// where they sit and by the request they make, and approval words with amounts of money.

const click: Extract<Effect, { kind: 'act' }> = { kind: 'act', how: 'click', ref: 'e1' };
const kindOf = (names: Parameters<typeof elementFacts>[0]) => judgeElement(click, elementFacts(names))?.kind ?? null;

describe('amounts and approval words', () => {
  it('a control that approves an amount of money, or says authorize, transfer or withdraw, pays', () => {
    for (const name of [
      'Approve $2,000 charge',
      'Authorize',
      'Continue (€20.00)',
      'OK — 15 zł',
      'Confirm 1.200,00 EUR',
      'Place order',
      'Transfer funds',
      'Withdraw',
    ])
      expect(kindOf({ name }), name).toBe('payment');
  });

  it('an amount beside an ordinary act does not pay', () => {
    for (const name of ['Add to cart — $20', 'View details ($19.99)', 'Compare prices from €5', 'Show 3 more'])
      expect(kindOf({ name }), name).toBeNull();
  });
});

describe('icon-only controls', () => {
  it('a nameless control, a lone ✕ or "x" is judged by the section or dialog it sits in', () => {
    for (const name of ['', '✕', 'x', '🗑'])
      expect(kindOf({ name, context: ['Delete your account'] }), JSON.stringify(name)).toBe('deletion');
    expect(kindOf({ name: '✕', context: ['Newsletter'] })).toBeNull();
  });

  it('the request a click makes is judged by its method and address: DELETE, /delete, /pay are asked unless approved for that call', async () => {
    expect(requestKind('DELETE', 'https://app.example/api/members/7')).toBe('deletion');
    expect(requestKind('POST', 'https://app.example/account/delete')).toBe('deletion');
    // A stray or malformed escape does not blind it: every well-formed one is still read.
    expect(requestKind('POST', 'https://app.example/account/%64elete?x=%ZZ')).toBe('deletion');
    expect(requestKind('POST', 'https://app.example/api/billing/pay')).toBe('payment');
    expect(requestKind('POST', 'https://app.example/api/newsletter/subscribe')).toBe('subscription');
    expect(requestKind('POST', 'https://app.example/api/log')).toBeNull();
    expect(requestKind('GET', 'https://app.example/account/delete')).toBeNull();

    const policy = new SafetyPolicy();
    policy.begin('https://app.example/members');
    const sent: PageRequest = {
      tabId: 't',
      url: 'https://app.example/api/members/7',
      method: 'DELETE',
      resourceType: 'Fetch',
      navigation: false,
      topFrame: false,
    };
    // An unnamed icon's click was not asked: the request it makes is.
    expect(policy.request(sent)).toMatchObject({ decision: 'confirm', kind: 'deletion', site: 'app.example' });
    // Approved for the call that causes it (the click was asked and allowed): it goes.
    const call: ProposedCall = { tool: 'click', input: {}, effects: [click] };
    await policy.answered(call, { kind: 'deletion', site: 'app.example', question: '…', choices: 'once' }, 'once');
    expect(policy.request(sent)).toEqual({ decision: 'allow' });
    policy.ran(call, true);
    expect(policy.request(sent)).toMatchObject({ decision: 'confirm' });
  });
});
