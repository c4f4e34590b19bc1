import { isPageError } from '@wayfinder/page';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lineOf, openEnv, refOf, type Env } from './env';

// Focused pages for the rules a snapshot follows: where names come from, which states
// show, what counts as a control, what is left out.

let env: Env;
beforeAll(async () => {
  env = await openEnv();
});
afterAll(async () => {
  await env.close();
});

describe('names', () => {
  it('come from labelledby, aria-label, labels, placeholder, title, alt and text, in that order', async () => {
    await env.show(`
      <h2 id="pay-head">Payment details</h2>
      <button aria-labelledby="pay-head">Go</button>
      <button aria-label="Close dialog">×</button>
      <label for="city">City of birth</label><input id="city">
      <label>Nickname <input id="nick"></label>
      <input placeholder="Search the archive">
      <a href="/help" title="Help and support"><svg width="12" height="12"><rect width="12" height="12"/></svg></a>
      <a href="/home"><img alt="Home page" width="20" height="20" src="data:image/gif;base64,R0lGODlhAQABAAAAACw="></a>
      <button>  Save   <b>draft</b> </button>
      <input type="submit" value="Send form">
      <button><span aria-hidden="true">✕</span><span style="position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)">Remove item</span></button>
    `);
    const s = await env.snapshot({ mode: 'full' });
    const names = s.refs.map((r) => `${r.role}:${r.name}`);
    expect(names).toEqual([
      'button:Payment details',
      'button:Close dialog',
      'textbox:City of birth',
      'textbox:Nickname',
      'textbox:Search the archive',
      'link:Help and support',
      'link:Home page',
      'button:Save draft',
      'button:Send form',
      'button:Remove item',
    ]);
  });

  it('prefer visible text over an aria-label that does not contain it (label-in-name)', async () => {
    await env.show(`
      <a href="/a" aria-label="Read more about the Trail Tent 2P">Read more</a>
      <a href="/b" aria-label="Open the settings page">Help</a>
    `);
    const s = await env.snapshot({ mode: 'full' });
    expect(s.refs.map((r) => r.name)).toEqual(['Read more about the Trail Tent 2P', 'Help']);
  });

  it('are capped, and long page text never floods a line', async () => {
    await env.show(
      `<button>${'Very long label '.repeat(20)}</button><p>${'Lorem ipsum dolor sit amet. '.repeat(30)}</p><button>OK</button>`,
    );
    const s = await env.snapshot({ mode: 'full' });
    expect(s.refs[0]?.name.length).toBeLessThanOrEqual(80);
    expect(s.refs[0]?.name.endsWith('…')).toBe(true);
    for (const line of s.text.split('\n').slice(1)) expect(line.trim().length).toBeLessThanOrEqual(130);
  });
});

describe('states and values', () => {
  it('shows selected tabs, pressed and mixed toggles, expanded menus, readonly, and values', async () => {
    await env.show(`
      <div role="tablist"><button role="tab" aria-selected="true">Specs</button><button role="tab" aria-selected="false">Reviews</button></div>
      <button aria-pressed="true">Bold</button>
      <input type="checkbox" id="all"><label for="all">Select all</label>
      <button aria-expanded="true" aria-haspopup="menu">Account</button>
      <label>Order id <input readonly value="A-1042"></label>
      <label>Quantity <input type="number" value="3"></label>
      <label>Volume <input type="range" min="0" max="10" value="7"></label>
      <div role="slider" aria-label="Zoom" aria-valuenow="120" aria-valuetext="120%" tabindex="0" style="width:200px;height:8px;background:#999"></div>
      <script>document.getElementById('all').indeterminate = true</script>
    `);
    const s = await env.snapshot({ mode: 'full' });
    expect(lineOf(s, refOf(s, 'tab', 'Specs'))).toMatch(/tab "Specs" selected$/);
    expect(lineOf(s, refOf(s, 'tab', 'Reviews'))).toMatch(/tab "Reviews"$/);
    expect(lineOf(s, refOf(s, 'button', 'Bold'))).toMatch(/pressed$/);
    expect(lineOf(s, refOf(s, 'checkbox', 'Select all'))).toMatch(/mixed$/);
    expect(lineOf(s, refOf(s, 'button', 'Account'))).toMatch(/expanded$/);
    expect(lineOf(s, refOf(s, 'textbox', 'Order id'))).toMatch(/readonly value="A-1042"$/);
    expect(lineOf(s, refOf(s, 'spinbutton', 'Quantity'))).toMatch(/value="3"$/);
    expect(lineOf(s, refOf(s, 'slider', 'Volume'))).toMatch(/value="7"$/);
    expect(lineOf(s, refOf(s, 'slider', 'Zoom'))).toMatch(/value="120%"$/);
  });

  it('summarises a contenteditable editor with its text', async () => {
    await env.show(`<h2>Reply</h2><div contenteditable="true" aria-label="Message body"><p>Hello <b>there</b></p></div>`);
    const s = await env.snapshot({ mode: 'full' });
    expect(lineOf(s, refOf(s, 'textbox', 'Message body'))).toMatch(/textbox "Message body" value="Hello there"$/);
    expect(s.refs).toHaveLength(1);
  });
});

describe('what counts as a control', () => {
  it('includes elements clickable by cursor, tabindex or onclick, once per target', async () => {
    await env.show(`
      <div style="cursor:pointer" id="card"><span style="cursor:pointer">Open the map</span></div>
      <div tabindex="0">Focusable panel</div>
      <span onclick="void 0">Old-style handler</span>
      <div style="cursor:pointer"><a href="/inner">Inner link</a> and some text</div>
      <div>Plain text</div>
    `);
    const s = await env.snapshot({ mode: 'full' });
    expect(s.refs.map((r) => `${r.role}:${r.name}`)).toEqual([
      'clickable:Open the map',
      'clickable:Focusable panel',
      'clickable:Old-style handler',
      'link:Inner link',
    ]);
  });

  it('leaves out inert, zero-size, aria-hidden and off-screen controls; covered ones only in viewport mode', async () => {
    await env.show(`
      <div inert><button>Inert button</button></div>
      <button style="width:0;height:0;padding:0;border:0;overflow:hidden">Zero</button>
      <div aria-hidden="true"><button>Hidden from AT</button></div>
      <a href="/skip" style="position:absolute;left:-10000px">Skip link</a>
      <button id="under" style="position:absolute;top:100px;left:10px">Under the overlay</button>
      <div style="position:fixed;inset:0;background:rgba(0,0,0,.4)" id="veil"></div>
      <button style="position:fixed;top:10px;right:10px;z-index:2">Above the overlay</button>
    `);
    const full = await env.snapshot({ mode: 'full' });
    expect(full.refs.map((r) => r.name)).toEqual(['Under the overlay', 'Above the overlay']);
    const viewport = await env.snapshot();
    expect(viewport.refs.map((r) => r.name)).toEqual(['Above the overlay']);
    expect(viewport.text).toContain('1 control in view covered (mostly by <div#veil>) — close or dismiss it to reach them');
  });

  it('with a modal <dialog> open, lists only what the dialog holds', async () => {
    await env.show(`
      <button>Behind</button>
      <dialog id="d"><h2>Confirm</h2><button>Yes</button><button>No</button></dialog>
      <script>document.getElementById('d').showModal()</script>
    `);
    const s = await env.snapshot({ mode: 'full' });
    expect(s.refs.map((r) => r.name)).toEqual(['Yes', 'No']);
    expect(s.text).toContain('dialog "Confirm":');
  });
});

describe('locators', () => {
  it('rank a test id above everything, and skip generated ids', async () => {
    await env.show(`
      <form><button id="ember1234" data-testid="checkout-submit" class="btn">Pay now</button><button id="pay-later">Pay later</button></form>
    `);
    const s = await env.snapshot({ mode: 'full' });
    const now = await env.page.script.locators(refOf(s, 'button', 'Pay now'));
    if (isPageError(now)) throw new Error(now.message);
    expect(now.locators[0]).toEqual({ kind: 'testid', value: 'data-testid=checkout-submit', matches: 1, confidence: 0.95 });
    expect(now.locators.some((l) => l.kind === 'id')).toBe(false);
    expect(now.locators.find((l) => l.kind === 'text')).toMatchObject({ value: 'Pay now', matches: 1 });
    const later = await env.page.script.locators(refOf(s, 'button', 'Pay later'));
    if (isPageError(later)) throw new Error(later.message);
    expect(later.locators.find((l) => l.kind === 'id')).toEqual({ kind: 'id', value: 'pay-later', matches: 1, confidence: 0.85 });
  });
});

describe('actionability of moving things', () => {
  it('reports an animating element as not stable, and a still one as stable', async () => {
    // Moved by the page every frame from the clock (a CSS animation's time can lag its frames on a
    // loaded machine), one way along its own row, never over the still one.
    await env.show(`
      <div style="position: relative; height: 40px"><button id="moving" style="position: absolute; left: 0">Catch me</button></div>
      <div><button id="still">Still</button></div>
    `);
    await env.run(`(() => {
      const button = document.getElementById('moving');
      const start = performance.now();
      const tick = (now) => {
        button.style.left = (((now - start) * 0.4) % 400) + 'px';
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
      return true;
    })()`);
    const s = await env.snapshot({ mode: 'full' });
    const moving = await env.page.script.actionability(refOf(s, 'button', 'Catch me'));
    const still = await env.page.script.actionability(refOf(s, 'button', 'Still'));
    if (isPageError(moving) || isPageError(still)) throw new Error('unexpected page error');
    expect(moving.stable).toBe(false);
    expect(moving.problem).toMatch(/is still moving \(animating\); wait for it to settle and try again\.$/);
    expect(still.stable).toBe(true);
    expect(still.problem, String(still.problem)).toBeNull();
  });

  it('targets the visible label of a visually hidden checkbox', async () => {
    await env.show(`
      <style>.switch input { opacity: 0; position: absolute; width: 0; height: 0 } .switch span { display: inline-block; width: 40px; height: 20px; background: #ccc }</style>
      <label class="switch"><input type="checkbox" id="t"><span></span> Wi-Fi</label>
    `);
    const s = await env.snapshot();
    const ref = refOf(s, 'checkbox', 'Wi-Fi');
    const a = await env.page.script.actionability(ref);
    if (isPageError(a)) throw new Error(a.message);
    expect(a.problem).toBeNull();
    expect(a.receivesEvents).toBe(true);
    // A click at the reported point toggles the checkbox.
    await env.run(`document.elementFromPoint(${a.point?.x}, ${a.point?.y}).click()`);
    expect(await env.run('document.getElementById("t").checked')).toBe(true);
  });
});

describe('find in a row', () => {
  it('keeps the copy of a repeated control whose row has the text, a row titled by it first, and none when no row has it', async () => {
    await env.show(`
      <table>
        <tr><th>City</th><th>Country</th><th></th></tr>
        <tr><td>Oslo</td><td>Norway</td><td><button>Edit</button> <button>Remove</button></td></tr>
        <tr><td>Lisbon</td><td>Portugal</td><td><button>Edit</button> <button>Remove</button></td></tr>
        <tr><td>Porto</td><td>Portugal — near Lisbon</td><td><button>Edit</button> <button>Remove</button></td></tr>
      </table>
      <button>Edit profile</button>`);
    const s = await env.snapshot();
    const editOf = (city: string) => {
      const line = s.text.split('\n').findIndex((l) => l.includes(city));
      const ref = /\[(e\d+)\] button "Edit"/.exec(s.text.split('\n').slice(line).join('\n'))?.[1];
      if (!ref) throw new Error(`no Edit after ${city}`);
      return ref;
    };
    const oslo = await env.page.script.find('Edit', 5, 'Oslo');
    expect(oslo.matches.map((m) => m.ref)).toEqual([editOf('Oslo')]);
    // Lisbon titles one row and is a phrase in another: the titled row comes first.
    const lisbon = await env.page.script.find('Edit', 5, 'Lisbon');
    expect(lisbon.matches.map((m) => m.ref)).toEqual([editOf('Lisbon | Portugal'), editOf('Porto')]);
    // A control that is not repeated has no row; a row nobody has is no match.
    expect((await env.page.script.find('Edit profile', 5, 'Oslo')).matches.map((m) => m.name)).not.toContain('Edit profile');
    expect((await env.page.script.find('Edit', 5, 'Auckland')).matches).toEqual([]);
  });
});
