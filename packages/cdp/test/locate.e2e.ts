import type { ElementLocator } from '@wayfinder/core';
import { locatorOf } from '@wayfinder/cdp';
import type { NodePage } from '@wayfinder/cdp/node';
import { isPageError } from '@wayfinder/page';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDriverEnv, type DriverEnv } from './env';

// Tab.locate: a skill step's locators back to a ref the gated tools accept, through the
// page, its shadow roots and its frames (same-origin and cross-origin). Outcomes are read
// from the gym's server, as a checker would.

let env: DriverEnv;
let tab: NodePage;
beforeAll(async () => {
  env = await openDriverEnv();
  tab = await env.browser.openTab();
});
afterAll(async () => {
  await env.close();
});

async function locate(...locators: ElementLocator[]): Promise<string> {
  const found = await tab.locate(locators, { timeoutMs: 5_000 });
  if (found.ref === null) throw new Error(`Nothing found for ${JSON.stringify(found.tried)}`);
  return found.ref;
}

async function inPage<T>(expression: string): Promise<T> {
  const result = await tab.session.send('Runtime.evaluate', { expression, returnByValue: true });
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- test helper: the caller names the type of its own expression
  return result.result.value as T;
}

describe('locate, then act on the ref', () => {
  it('fills the signup form from locators of every kind, and the server gets the account', async () => {
    await tab.navigate(`${env.gym.url}/signup`);
    await tab.act(await locate({ kind: 'label', value: 'Full name' }), { kind: 'type', text: 'Grace Hopper' });
    await tab.act(await locate({ kind: 'id', value: 'email' }), { kind: 'type', text: 'grace@example.org' });
    await tab.act(await locate({ kind: 'xpath', value: '//input[@name="password"]' }), { kind: 'type', text: 'Navy1906cobol' });
    await tab.act(await locate({ kind: 'role', value: 'textbox', name: 'Confirm password' }), { kind: 'type', text: 'Navy1906cobol' });
    // Two Next buttons: the one of the hidden step does not count.
    const next = await tab.locate([{ kind: 'text', value: 'Next' }]);
    expect(next).toMatchObject({ by: { kind: 'text', value: 'Next' }, matches: 1 });
    await tab.act(next.ref, { kind: 'click' });
    await tab.act(await locate({ kind: 'aria', value: 'Country' }), { kind: 'select', values: ['United States'] });
    await tab.act(await locate({ kind: 'css', value: 'input[name=plan][value=pro]' }), { kind: 'check', checked: true });
    await tab.act(await locate({ kind: 'label', value: 'Date of birth' }), { kind: 'type', text: '12091906', mode: 'keys' });
    await tab.act(await locate({ kind: 'id', value: 'newsletter' }), { kind: 'check', checked: false });
    await tab.act(await locate({ kind: 'label', value: 'I accept the terms of membership' }), { kind: 'check', checked: true });
    await tab.act(await locate({ kind: 'text', value: 'Next' }), { kind: 'click' });
    await tab.act(await locate({ kind: 'role', value: 'button', name: 'Create account' }), { kind: 'click' });
    const state = await env.stateUntil((s) => s.signup.accounts.some((a) => a.email === 'grace@example.org'));
    expect(state.signup.accounts.find((a) => a.email === 'grace@example.org')).toMatchObject({
      fullName: 'Grace Hopper',
      country: 'United States',
      plan: 'pro',
      birthDate: '1906-12-09',
      newsletter: false,
    });
  });

  it('reaches shadow roots, a same-origin frame and a cross-origin frame', async () => {
    await tab.navigate(`${env.gym.url}/widgets`);
    const increase = await locate({ kind: 'aria-label', value: 'Increase trips' });
    for (let i = 0; i < 3; i++) await tab.act(increase, { kind: 'click' });
    await tab.act(await locate({ kind: 'css', value: 'wf-counter >>> #save' }), { kind: 'click' });
    await env.stateUntil((s) => s.widgets.counter === 3);

    await tab.act(await locate({ kind: 'placeholder', value: 'you@example.com' }), { kind: 'type', text: 'ada@example.org' });
    await tab.act(await locate({ kind: 'text', value: 'Subscribe' }), { kind: 'click' });
    await env.stateUntil((s) => s.widgets.newsletter.includes('ada@example.org'));

    await tab.act(await locate({ kind: 'label', value: 'Display name' }), { kind: 'type', text: 'Ada' });
    await tab.act(await locate({ kind: 'role', value: 'button', name: 'Save profile' }), { kind: 'click' });
    await env.stateUntil((s) => s.widgets.profile?.name === 'Ada');

    const claim = await locate({ kind: 'role', value: 'button', name: 'Claim offer' });
    expect(claim).toMatch(/^f\d+e\d+$/);
    await tab.act(claim, { kind: 'click' });
    await env.stateUntil((s) => s.widgets.offerClaimed);
  });
});

describe('which element wins', () => {
  const rows = `
    <p><button onclick="done.textContent = 'Deleted row 1'">Delete</button></p>
    <p><button data-testid="delete-2" onclick="done.textContent = 'Deleted row 2'">Delete</button></p>
    <p id="done" role="status"></p>`;

  it('a locator matching two elements does not win over a unique later one', async () => {
    await tab.navigate(env.show(rows));
    const found = await tab.locate([
      { kind: 'text', value: 'Delete' },
      { kind: 'testid', value: 'data-testid=delete-2' },
    ]);
    expect(found).toMatchObject({ by: { kind: 'testid' }, matches: 1 });
    await tab.act(found.ref, { kind: 'click' });
    expect(await tab.waitFor({ kind: 'text', text: 'Deleted row 2' }, 2_000)).toBeTruthy();
  });

  it('when nothing is unique, lists what was tried with how much each matched', async () => {
    await tab.navigate(env.show(`${rows}<button style="visibility:hidden" id="gone">Gone</button>`));
    const found = await tab.locate([
      { kind: 'role', value: 'button', name: 'Remove' },
      { kind: 'id', value: 'gone' },
      { kind: 'text', value: 'Delete' },
    ]);
    expect(found).toEqual({
      ref: null,
      tried: [
        { by: { kind: 'role', value: 'button', name: 'Remove' }, matches: 0, hidden: 0 },
        { by: { kind: 'id', value: 'gone' }, matches: 0, hidden: 1 },
        { by: { kind: 'text', value: 'Delete' }, matches: 2, hidden: 0 },
      ],
    });
  });

  it('waits for an element the page renders 300 ms later', async () => {
    await tab.navigate(env.show(`<p>Loading…</p>`));
    await inPage(
      `setTimeout(() => { const b = document.createElement('button'); b.textContent = 'Late'; b.onclick = () => { b.textContent = 'Clicked late'; }; document.body.append(b); }, 300)`,
    );
    const started = Date.now();
    expect((await tab.locate([{ kind: 'text', value: 'Late' }])).ref).toBeNull();
    const found = await tab.locate([{ kind: 'text', value: 'Late' }], { timeoutMs: 5_000 });
    expect(found.ref).not.toBeNull();
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    await tab.act(found.ref, { kind: 'click' });
    expect(await inPage<string>(`document.querySelector('button').textContent`)).toBe('Clicked late');
  });

  it('never reuses a ref number from the page before', async () => {
    await tab.navigate(env.show(rows));
    const before = await tab.snapshot({ mode: 'full' });
    const highest = Math.max(...before.refs.map((r) => Number(r.ref.slice(1))));
    await tab.navigate(env.show(`<button>Fresh</button>`));
    const ref = await locate({ kind: 'text', value: 'Fresh' });
    expect(Number(ref.slice(1))).toBeGreaterThan(highest);
    expect((await tab.snapshot()).refs.find((r) => r.name === 'Fresh')?.ref).toBe(ref);
  });
});

describe('round trip: the locators the page script builds lead back to the same element', () => {
  async function roundTrip(refs: string[]): Promise<void> {
    for (const ref of refs) {
      const set = await tab.script.locators(ref);
      if (isPageError(set)) throw new Error(set.message);
      // As the recorder keeps them: every field but the match count and confidence (a repeated control's row and place too).
      const locators: ElementLocator[] = set.locators.map(locatorOf);
      const found = await tab.locate(locators);
      expect(found.ref, `${ref}: ${JSON.stringify(locators)}`).toBe(ref);
    }
  }

  function refsNamed(snapshot: { refs: { ref: string; role: string; name: string }[] }, ...names: string[]): string[] {
    return names.map((name) => {
      const entry = snapshot.refs.find((r) => r.name === name);
      if (!entry) throw new Error(`No control named ${name}`);
      return entry.ref;
    });
  }

  it('on the signup form', async () => {
    await tab.navigate(`${env.gym.url}/signup`);
    await roundTrip(refsNamed(await tab.snapshot({ mode: 'full' }), 'Full name', 'Email address', 'Password', 'Next'));
  });

  it('on the shop, where every card has an Add to cart button', async () => {
    await tab.navigate(`${env.gym.url}/shop`);
    await tab.waitFor({ kind: 'text', text: 'Trail Tent 2P' });
    const snapshot = await tab.snapshot({ mode: 'full' });
    const adds = snapshot.refs.filter((r) => r.name === 'Add to cart').map((r) => r.ref);
    expect(adds.length).toBeGreaterThan(2);
    await roundTrip([adds[0] ?? '', adds[1] ?? '', adds[adds.length - 1] ?? '']);
  });

  it('in shadow roots and frames of both kinds', async () => {
    await tab.navigate(`${env.gym.url}/widgets`);
    await tab.waitFor({ kind: 'text', text: 'Claim offer' });
    const snapshot = await tab.snapshot({ mode: 'full' });
    await roundTrip(refsNamed(snapshot, 'Increase trips', 'Subscribe', 'Email for the newsletter', 'Display name', 'Claim offer'));
  });
});
