import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_PASSWORD, ADMIN_USERNAME } from './apps/admin';
import { applyEdits } from './apps/drift';
import { startGym, type Gym } from './server';

// The drifted apps (?drift=1) against their originals: ids and classes renamed, yet every
// button and label a person reads is the same. Signup and admin are served pages; the
// shop is its React client rendered with and without the flag in the address.

let gym: Gym;
beforeAll(async () => {
  gym = await startGym();
});
afterAll(async () => {
  await gym.close();
});

const all = (html: string, pattern: RegExp) => [...html.matchAll(pattern)].map((m) => m[1] ?? '');
const ids = (html: string) => new Set(all(html, /\sid="([^"]+)"/g));
const classes = (html: string) => new Set(all(html, /\sclass(?:Name)?="([^"]+)"/g).flatMap((c) => c.split(/\s+/)));
const plain = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
/** What a person reads on the buttons and labels, sorted. */
const texts = (html: string, tag: 'button' | 'label') =>
  all(html, new RegExp(`<${tag}\\b[^>]*>([\\s\\S]*?)</${tag}>`, 'g'))
    .map(plain)
    .sort();

function shared<T>(a: Set<T>, b: Set<T>): T[] {
  return [...a].filter((x) => b.has(x));
}

async function page(path: string, cookie = ''): Promise<string> {
  const response = await fetch(gym.url + path, { headers: cookie ? { cookie } : {}, redirect: 'manual' });
  expect(response.status, path).toBe(200);
  return response.text();
}

describe('drifted signup and admin pages', () => {
  it('signup: other ids, classes and order, the same button and label texts', async () => {
    const original = await page('/signup');
    const drifted = await page('/signup?drift=1');
    expect(drifted).not.toBe(original);
    expect(shared(ids(original), ids(drifted))).toEqual([]);
    // Only the shared style sheet's utility classes stay.
    expect(shared(classes(original), classes(drifted)).sort()).toEqual(['error', 'wrap']);
    expect(texts(drifted, 'button')).toEqual(texts(original, 'button'));
    // The newsletter checkbox became a switch named by the text beside it: the same words, no label element.
    expect(drifted).toMatch(/role="switch"[^>]*aria-labelledby="opt-newsletter-text"/);
    expect([...texts(drifted, 'label'), 'Send me the monthly newsletter'].sort()).toEqual(texts(original, 'label'));
    // Reordered: Email now comes before Full name.
    expect(drifted.indexOf('Email address')).toBeLessThan(drifted.indexOf('Full name'));
    expect(original.indexOf('Email address')).toBeGreaterThan(original.indexOf('Full name'));
    // The page's own script follows the renames.
    expect(drifted).toContain("field('member-email')");
    expect(drifted).not.toContain("field('email')");
  });

  it('admin: the sign-in and members pages drift, and the flag travels through the redirects', async () => {
    const login = await page('/admin/login');
    const loginDrifted = await page('/admin/login?drift=1');
    expect(shared(ids(login), ids(loginDrifted))).toEqual([]);
    expect(texts(loginDrifted, 'button')).toEqual(texts(login, 'button'));
    expect(texts(loginDrifted, 'label')).toEqual(texts(login, 'label'));

    const away = await fetch(`${gym.url}/admin?drift=1`, { redirect: 'manual' });
    expect(away.status).toBe(302);
    const to = new URL(away.headers.get('location') ?? '', gym.url);
    expect(to.searchParams.get('drift')).toBe('1');
    expect(to.searchParams.get('next')).toBe('/admin?drift=1');
    const plainAway = await fetch(`${gym.url}/admin`, { redirect: 'manual' });
    expect(plainAway.headers.get('location')).toBe('/admin/login?next=/admin');

    const signIn = await fetch(`${gym.url}/admin/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: ADMIN_USERNAME, password: ADMIN_PASSWORD }),
    });
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const members = await page('/admin', cookie);
    const membersDrifted = await page('/admin?drift=1', cookie);
    expect(shared(ids(members), ids(membersDrifted))).toEqual([]);
    expect(texts(membersDrifted, 'button')).toEqual(texts(members, 'button'));
    // Each row's button still reads "Delete"; only its screen-reader name changed.
    expect(membersDrifted).toContain("button.textContent = 'Delete';");
    expect(membersDrifted).toContain("'Remove ' + user.name + ' from the club'");
  });

  it('fails loudly when an original page no longer fits its drift', () => {
    expect(() => applyEdits('<p id="a">x</p>', [['id="b"', 'id="c"']], 'test page')).toThrow(/no longer fits its original/);
  });
});

describe('drifted shop', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  /** The checkout (with a lantern in the cart) and the cart page, as the client renders them at `address`. */
  async function shopAt(address: string): Promise<string> {
    vi.resetModules();
    vi.stubGlobal('location', new URL(address, 'http://127.0.0.1'));
    const { CheckoutPage } = await import('./apps/shop/client/checkout');
    const { CartPage } = await import('./apps/shop/client/cart');
    const shop = {
      navigate: () => undefined,
      cart: [{ productId: 'trail-lantern', name: 'Trail Lantern', price: 34.5, qty: 1, color: 'Green' }],
      setCart: () => undefined,
      notify: () => undefined,
    };
    return renderToStaticMarkup(createElement('div', null, createElement(CartPage, { shop }), createElement(CheckoutPage, { shop })));
  }

  it('renders other ids and classes with ?drift=1, with the same buttons and labels, and keeps the flag on its links', async () => {
    const original = await shopAt('/shop/checkout');
    const drifted = await shopAt('/shop/checkout?drift=1');
    expect(shared(ids(original), ids(drifted))).toEqual([]);
    expect(shared(classes(original), classes(drifted)).sort()).toEqual(['primary', 'visually-hidden']);
    expect(texts(drifted, 'button')).toEqual(texts(original, 'button'));
    expect(texts(drifted, 'label')).toEqual(texts(original, 'label'));
    expect(drifted.indexOf('>Email<')).toBeLessThan(drifted.indexOf('>Full name<'));
    expect(original.indexOf('>Email<')).toBeGreaterThan(original.indexOf('>Full name<'));
    expect(drifted).toContain('href="/shop/p/trail-lantern?drift=1"');
    expect(original).toContain('href="/shop/p/trail-lantern"');
  });
});
