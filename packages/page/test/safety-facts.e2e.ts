import type { ElementInfo } from '@wayfinder/page';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEnv, refOf, type Env } from './env';

// What the page script reports for the safety policy (never shown to the model): every
// name a control has, where it sits, and where its form goes — in real Chromium, for
// pages that give a control an innocent label while it pays or deletes.

let env: Env;
beforeAll(async () => {
  env = await openEnv();
});
afterAll(async () => {
  await env.close();
});

/** The facts of the first control with this role and name. */
async function factsOf(role: string, name: string | RegExp): Promise<ElementInfo> {
  return env.page.describe(refOf(await env.snapshot({ mode: 'full' }), role, name));
}

describe('names from every source', () => {
  it('the text behind an innocent aria-labelledby or <label for>', async () => {
    await env.show(`
      <span id="l">Continue</span><button aria-labelledby="l">Pay $20</button>
      <label for="del">Show details</label><button id="del">Delete account</button>
    `);
    const pay = await factsOf('button', 'Continue');
    expect(pay.names).toEqual(expect.arrayContaining(['Continue', 'Pay $20']));
    const del = await factsOf('button', 'Show details');
    expect(del.names).toEqual(expect.arrayContaining(['Show details', 'Delete account']));
  });

  it('CSS generated content, with its strings, escapes and attr()', async () => {
    await env.show(`
      <style>
        #a::before { content: "Pay " attr(data-amount); }
        #b::after { content: "\\44 elete"; }
        #c span::before { content: 'Bezahlen'; }
      </style>
      <button id="a" data-amount="$20" aria-label="Go"></button>
      <button id="b" aria-label="Next"></button>
      <button id="c" aria-label="Weiter"><span></span></button>
    `);
    expect((await factsOf('button', 'Go')).names).toContain('Pay $20');
    expect((await factsOf('button', 'Next')).names).toContain('Delete');
    expect((await factsOf('button', 'Weiter')).names).toContain('Bezahlen');
  });

  it('icons with no text: title, svg <title>, alt, and how the icon is built', async () => {
    await env.show(`
      <button id="t"><svg width="16" height="16"><title>Move to trash</title><rect width="16" height="16"/></svg></button>
      <button id="i" style="width:20px;height:20px"><i class="fa fa-trash-can"></i></button>
      <button id="m" style="width:20px;height:20px"><img src="/icons/icon-bin.svg?v=2" width="16" height="16"></button>
      <form><input type="image" alt="Buy now" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="20" height="20">
      <span id="s">Submit</span><input type="submit" value="Zapłać" aria-labelledby="s"></form>
    `);
    expect((await focusAndDescribe('t'))?.names).toContain('Move to trash');
    expect((await focusAndDescribe('i'))?.names).toContain('fa fa-trash-can');
    expect((await focusAndDescribe('m'))?.names).toContain('icon-bin.svg');
    expect((await factsOf('button', 'Buy now')).names).toContain('Buy now');
    expect((await factsOf('button', 'Submit')).names).toContain('Zapłać');
  });

  it('a checkbox whose words sit beside it, not in a label', async () => {
    await env.show(`<div><input type="checkbox" id="n"> <span>Abonnieren Sie unseren Newsletter</span></div>`);
    const box = await focusAndDescribe('n');
    expect(box).toMatchObject({ checkable: true });
    expect(box?.names.join(' ')).toContain('Abonnieren Sie unseren Newsletter');
  });

  it('look-alike letters and invisible characters arrive as written (the policy folds them)', async () => {
    await env.show(`<button>D\u0435lete</button><button>Pay\u200Bnow</button>`);
    expect((await factsOf('button', /^D/)).names).toContain('D\u0435lete');
    expect((await factsOf('button', /^Pay/)).names).toContain('Pay\u200Bnow');
  });
});

/** Focuses an element by id in the page and describes what has focus. */
async function focusAndDescribe(id: string): Promise<ElementInfo | null> {
  await env.run(`(document.getElementById(${JSON.stringify(id)}).tabIndex = 0, document.getElementById(${JSON.stringify(id)}).focus())`);
  return env.page.describeFocused();
}

describe('the form and what surrounds the control', () => {
  it("where the form goes (attributes, not a field named 'action'), its method, and the submitter's override", async () => {
    await env.show(`
      <form action="/checkout/pay" method="POST">
        <input name="action" aria-label="Coupon"><input name="card" aria-label="Card number" autocomplete="cc-number">
        <button type="button">Continue</button>
        <button formaction="/account/delete" formmethod="post">Next</button>
      </form>
      <form method="dialog"><button>OK</button></form>
    `);
    const origin = new URL(await env.run<string>('location.href')).origin;
    const next = await factsOf('button', 'Continue');
    expect(next).toMatchObject({
      submits: false,
      formAction: `${origin}/checkout/pay`,
      formMethod: 'post',
      formHasPayment: true,
      formHasPassword: false,
    });
    expect(await factsOf('button', 'Next')).toMatchObject({ submits: true, formAction: `${origin}/account/delete` });
    // Enter in a field presses the form's first submit button.
    expect(await factsOf('textbox', 'Coupon')).toMatchObject({
      submits: true,
      submitNames: ['Next'],
      formAction: `${origin}/account/delete`,
    });
    expect(await factsOf('button', 'OK')).toMatchObject({ formMethod: 'dialog' });
  });

  it('the nearest heading, a legend, a dialog title, a form label and a description', async () => {
    await env.show(`
      <h2>Delete your account</h2>
      <p>This removes everything.</p>
      <div><div><button>Continue</button></div></div>
      <h2>Your profile</h2>
      <form aria-label="Kündigen">
        <fieldset><legend>Abonnement</legend><button type="button" aria-describedby="d">Weiter</button></fieldset>
      </form>
      <p id="d">Ihr Abo endet sofort.</p>
      <div role="dialog" aria-labelledby="t"><h3 id="t">Supprimer le compte ?</h3><button>OK</button></div>
      <wf-box></wf-box>
      <script>
        customElements.define('wf-box', class extends HTMLElement {
          connectedCallback() { this.attachShadow({ mode: 'open' }).innerHTML = '<div><button>Go</button></div>'; }
        });
      </script>
    `);
    expect((await factsOf('button', 'Continue')).context).toContain('Delete your account');
    const weiter = await factsOf('button', 'Weiter');
    expect(weiter.context).toEqual(expect.arrayContaining(['Abonnement', 'Kündigen', 'Your profile', 'Ihr Abo endet sofort.']));
    const ok = await factsOf('button', 'OK');
    expect(ok.context[0]).toBe('Supprimer le compte ?');
    expect(ok.context).not.toContain('Your profile'); // the heading search stays in the dialog
    // From inside a shadow root, the heading before its host.
    expect((await factsOf('button', 'Go')).context).toContain('Supprimer le compte ?');
  });

  it("a select's options, a menu button, and the document an element lives in", async () => {
    await env.show(`
      <select aria-label="Action"><option value="a">Archive</option><option value="d">Delete forever</option></select>
      <button aria-haspopup="menu">Share</button>
      <iframe srcdoc="<button>Inside</button>" style="width:200px;height:60px"></iframe>
    `);
    expect((await factsOf('combobox', 'Action')).options).toEqual([
      { label: 'Archive', value: 'a' },
      { label: 'Delete forever', value: 'd' },
    ]);
    expect(await factsOf('button', 'Share')).toMatchObject({ popup: true });
    const top = await env.run<string>('location.href');
    expect((await factsOf('button', 'Share')).frameUrl).toBe(top);
    expect((await factsOf('button', 'Inside')).frameUrl).toBe('about:srcdoc');
  });
});

describe('describeFocused', () => {
  it('finds focus through shadow roots and same-origin frames; nothing focused is null', async () => {
    await env.show(`
      <wf-pay></wf-pay>
      <iframe id="f" srcdoc="<button id=x>Löschen</button>" style="width:200px;height:60px"></iframe>
      <script>
        customElements.define('wf-pay', class extends HTMLElement {
          connectedCallback() { this.attachShadow({ mode: 'open' }).innerHTML = '<button id="p">Pay now</button>'; }
        });
      </script>
    `);
    expect(await env.page.describeFocused()).toBeNull();
    await env.run(`document.querySelector('wf-pay').shadowRoot.getElementById('p').focus()`);
    expect(await env.page.describeFocused()).toMatchObject({ role: 'button', name: 'Pay now', tag: 'button' });
    await env.until(`document.getElementById('f').contentDocument?.getElementById('x')`);
    await env.run(`document.getElementById('f').contentDocument.getElementById('x').focus()`);
    expect(await env.page.describeFocused()).toMatchObject({ name: 'Löschen', frameUrl: 'about:srcdoc' });
  });

  it("follows focus into a cross-origin frame, and reports that frame's own address", async () => {
    await env.goto('/widgets');
    const snapshot = await env.snapshot({ mode: 'full' });
    const card = refOf(snapshot, 'textbox', 'Card number');
    const payFacts = await env.page.describe(refOf(snapshot, 'button', 'Pay $20.00'));
    expect(payFacts.frameUrl).toMatch(/\/widgets\/payment-frame\.html$/);
    expect(new URL(payFacts.frameUrl).origin).not.toBe(new URL(env.gym.url).origin);
    await env.page.act(card, { kind: 'click' });
    const focused = await env.page.describeFocused();
    expect(focused).toMatchObject({ autocomplete: 'cc-number', submits: true, submitNames: ['Pay $20.00'], formHasPayment: true });
    expect(focused?.frameUrl).toBe(payFacts.frameUrl);
  });
});
