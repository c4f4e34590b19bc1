import type { Tab } from '@wayfinder/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, openDriverEnv, ref, signedInAdmin, type DriverEnv } from './env';

// What an action waits for before it reports, and the errors a model gets when an action
// cannot happen (stale refs, elements that left, navigations, disabled or hidden targets).

let env: DriverEnv;
let tab: Tab;
beforeAll(async () => {
  env = await openDriverEnv();
  tab = await env.browser.openTab();
});
afterAll(async () => {
  await env.close();
});

async function open(path: string, ready?: string): Promise<void> {
  await tab.navigate(env.gym.url + path);
  if (ready) await tab.waitFor({ kind: 'text', text: ready });
}

describe('after an action', () => {
  it('waits for the requests the action started, so the result shows the page they built', async () => {
    tab = await env.browser.openTab(`${env.gym.url}/shop/search?q=lantern`);
    await tab.waitFor({ kind: 'text', text: 'Results for' });
    const s = await tab.snapshot();
    // The product page fetches its product after the route changes (a React effect).
    await tab.act(ref(s, 'link', 'Trail Lantern'), { kind: 'click' });
    const diff = await tab.snapshot({ diff: true });
    expect(diff.text).toMatch(/\+ \[e\d+\] button "Add to cart"/);
  });

  it('does not wait for an answer the page never reads to finish loading', async () => {
    tab = await signedInAdmin(env);
    const s = await tab.snapshot({ mode: 'full' });
    env.browser.setDialogPolicy(() => ({ accept: true }));
    const started = Date.now();
    // The page deletes with fetch() and never reads the reply's body.
    const victim = s.refs.find((r) => r.role === 'button' && r.name.startsWith('Delete '));
    const outcome = await tab.act(victim?.ref ?? '', { kind: 'click' });
    expect(Date.now() - started).toBeLessThan(2500);
    expect(outcome.dialogs).toEqual([expect.objectContaining({ type: 'confirm', accepted: true })]);
    await env.stateUntil((st) => st.admin.deleted.some((u) => `Delete ${u.name}` === victim?.name));
  });
});

describe('errors a model can act on', () => {
  it('stale refs after a navigation, and after the element left the page', async () => {
    await open('/signup');
    const s = await tab.snapshot();
    const next = ref(s, 'button', 'Next');
    await open('/admin/login');
    expect(await failure(tab.act(next, { kind: 'click' }))).toEqual({
      code: 'stale-ref',
      retryable: true,
      message: `Ref ${next} is not in the current snapshot; take a new snapshot and use a ref from it.`,
    });
  });

  it("a new page numbers its refs past the last page's, so an old ref never hits a new element", async () => {
    const fresh = await env.browser.openTab(`${env.gym.url}/admin/login`);
    const before = await fresh.snapshot();
    expect(before.refs[0]?.ref).toBe('e1');
    const username = ref(before, 'textbox', 'Username');
    await fresh.navigate(`${env.gym.url}/signup`);
    const after = await fresh.snapshot();
    // e1…e4 on the login page; the signup page starts at e101.
    expect(after.refs[0]?.ref).toBe('e101');
    expect(await failure(fresh.act(username, { kind: 'type', text: 'x' }))).toMatchObject({ code: 'stale-ref' });
    await env.browser.closeTab(fresh.id);
  });

  it('an element that left the page', async () => {
    await open('/widgets');
    const s = await tab.snapshot();
    const about = ref(s, 'button', 'About');
    await (await env.browser.tab(tab.id)).session.send('Runtime.evaluate', { expression: `document.getElementById('about').remove()` });
    expect(await failure(tab.act(about, { kind: 'click' }))).toEqual({
      code: 'stale-ref',
      retryable: true,
      message: `Ref ${about} points to an element that is no longer on the page; take a new snapshot and use a ref from it.`,
    });
  });

  it('a navigation that starts while the element is being made ready', async () => {
    // Scrolling the button into view makes this page navigate away.
    await tab.navigate(
      env.show(`<div style="height:3000px">Tall</div><button>Far away</button>
      <script>addEventListener('scroll', () => { location.href = location.href + '-next'; }, { once: true });</script>`),
    );
    const s = await tab.snapshot({ mode: 'full' });
    const far = ref(s, 'button', 'Far away');
    expect(await failure(tab.act(far, { kind: 'click' }))).toEqual({
      code: 'navigated',
      retryable: true,
      message: `The page navigated before ${far} (button <page-text>Far away</page-text>) could be used; take a new snapshot and use a ref from it.`,
    });
  });

  it('disabled and hidden elements', async () => {
    await open('/shop', 'All gear');
    const s = await tab.snapshot({ mode: 'full' });
    const out = ref(s, 'button', 'Out of stock');
    expect(await failure(tab.act(out, { kind: 'click' }))).toEqual({
      code: 'disabled',
      retryable: false,
      message: `${out} (button <page-text>Out of stock</page-text>) is disabled; complete what it depends on first (for example required fields), or pick another element.`,
    });
    // A hover menu: its items exist while the mouse is over it, then hide again.
    await open('/widgets');
    let s2 = await tab.snapshot({ mode: 'full' });
    await tab.act(ref(s2, 'button', 'Trail menu'), { kind: 'hover' });
    s2 = await tab.snapshot({ mode: 'full' });
    const item = ref(s2, 'menuitem', 'Favourite routes');
    await tab.act(ref(s2, 'button', 'About'), { kind: 'hover' });
    expect(await failure(tab.act(item, { kind: 'click' }))).toEqual({
      code: 'not-visible',
      retryable: true,
      message: `${item} (menuitem <page-text>Favourite routes</page-text>) is not visible (hidden, collapsed or zero-size); open or expand what contains it, or pick another element.`,
    });
  });

  it('actions that need a target say so', async () => {
    expect(await failure(tab.act(null, { kind: 'click' }))).toEqual({
      code: 'bad-argument',
      retryable: false,
      message: 'click needs a ref from the snapshot (like e12).',
    });
  });
});
