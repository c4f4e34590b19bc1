import { describe, expect, it } from 'vitest';
import type { PolicyContext, ProposedCall } from '../agent/policy';
import { CONFIRM_SENSITIVE, sensitiveKind } from './sensitive';

const page = (elements: Record<string, string>): PolicyContext => ({
  tabUrl: () => Promise.resolve('https://shop.example/checkout'),
  element: (ref) => Promise.resolve(elements[ref] ? { role: 'button', name: elements[ref] } : null),
});

const call = (tool: string, input: Record<string, unknown>, risk: ProposedCall['risk'] = 'act'): ProposedCall => ({ tool, input, risk });

describe('sensitiveKind', () => {
  it.each([
    ['Pay $20.00', 'payment'], ['Place order', 'payment'], ['Buy now', 'payment'], ['Proceed to checkout', 'payment'],
    ['Delete Alan Turing', 'deletion'], ['Remove', 'deletion'], ['Send message', 'message'], ['Subscribe', 'subscription'],
    ['Add to cart', null], ['Next', null], ['Save profile', null], ['Search', null],
  ])('%s → %s', (name, kind) => {
    expect(sensitiveKind(name)).toBe(kind);
  });
});

describe('CONFIRM_SENSITIVE', () => {
  const ctx = page({ e1: 'Pay $20.00', e2: 'Add to cart', e3: 'Delete Alan Turing' });

  it('asks before clicking a control that pays or deletes, saying where and why', async () => {
    expect(await CONFIRM_SENSITIVE.check(call('click', { ref: 'e1' }), ctx)).toEqual({ decision: 'confirm', question: 'Click button "Pay $20.00" on shop.example? It may spend money.' });
    expect(await CONFIRM_SENSITIVE.check(call('click', { ref: 'e3' }), ctx)).toEqual({ decision: 'confirm', question: 'Click button "Delete Alan Turing" on shop.example? It may delete something that cannot be brought back.' });
  });

  it('lets ordinary actions through, and typing unless it submits on a sensitive control', async () => {
    expect(await CONFIRM_SENSITIVE.check(call('click', { ref: 'e2' }), ctx)).toEqual({ decision: 'allow' });
    expect(await CONFIRM_SENSITIVE.check(call('type_text', { ref: 'e1', text: 'x' }), ctx)).toEqual({ decision: 'allow' });
    expect((await CONFIRM_SENSITIVE.check(call('type_text', { ref: 'e1', text: 'x', submit: true }), ctx)).decision).toBe('confirm');
    expect(await CONFIRM_SENSITIVE.check(call('click', { ref: 'e99' }), ctx)).toEqual({ decision: 'allow' });
    expect(await CONFIRM_SENSITIVE.check(call('snapshot', {}, 'observe'), ctx)).toEqual({ decision: 'allow' });
  });

  it('asks before sensitive tools', async () => {
    expect(await CONFIRM_SENSITIVE.check(call('upload_file', { ref: 'e5', name: 'a.txt' }, 'sensitive'), ctx)).toEqual({ decision: 'confirm', question: 'Allow upload file on shop.example?' });
  });
});
