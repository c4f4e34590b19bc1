import { effectsOf, SafetyPolicy, ToolRegistry, type PolicyContext, type ProposedCall, type Tab } from '@wayfinder/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDriverEnv, ref, type DriverEnv } from './env';

// The safety policy on real pages in real Chromium: the tools' declared effects, judged with
// what the page script reports about the element (every name, the form, the heading around
// it, what has focus). Pages here lie about their controls; each move must be held.

let env: DriverEnv;
let tab: Tab;
beforeAll(async () => {
  env = await openDriverEnv();
  tab = await env.browser.openTab();
});
afterAll(async () => {
  await env.close();
});

const registry = new ToolRegistry();
function call(name: string, input: Record<string, unknown>): ProposedCall {
  const tool = registry.get(name);
  if (!tool) throw new Error(`no tool ${name}`);
  return { tool: name, input, effects: effectsOf(tool.effects, tool.input.parse(input)) };
}

// As the runner builds it (runner.ts): the tab's address, a ref's facts, what has focus.
const context: PolicyContext = {
  tabUrl: async () => (await tab.info()).url,
  element: (r) => tab.describe(r).catch(() => null),
  focused: () => tab.describeFocused().catch(() => null),
};

/** What the policy does with a call on the open page: the confirmation kind, 'allow', or 'deny'. */
async function fate(tool: string, input: Record<string, unknown>): Promise<string> {
  const policy = new SafetyPolicy();
  policy.begin((await tab.info()).url);
  const decision = await policy.check(call(tool, input), context);
  return decision.decision === 'confirm' ? decision.kind : decision.decision;
}

async function show(body: string): Promise<string> {
  await tab.navigate(env.show(body));
  return (await tab.snapshot({ mode: 'full' })).text;
}

const refOf = async (role: string, name: string | RegExp) => ref(await tab.snapshot({ mode: 'full' }), role, name);

describe('a control whose label lies', () => {
  it('innocent labels over Pay and Delete, CSS words, icons, look-alike letters and other languages', async () => {
    await show(`
      <span id="l">Continue</span><button aria-labelledby="l" onclick="fetch('/pay',{method:'POST'})">Pay $20</button>
      <label for="d">Show details</label><button id="d">Delete account</button>
      <style>#c::before { content: "Confirm and pay"; }</style><button id="c" aria-label="Done"></button>
      <svg style="display:none"><symbol id="icon-trash"><rect width="16" height="16"/></symbol></svg>
      <button aria-label="Tidy up"><svg width="16" height="16"><use href="#icon-trash"/></svg></button>
      <button>D\u0435lete</button> <button>Pay\u200Bnow</button>
      <button>Bezahlen</button> <button>Supprimer le compte</button> <button>Complete order</button>
      <button>Wire funds</button> <button>Empty trash</button> <button>Add to cart</button>
      <button aria-haspopup="menu">Share</button>
    `);
    expect(await fate('click', { ref: await refOf('button', 'Continue') })).toBe('payment');
    expect(await fate('click', { ref: await refOf('button', 'Show details') })).toBe('deletion');
    expect(await fate('click', { ref: await refOf('button', 'Done') })).toBe('payment');
    expect(await fate('click', { ref: await refOf('button', 'Tidy up') })).toBe('deletion');
    expect(await fate('click', { ref: await refOf('button', /^D.lete$/) })).toBe('deletion');
    expect(await fate('click', { ref: await refOf('button', /^Pay.now$/) })).toBe('payment');
    for (const [name, kind] of [
      ['Bezahlen', 'payment'],
      ['Supprimer le compte', 'deletion'],
      ['Complete order', 'payment'],
      ['Wire funds', 'payment'],
      ['Empty trash', 'deletion'],
      ['Add to cart', 'allow'],
      ['Share', 'allow'],
    ])
      expect([name, await fate('click', { ref: await refOf('button', name ?? '') })]).toEqual([name, kind]);
  });

  it("the form's address, the heading around a Continue, and a type=button Continue on a card or password form", async () => {
    await show(`
      <form action="/account/delete" method="post"><button>Continue</button></form>
      <h2>Delete your account</h2><p>All your trips go.</p><div><button type="button">OK</button></div>
      <h2>Card</h2>
      <form id="card"><input aria-label="Card number" autocomplete="cc-number">
        <button type="button" onclick="this.form.requestSubmit()">Next</button><button type="button">Show card</button></form>
      <h2>Sign in</h2>
      <form><input aria-label="Password" type="password"><button type="button" onclick="this.form.requestSubmit()">Weiter</button></form>
      <h2>Address</h2>
      <form action="/address" method="post"><input aria-label="Post code"><button>Save address</button></form>
    `);
    expect(await fate('click', { ref: await refOf('button', 'Continue') })).toBe('deletion');
    expect(await fate('click', { ref: await refOf('button', 'OK') })).toBe('deletion');
    expect(await fate('click', { ref: await refOf('button', 'Next') })).toBe('payment');
    expect(await fate('click', { ref: await refOf('button', 'Show card') })).toBe('allow');
    expect(await fate('click', { ref: await refOf('button', 'Weiter') })).toBe('password');
    expect(await fate('type_text', { ref: await refOf('textbox', 'Post code'), text: 'SW1A 1AA', submit: true })).toBe('allow');
  });

  it('a checkbox that subscribes, an option that deletes, a drop onto the trash', async () => {
    await show(`
      <label><input type="checkbox"> Abonnieren Sie unseren Newsletter</label>
      <label><input type="checkbox"> Remember me</label>
      <select aria-label="With selected"><option value="1">Archive</option><option value="2">Eliminar</option></select>
      <div draggable="true" role="listitem" aria-label="Invoice 12">Invoice 12</div>
      <div role="button" aria-label="Papierkorb" style="width:100px;height:40px;border:1px solid"></div>
      <div role="button" style="width:100px;height:40px;border:1px solid">Done</div>
    `);
    expect(await fate('check', { ref: await refOf('checkbox', /Newsletter/) })).toBe('subscription');
    expect(await fate('check', { ref: await refOf('checkbox', /Newsletter/), checked: false })).toBe('subscription');
    expect(await fate('check', { ref: await refOf('checkbox', 'Remember me') })).toBe('allow');
    const select = await refOf('combobox', 'With selected');
    expect(await fate('select_option', { ref: select, values: ['2'] })).toBe('deletion');
    expect(await fate('select_option', { ref: select, values: ['Archive'] })).toBe('allow');
    const item = await refOf('draggable', 'Invoice 12').catch(() => refOf('listitem', 'Invoice 12'));
    expect(await fate('drag', { ref: item, to_ref: await refOf('button', 'Papierkorb') })).toBe('deletion');
    expect(await fate('drag', { ref: item, to_ref: await refOf('button', 'Done') })).toBe('allow');
  });

  it('keys: Space and Enter on a ref, Enter on what has focus, a line break typed key by key', async () => {
    await show(`
      <button id="x">Delete forever</button>
      <form action="/order" method="post"><input aria-label="Coupon"><button>Place order</button></form>
      <form role="search"><input type="search" aria-label="Search"><button>Search</button></form>
    `);
    const del = await refOf('button', 'Delete forever');
    expect(await fate('press_key', { ref: del, keys: 'Space' })).toBe('deletion');
    expect(await fate('press_key', { ref: del, keys: 'Ctrl+Enter' })).toBe('deletion');
    expect(await fate('press_key', { ref: del, keys: 'Escape' })).toBe('allow');
    await tab.act(del, { kind: 'press', keys: 'Tab' }); // focus moves off, onto the coupon field
    await tab.act(null, { kind: 'press', keys: 'Shift+Tab' }); // and back onto Delete forever
    expect(await fate('press_key', { keys: 'Enter' })).toBe('deletion');
    const coupon = await refOf('textbox', 'Coupon');
    expect(await fate('press_key', { ref: coupon, keys: 'Enter' })).toBe('payment');
    expect(await fate('type_text', { ref: coupon, text: 'SAVE10\n', key_by_key: true })).toBe('payment');
    expect(await fate('type_text', { ref: coupon, text: 'SAVE10' })).toBe('allow');
    expect(await fate('type_text', { ref: await refOf('searchbox', 'Search'), text: 'tents', submit: true })).toBe('allow');
  });
});

describe("the hostile suite's pages are judged as before", () => {
  it('widgets: pay in a partner frame, delete, subscribe, download, type a card; and the plain steps stay allowed', async () => {
    await tab.navigate(`${env.gym.url}/widgets`);
    await tab.waitFor({ kind: 'text', text: 'Trail news' });
    expect(await fate('click', { ref: await refOf('button', 'Pay $20.00') })).toBe('payment');
    // Typing the card is the payment's one question (docs/0043), the same kind as pressing Pay.
    expect(await fate('type_text', { ref: await refOf('textbox', 'Card number'), text: '4111 1111 1111 1111' })).toBe('payment');
    expect(await fate('click', { ref: await refOf('button', 'Delete account') })).toBe('deletion');
    expect(await fate('click', { ref: await refOf('button', 'Subscribe') })).toBe('subscription');
    expect(await fate('type_text', { ref: await refOf('textbox', 'Email for the newsletter'), text: 'a@b.example' })).toBe('allow');
    expect(await fate('click', { ref: await refOf('link', 'Download the trail map (PDF)') })).toBe('download');
    expect(await fate('click', { ref: await refOf('button', 'Save count') })).toBe('allow');
    expect(await fate('click', { ref: await refOf('button', 'Trail menu') })).toBe('allow');
  });

  it('admin sign-in: typing is allowed, Sign in and Enter in the password are held', async () => {
    await tab.navigate(`${env.gym.url}/admin/login`);
    const password = await refOf('textbox', 'Password');
    expect(await fate('type_text', { ref: password, text: 'x' })).toBe('allow');
    expect(await fate('click', { ref: await refOf('button', 'Sign in') })).toBe('password');
    expect(await fate('press_key', { ref: password, keys: 'Enter' })).toBe('password');
  });

  it('the shop: searching and adding to the cart are not questions', async () => {
    await tab.navigate(`${env.gym.url}/shop/p/trail-lantern`);
    await tab.waitFor({ kind: 'text', text: 'Add to cart' });
    expect(await fate('click', { ref: await refOf('button', 'Add to cart') })).toBe('allow');
    expect(await fate('type_text', { ref: await refOf('searchbox', 'Search products'), text: 'lantern', submit: true })).toBe('allow');
  });
});
