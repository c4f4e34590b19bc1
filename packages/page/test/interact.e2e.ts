import { isPageError, type Actionability } from '@wayfinder/page';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEnv, refOf, type Env } from './env';

let env: Env;
beforeAll(async () => {
  env = await openEnv();
});
afterAll(async () => {
  await env.close();
});

async function actionable(ref: string): Promise<Actionability> {
  const result = await env.page.script.actionability(ref);
  if (isPageError(result)) throw new Error(result.message);
  return result;
}

describe('find()', () => {
  it('ranks form fields by label, type and role words', async () => {
    await env.goto('/shop');
    await env.until(`document.querySelectorAll('.card').length === 24`);
    const search = await env.page.script.find('search box', 3);
    expect(search.matches[0]).toMatchObject({ role: 'searchbox', name: 'Search products' });
    const sort = await env.page.script.find('sort dropdown', 3);
    expect(sort.matches[0]).toMatchObject({ role: 'combobox', name: 'Sort by' });
    const cheap = await env.page.script.find('under 200 filter', 3);
    expect(cheap.matches[0]).toMatchObject({ role: 'checkbox', name: 'Under $200' });
    expect(cheap.matches[0]?.line).toMatch(/^\[e\d+\] checkbox "Under \$200"$/);
  });

  it('uses nearby text to tell identical buttons apart', async () => {
    const found = await env.page.script.find('add the Trail Tent 2P to cart', 3);
    const top = found.matches[0];
    expect(top?.name).toBe('Add to cart');
    const tentLink = (await env.snapshot({ mode: 'full' })).refs.find((r) => r.name === 'Trail Tent 2P');
    // The button that follows the Trail Tent card's link is the one that ranks first.
    expect(Number(top?.ref.slice(1))).toBe(Number(tentLink?.ref.slice(1)) + 1);
  });

  it('understands colour words', async () => {
    await env.goto('/shop/p/trail-tent-2p');
    await env.until(`document.querySelector('button.primary')`);
    const found = await env.page.script.find('the green button', 3);
    expect(found.matches[0]).toMatchObject({ role: 'button', name: 'Add to cart' });
  });

  it('finds by email type in a plain form', async () => {
    await env.goto('/signup');
    const found = await env.page.script.find('email field', 2);
    expect(found.matches[0]).toMatchObject({ role: 'textbox', name: 'Email address' });
    expect(found.matches).toHaveLength(2);
  });

  it('returns nothing rather than a random guess when nothing matches', async () => {
    const found = await env.page.script.find('zebra crossing', 5);
    expect(found.matches).toEqual([]);
  });
});

describe('actionability()', () => {
  it('reports a visible, enabled, still control with its click point inside its box', async () => {
    await env.goto('/signup');
    const s = await env.snapshot();
    const a = await actionable(refOf(s, 'button', 'Next'));
    expect(a).toMatchObject({
      visible: true,
      enabled: true,
      stable: true,
      receivesEvents: true,
      coveredBy: null,
      problem: null,
      scrolled: false,
    });
    const box = a.box;
    expect(box).not.toBeNull();
    expect(a.point?.x).toBeGreaterThan(box?.x ?? Infinity);
    expect(a.point?.x).toBeLessThan((box?.x ?? 0) + (box?.width ?? 0));
    // The point really hits the button.
    expect(await env.run(`document.elementFromPoint(${a.point?.x}, ${a.point?.y})?.textContent`)).toBe('Next');
  });

  it('scrolls a control below the fold into view first', async () => {
    await env.goto('/shop');
    await env.until(`document.querySelectorAll('.card').length === 24`);
    const s = await env.snapshot({ mode: 'full' });
    const a = await actionable(refOf(s, 'link', 'Camp Cot'));
    expect(a.scrolled).toBe(true);
    expect(a.problem).toBeNull();
    expect(a.point?.y).toBeGreaterThan(0);
    expect(a.point?.y).toBeLessThan(800);
    expect(await env.run<number>('scrollY')).toBeGreaterThan(0);
  });

  it('says a disabled control is disabled', async () => {
    const s = await env.snapshot({ mode: 'full' });
    const ref = refOf(s, 'button', 'Out of stock');
    const a = await actionable(ref);
    expect(a.enabled).toBe(false);
    expect(a.problem).toBe(
      `${ref} (button <page-text>Out of stock</page-text>) is disabled; complete what it depends on first (for example required fields), or pick another element.`,
    );
  });

  it('names what covers a control', async () => {
    await env.goto('/feed');
    await env.until(`document.querySelectorAll('.post').length >= 10`);
    const s = await env.snapshot();
    const settings = refOf(s, 'button', 'Settings');
    const like = refOf(s, 'button', /^Like Item 1 /);
    await env.run(`document.getElementById('open-settings').click()`);
    await env.until(`!document.getElementById('settings-backdrop').hidden`);
    const a = await actionable(like);
    expect(a.receivesEvents).toBe(false);
    expect(a.coveredBy).toBe('dialog "Settings"');
    expect(a.problem).toBe(
      `${like} (button <page-text>Like Item 1 — Granite Ridge</page-text>) is covered by <page-text>dialog "Settings"</page-text>; close or dismiss that first, or scroll.`,
    );
    expect((await actionable(settings)).coveredBy).toBe('dialog "Settings"');
    await env.run(`document.getElementById('cancel-settings').click()`);
    expect((await actionable(like)).problem).toBeNull();
  });

  it('reports an element that is not visible', async () => {
    await env.goto('/signup');
    const s = await env.snapshot({ mode: 'full' });
    const ref = refOf(s, 'textbox', 'Full name');
    await env.run(`document.querySelector('section[data-step="1"]').hidden = true`);
    const a = await actionable(ref);
    expect(a.visible).toBe(false);
    expect(a.problem).toMatch(/is not visible/);
  });

  it('works inside the same-origin frame, with the point in top-page coordinates', async () => {
    await env.goto('/widgets');
    const s = await env.snapshot({ mode: 'full' });
    const a = await actionable(refOf(s, 'button', 'Save profile'));
    expect(a.problem).toBeNull();
    const hit = await env.run<string>(`document.elementFromPoint(${a.point?.x}, ${a.point?.y})?.tagName`);
    expect(hit).toBe('IFRAME');
  });

  it('works inside the cross-origin frame through its own world', async () => {
    const s = await env.snapshot({ mode: 'full' });
    const ref = refOf(s, 'button', 'Pay $20.00');
    const a = await actionable(ref);
    expect(a.problem).toBeNull();
    const frame = await env.run<{ x: number; y: number; w: number; h: number }>(
      `(() => { const r = document.querySelector('iframe[title=Payment]').getBoundingClientRect(); return { x: r.x, y: r.y, w: r.width, h: r.height }; })()`,
    );
    expect(a.point?.x).toBeGreaterThan(frame.x);
    expect(a.point?.y).toBeGreaterThan(frame.y);
    expect(a.point?.y).toBeLessThan(frame.y + frame.h);
  });
});

describe('locators()', () => {
  it('offers id, label and role locators for a form field, best first', async () => {
    await env.goto('/signup');
    const s = await env.snapshot();
    const set = await env.page.script.locators(refOf(s, 'textbox', 'Email address'));
    if (isPageError(set)) throw new Error(set.message);
    expect(set.locators[0]).toMatchObject({ kind: 'role', value: 'textbox', name: 'Email address', matches: 1, confidence: 0.9 });
    expect(set.locators).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'id', value: 'email', matches: 1 }),
        expect.objectContaining({ kind: 'label', value: 'Email address', matches: 1 }),
        expect.objectContaining({ kind: 'css', value: '#email', matches: 1 }),
      ]),
    );
  });

  it('marks ambiguous locators and builds a unique css path', async () => {
    await env.goto('/shop');
    await env.until(`document.querySelectorAll('.card').length === 24`);
    const s = await env.snapshot({ mode: 'full' });
    const ref = s.refs.filter((r) => r.name === 'Add to cart')[1]?.ref ?? '';
    const set = await env.page.script.locators(ref);
    if (isPageError(set)) throw new Error(set.message);
    const role = set.locators.find((l) => l.kind === 'role');
    expect(role?.matches).toBe(23);
    expect(role?.confidence).toBe(0.45);
    const css = set.locators.find((l) => l.kind === 'css');
    expect(await env.run<number>(`document.querySelectorAll(${JSON.stringify(css?.value)}).length`)).toBe(1);
    expect(
      await env.run<string>(`document.querySelector(${JSON.stringify(css?.value)}).closest('.card').querySelector('a').textContent`),
    ).toBe('Trail Tent 2P');
  });
});

describe('errors a model can act on', () => {
  it('a ref from before a navigation is refused, not applied to a new element', async () => {
    await env.goto('/signup');
    const old = refOf(await env.snapshot(), 'button', 'Next');
    await env.goto('/admin/login');
    const result = await env.page.script.actionability(old);
    expect(isPageError(result)).toBe(true);
    expect(result).toMatchObject({
      error: 'unknown-ref',
      message: `Ref ${old} is not in the current snapshot; take a new snapshot and use a ref from it.`,
    });
  });

  it('a ref whose element was removed is reported stale', async () => {
    const s = await env.snapshot();
    const ref = refOf(s, 'button', 'Sign in');
    await env.run(`document.querySelector('button[type=submit]').remove()`);
    expect(await env.page.script.actionability(ref)).toEqual({
      error: 'stale-ref',
      message: `Ref ${ref} points to an element that is no longer on the page; take a new snapshot and use a ref from it.`,
    });
  });

  it('something that is not a ref gets a readable error', async () => {
    expect(await env.page.script.locators('the sign in button')).toEqual({
      error: 'bad-argument',
      message: '"the sign in button" is not a ref; refs look like e12 or f1e3. Take a snapshot and use a ref from it.',
    });
  });
});
