import { describe, expect, it } from 'vitest';
import type { PageRequest } from '../browser/port';
import type { ProposedCall } from './types';
import { elementFacts } from './classify';
import { hasCardNumber, luhn } from './outgoing';
import { SafetyPolicy } from './safety';
import { SecretVault } from './secrets';

const vault = new SecretVault([
  { name: 'shop', value: 'hunter2-Secret!', site: 'shop.example' },
  { name: 'bank', value: 'DE89370400440532013000', site: 'bank.example', field: 'text' },
]);

const post = (url: string, body: string, extra: Partial<PageRequest> = {}): PageRequest => ({
  tabId: 't1',
  url,
  method: 'POST',
  resourceType: 'Document',
  navigation: true,
  topFrame: true,
  body,
  ...extra,
});

const click: ProposedCall = { tool: 'click', input: {}, effects: [{ kind: 'act', how: 'click', ref: 'e1' }] };

function startedAt(url: string, options: ConstructorParameters<typeof SafetyPolicy>[0] = {}): SafetyPolicy {
  const policy = new SafetyPolicy({ secrets: vault, ...options });
  policy.begin(url);
  return policy;
}

describe('card-like numbers', () => {
  it('finds Luhn-valid numbers of 13–19 digits, with spaces or dashes', () => {
    expect(luhn('4111111111111111')).toBe(true);
    expect(luhn('4111111111111112')).toBe(false);
    expect(hasCardNumber('cc=4111 1111 1111 1111&x=1')).toBe(true);
    expect(hasCardNumber('{"pan":"5555-5555-5555-4444"}')).toBe(true);
    expect(hasCardNumber('order 4111111111111112 ref')).toBe(false);
    expect(hasCardNumber('id=0000000000000000')).toBe(false);
    expect(hasCardNumber('phone=+44 20 7946 0958')).toBe(false);
    expect(hasCardNumber('ts=1732320000000')).toBe(false);
  });
});

describe('what a request carries out of the browser', () => {
  it('a stored secret sent to another site is refused, in any encoding', () => {
    const policy = startedAt('https://shop.example/login');
    for (const body of ['p=hunter2-Secret!', 'p=hunter2-Secret%21', `{"p":"${btoa('hunter2-Secret!')}"}`]) {
      const verdict = policy.request(post('https://collector.test/log', body, { navigation: false, resourceType: 'XHR' }));
      expect(verdict, body).toMatchObject({ decision: 'deny' });
      expect(verdict.decision === 'deny' ? verdict.reason : '').toContain('{{secret:shop}}');
    }
    // In the address of an image beacon, too.
    expect(
      policy.request({
        ...post('https://collector.test/px.gif?d=hunter2-Secret!', ''),
        method: 'GET',
        navigation: false,
        resourceType: 'Image',
      }),
    ).toMatchObject({ decision: 'deny' });
  });

  it("a stored secret sent to its own site is asked about, unless the person approved this call's password submission", async () => {
    const policy = startedAt('https://shop.example/login');
    const send = post('https://shop.example/session', 'user=ann&password=hunter2-Secret%21');
    expect(policy.request(send)).toMatchObject({ decision: 'confirm', kind: 'password', choices: 'once' });
    await policy.answered(
      click,
      { kind: 'password', question: 'Submit the form with a password?', site: 'shop.example', choices: 'once' },
      'once',
    );
    expect(policy.request(send)).toEqual({ decision: 'allow' });
    // Only for the call that was approved.
    policy.ran(click, true);
    expect(policy.request(send)).toMatchObject({ decision: 'confirm', kind: 'password' });
  });

  it('a password the task typed, sent by the page on its own, is asked about', async () => {
    const policy = startedAt('https://club.example/login');
    const typing: ProposedCall = {
      tool: 'type_text',
      input: {},
      effects: [{ kind: 'act', how: 'type', ref: 'e1', text: 'plain-pass-99' }],
    };
    const password = elementFacts({ role: 'textbox', tag: 'input', inputType: 'password', name: 'Password', secret: true, editable: true });
    const context = {
      tabUrl: () => Promise.resolve('https://club.example/login'),
      element: () => Promise.resolve(password),
      focused: () => Promise.resolve(null),
    };
    expect(await policy.check(typing, context)).toEqual({ decision: 'allow' });
    policy.ran(typing, true);
    expect(policy.request(post('https://club.example/login', 'u=a&pw=plain-pass-99'))).toMatchObject({
      decision: 'confirm',
      kind: 'password',
      question: 'The page is sending a password to club.example. Let it? It sends a password.',
    });
    expect(policy.request(post('https://club.example/search', 'q=tents'))).toEqual({ decision: 'allow' });
  });

  it('a card number leaving is asked about as a payment', () => {
    const policy = startedAt('https://shop.example/checkout');
    expect(policy.request(post('https://shop.example/promo', 'code=4111+1111+1111+1111'))).toMatchObject({
      decision: 'confirm',
      kind: 'payment',
    });
    // Percent-encoded, behind a deliberate stray "%": still read.
    expect(policy.request(post('https://shop.example/promo', 'note=100%&code=%34111%201111%201111%201111'))).toMatchObject({
      decision: 'confirm',
      kind: 'payment',
    });
  });

  it('sending to a new site is asked about; fetching from one is not; a site declined once is not asked about again', async () => {
    const policy = startedAt('https://shop.example/');
    const xhr = { navigation: false, topFrame: false, resourceType: 'XHR' };
    expect(policy.request(post('https://forms.other.test/submit', 'name=Ann', xhr))).toMatchObject({
      decision: 'confirm',
      kind: 'new-site',
      site: 'forms.other.test',
    });
    expect(policy.request({ ...post('https://cdn.other.test/lib.js', ''), method: 'GET', ...xhr, resourceType: 'Script' })).toEqual({
      decision: 'allow',
    });
    await policy.answered(click, { kind: 'new-site', question: '…', site: 'forms.other.test', choices: 'site' }, 'deny');
    expect(policy.request(post('https://forms.other.test/submit', 'name=Ann', xhr))).toMatchObject({
      decision: 'deny',
      reason: 'the person said no to forms.other.test earlier in this task.',
    });
  });

  it("tabs are counted from the browser's page loads, popups included", () => {
    const policy = startedAt('https://shop.example/', { limits: { tabsPerTask: 2 } });
    const load = (tabId: string) => policy.request({ ...post('https://shop.example/p', ''), method: 'GET', body: undefined, tabId });
    expect(load('start')).toEqual({ decision: 'allow' });
    expect(load('popup-1')).toEqual({ decision: 'allow' });
    expect(load('popup-2')).toEqual({ decision: 'allow' });
    const refused = load('popup-3');
    expect(refused.decision === 'deny' ? refused.reason : '').toContain('too many tabs');
    // Tabs already open go on working.
    expect(load('popup-1')).toEqual({ decision: 'allow' });
  });
});
