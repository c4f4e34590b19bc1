import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lineOf, openEnv, refOf, type Env } from './env';

let env: Env;
beforeAll(async () => {
  env = await openEnv();
});
afterAll(async () => {
  await env.close();
});

describe('shop (React)', () => {
  it('lists the controls a shopper needs, with names, values, states and prices nearby', async () => {
    await env.goto('/shop');
    await env.until(`document.querySelectorAll('.card').length === 24`);
    const s = await env.snapshot();
    expect(s.text).toMatch(/^Page "Wayfinder Outfitters" http:\/\/127\.0\.0\.1:\d+\/shop — viewport 1280×800, at top/);
    expect(lineOf(s, refOf(s, 'searchbox', 'Search products'))).toBe(
      `[${refOf(s, 'searchbox', 'Search products')}] searchbox "Search products"`,
    );
    expect(s.text).toContain('navigation "Categories":');
    expect(lineOf(s, refOf(s, 'link', 'Tents'))).toMatch(/link "Tents" →\/shop\/c\/tents$/);
    expect(lineOf(s, refOf(s, 'combobox', 'Sort by'))).toContain(
      'value="Relevance" options: Relevance, Price: low to high, Price: high to low, Customer rating',
    );
    expect(lineOf(s, refOf(s, 'radio', 'Any'))).toMatch(/radio "Any" checked$/);
    // A product card reads as heading-link, price, rating, button.
    const tent = refOf(s, 'link', 'Trail Tent 2P');
    const lines = s.text.split('\n').map((l) => l.trim());
    const at = lines.findIndex((l) => l.includes(`[${tent}]`));
    expect(lines[at]).toBe(`### [${tent}] link "Trail Tent 2P" →/shop/p/trail-tent-2p`);
    expect(lines[at + 1]).toBe('$149.99');
    expect(lines[at + 2]).toBe('4.5 stars · 212 reviews · sleeps 2');
    expect(lines[at + 3]).toMatch(/button "Add to cart"$/);
    // Viewport mode stops at the fold and says what is below.
    expect(s.text).toMatch(/↓ \d+ more controls below — scroll down to see them \(next headings: /);
    expect(s.text).not.toContain('Camp Cot');
    expect(s.stats.below).toBeGreaterThan(10);
  });

  it('full mode lists every product, and disabled states', async () => {
    const s = await env.snapshot({ mode: 'full' });
    for (const name of ['Solo Bivy 1P', 'Camp Cot', 'Trail Hammock', 'Headlamp 200'])
      expect(s.refs.some((r) => r.role === 'link' && r.name === name)).toBe(true);
    expect(s.refs.filter((r) => r.role === 'button' && r.name === 'Add to cart')).toHaveLength(23);
    expect(lineOf(s, refOf(s, 'button', 'Out of stock'))).toMatch(/button "Out of stock" disabled$/);
    expect(s.text).not.toContain('↓');
  });

  it('shows checked boxes and chosen values after the shopper changes them', async () => {
    await env.run(`document.querySelector('input[type=checkbox]').click()`);
    await env.run(
      `(() => { const s = document.getElementById('sort'); const set = Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value').set; set.call(s, 'price-asc'); s.dispatchEvent(new Event('change', { bubbles: true })); })()`,
    );
    await env.until(`document.querySelectorAll('.card').length === 19`);
    const s = await env.snapshot();
    expect(lineOf(s, refOf(s, 'checkbox', 'Under $200'))).toMatch(/checkbox "Under \$200" checked$/);
    expect(lineOf(s, refOf(s, 'combobox', 'Sort by'))).toContain('value="Price: low to high"');
    expect(s.text).toContain('19 products');
  });
});

describe('signup', () => {
  it('names fields by their labels, marks required, and shows only the current step', async () => {
    await env.goto('/signup');
    const s = await env.snapshot();
    expect(lineOf(s, refOf(s, 'textbox', 'Full name'))).toMatch(/textbox "Full name" required$/);
    expect(lineOf(s, refOf(s, 'textbox', 'Email address'))).toMatch(/textbox "Email address" required$/);
    expect(s.text).toContain('At least 8 characters, with a number.');
    // Step 2 is in the DOM but hidden.
    expect(s.text).not.toContain('Country');
    expect(s.text).not.toContain('Date of birth');
  });

  it('shows validation errors as invalid fields with their messages', async () => {
    await env.run(`document.querySelector('[data-next]').click()`);
    const s = await env.snapshot();
    expect(s.text).toContain('Please fix 4 errors before continuing.');
    expect(lineOf(s, refOf(s, 'textbox', 'Full name'))).toContain('required invalid');
    expect(s.text).toContain('Enter your first and last name.');
  });

  it('reaches step 2: select, radio group, date, textarea, checkboxes', async () => {
    await env.run(`(() => {
      const set = (id, v) => { const el = document.getElementById(id); el.value = v; el.dispatchEvent(new Event('input', { bubbles: true })); };
      set('fullName', 'Grace Hopper'); set('email', 'grace@example.org'); set('password', 'Navy1906cobol'); set('confirm', 'Navy1906cobol');
      document.querySelector('[data-next]').click();
      set('bio', 'Loves long ridge walks');
    })()`);
    const s = await env.snapshot();
    expect(s.text).not.toContain('Full name');
    expect(lineOf(s, refOf(s, 'combobox', 'Country'))).toContain(
      'value="Choose a country" options: Choose a country, Canada, France, Germany, India, Japan (+5 more)',
    );
    expect(lineOf(s, refOf(s, 'radio', /^Free/))).toMatch(/checked$/);
    expect(lineOf(s, refOf(s, 'radio', /^Pro/))).not.toMatch(/checked/);
    expect(lineOf(s, refOf(s, 'textbox', 'Date of birth'))).toContain('required');
    expect(lineOf(s, refOf(s, 'textbox', 'About you'))).toContain('value="Loves long ridge walks"');
    expect(lineOf(s, refOf(s, 'checkbox', 'Send me the monthly newsletter'))).toMatch(/checked$/);
    expect(lineOf(s, refOf(s, 'checkbox', /^I accept the/))).toMatch(/required$/);
    // The fieldset's legend orients the radio group.
    expect(s.text).toMatch(/\n\s*Plan\n\s*\[e\d+\] radio "Free — 3 trips a year" checked/);
  });
});

describe('admin', () => {
  it('after sign-in, table rows read as one line each next to their Delete buttons', async () => {
    await env.goto('/admin/login');
    await env.run(
      `fetch('/admin/api/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'correct-horse-42' }) }).then((r) => r.status)`,
    );
    await env.goto('/admin');
    await env.until(`document.querySelectorAll('#users tbody tr').length === 10`);
    const s = await env.snapshot({ mode: 'full' });
    const del = refOf(s, 'button', 'Delete Ada Lovelace');
    const lines = s.text.split('\n').map((l) => l.trim());
    const at = lines.findIndex((l) => l.includes(`[${del}]`));
    expect(lines[at - 1]).toMatch(/^Ada Lovelace \| ada\.lovelace@example\.org \| admin \| \d{4}-\d\d-\d\d$/);
    expect(s.refs.some((r) => r.role === 'button' && r.name === 'Next')).toBe(true);
    expect(lineOf(s, refOf(s, 'button', 'Previous'))).toMatch(/disabled$/);
    expect(s.text).toContain('Page 1 of 4');
  });
});

describe('widgets', () => {
  it('pierces open shadow roots, nested ones and slots', async () => {
    await env.goto('/widgets');
    const s = await env.snapshot({ mode: 'full' });
    expect(s.refs.map((r) => `${r.role}:${r.name}`)).toEqual(
      expect.arrayContaining([
        'button:Decrease trips',
        'button:Increase trips',
        'button:Save count',
        'textbox:Email for the newsletter',
        'button:Subscribe',
      ]),
    );
    expect(s.text).toContain('Trail news, once a month');
  });

  it('inlines the same-origin frame and the cross-origin frame with frame-prefixed refs', async () => {
    const s = await env.snapshot({ mode: 'full' });
    const name = refOf(s, 'textbox', 'Display name');
    const card = refOf(s, 'textbox', 'Card number');
    expect(name).toMatch(/^f\d+e\d+$/);
    expect(card).toMatch(/^f\d+e\d+$/);
    expect(name.replace(/e\d+$/, '')).not.toBe(card.replace(/e\d+$/, ''));
    expect(s.text).toMatch(/\[f\d+\] iframe "Profile editor":\n\s+\[f\d+e1\] textbox "Display name"/);
    expect(s.text).toMatch(/\[f\d+\] iframe "Payment":\n\s+## SecurePay\n\s+\[f\d+e1\] textbox "Name on card"/);
    expect(lineOf(s, refOf(s, 'button', 'Pay $20.00'))).toBeTruthy();
    // A frame from another site runs in its own process: reached through its own session.
    expect(s.text).toMatch(
      /\[f\d+\] iframe "Partner offers":\n\s+GearSwap: 15% off your next rental\.\n\s+\[f\d+e1\] button "Claim offer"/,
    );
    // Frame refs carry top-page coordinates: the card field sits inside the payment iframe's box.
    const frameBox = await env.run<{ x: number; y: number; w: number; h: number }>(
      `(() => { const r = document.querySelector('iframe[title=Payment]').getBoundingClientRect(); return { x: r.x, y: r.y, w: r.width, h: r.height }; })()`,
    );
    const entry = s.refs.find((r) => r.ref === card);
    expect(entry?.rect.x).toBeGreaterThan(frameBox.x);
    expect(entry?.rect.y).toBeGreaterThan(frameBox.y);
    expect((entry?.rect.y ?? 0) + (entry?.rect.height ?? 0)).toBeLessThan(frameBox.y + frameBox.h);
  });

  it('in viewport mode shows a frame only when it is on screen', async () => {
    await env.run(`scrollTo(0, 0)`);
    const top = await env.snapshot();
    expect(top.text).not.toContain('Pay $20.00');
    expect(top.text).toMatch(/↓ \d+ more controls and 2 embedded frames below/);
    await env.run(`document.querySelector('iframe[title=Payment]').scrollIntoView({ block: 'center' })`);
    const bottom = await env.snapshot();
    expect(bottom.text).toContain('button "Pay $20.00"');
  });
});

describe('feed', () => {
  it('shows the custom listbox, draggable items and the file input for what they are', async () => {
    await env.goto('/feed');
    await env.until(`document.querySelectorAll('#tasks li').length === 5 && document.querySelectorAll('.post').length >= 10`);
    const s = await env.snapshot({ mode: 'full' });
    expect(lineOf(s, refOf(s, 'combobox', 'Favourite fruit'))).toMatch(/collapsed$/);
    expect(s.refs.filter((r) => r.role === 'draggable').map((r) => r.name)).toEqual([
      'Plan the route',
      'Pack the tent',
      'Buy fuel',
      'Check the weather',
      'Write tests',
    ]);
    expect(lineOf(s, refOf(s, 'file', 'Attach a file'))).toBeTruthy();
    expect(s.refs.some((r) => r.role === 'option')).toBe(false);
  });

  it('opened listbox: expanded, with its options', async () => {
    await env.run(`document.getElementById('fruit').click()`);
    const s = await env.snapshot();
    expect(lineOf(s, refOf(s, 'combobox', 'Favourite fruit'))).toMatch(/expanded$/);
    expect(s.refs.filter((r) => r.role === 'option').map((r) => r.name)).toEqual(['Apple', 'Banana', 'Cherry', 'Kiwi', 'Mango', 'Pear']);
    await env.run(`document.getElementById('fruit').click()`);
  });

  it('a modal dialog covers the page: viewport mode lists the dialog and says what it covers', async () => {
    await env.run(`scrollTo(0, 0); document.getElementById('open-settings').click()`);
    await env.until(`!document.getElementById('settings-backdrop').hidden`);
    const s = await env.snapshot();
    expect(s.text).toContain('dialog "Settings":');
    expect(lineOf(s, refOf(s, 'checkbox', 'Dark mode'))).toMatch(/focused$/);
    expect(s.refs.some((r) => r.name === 'Settings' && r.role === 'button')).toBe(false);
    expect(s.text).toMatch(/\d+ controls in view covered \(mostly by dialog "Settings"\) — close or dismiss it to reach them/);
    expect(s.stats.covered).toBeGreaterThan(3);
  });

  it('infinite scroll: new posts appear as the page grows', async () => {
    await env.run(`document.getElementById('cancel-settings').click()`);
    const before = await env.snapshot({ mode: 'full' });
    await env.run(`scrollTo(0, document.documentElement.scrollHeight)`);
    await env.until(`document.querySelectorAll('.post').length >= 20`);
    const after = await env.snapshot({ mode: 'full' });
    expect(after.refs.filter((r) => r.name.startsWith('Like ')).length).toBeGreaterThan(
      before.refs.filter((r) => r.name.startsWith('Like ')).length,
    );
  });
});

describe('articles', () => {
  it('lists inline links but leaves the prose around them to extract()', async () => {
    await env.goto('/articles/leave-no-trace.html');
    const s = await env.snapshot({ mode: 'full' });
    expect(s.text).toMatch(/\[e\d+\] link "Email the editor" →mailto:editor@trailjournal\.example/);
    expect(s.text).toMatch(/\[e\d+\] link "call the newsroom" →tel:\+13035550142/);
    // The first line under a heading orients; the rest of the paragraph does not repeat here.
    expect(s.text).toContain('## Contact the newsroom\n    Have a story about a trail near you?');
    expect(s.text).not.toContain('For subscriptions, phone (303) 555-0199 on weekdays.');
    expect(s.text).not.toMatch(/^\s*or\s*$/m);
    // Table-like label/value rows and cards keep their text.
    expect(s.text).toMatch(/By\s*\n\s*\[e\d+\] link "Maya Okafor"/);
  });
});

describe('refs and diffs', () => {
  it('keeps the same ref for the same element across snapshots of a document', async () => {
    await env.goto('/shop');
    await env.until(`document.querySelectorAll('.card').length === 24`);
    const first = await env.snapshot({ mode: 'full' });
    await env.run(`scrollTo(0, 600)`);
    const second = await env.snapshot({ mode: 'full' });
    for (const name of ['Trail Tent 2P', 'Camp Cot', 'Search products']) {
      const a = first.refs.find((r) => r.name === name)?.ref;
      expect(a).toBeTruthy();
      expect(second.refs.find((r) => r.name === name)?.ref).toBe(a);
    }
    expect(second.docId).toBe(first.docId);
  });

  it('renders a diff: changed cart link, the toast, nothing else', async () => {
    await env.run(`scrollTo(0, 0)`);
    await env.snapshot({ mode: 'full' });
    await env.run(
      `[...document.querySelectorAll('.card')].find((c) => c.textContent.includes('Trail Tent 2P')).querySelector('button').click()`,
    );
    // Wait until a person could read the toast (it fades in).
    await env.until(
      `document.querySelector('.cart-link').textContent === 'Cart (1)' && getComputedStyle(document.querySelector('.toast')).opacity === '1'`,
    );
    const diff = await env.snapshot({ mode: 'full', diff: true });
    expect(diff.isDiff).toBe(true);
    const lines = diff.text.split('\n');
    expect(lines[0]).toBe('Changes since the previous snapshot (+ added, - removed, ~ changed): 1 added, 0 removed, 1 changed');
    expect(diff.text).toMatch(/~ \[e\d+\] link "Cart \(1\)" →\/shop\/cart {2}\(was: \[e\d+\] link "Cart \(0\)" →\/shop\/cart\)/);
    expect(diff.text).toContain('+ Added Trail Tent 2P to your cart.');
    expect(diff.refs.map((r) => r.name)).toEqual(['Cart (1)']);
    const none = await env.snapshot({ mode: 'full', diff: true });
    expect(none.text).toBe('No changes since the previous snapshot.');
  });

  it('a new document starts over: a diff request gets a full snapshot, and refs get a new docId', async () => {
    const before = await env.snapshot();
    await env.goto('/signup');
    const after = await env.snapshot({ diff: true });
    expect(after.isDiff).toBe(false);
    expect(after.text).toContain('textbox "Full name"');
    expect(after.docId).not.toBe(before.docId);
  });

  it('respects a hard token budget, cutting whole lines with a note', async () => {
    await env.goto('/shop');
    await env.until(`document.querySelectorAll('.card').length === 24`);
    const s = await env.snapshot({ mode: 'full', maxTokens: 300 });
    expect(s.stats.truncated).toBe(true);
    expect(s.stats.tokens).toBeLessThanOrEqual(300);
    const lines = s.text.split('\n');
    expect(lines.at(-1)).toMatch(/^… \d+ more lines not shown \(token budget 300\); scroll, use find, or ask for a larger budget$/);
    for (const ref of s.refs) expect(s.text).toContain(`[${ref.ref}]`);
    expect(s.refs.length).toBeLessThan(30);
  });
});
