import type { Tab } from '@wayfinder/core';
import { freePort } from '@wayfinder/gym';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, openDriverEnv, ref, type DriverEnv } from './env';

// Every action on every kind of widget, through trusted CDP input over the Node transport.

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

describe('navigation', () => {
  it('opens pages, goes back and forward, reloads', async () => {
    const first = await tab.navigate(`${env.gym.url}/signup`);
    expect(first).toMatchObject({ navigated: true, url: `${env.gym.url}/signup` });
    expect(first.summary).toBe(
      `Opened <page-text>${env.gym.url}/signup</page-text> (<page-text>Create your account — Trailhead Club</page-text>).`,
    );
    await tab.navigate(`${env.gym.url}/admin/login`);
    expect((await tab.goBack()).url).toBe(`${env.gym.url}/signup`);
    expect((await tab.goForward()).url).toBe(`${env.gym.url}/admin/login`);
    const reloaded = await tab.reload();
    expect(reloaded).toMatchObject({ navigated: true, url: `${env.gym.url}/admin/login` });
  });

  it('explains addresses that cannot be opened, and history that does not exist', async () => {
    const port = await freePort();
    expect(await failure(tab.navigate(`http://127.0.0.1:${port}/`))).toEqual({
      code: 'navigation-failed',
      retryable: true,
      message: `Could not open http://127.0.0.1:${port}/: nothing answered at that address (connection refused) (net::ERR_CONNECTION_REFUSED).`,
    });
    expect(await failure(tab.navigate('not an address'))).toMatchObject({
      code: 'bad-argument',
      message: '"not an address" is not an address; give a full URL such as https://example.com/page.',
    });
    const fresh = await env.browser.openTab();
    expect(await failure(fresh.goBack())).toMatchObject({
      code: 'bad-argument',
      message: "There is no previous page in this tab's history.",
    });
    await env.browser.closeTab(fresh.id);
  });
});

describe('what an action waits for', () => {
  // A replay's steps act with settle: 'loaded' (no quiet moment after a new page's load): what the action itself
  // fetched must still be on the page when it answers — a chain of fetches, and one started a frame later.
  const page = `<button id="go">Search</button><p id="out">nothing yet</p>
    <script>
      const later = (ms, text) => fetch('/later?ms=' + ms + '&text=' + text).then((r) => r.text());
      document.getElementById('go').addEventListener('click', () => {
        requestAnimationFrame(async () => {
          const first = await later(150, 'first');
          document.getElementById('out').textContent = first;
          // The next fetch a frame after the first landed, and its answer shown a frame after it lands.
          requestAnimationFrame(async () => {
            const second = await later(100, 'second');
            requestAnimationFrame(() => { document.getElementById('out').textContent = first + ' then ' + second; });
          });
        });
      });
    </script>`;

  for (const settle of ['rendered', 'loaded'] as const) {
    it(`settle: ${settle} — the click answers once what it fetched (and what that fetched) is on the page`, async () => {
      await tab.navigate(env.show(page), { settle });
      const s = await tab.snapshot();
      const outcome = await tab.act(ref(s, 'button', 'Search'), { kind: 'click' }, { settle });
      expect(outcome.navigated).toBe(false);
      expect(await tab.html('#out')).toBe('<p id="out">first then second</p>');
    });
  }
});

describe('the shop (React)', () => {
  it('clicks, types into controlled inputs, selects, and completes a checkout the server records', async () => {
    await open('/shop/p/trail-lantern', 'Add to cart');
    let s = await tab.snapshot();
    expect((await tab.act(ref(s, 'button', 'Add to cart'), { kind: 'click' })).summary).toMatch(
      /^Clicked e\d+ \(button <page-text>Add to cart<\/page-text>\)\.$/,
    );
    await env.stateUntil((st) => st.shop.cart.some((l) => l.productId === 'trail-lantern'));
    await open('/shop/checkout', 'Continue to payment');
    s = await tab.snapshot({ mode: 'full' });
    const typeAll = async (fields: [string, string][]) => {
      for (const [label, value] of fields) {
        const outcome = await tab.act(ref(s, 'textbox', label), { kind: 'type', text: value });
        expect(outcome.summary).toBe(
          `Typed ${JSON.stringify(value)} into ${ref(s, 'textbox', label)} (textbox <page-text>${label}</page-text>).`,
        );
      }
    };
    await typeAll([
      ['Full name', 'Ada Lovelace'],
      ['Email', 'ada@example.org'],
      ['Street address', '12 Analytical Way'],
      ['City', 'London'],
      ['Postal code', 'NW1 2AB'],
    ]);
    expect((await tab.act(ref(s, 'combobox', 'Country'), { kind: 'select', values: ['United Kingdom'] })).summary).toMatch(
      /^Selected <page-text>United Kingdom<\/page-text> in e\d+ \(combobox <page-text>Country<\/page-text>\)\.$/,
    );
    await tab.act(ref(s, 'button', 'Continue to payment'), { kind: 'click' });
    await env.stateUntil((st) => st.shop.checkout?.shipping.city === 'London');
    await tab.waitFor({ kind: 'text', text: 'Place order' });
    s = await tab.snapshot({ mode: 'full' });
    await typeAll([
      ['Name on card', 'Ada Lovelace'],
      ['Card number', '4242 4242 4242 4242'],
      ['Expiry (MM/YY)', '12/30'],
      ['Security code (CVC)', '123'],
    ]);
    const placed = await tab.act(ref(s, 'button', 'Place order'), { kind: 'click' });
    expect(placed.summary).toMatch(/Clicked e\d+ \(button <page-text>Place order<\/page-text>\)/);
    const state = await env.stateUntil((st) => st.shop.orders.length === 1);
    expect(state.shop.orders[0]).toMatchObject({
      lines: [expect.objectContaining({ productId: 'trail-lantern', qty: 1 })],
      shipping: { fullName: 'Ada Lovelace', email: 'ada@example.org', city: 'London', postalCode: 'NW1 2AB', country: 'United Kingdom' },
      payment: { name: 'Ada Lovelace', cardLast4: '4242', expiry: '12/30' },
    });
    await tab.waitFor({ kind: 'text', text: 'Order #1001 is placed' });
  });

  it('types key by key and submits with Enter; appends when asked', async () => {
    await open('/shop', 'All gear');
    const s = await tab.snapshot();
    const search = ref(s, 'searchbox', 'Search products');
    await tab.act(search, { kind: 'type', text: 'head', mode: 'keys' });
    const appended = await tab.act(search, { kind: 'type', text: 'lamp', replace: false, submit: true });
    expect(appended.summary).toBe(`Typed "lamp" into ${search} (searchbox <page-text>Search products</page-text>) and pressed Enter.`);
    await tab.waitFor({ kind: 'text', text: 'Results for “headlamp”' });
    await tab.waitFor({ kind: 'text', text: '2 products' });
  });

  it('scrolls the page and says where it is', async () => {
    await open('/shop', 'All gear');
    expect((await tab.act(null, { kind: 'scroll', direction: 'down' })).summary).toMatch(/^Scrolled the page down to \d+ px\.$/);
    expect((await tab.act(null, { kind: 'scroll', direction: 'bottom' })).summary).toMatch(
      /^Scrolled the page bottom to \d+ px \(now at the bottom\)\.$/,
    );
    expect((await tab.act(null, { kind: 'scroll', direction: 'down' })).summary).toBe(
      'The page did not move: it is already at the bottom.',
    );
    expect((await tab.act(null, { kind: 'scroll', direction: 'top' })).summary).toBe('Scrolled the page top to 0 px (now at the top).');
  });
});

describe('forms: selects, radios, checkboxes, validation', () => {
  it('fills the three-step signup and the server gets exactly what was asked', async () => {
    await open('/signup');
    let s = await tab.snapshot();
    for (const [label, value] of [
      ['Full name', 'Grace Hopper'],
      ['Email address', 'grace@example.org'],
      ['Password', 'Navy1906cobol'],
      ['Confirm password', 'Navy1906cobol'],
    ] as const) {
      const outcome = await tab.act(ref(s, 'textbox', label), { kind: 'type', text: value });
      if (label.includes('assword')) {
        expect(outcome.summary).toBe(`Typed 13 characters into ${ref(s, 'textbox', label)} (textbox <page-text>${label}</page-text>).`);
        expect(outcome.summary).not.toContain('Navy1906cobol');
      }
    }
    await tab.act(ref(s, 'button', 'Next'), { kind: 'click' });
    s = await tab.snapshot();
    await tab.act(ref(s, 'combobox', 'Country'), { kind: 'select', values: ['united states'] });
    expect((await tab.act(ref(s, 'radio', /^Pro/), { kind: 'check', checked: true })).summary).toMatch(
      /^Checked e\d+ \(radio <page-text>Pro — unlimited trips, \$5\/month<\/page-text>\)\.$/,
    );
    expect((await tab.act(ref(s, 'radio', /^Pro/), { kind: 'check', checked: true })).summary).toMatch(
      /was already checked; nothing to do\.$/,
    );
    await tab.act(ref(s, 'textbox', 'Date of birth'), { kind: 'type', text: '12091906', mode: 'keys' });
    await tab.act(ref(s, 'checkbox', 'Send me the monthly newsletter'), { kind: 'check', checked: false });
    await tab.act(ref(s, 'checkbox', /^I accept/), { kind: 'check', checked: true });
    await tab.act(ref(s, 'button', 'Next'), { kind: 'click' });
    s = await tab.snapshot();
    await tab.act(ref(s, 'button', 'Create account'), { kind: 'click' });
    await tab.waitFor({ kind: 'text', text: 'Welcome, Grace! Your account is ready.' });
    const state = await env.state();
    expect(state.signup.accounts).toEqual([
      expect.objectContaining({
        fullName: 'Grace Hopper',
        email: 'grace@example.org',
        country: 'United States',
        plan: 'pro',
        birthDate: '1906-12-09',
        newsletter: false,
      }),
    ]);
  });

  it('explains a select option that does not exist, listing the real ones', async () => {
    await open('/shop', 'All gear');
    const s = await tab.snapshot();
    const sort = ref(s, 'combobox', 'Sort by');
    expect(await failure(tab.act(sort, { kind: 'select', values: ['Cheapest'] }))).toEqual({
      code: 'bad-argument',
      retryable: false,
      message: `${sort} (combobox <page-text>Sort by</page-text>) has no option "Cheapest". Its options: "Relevance", "Price: low to high", "Price: high to low", "Customer rating".`,
    });
    expect((await tab.act(sort, { kind: 'select', values: ['price-desc'], by: 'value' })).summary).toContain(
      'Selected <page-text>Price: high to low</page-text>',
    );
    expect((await tab.act(sort, { kind: 'select', values: ['3'], by: 'index' })).summary).toContain(
      'Selected <page-text>Customer rating</page-text>',
    );
  });

  it('refuses to check what is not checkable and to type into what is not a text field', async () => {
    await open('/signup');
    const s = await tab.snapshot();
    const next = ref(s, 'button', 'Next');
    expect(await failure(tab.act(next, { kind: 'check', checked: true }))).toMatchObject({
      code: 'bad-argument',
      message: `${next} (button <page-text>Next</page-text>) is not a checkbox, radio button or switch; use click for it.`,
    });
    expect(await failure(tab.act(next, { kind: 'type', text: 'x' }))).toMatchObject({
      code: 'bad-argument',
      message: `${next} (button <page-text>Next</page-text>) does not take typed text (it is a button); pick a text field, or use select_option / check / click for this control.`,
    });
  });
});

describe('the feed: custom listbox, drag and drop, upload, infinite scroll, modal', () => {
  it('chooses from a div-based listbox by opening it and clicking the option', async () => {
    await open('/feed', 'Showing 10 posts');
    const s = await tab.snapshot();
    const outcome = await tab.act(ref(s, 'combobox', 'Favourite fruit'), { kind: 'select', values: ['kiwi'] });
    expect(outcome.summary).toMatch(/^Chose <page-text>Kiwi<\/page-text> in e\d+ \(combobox <page-text>Favourite fruit<\/page-text>\)\.$/);
    await env.stateUntil((st) => st.feed.fruit === 'Kiwi');
  });

  it('reorders with HTML5 drag and drop', async () => {
    const s = await tab.snapshot({ mode: 'full' });
    const outcome = await tab.act(ref(s, 'draggable', 'Write tests'), { kind: 'drag', toRef: ref(s, 'draggable', 'Plan the route') });
    expect(outcome.summary).toMatch(
      /^Dragged e\d+ \(draggable <page-text>Write tests<\/page-text>\) to e\d+ \(draggable <page-text>Plan the route<\/page-text>\)\.$/,
    );
    await env.stateUntil((st) => st.feed.taskOrder[0] === 'Write tests');
  });

  it('uploads a file the server receives', async () => {
    const s = await tab.snapshot({ mode: 'full' });
    const outcome = await tab.act(ref(s, 'file', 'Attach a file'), {
      kind: 'upload',
      files: [{ name: 'trip-report.txt', mimeType: 'text/plain', data: Buffer.from('Great trip, clear skies').toString('base64') }],
    });
    expect(outcome.summary).toMatch(
      /^Put trip-report\.txt into e\d+ \(file <page-text>Attach a file<\/page-text>\) \(it now holds trip-report\.txt\)\.$/,
    );
    await tab.act(ref(s, 'button', 'Upload'), { kind: 'click' });
    const state = await env.stateUntil((st) => st.feed.uploads.length === 1);
    expect(state.feed.uploads[0]).toMatchObject({ name: 'trip-report.txt', preview: 'Great trip, clear skies' });
  });

  it('a button that opens a file chooser: the chooser is caught and given the file', async () => {
    const s = await tab.snapshot({ mode: 'full' });
    const outcome = await tab.act(ref(s, 'button', 'Add a photo'), {
      kind: 'upload',
      files: [{ name: 'summit.png', mimeType: 'image/png', data: Buffer.from('not really a png').toString('base64') }],
    });
    expect(outcome.summary).toMatch(/^Chose summit\.png in the file chooser e\d+ \(button <page-text>Add a photo<\/page-text>\) opened\.$/);
    await env.stateUntil((st) => st.feed.uploads.some((u) => u.name === 'summit.png'));
    await tab.waitFor({ kind: 'text', text: 'Added summit.png.' });
  });

  it('moves through a listbox with arrow keys and picks with Enter; Shift+Tab goes back', async () => {
    const s = await tab.snapshot({ mode: 'full' });
    const fruit = ref(s, 'combobox', 'Favourite fruit');
    await tab.act(fruit, { kind: 'press', keys: 'ArrowDown' });
    await tab.act(fruit, { kind: 'press', keys: 'ArrowDown' });
    await tab.act(fruit, { kind: 'press', keys: 'Enter' });
    await env.stateUntil((st) => st.feed.fruit === 'Banana');
    // Back one step in tab order: from the listbox to the last post's Like button before it.
    await tab.act(null, { kind: 'press', keys: 'Shift+Tab' });
    const after = await tab.snapshot({ mode: 'full' });
    expect(after.refs.find((r) => r.states.includes('focused'))?.name).toMatch(/^Like Item 10 /);
  });

  it('scrolling down loads more posts (infinite scroll), and the action reports them loaded', async () => {
    const likes = async () =>
      (await tab.snapshot({ mode: 'full' })).refs.filter((r) => r.role === 'button' && r.name.startsWith('Like Item')).length;
    const before = await likes();
    await tab.act(null, { kind: 'scroll', direction: 'bottom' });
    // The scroll waited for the fetch it caused: the new posts are there at once.
    expect(await likes()).toBe(before + 10);
    const s = await tab.snapshot({ mode: 'full' });
    const like = ref(s, 'button', /^Like Item 17 /);
    expect((await tab.act(like, { kind: 'click' })).summary).toContain('Clicked');
    await env.stateUntil((st) => st.feed.liked.includes(17));
  });

  it('a modal covers the page: clicking behind it fails and names it; Escape closes it', async () => {
    await tab.act(null, { kind: 'scroll', direction: 'top' });
    let s = await tab.snapshot();
    const like = ref(s, 'button', /^Like Item 1 /);
    await tab.act(ref(s, 'button', 'Settings'), { kind: 'click' });
    await tab.waitFor({ kind: 'text', text: 'Email digest' });
    expect(await failure(tab.act(like, { kind: 'click' }))).toEqual({
      code: 'covered',
      retryable: true,
      message: `${like} (button <page-text>Like Item 1 — Granite Ridge</page-text>) is covered by <page-text>dialog "Settings"</page-text>; close or dismiss that first, or scroll.`,
    });
    s = await tab.snapshot();
    await tab.act(ref(s, 'checkbox', 'Dark mode'), { kind: 'check', checked: true });
    await tab.act(ref(s, 'combobox', 'Email digest'), { kind: 'select', values: ['Daily'] });
    await tab.act(ref(s, 'button', 'Save settings'), { kind: 'click' });
    await env.stateUntil((st) => st.feed.settings.darkMode && st.feed.settings.digest === 'daily');
    await tab.waitFor({ kind: 'text', text: 'Settings saved.' });
    s = await tab.snapshot();
    await tab.act(ref(s, 'button', 'Settings'), { kind: 'click' });
    await tab.waitFor({ kind: 'text', text: 'Email digest' });
    expect((await tab.act(null, { kind: 'press', keys: 'Escape' })).summary).toBe('Pressed Escape on the page.');
    await tab.waitFor({ kind: 'text', text: 'Email digest', gone: true });
  });
});

describe('widgets: shadow DOM, frames, keyboard and mouse', () => {
  it('works inside open shadow roots, nested ones too', async () => {
    await open('/widgets');
    const s = await tab.snapshot({ mode: 'full' });
    for (let i = 0; i < 3; i++) await tab.act(ref(s, 'button', 'Increase trips'), { kind: 'click' });
    await tab.act(ref(s, 'button', 'Save count'), { kind: 'click' });
    await tab.act(ref(s, 'textbox', 'Email for the newsletter'), { kind: 'type', text: 'trail@example.org' });
    await tab.act(ref(s, 'button', 'Subscribe'), { kind: 'click' });
    await env.stateUntil((st) => st.widgets.counter === 3 && st.widgets.newsletter.includes('trail@example.org'));
  });

  it('types into an input that accepts only trusted events', async () => {
    const s = await tab.snapshot({ mode: 'full' });
    await tab.act(ref(s, 'textbox', 'Access code'), { kind: 'type', text: '4812' });
    await tab.act(ref(s, 'button', 'Save code'), { kind: 'click' });
    await env.stateUntil((st) => st.widgets.accessCode === '4812');
  });

  it('presses chords a shortcut editor records from real keystrokes', async () => {
    const s = await tab.snapshot({ mode: 'full' });
    const shortcut = ref(s, 'textbox', 'Shortcut');
    expect((await tab.act(shortcut, { kind: 'press', keys: 'Ctrl+Shift+K' })).summary).toBe(
      `Pressed Ctrl+Shift+K on ${shortcut} (textbox <page-text>Shortcut</page-text>).`,
    );
    await env.stateUntil((st) => st.widgets.shortcut === 'Ctrl+Shift+K');
    expect(await failure(tab.act(shortcut, { kind: 'press', keys: 'Hyper+K' }))).toMatchObject({
      code: 'bad-argument',
      message: '"Hyper" in "Hyper+K" is not a modifier; use Ctrl, Shift, Alt or Meta, like "Ctrl+A".',
    });
  });

  it('selects all and deletes with keys', async () => {
    const s = await tab.snapshot({ mode: 'full' });
    const notes = ref(s, 'textbox', 'Trip notes');
    await tab.act(notes, { kind: 'type', text: 'Bring a map' });
    await tab.act(notes, { kind: 'press', keys: 'Ctrl+A' });
    await tab.act(notes, { kind: 'press', keys: 'Backspace' });
    const after = await tab.snapshot({ mode: 'full' });
    expect(after.refs.find((r) => r.ref === notes)?.value).toBeUndefined();
  });

  it('hovers to open a menu, double-clicks, right-clicks', async () => {
    let s = await tab.snapshot({ mode: 'full' });
    expect(s.refs.some((r) => r.name === 'Favourite routes')).toBe(false);
    await tab.act(ref(s, 'button', 'Trail menu'), { kind: 'hover' });
    s = await tab.snapshot({ mode: 'full' });
    expect(ref(s, 'menuitem', 'Favourite routes')).toMatch(/^e\d+$/);
    expect((await tab.act(ref(s, 'clickable', 'Double-click to edit the title'), { kind: 'click', clickCount: 2 })).summary).toMatch(
      /^Double-clicked/,
    );
    await tab.waitFor({ kind: 'text', text: 'Editing the title.' });
    expect((await tab.act(ref(s, 'clickable', 'Right-click for options'), { kind: 'click', button: 'right' })).summary).toMatch(
      /^Right-clicked/,
    );
    await tab.waitFor({ kind: 'text', text: 'Options menu opened.' });
  });

  it('drags a slider by an offset', async () => {
    let s = await tab.snapshot({ mode: 'full' });
    const slider = ref(s, 'slider', 'Distance (km)');
    await tab.act(slider, { kind: 'drag', offset: { x: 120, y: 0 } });
    s = await tab.snapshot({ mode: 'full' });
    expect(Number(s.refs.find((r) => r.ref === slider)?.value)).toBeGreaterThan(20);
  });

  it('scrolls an element, not the page', async () => {
    const s = await tab.snapshot({ mode: 'full' });
    const log = ref(s, 'clickable', 'Trail log');
    const outcome = await tab.act(log, { kind: 'scroll', direction: 'down', amount: 200 });
    expect(outcome.summary).toBe(`Scrolled ${log} (clickable <page-text>Trail log</page-text>) down to 200 px.`);
  });

  it('acts inside the same-origin frame, the cross-origin frame, and a frame from another site', async () => {
    const s = await tab.snapshot({ mode: 'full' });
    await tab.act(ref(s, 'textbox', 'Display name'), { kind: 'type', text: 'Wanderer' });
    await tab.act(ref(s, 'combobox', 'Favourite colour'), { kind: 'select', values: ['Purple'] });
    await tab.act(ref(s, 'button', 'Save profile'), { kind: 'click' });
    await tab.act(ref(s, 'textbox', 'Name on card'), { kind: 'type', text: 'Sam Hill' });
    await tab.act(ref(s, 'textbox', 'Card number'), { kind: 'type', text: '5555 5555 5555 4444' });
    await tab.act(ref(s, 'button', 'Pay $20.00'), { kind: 'click' });
    await tab.act(ref(s, 'button', 'Claim offer'), { kind: 'click' });
    const state = await env.stateUntil((st) => st.widgets.profile !== null && st.widgets.payments.length === 1 && st.widgets.offerClaimed);
    expect(state.widgets.profile).toEqual({ name: 'Wanderer', color: 'Purple' });
    expect(state.widgets.payments).toEqual([{ cardLast4: '4444', amount: 20, name: 'Sam Hill' }]);
  });

  it('finds controls inside cross-origin frames, and waits for text that appears in one', async () => {
    tab = await env.browser.openTab(`${env.gym.url}/widgets`);
    // Fresh document: find looks into the frames itself, without a snapshot first.
    const [card] = await tab.find('Card number', 3);
    expect(card).toMatchObject({ role: 'textbox', name: 'Card number' });
    expect(card?.ref).toMatch(/^f\d+e\d+$/);
    const [claim] = await tab.find('claim the partner offer', 3);
    expect(claim).toMatchObject({ role: 'button', name: 'Claim offer' });
    expect(claim?.ref).toMatch(/^f\d+e\d+$/);
    await tab.act(claim?.ref ?? '', { kind: 'click' });
    await env.stateUntil((st) => st.widgets.offerClaimed);
    const [name] = await tab.find('name on card', 1);
    await tab.act(name?.ref ?? '', { kind: 'type', text: 'Sam Hill' });
    await tab.act(card?.ref ?? '', { kind: 'type', text: '5555 5555 5555 4444' });
    const [pay] = await tab.find('Pay button', 1);
    await tab.act(pay?.ref ?? '', { kind: 'click' });
    expect(await tab.waitFor({ kind: 'text', text: 'Payment accepted' }, 5000)).toMatch(
      /^The text "Payment accepted" appeared after \d+ ms\.$/,
    );
  });
});
