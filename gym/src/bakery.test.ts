import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BAKES, searchBakes } from './apps/bakery-catalogue';
import { startGym, type Gym } from './server';
import { SKILL_TASKS, skillTaskById } from './skill-tasks';
import { fetchState, solutionPath } from './tasks';

// Millbrook Bakery over plain HTTP: its search order, server-made order numbers, the
// drifted redesign (same words, other markup, the flag kept on every address), and the
// skill tasks' checkers against the state the site leaves.

let gym: Gym;
beforeAll(async () => {
  gym = await startGym();
});
afterAll(async () => {
  await gym.close();
});
beforeEach(() => {
  gym.reset();
});

async function get(path: string): Promise<{ status: number; text: string }> {
  const response = await fetch(gym.url + path, { redirect: 'manual' });
  return { status: response.status, text: await response.text() };
}

/** Posts a form the way the browser does; returns the status and where it redirects. */
async function post(path: string, fields: Record<string, string>): Promise<{ status: number; location: string; text: string }> {
  const response = await fetch(gym.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
  return { status: response.status, location: response.headers.get('location') ?? '', text: await response.text() };
}

const all = (html: string, pattern: RegExp) => [...html.matchAll(pattern)].map((m) => m[1] ?? '');
const titles = (html: string) => all(html, /<h3[^>]*>([^<]+)<\/h3>/g);
const ids = (html: string) => new Set(all(html, /\sid="([^"]+)"/g));
const classes = (html: string) => new Set(all(html, /\sclass="([^"]+)"/g).flatMap((c) => c.split(/\s+/)));
const decode = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
/** What a person reads: text between tags (no scripts or styles), and what fields show (placeholder, value), sorted. */
function readable(html: string): string[] {
  const body = html.replace(/<(script|style)\b[\s\S]*?<\/\1>/g, '');
  const text = body
    .split(/<[^>]*>/)
    .map((t) => decode(t).replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  const fields = all(body, /(<input\b[^>]*>)/g).filter((tag) => !tag.includes('type="hidden"'));
  const shown = fields.flatMap((tag) => all(tag, /\s(?:placeholder|value)="([^"]*)"/g)).map(decode);
  return [...text, ...shown].sort();
}
function shared<T>(a: Set<T>, b: Set<T>): T[] {
  return [...a].filter((x) => b.has(x));
}

async function placeOrder(name: string, day = 'Saturday', drift = false) {
  const flag = drift ? '?drift=1' : '';
  await post(`/bakery/basket/add${flag}`, { slug: 'cinnamon-bun', back: '/bakery' });
  return post(`/bakery/preorder${flag}`, { name, contact: 'ada@example.org', day, note: '', payAtPickup: 'yes' });
}

describe('search', () => {
  it('lists the best match first, deterministically', async () => {
    expect(BAKES.length).toBeGreaterThanOrEqual(12);
    expect(titles((await get('/bakery/search?q=rye')).text)).toEqual(['Rye loaf', 'Dark rye loaf', 'Seeded rye rolls']);
    expect(titles((await get('/bakery/search?q=sourdough')).text)).toEqual(['Sourdough loaf', 'Sourdough baguette', 'Seeded sourdough']);
    expect(titles((await get('/bakery/search?q=bun')).text)).toEqual(['Cardamom bun', 'Cinnamon bun', 'Hot cross bun']);
    const cardamom = titles((await get('/bakery/search?q=Cardamom+bun')).text);
    expect(cardamom[0]).toBe('Cardamom bun');
    expect(cardamom.length).toBeGreaterThan(1); // the other buns are listed too
    expect(titles((await get('/bakery/search?q=Rye+loaf')).text).slice(0, 2)).toEqual(['Rye loaf', 'Dark rye loaf']);
    expect(titles((await get('/bakery/search?q=rye')).text)).toEqual(titles((await get('/bakery/search?q=rye')).text));
    const none = await get('/bakery/search?q=baklava');
    expect(none.text).toContain('Nothing matches “baklava”');
    expect(titles(none.text)).toEqual([]);
    // Every bake is found first by its own title.
    for (const bake of BAKES) expect(searchBakes(bake.title)[0]?.slug, bake.title).toBe(bake.slug);
  });

  it('gives every row the same controls: an "Add" button and a "Details" link', async () => {
    const page = (await get('/bakery')).text;
    expect(titles(page)).toHaveLength(BAKES.length);
    expect(all(page, /<button type="submit" class="add-btn">(Add)<\/button>/g)).toHaveLength(BAKES.length);
    expect(all(page, /<a class="details" href="[^"]+">(Details)<\/a>/g)).toHaveLength(BAKES.length);
  });
});

describe('orders', () => {
  it('gives each pre-order a new server-made number and its own page', async () => {
    const first = await placeOrder('Ada Lovelace');
    const second = await placeOrder('Grace Hopper', 'Friday');
    expect(first.status).toBe(303);
    const [, id1, ref1] = /^\/bakery\/orders\/(\d+)\/thanks\?ref=([a-f0-9]+)$/.exec(first.location) ?? [];
    const [, id2, ref2] = /^\/bakery\/orders\/(\d+)\/thanks\?ref=([a-f0-9]+)$/.exec(second.location) ?? [];
    expect(id1).toBeTruthy();
    expect(id2).not.toBe(id1);
    expect(ref2).not.toBe(ref1);
    const thanks = await get(first.location);
    expect(thanks.text).toContain('Thanks, Ada Lovelace — your pre-order is in');
    expect(thanks.text).toContain(`<strong>${id1}</strong>`);
    expect(thanks.text).toContain(`<a href="/bakery/orders/${id1}?ref=${ref1}">View order</a>`);
    // The order page needs its ref, and counts its views.
    expect((await get(`/bakery/orders/${id1}`)).status).toBe(404);
    expect((await get(`/bakery/orders/${id1}?ref=${ref2}`)).status).toBe(404);
    const order = await get(`/bakery/orders/${id1}?ref=${ref1}`);
    expect(order.text).toContain('What you ordered');
    const state = await fetchState(gym.url);
    expect(state.bakery.orders.map((o) => [o.name, o.pickupDay, o.views, o.total])).toEqual([
      ['Ada Lovelace', 'Saturday', 1, 240],
      ['Grace Hopper', 'Friday', 0, 240],
    ]);
    expect(state.bakery.basket).toEqual([]);
    // A new gym instance starts its own numbering, and reset clears the bakery.
    await fetch(`${gym.url}/api/reset`, { method: 'POST' });
    expect((await fetchState(gym.url)).bakery).toEqual({ basket: [], orders: [] });
  });

  it('refuses a form without the pay-at-pickup tick or a day, keeping what was typed', async () => {
    await post('/bakery/basket/add', { slug: 'rye-loaf', back: '/bakery', qty: '2' });
    const refused = await post('/bakery/preorder', { name: 'Ada Lovelace', contact: 'ada@example.org', day: '' });
    expect(refused.status).toBe(422);
    expect(refused.text).toContain('Choose a pickup day.');
    expect(refused.text).toContain("we don't take payment online yet");
    expect(refused.text).toContain('value="Ada Lovelace"');
    const state = await fetchState(gym.url);
    expect(state.bakery.orders).toEqual([]);
    expect(state.bakery.basket).toEqual([{ slug: 'rye-loaf', title: 'Rye loaf', price: 420, qty: 2 }]);
  });

  it('removes a line from the basket', async () => {
    await post('/bakery/basket/add', { slug: 'rye-loaf', back: '/bakery' });
    await post('/bakery/basket/add', { slug: 'cardamom-bun', back: '/bakery' });
    const removed = await post('/bakery/basket/remove', { slug: 'rye-loaf' });
    expect(removed.location).toBe('/bakery/basket?removed=rye-loaf');
    expect((await get(removed.location)).text).toContain('Removed Rye loaf from your basket.');
    expect((await fetchState(gym.url)).bakery.basket.map((l) => l.slug)).toEqual(['cardamom-bun']);
  });
});

describe('drift', () => {
  const PAGES = ['home', 'search', 'product', 'added', 'basket', 'preorder', 'refused', 'thanks', 'order', 'missing'] as const;
  type Pages = Record<(typeof PAGES)[number], string>;

  /** Each page of the site, reached the way a person would, with or without the flag. */
  async function pages(drift: boolean): Promise<Pages> {
    gym.reset();
    const flag = drift ? '?drift=1' : '';
    const and = drift ? '&drift=1' : '';
    const home = (await get(`/bakery${flag}`)).text;
    const search = (await get(`/bakery/search?q=rye${and}`)).text;
    const product = (await get(`/bakery/p/dark-rye-loaf${flag}`)).text;
    const add = await post(`/bakery/basket/add${flag}`, { slug: 'dark-rye-loaf', back: '/bakery/search?q=rye', qty: '2' });
    const added = (await get(add.location)).text;
    const basket = (await get(`/bakery/basket${flag}`)).text;
    const preorder = (await get(`/bakery/preorder${flag}`)).text;
    const refused = (await post(`/bakery/preorder${flag}`, { name: 'Ada', contact: '', day: 'Friday' })).text;
    const placed = await post(`/bakery/preorder${flag}`, { name: 'Ada', contact: 'ada@example.org', day: 'Friday', payAtPickup: 'yes' });
    const thanks = (await get(placed.location)).text;
    const view = /href="([^"]+)">View order</.exec(thanks)?.[1] ?? '';
    const order = (await get(decode(view))).text;
    const missing = (await get(`/bakery/nowhere${flag}`)).text;
    // Order numbers differ between the two runs: show them as one word.
    const same = (html: string) => html.replace(/\b\d{4}\b/g, 'NNNN').replace(/ref=[a-f0-9]+/g, 'ref=R');
    return { home, search, product, added, basket, preorder, refused, thanks: same(thanks), order: same(order), missing };
  }

  it('keeps every text a person reads and changes the markup', async () => {
    const original = await pages(false);
    const drifted = await pages(true);
    for (const name of PAGES) {
      const html = original[name];
      const other = drifted[name];
      expect(readable(other), name).toEqual(readable(html));
      expect(other, name).not.toBe(html);
      expect(shared(ids(html), ids(other)), name).toEqual([]);
      expect(shared(classes(html), classes(other)), name).toEqual([]);
    }
    // The test hook is renamed, the row buttons get a screen-reader name, the search box is a plain text field.
    expect(original.search).toContain('data-testid="bake-row"');
    expect(drifted.search).not.toContain('data-testid');
    expect(drifted.search).toContain('data-qa="product-card"');
    expect(drifted.search).toContain('<button type="submit" class="btn-bag" aria-label="Add Dark rye loaf to basket">Add</button>');
    expect(original.search).toContain('<input type="search" id="q" name="q" value="rye"');
    expect(drifted.search).toContain('<input type="text" id="finder-text" name="q" value="rye"');
    // Reordered: the price before the title in a row; the pickup fields before the name.
    const row = (html: string) => html.slice(html.indexOf('£4.80') - 200, html.indexOf('£4.80') + 200);
    expect(row(original.search).indexOf('Dark rye loaf')).toBeLessThan(row(original.search).indexOf('£4.80'));
    expect(row(drifted.search).indexOf('Dark rye loaf')).toBeGreaterThan(row(drifted.search).indexOf('£4.80'));
    expect(original.preorder.indexOf('Your name')).toBeLessThan(original.preorder.indexOf('Pickup day'));
    expect(drifted.preorder.indexOf('Your name')).toBeGreaterThan(drifted.preorder.indexOf('Pickup day'));
  });

  it('keeps the flag on every link, form and redirect of the site', async () => {
    const drifted = await pages(true);
    for (const [name, html] of Object.entries(drifted)) {
      for (const href of all(html, /\shref="([^"]+)"/g)) expect(decode(href), `${name}: ${href}`).toMatch(/[?&]drift=1(&|$)/);
      for (const form of all(html, /(<form\b[\s\S]*?<\/form>)/g)) {
        if (/method="get"/.test(form)) expect(form, name).toContain('<input type="hidden" name="drift" value="1">');
        else expect(form, name).toMatch(/action="[^"]*\?drift=1"/);
      }
    }
    const add = await post('/bakery/basket/add?drift=1', { slug: 'rye-loaf', back: '/bakery/search?q=rye' });
    expect(add.location).toBe('/bakery/search?q=rye&added=rye-loaf&drift=1');
    const remove = await post('/bakery/basket/remove?drift=1', { slug: 'rye-loaf' });
    expect(remove.location).toBe('/bakery/basket?removed=rye-loaf&drift=1');
    const placed = await placeOrder('Ada', 'Friday', true);
    expect(placed.location).toMatch(/^\/bakery\/orders\/\d+\/thanks\?ref=[a-f0-9]+&drift=1$/);
    // Without the flag, every address is the original site.
    const plain = await pages(false);
    for (const html of Object.values(plain)) expect(html).not.toContain('drift=1');
  });
});

interface Call {
  tool: string;
  args: Record<string, unknown>;
}

/** The calls of a demonstration file ({"steps":[{"calls":[{tool, args}]}]}), in order. */
function demoCalls(json: unknown): Call[] {
  const list = (value: unknown, key: string): unknown[] => {
    const inner: unknown = typeof value === 'object' && value !== null ? Reflect.get(value, key) : undefined;
    if (!Array.isArray(inner)) throw new Error(`Expected a list at ${key}`);
    return inner;
  };
  return list(json, 'steps').flatMap((step) =>
    list(step, 'calls').map((call): Call => {
      const tool: unknown = typeof call === 'object' && call !== null ? Reflect.get(call, 'tool') : undefined;
      const args: unknown = typeof call === 'object' && call !== null ? Reflect.get(call, 'args') : undefined;
      if (typeof tool !== 'string' || typeof args !== 'object' || args === null) throw new Error('Bad call');
      return { tool, args: Object.fromEntries(Object.entries(args)) };
    }),
  );
}

describe('skill tasks', () => {
  it('has a demonstration for each task, using person tools only', async () => {
    const tools = new Set(['click', 'type_text', 'select_option', 'check', 'wait_for', 'done']);
    expect(SKILL_TASKS.map((t) => t.id)).toEqual([
      'bakery-add-from-results',
      'bakery-first-result',
      'bakery-preorder',
      'bakery-two-orders',
      'bakery-add-two',
    ]);
    for (const task of SKILL_TASKS) {
      const calls = demoCalls(JSON.parse(await readFile(solutionPath(task.id), 'utf8')));
      for (const call of calls) expect(tools.has(call.tool), `${task.id}: ${call.tool}`).toBe(true);
      expect(calls.at(-1)?.tool).toBe('done');
      const values = (c: Call): unknown[] => {
        const chosen: unknown = c.args.values;
        return [c.args.text, ...(Array.isArray(chosen) ? chosen.map((v: unknown) => v) : [])];
      };
      const typed = new Set(calls.flatMap(values).filter((v): v is string => typeof v === 'string'));
      // A row is named by a value the demonstration typed, so a variant's new value names its row.
      for (const call of calls) if (typeof call.args.near === 'string') expect(typed.has(call.args.near), task.id).toBe(true);
      expect(task.variants).toHaveLength(2);
      for (const variant of task.variants)
        for (const from of Object.keys(variant.replace)) expect(typed.has(from), `${task.id}: ${from}`).toBe(true);
    }
  });

  it('checks the state each task and variant should leave, and refuses a near miss', async () => {
    const first = skillTaskById('bakery-first-result');
    await post('/bakery/basket/add', { slug: 'rye-loaf', back: '/bakery' });
    expect(first.check(await fetchState(gym.url), '').ok).toBe(true);
    await post('/bakery/basket/add', { slug: 'dark-rye-loaf', back: '/bakery' });
    expect(first.check(await fetchState(gym.url), '').ok).toBe(false);
    // The variants' expected first results are what the search shows first.
    for (const variant of first.variants) {
      gym.reset();
      const word = variant.replace.rye ?? '';
      const top = searchBakes(word)[0];
      await post('/bakery/basket/add', { slug: top?.slug ?? '', back: '/bakery' });
      expect(variant.check(await fetchState(gym.url), '').ok, word).toBe(true);
    }
    gym.reset();
    const two = skillTaskById('bakery-two-orders');
    await post('/bakery/basket/add', { slug: 'sourdough-loaf', back: '/bakery' });
    const placed = await post('/bakery/preorder', {
      name: 'Hedy Lamarr',
      contact: 'hedy@example.org',
      day: 'Thursday',
      payAtPickup: 'yes',
    });
    expect(two.check(await fetchState(gym.url), '').ok).toBe(false); // not opened yet
    await get(placed.location.replace('/thanks', ''));
    expect(two.check(await fetchState(gym.url), '').ok).toBe(true);
    expect(two.variants[0]?.check(await fetchState(gym.url), '').ok).toBe(false);
  });
});
