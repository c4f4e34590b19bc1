import { isPageError, isResolveResult, type LocatorQuery, type ResolveResult } from '@wayfinder/page';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEnv, type Env } from './env';

// resolveLocators: each locator kind back to the element it names, in the document, its
// open shadow roots and its same-origin frames; only what a person could use counts.

let env: Env;
beforeAll(async () => {
  env = await openEnv();
});
afterAll(async () => {
  await env.close();
});

async function resolve(...locators: LocatorQuery[]): Promise<ResolveResult> {
  const { value } = await env.page.script.call('resolveLocators', [locators, {}]);
  if (!isResolveResult(value)) throw new Error(`resolveLocators answered ${JSON.stringify(value)}`);
  return value;
}

/** The one element a locator matches, as the driver describes it. */
async function only(locator: LocatorQuery): Promise<{ ref: string; role: string; name: string; tag: string }> {
  const result = await resolve(locator);
  const hits = result.hits[0];
  expect(hits, JSON.stringify(locator)).toMatchObject({ matches: 1 });
  const ref = hits?.refs[0] ?? '';
  const info = await env.page.describe(ref);
  return { ref, role: info.role, name: info.name, tag: info.tag };
}

const PAGE = `
  <main>
    <button data-testid="buy">Buy now</button>
    <button id="later">Pay later</button>
    <label for="email">Email address</label> <input id="email" placeholder="you@example.com">
    <input aria-label="Search trails">
    <a href="#help">Help centre</a>
    <div role="button" tabindex="0">Menu</div>
    <div class="card"><span>Open map</span></div>
    <div id="host"></div>
    <iframe title="Inner" srcdoc="<button>Frame go</button>"></iframe>
    <button style="display:none">Twin</button><button>Twin</button>
    <button disabled>Off</button>
    <button class="pair">Same</button><button>Same</button><button class="pair">Other</button>
  </main>
  <script>
    document.getElementById('host').attachShadow({ mode: 'open' }).innerHTML =
      '<section><button id="inner" aria-label="Shadow save">Save</button></section>';
  </script>
`;

describe('resolveLocators', () => {
  beforeAll(async () => {
    await env.show(PAGE);
    await env.until(`document.querySelector('iframe').contentDocument?.querySelector('button')`);
  });

  it('resolves every locator kind to the element it names', async () => {
    expect(await only({ kind: 'testid', value: 'data-testid=buy' })).toMatchObject({ role: 'button', name: 'Buy now' });
    expect(await only({ kind: 'id', value: 'later' })).toMatchObject({ role: 'button', name: 'Pay later' });
    expect(await only({ kind: 'label', value: 'Email address' })).toMatchObject({ role: 'textbox', name: 'Email address' });
    expect(await only({ kind: 'placeholder', value: 'you@example.com' })).toMatchObject({ tag: 'input', name: 'Email address' });
    expect(await only({ kind: 'aria-label', value: 'Search trails' })).toMatchObject({ tag: 'input', name: 'Search trails' });
    expect(await only({ kind: 'role', value: 'link', name: 'Help centre' })).toMatchObject({ tag: 'a' });
    expect(await only({ kind: 'aria', value: 'Menu' })).toMatchObject({ role: 'button', tag: 'div' });
    expect(await only({ kind: 'text', value: 'Open map' })).toMatchObject({ tag: 'span' });
    expect(await only({ kind: 'xpath', value: '//a[text()="Help centre"]' })).toMatchObject({ name: 'Help centre' });
    expect(await only({ kind: 'css', value: 'main > button:nth-of-type(2)' })).toMatchObject({ name: 'Pay later' });
  });

  it('reaches into open shadow roots, by a cssPath chain or by any locator', async () => {
    const chained = await only({ kind: 'css', value: 'div#host >>> section > button' });
    expect(chained.name).toBe('Shadow save');
    expect((await only({ kind: 'aria-label', value: 'Shadow save' })).ref).toBe(chained.ref);
    expect((await only({ kind: 'id', value: 'inner' })).ref).toBe(chained.ref);
  });

  it('reaches into same-origin frames, with refs of that frame', async () => {
    const inFrame = await only({ kind: 'role', value: 'button', name: 'Frame go' });
    expect(inFrame.ref).toMatch(/^f\d+e\d+$/);
    expect(inFrame.name).toBe('Frame go');
  });

  it('counts hidden and disabled matches apart, and never hands out a ref for them', async () => {
    const twin = await resolve({ kind: 'text', value: 'Twin' });
    expect(twin.hits[0]).toMatchObject({ matches: 1, hidden: 1 });
    // The ref is the twin people see: it can be acted on.
    expect(await env.page.script.actionability(twin.hits[0]?.refs[0] ?? '')).toMatchObject({ visible: true, problem: null });
    const off = await resolve({ kind: 'role', value: 'button', name: 'Off' });
    expect(off.hits[0]).toEqual({ matches: 0, hidden: 1, refs: [] });
  });

  it('reports each match of an ambiguous locator, and nothing for bad selectors', async () => {
    const result = await resolve(
      { kind: 'text', value: 'Same' },
      { kind: 'css', value: '.pair' },
      { kind: 'css', value: '###' },
      { kind: 'xpath', value: '//[' },
      { kind: 'role', value: 'button', name: 'Nothing like this' },
    );
    expect(result.hits.map((h) => h.matches)).toEqual([2, 2, 0, 0, 0]);
    const [same, pair] = result.hits;
    expect(same?.refs.filter((ref) => pair?.refs.includes(ref))).toHaveLength(1);
  });

  it('gives the same ref as the snapshot for the same element', async () => {
    const snapshot = await env.snapshot({ mode: 'full' });
    const fromSnapshot = snapshot.refs.find((r) => r.name === 'Pay later')?.ref;
    expect((await only({ kind: 'id', value: 'later' })).ref).toBe(fromSnapshot);
  });

  it('leaves out what an open modal dialog puts out of reach', async () => {
    await env.show(`<button id="outside">Outside</button><dialog id="d"><button>Inside</button></dialog>
      <script>document.getElementById('d').showModal()</script>`);
    const result = await resolve({ kind: 'id', value: 'outside' }, { kind: 'text', value: 'Inside' });
    expect(result.hits.map((h) => [h.matches, h.hidden])).toEqual([
      [0, 1],
      [1, 0],
    ]);
  });
});

describe('controls repeated in rows', () => {
  const ROWS = (drift: boolean) => `
    <ul>${['Rye loaf', 'Dark rye loaf', 'Cardamom bun']
      .map((title, i) =>
        drift
          ? `<li><div class="x${i}"><span>€${i + 3}</span><div><h3>${title}</h3></div><button aria-label="Add ${title} to basket">Add</button><a href="/p/${i}">Details</a></div></li>`
          : `<li id="item-${i}"><h3>${title}</h3><span>€${i + 3}</span><button id="add-${i}">Add</button><a href="/p/${i}">Details</a></li>`,
      )
      .join('')}</ul>`;

  it('records a repeated control with its row and its place, and finds it again after a redesign', async () => {
    await env.show(ROWS(false));
    const snapshot = await env.snapshot({ mode: 'full' });
    const adds = snapshot.refs.filter((r) => r.role === 'button' && r.name === 'Add');
    expect(adds).toHaveLength(3);
    const set = await env.page.script.locators(adds[1]?.ref ?? '');
    if (isPageError(set)) throw new Error(set.message);
    expect(set.locators).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'row', value: 'button', name: 'Add', within: 'Dark rye loaf', matches: 1 }),
        expect.objectContaining({ kind: 'nth', value: 'button', name: 'Add', nth: 1, matches: 1 }),
      ]),
    );
    // After the redesign: wrappers, the price before the title, and a label only a screen reader hears.
    await env.show(ROWS(true));
    const row = await only({ kind: 'row', value: 'button', name: 'Add', within: 'Dark rye loaf' });
    expect(row.name).toBe('Add Dark rye loaf to basket');
    expect((await only({ kind: 'row', value: 'button', name: 'Add', within: 'cardamom BUN' })).name).toBe('Add Cardamom bun to basket');
    expect((await only({ kind: 'nth', value: 'link', name: 'Details', nth: 0 })).ref).toBeTruthy();
    // "Rye loaf" is a title of its own, not the phrase inside "Dark rye loaf"; a title on no row matches nothing.
    expect((await only({ kind: 'row', value: 'button', name: 'Add', within: 'Rye loaf' })).name).toBe('Add Rye loaf to basket');
    expect((await resolve({ kind: 'row', value: 'button', name: 'Add', within: 'Seeded rolls' })).hits[0]?.matches).toBe(0);
    expect((await resolve({ kind: 'nth', value: 'button', name: 'Add', nth: 5 })).hits[0]?.matches).toBe(0);
  });

  it('records copies told apart only by a label a screen reader hears by their visible text and their row', async () => {
    await env.show(
      `<table><tr><th>Name</th><th></th></tr>${['Alan McCarthy', 'Alan Turing']
        .map(
          (n) =>
            `<tr><td>${n}</td><td>${n.split(' ')[0]?.toLowerCase() ?? ''}@example.org</td><td><button aria-label="Delete ${n}">Delete</button></td></tr>`,
        )
        .join('')}</table>`,
    );
    const snapshot = await env.snapshot({ mode: 'full' });
    const set = await env.page.script.locators(snapshot.refs.find((r) => r.name === 'Delete Alan Turing')?.ref ?? '');
    if (isPageError(set)) throw new Error(set.message);
    expect(set.locators).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'role', name: 'Delete Alan Turing', matches: 1 }),
        expect.objectContaining({ kind: 'row', name: 'Delete', within: 'Alan Turing' }),
        expect.objectContaining({ kind: 'nth', name: 'Delete', nth: 1 }),
      ]),
    );
  });
});
