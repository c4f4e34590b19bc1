import { describe, expect, it } from 'vitest';
import type { ElementFacts } from '../browser/port';
import type { PolicyContext, PolicyDecision, ProposedCall } from './types';
import { elementFacts as facts } from './classify';
import { normalizeAddress } from '../browser/address';
import { SafetyPolicy } from './safety';
import { SecretVault } from './secrets';
import { effectsOf } from './effects';
import { ToolRegistry } from '../tools/registry';

const at = (url: string, elements: Record<string, ElementFacts> = {}): PolicyContext => ({
  tabUrl: () => Promise.resolve(url),
  element: (ref) => Promise.resolve(elements[ref] ?? null),
  focused: () => Promise.resolve(null),
});

// Calls to the real tools, with the effects they declare: what the policy judges.
const registry = new ToolRegistry();
const call = (name: string, input: Record<string, unknown> = {}): ProposedCall => {
  const tool = registry.get(name);
  if (!tool) throw new Error(`no tool ${name}`);
  const parsed = tool.input.safeParse(input);
  return { tool: name, input, effects: parsed.success ? effectsOf(tool.effects, parsed.data) : [] };
};

/** The reason a decision refuses, or what it did instead. */
async function refusal(decision: Promise<PolicyDecision>): Promise<string> {
  const d = await decision;
  return d.decision === 'deny' ? d.reason : `(not refused: ${d.decision})`;
}

const PAGE = 'https://shop.example/checkout';
const deleteRequest = {
  url: 'https://shop.example/api/address/2',
  method: 'DELETE',
  resourceType: 'Fetch',
  navigation: false,
  topFrame: false,
  tabId: '1',
};
const vault = new SecretVault([
  { name: 'shop', value: 'hunter2-Secret!', site: 'shop.example' },
  { name: 'bank', value: 'DE89370400440532013000', site: 'bank.example', field: 'text' },
]);
const elements = {
  e1: facts({ role: 'textbox', tag: 'input', inputType: 'password', secret: true, editable: true, name: 'Password' }),
  e2: facts({ role: 'textbox', tag: 'input', editable: true, name: 'Username' }),
  e3: facts({ name: 'Pay $20.00' }),
  e4: facts({ role: 'link', tag: 'a', name: 'Partner', href: 'https://partner.example/offer' }),
  e5: facts({ role: 'link', tag: 'a', name: 'More tents', href: 'https://shop.example/tents' }),
};

describe('SafetyPolicy', () => {
  it('site permissions: blocked sites and their subdomains refused; look-alikes asked about', async () => {
    const policy = new SafetyPolicy({
      sites: [
        { site: 'blocked.example', decision: 'block' },
        { site: 'trusted.example', decision: 'allow' },
      ],
    });
    const ctx = at(PAGE);
    expect(await refusal(policy.check(call('navigate', { url: 'https://blocked.example/' }), ctx))).toContain('blocked.example is blocked');
    expect(await policy.check(call('navigate', { url: 'http://www.blocked.example/x' }), ctx)).toMatchObject({ decision: 'deny' });
    expect(await policy.check(call('navigate', { url: 'https://trusted.example/' }), ctx)).toEqual({ decision: 'allow' });
    expect(await policy.check(call('navigate', { url: 'https://trusted.example.evil.net/' }), ctx)).toMatchObject({
      decision: 'confirm',
      kind: 'new-site',
      site: 'trusted.example.evil.net',
      choices: 'site',
    });
    expect(await policy.check(call('navigate', { url: 'evil-trusted.example' }), ctx)).toMatchObject({
      decision: 'confirm',
      kind: 'new-site',
      site: 'evil-trusted.example',
    });
    expect(await policy.check(call('navigate', { url: 'https://shop.example/cart' }), ctx)).toEqual({ decision: 'allow' });
  });

  it('only web addresses', async () => {
    const policy = new SafetyPolicy();
    for (const url of ['javascript:alert(1)', 'file:///etc/passwd', 'chrome://settings', 'data:text/html,<b>x</b>']) {
      expect(await refusal(policy.check(call('navigate', { url }), at(PAGE)))).toContain('Only web pages');
    }
  });

  it('"always" and "never" are remembered, "once" lasts the task', async () => {
    const remembered: string[] = [];
    const policy = new SafetyPolicy({
      remember: (site, decision) => {
        remembered.push(`${site}=${decision}`);
      },
    });
    const ctx = at(PAGE);
    const go = (url: string) => policy.check(call('navigate', { url }), ctx);
    const ask = await go('https://a.example/');
    if (ask.decision !== 'confirm') throw new Error('expected a question');
    await policy.answered(call('navigate'), ask, 'once');
    expect(await go('https://a.example/other')).toEqual({ decision: 'allow' });
    const b = await go('https://b.example/');
    if (b.decision !== 'confirm') throw new Error('expected a question');
    await policy.answered(call('navigate'), b, 'never');
    expect(await go('https://b.example/')).toMatchObject({ decision: 'deny' });
    const c = await go('https://c.example/');
    if (c.decision !== 'confirm') throw new Error('expected a question');
    await policy.answered(call('navigate'), c, 'always');
    expect(remembered).toEqual(['b.example=block', 'c.example=allow']);
  });

  it('sensitive controls every time, and links to sites the task has not used', async () => {
    const policy = new SafetyPolicy();
    const ctx = at(PAGE, elements);
    expect(await policy.check(call('click', { ref: 'e3' }), ctx)).toMatchObject({
      decision: 'confirm',
      kind: 'payment',
      choices: 'once',
      question: 'Click button "Pay $20.00" on shop.example? It may spend money.',
    });
    expect(await policy.check(call('click', { ref: 'e3' }), ctx)).toMatchObject({ decision: 'confirm' });
    expect(await policy.check(call('click', { ref: 'e4' }), ctx)).toMatchObject({
      decision: 'confirm',
      kind: 'new-site',
      site: 'partner.example',
    });
    expect(await policy.check(call('click', { ref: 'e5' }), ctx)).toEqual({ decision: 'allow' });
    expect(await policy.check(call('upload_file', { ref: 'e2', name: 'a.txt' }), ctx)).toMatchObject({
      decision: 'confirm',
      kind: 'upload',
    });
  });

  it('"Allow for this task": the same question on the same site goes through for the rest of the task; another site is asked; a page\'s request of that kind too', async () => {
    const policy = new SafetyPolicy();
    const del = facts({ name: 'Delete account' });
    const ctx = at(PAGE, { d1: del, d2: facts({ name: 'Delete address' }) });
    const first = call('click', { ref: 'd1' });
    const asked = await policy.check(first, ctx);
    expect(asked).toMatchObject({ decision: 'confirm', kind: 'deletion', site: 'shop.example' });
    if (asked.decision !== 'confirm') throw new Error('expected a question');
    await policy.answered(first, asked, 'task');
    policy.ran(first, true);
    // The next deletion on the site: no question.
    expect(await policy.check(call('click', { ref: 'd2' }), ctx)).toEqual({ decision: 'allow' });
    // A page's DELETE request to the same site neither.
    expect(policy.request(deleteRequest)).toEqual({ decision: 'allow' });
    // The same kind on another site is a new question.
    const elsewhere = at('https://other.example/account', { d1: del });
    await policy.check(call('navigate', { url: 'https://other.example/account' }), ctx).then(async (d) => {
      if (d.decision === 'confirm') await policy.answered(call('navigate', { url: 'https://other.example/account' }), d, 'once');
    });
    expect(await policy.check(call('click', { ref: 'd1' }), elsewhere)).toMatchObject({
      decision: 'confirm',
      kind: 'deletion',
      site: 'other.example',
    });
    // "Once" is only once.
    const once = new SafetyPolicy();
    const again = await once.check(first, ctx);
    if (again.decision !== 'confirm') throw new Error('expected a question');
    await once.answered(first, again, 'once');
    once.ran(first, true);
    expect(await once.check(call('click', { ref: 'd2' }), ctx)).toMatchObject({ decision: 'confirm', kind: 'deletion' });
    expect(once.request(deleteRequest)).toMatchObject({ decision: 'confirm', kind: 'deletion' });
  });

  it('a payment allowed for the task: a second payment on the site goes without a card', async () => {
    const policy = new SafetyPolicy();
    const ctx = at(PAGE, { pay: facts({ name: 'Pay $20.00', submits: true, formHasPayment: true }) });
    const pay = call('click', { ref: 'pay' });
    const asked = await policy.check(pay, ctx);
    expect(asked).toMatchObject({ decision: 'confirm', kind: 'payment' });
    if (asked.decision !== 'confirm') throw new Error('expected a question');
    await policy.answered(pay, asked, 'task');
    policy.ran(pay, true);
    expect(await policy.check(pay, ctx)).toEqual({ decision: 'allow' });
    policy.ran(pay, true);
    expect(await policy.check(pay, ctx)).toEqual({ decision: 'allow' });
  });

  it('a payment is one question: the card fields and Pay, naming the amount, the site and the last four; asked again for the next payment', async () => {
    const policy = new SafetyPolicy();
    const form = { tag: 'input', role: 'textbox', editable: true, submits: true, submitNames: ['Pay $20.00'], formHasPayment: true };
    const ctx = at(PAGE, {
      name: facts({ ...form, name: 'Name on card', autocomplete: 'cc-name' }),
      number: facts({ ...form, name: 'Card number', autocomplete: 'cc-number' }),
      cvc: facts({ ...form, name: 'Security code', autocomplete: 'cc-csc' }),
      pay: facts({ name: 'Pay $20.00', submits: true, formHasPayment: true, formAction: 'https://shop.example/pay', formMethod: 'post' }),
    });
    const pay = call('click', { ref: 'pay' });
    // The name on the card gives nothing away: not asked.
    expect(await policy.check(call('type_text', { ref: 'name', text: 'Sam Hill' }), ctx)).toEqual({ decision: 'allow' });
    const typeNumber = call('type_text', { ref: 'number', text: '5555 5555 5555 4444' });
    const asked = await policy.check(typeNumber, ctx);
    expect(asked).toEqual({
      decision: 'confirm',
      kind: 'payment',
      site: 'shop.example',
      choices: 'once',
      question:
        'Pay $20.00 on shop.example with the card ending 4444? Wayfinder fills in the card details and presses "Pay $20.00". It may spend money.',
    });
    if (asked.decision !== 'confirm') throw new Error('expected a question');
    await policy.answered(typeNumber, asked, 'once');
    policy.ran(typeNumber, true);
    // The rest of the same payment goes without another card.
    expect(await policy.check(call('type_text', { ref: 'cvc', text: '123' }), ctx)).toEqual({ decision: 'allow' });
    expect(await policy.check(pay, ctx)).toEqual({ decision: 'allow' });
    policy.ran(pay, true);
    // Paid: a second payment is a new question, naming the card typed on this site.
    const again = await policy.check(pay, ctx);
    expect(again).toMatchObject({
      decision: 'confirm',
      kind: 'payment',
      question: 'Pay $20.00 on shop.example with the card ending 4444? Click button "Pay $20.00". It may spend money.',
    });
    if (again.decision !== 'confirm') throw new Error('expected a question');
    // Declined: every later step of paying there is refused, not asked again.
    await policy.answered(pay, again, 'deny');
    expect(await refusal(policy.check(pay, ctx))).toBe(
      'The person declined paying on shop.example earlier in this task. Do not try to pay another way; say so when you finish.',
    );
    expect(await refusal(policy.check(call('type_text', { ref: 'cvc', text: '999' }), ctx))).toContain('declined paying');
  });

  it('secrets: only into a password field on their own site, never into addresses or other arguments', async () => {
    const policy = new SafetyPolicy({ secrets: vault });
    const ctx = at(PAGE, elements);
    expect(await policy.check(call('type_text', { ref: 'e1', text: '{{secret:shop}}' }), ctx)).toEqual({ decision: 'allow' });
    expect(await policy.check(call('type_text', { ref: 'e2', text: '{{secret:shop}}' }), ctx)).toMatchObject({
      decision: 'deny',
      reason: 'The secret {{secret:shop}} can only be typed into a password field.',
    });
    expect(await policy.check(call('type_text', { ref: 'e1', text: '{{secret:bank}}' }), ctx)).toMatchObject({
      decision: 'deny',
      reason: 'The secret {{secret:bank}} belongs to bank.example; it cannot be used on shop.example.',
    });
    expect(await refusal(policy.check(call('type_text', { ref: 'e1', text: '{{secret:nope}}' }), ctx))).toContain(
      'There is no secret named "nope"',
    );
    expect(await refusal(policy.check(call('navigate', { url: 'https://shop.example/?p={{secret:shop}}' }), ctx))).toContain(
      'Secrets can only be typed into fields',
    );
    expect(await policy.check(call('find', { query: '{{secret:shop}}' }), ctx)).toMatchObject({ decision: 'deny' });
    expect(await new SafetyPolicy().check(call('type_text', { ref: 'e1', text: '{{secret:shop}}' }), ctx)).toMatchObject({
      decision: 'deny',
      reason: 'There are no stored secrets.',
    });
  });

  it('limits: navigations a minute, tabs a task, background reads a minute, argument size', async () => {
    let now = 1_000_000;
    const policy = new SafetyPolicy({ limits: { navigationsPerMinute: 3, tabsPerTask: 2, browsesPerMinute: 1 }, now: () => now });
    const ctx = at(PAGE);
    for (let i = 0; i < 3; i++) {
      const c = call('navigate', { url: `https://shop.example/${i}` });
      expect(await policy.check(c, ctx)).toEqual({ decision: 'allow' });
      policy.ran(c, true);
    }
    expect(await refusal(policy.check(call('navigate', { url: 'https://shop.example/4' }), ctx))).toContain('at most 3 a minute');
    now += 61_000;
    expect(await policy.check(call('navigate', { url: 'https://shop.example/5' }), ctx)).toEqual({ decision: 'allow' });
    for (let i = 0; i < 2; i++) policy.ran(call('open_tab'), true);
    expect(await refusal(policy.check(call('open_tab'), ctx))).toContain('opened 2 tabs');
    policy.ran(call('browse', { url: 'https://shop.example/a' }), true);
    expect(await refusal(policy.check(call('browse', { url: 'https://shop.example/b' }), ctx))).toContain('at most 1 pages a minute');
    expect(await refusal(policy.check(call('think', { thought: 'x'.repeat(300_000) }), ctx))).toContain('too large');
  });

  it('a blocked page cannot be acted on, even if the task started there', async () => {
    const policy = new SafetyPolicy({ sites: [{ site: 'shop.example', decision: 'block' }] });
    expect(await refusal(policy.check(call('click', { ref: 'e5' }), at(PAGE, elements)))).toContain('shop.example is blocked');
  });
});

describe('SecretVault', () => {
  it('fills placeholders, and redacts values (plain and URL-encoded) back to them', () => {
    expect(vault.fill('{{secret:shop}}')).toBe('hunter2-Secret!');
    expect(vault.redact('typed hunter2-Secret! and hunter2-Secret%21 and DE89370400440532013000')).toBe(
      'typed {{secret:shop}} and {{secret:shop}} and {{secret:bank}}',
    );
    expect(vault.describe()).toBe('{{secret:shop}} — a password for shop.example\n{{secret:bank}} — a value for bank.example');
    expect(vault.describe()).not.toContain('hunter2');
  });

  it('judges an address exactly as the driver will open it: localhost:4170/shop is a local page, not a "localhost:" scheme', async () => {
    expect(normalizeAddress('localhost:4170/shop')).toBe('http://localhost:4170/shop');
    const elsewhere = new SafetyPolicy();
    expect(await elsewhere.check(call('navigate', { url: 'localhost:4170/shop' }), at(PAGE))).toMatchObject({
      decision: 'confirm',
      kind: 'new-site',
      site: 'localhost',
    });
    const started = new SafetyPolicy();
    expect(await started.check(call('navigate', { url: 'localhost:4170/shop' }), at('http://localhost:4170/'))).toEqual({
      decision: 'allow',
    });
    expect(await refusal(started.check(call('navigate', { url: 'not an address' }), at('http://localhost:4170/')))).toBe(
      '"not an address" is not an address; give a full URL such as https://example.com/page.',
    );
  });

  it('a site is its registrable domain: moving between subdomains of one owner is not a new site; a sibling under a shared suffix is', async () => {
    const policy = new SafetyPolicy();
    const ctx = at('https://www.example.co.uk/');
    expect(await policy.check(call('navigate', { url: 'https://shop.example.co.uk/cart' }), ctx)).toEqual({ decision: 'allow' });
    expect(await policy.check(call('navigate', { url: 'https://evil.co.uk/' }), ctx)).toMatchObject({
      decision: 'confirm',
      site: 'evil.co.uk',
    });
    const pages = new SafetyPolicy();
    const mine = at('https://me.github.io/');
    expect(await pages.check(call('navigate', { url: 'https://docs.me.github.io/' }), mine)).toEqual({ decision: 'allow' });
    expect(await pages.check(call('navigate', { url: 'https://you.github.io/' }), mine)).toMatchObject({
      decision: 'confirm',
      site: 'you.github.io',
    });
  });

  it('a secret stored for a public suffix is never typed anywhere under it', async () => {
    const suffixVault = new SecretVault([{ name: 'uk', value: 'pa55-word-uk', site: 'co.uk' }]);
    const policy = new SafetyPolicy({ secrets: suffixVault });
    const here = at('https://evil.co.uk/login', elements);
    expect(await refusal(policy.check(call('type_text', { ref: 'e1', text: '{{secret:uk}}' }), here))).toBe(
      'The secret {{secret:uk}} belongs to co.uk, a public suffix shared by many sites; it cannot be used on evil.co.uk. Store it for the site itself.',
    );
  });
});
