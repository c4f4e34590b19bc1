import { escapeHtml } from '../http';
import { phrasingHtml } from './phrasing-html';

// Phrasing pages for the fresh held-out set (bench/interpreter/phrasings-fresh.ts): a
// basket with an unlabelled promo box, a hotel survey of unlabelled boxes and a rating
// scale, a mail-account form, passenger details for two travellers, a trip planner with a
// multiple select, a fit profile with a height dropdown and a custom one, an offer popup
// closed by its corner button or "Later", an accordion checkout and a shop's hover menu.

export function basketPage(): string {
  const lines: [string, string][] = [
    ['Sourdough loaf', '£4.50'],
    ['Olive oil, 500 ml', '£8.95'],
  ];
  return phrasingHtml(
    'fresh-basket',
    'Your basket — Larder & Co',
    `<h1>Your basket</h1>
<div class="panel"><table>
  ${lines.map(([item, price]) => `<tr><td>${escapeHtml(item)}</td><td>${price}</td></tr>`).join('')}
  <tr><th>Subtotal</th><th>£13.45</th></tr>
</table></div>
<div class="panel">
  <h2>Have a promo code?</h2>
  <div class="row"><input data-k="promo" autocomplete="off"> <button type="button" data-ev="click:Apply">Apply</button></div>
</div>
<button type="button" class="primary" data-ev="click:Checkout">Go to checkout</button>`,
  );
}

/** A guest survey whose boxes and rating buttons have no labels: each question is a paragraph. */
export function surveyPage(): string {
  const scale = ['Poor', 'Fair', 'Good', 'Very good', 'Excellent'];
  return phrasingHtml(
    'fresh-survey',
    'How was your stay? — Harbour Inn',
    `<h1>How was your stay?</h1>
<form class="panel" onsubmit="event.preventDefault()">
  <p>How many nights did you stay with us?</p>
  <input data-k="nights" autocomplete="off">
  <p>What was your room number?</p>
  <input data-k="room" autocomplete="off">
  <p>What did you like most?</p>
  <input data-k="liked" autocomplete="off">
  <p>How would you rate the breakfast?</p>
  <table><tr>${scale.map((s) => `<th>${s}</th>`).join('')}</tr>
    <tr>${scale.map((_, i) => `<td style="text-align:center"><input type="radio" name="breakfast" data-k="r${i + 1}"></td>`).join('')}</tr></table>
  <p>Anything else you would like to tell us?</p>
  <input data-k="other" autocomplete="off">
  <p><button type="submit" class="primary" data-ev="click:Send">Send</button></p>
</form>`,
  );
}

export function mailPage(): string {
  return phrasingHtml(
    'fresh-mail',
    'Add account — Mail',
    `<h1>Add an email account</h1>
<form class="panel" onsubmit="event.preventDefault()">
  <div class="row"><label>Email address <input type="email" data-k="email" autocomplete="off"></label></div>
  <div class="row"><label>Incoming server <input data-k="server" placeholder="e.g. imap.yourdomain.com" autocomplete="off"></label>
    <label>Port <input data-k="port" inputmode="numeric" size="5" autocomplete="off"></label></div>
  <div class="row"><label>User name <input data-k="user" autocomplete="off"></label></div>
  <div class="row"><label>Password <input type="password" data-k="pass" autocomplete="new-password"></label></div>
  <button type="submit" class="primary" data-ev="click:Sign in">Sign in</button>
  <button type="button" data-ev="click:Cancel">Cancel</button>
</form>`,
  );
}

export function travellersPage(): string {
  const passenger = (n: number) => `<fieldset class="panel"><legend>Passenger ${n} (adult)</legend>
  <label>Title <select data-k="title${n}"><option value="">Select</option><option>Mr</option><option>Mrs</option><option>Ms</option><option>Dr</option></select></label>
  <label>First name <input data-k="first${n}" autocomplete="off"></label>
  <label>Last name <input data-k="last${n}" autocomplete="off"></label>
</fieldset>`;
  return phrasingHtml(
    'fresh-travellers',
    'Passenger details — Skylark Air',
    `<h1>Who's travelling?</h1>
<p>Enter names exactly as they appear on each passport.</p>
<form onsubmit="event.preventDefault()">
${passenger(1)}
${passenger(2)}
<button type="submit" class="primary" data-ev="click:Continue">Continue</button>
</form>`,
  );
}

/** A multiple select (its choices reported joined by commas) and a budget dropdown. */
export function tripPage(): string {
  const cities = ['Oslo', 'Lima', 'Kyoto', 'Porto', 'Quito', 'Hanoi', 'Tunis', 'Perth'];
  const budgets = ['Under £500', '£500–£1,000', '£1,000–£2,000', 'Over £2,000'];
  return phrasingHtml(
    'fresh-trip',
    'Plan my trip — Wanderly',
    `<h1>Where would you like to go?</h1>
<div class="panel">
  <div class="row"><label for="dest">Destinations</label> <small>Hold Ctrl (Cmd on a Mac) to pick more than one.</small><br>
    <select id="dest" multiple size="5">${cities.map((c) => `<option>${c}</option>`).join('')}</select>
    <span id="dest-val" data-k="dest" data-v="" hidden></span></div>
  <div class="row"><label>Budget per person <select data-k="budget"><option value="">Choose…</option>${budgets.map((b) => `<option>${b}</option>`).join('')}</select></label></div>
  <button type="button" class="primary" data-ev="click:Find trips">Find trips</button>
</div>`,
    `const dest = document.getElementById('dest');
const syncDest = () => { document.getElementById('dest-val').dataset.v = [...dest.selectedOptions].map((o) => o.value).join(','); };
dest.addEventListener('input', syncDest);
dest.addEventListener('change', syncDest);`,
  );
}

/** A native height dropdown ("5 ft 2 in") and a custom listbox dropdown whose options show once opened. */
export function fitPage(): string {
  const heights = Array.from({ length: 21 }, (_, i) => 58 + i).map((inches) => `${Math.floor(inches / 12)} ft ${inches % 12} in`);
  const fits = ['Slim', 'Regular', 'Relaxed'];
  return phrasingHtml(
    'fresh-fit',
    'Find your size — Northwind Outfitters',
    `<h1>Find your size</h1>
<div class="panel">
  <div class="row"><label>Height <select data-k="height"><option value="">Select height</option>${heights.map((h) => `<option>${h}</option>`).join('')}</select></label></div>
  <div class="row"><label>Usual size <select data-k="usual"><option value="">Select size</option><option>XS</option><option>S</option><option>M</option><option>L</option><option>XL</option></select></label></div>
  <div class="row" style="position:relative"><span id="fit-label">Preferred fit</span>
    <button type="button" id="fit-btn" aria-haspopup="listbox" aria-expanded="false" aria-labelledby="fit-label fit-btn">Regular</button>
    <ul id="fit-list" role="listbox" aria-labelledby="fit-label" hidden style="position:absolute;background:#fff;border:1px solid #9aa69f;list-style:none;margin:0;padding:.25rem 0;z-index:5">
      ${fits.map((f) => `<li role="option" aria-selected="${f === 'Regular'}" style="padding:.25rem .75rem;cursor:pointer">${f}</li>`).join('')}
    </ul>
    <span id="fit-val" data-k="fit" data-v="Regular" hidden></span></div>
  <button type="button" class="primary" data-ev="click:Show my size">Show my size</button>
</div>`,
    `const fitBtn = document.getElementById('fit-btn');
const fitList = document.getElementById('fit-list');
fitBtn.addEventListener('click', () => { fitList.hidden = !fitList.hidden; fitBtn.setAttribute('aria-expanded', String(!fitList.hidden)); });
fitList.querySelectorAll('[role=option]').forEach((o) => o.addEventListener('click', () => {
  fitList.querySelectorAll('[role=option]').forEach((p) => p.setAttribute('aria-selected', String(p === o)));
  fitBtn.textContent = o.textContent;
  document.getElementById('fit-val').dataset.v = o.textContent;
  fitList.hidden = true;
  fitBtn.setAttribute('aria-expanded', 'false');
  report('fit:' + o.textContent);
}));`,
  );
}

const CLOSERS: Record<string, string> = {
  times: '×',
  cross: '✕',
  x: 'x',
  // A close label with only a drawn cross inside.
  label:
    '<svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true"><path d="M1 1L13 13M13 1L1 13" stroke="currentColor" stroke-width="2"/></svg>',
};

/** A shop page under an offer popup; `?close=times|cross|x|label` picks its corner button. */
export function offerPage(query: URLSearchParams): string {
  const kind = query.get('close') ?? 'times';
  const inner = CLOSERS[kind] ?? '×';
  const corner =
    kind === 'label'
      ? `<button type="button" class="icon dismiss" style="float:right" aria-label="Close" data-ev="closed:corner">${inner}</button>`
      : `<button type="button" class="icon dismiss" style="float:right" data-ev="closed:corner">${escapeHtml(inner)}</button>`;
  return phrasingHtml(
    'fresh-offer',
    'Larder & Co — Fresh this week',
    `<header class="panel"><strong>Larder & Co</strong> · <a href="#recipes" data-ev="nav:Recipes">Recipes</a> · <a href="#offers" data-ev="nav:Offers">Offers</a></header>
<h1>Fresh this week</h1>
<p>Blood oranges, wild garlic and the first Jersey Royals are in.</p>
<button type="button" data-ev="click:Shop now">Shop now</button>
<div role="dialog" aria-modal="true" aria-labelledby="offer-title" id="offer" class="panel" style="position:fixed;top:18%;left:30%;width:26rem;box-shadow:0 4px 20px #0004">
  ${corner}
  <h2 id="offer-title">Get 10% off your first order</h2>
  <p>Sign up for weekly recipes and seasonal picks.</p>
  <div class="row"><label>Email address <input type="email" data-k="email" autocomplete="off"></label></div>
  <div class="row"><button type="button" class="primary" data-ev="click:Get my code">Get my code</button>
    <button type="button" class="dismiss" data-ev="closed:later">Later</button></div>
</div>
<span id="offer-state" data-k="offer" data-v="open" hidden></span>`,
    `document.querySelectorAll('.dismiss').forEach((b) => b.addEventListener('click', () => {
  document.getElementById('offer').hidden = true;
  document.getElementById('offer-state').dataset.v = 'closed';
}));`,
  );
}

/**
 * An accordion checkout: a "Continue as guest" tab and a "Continue shopping" link, and the
 * Continue button inside the collapsed Delivery options step; `?layout=gift` instead folds
 * away a gift message and leaves Continue at the foot of the page.
 */
export function checkoutPage(query: URLSearchParams): string {
  const gift = query.get('layout') === 'gift';
  const step2 = gift
    ? `<section class="panel"><h2>2. Delivery address</h2>
  <p>Ana Lopez, 12 Mill Lane, Bristol BS1 4DJ</p>
  <details id="gift"><summary>Add a gift message (optional)</summary>
    <p><label>Message <textarea data-k="message" rows="3"></textarea></label></p></details>
</section>
<button type="button" class="primary" data-ev="click:Continue">Continue</button>`
    : `<section class="panel"><h2><button type="button" id="del-btn" aria-expanded="false" aria-controls="del">2. Delivery options</button></h2>
  <div id="del" hidden>
    <label><input type="radio" name="delivery" data-k="standard" checked> Standard, 3–5 days (free)</label>
    <label><input type="radio" name="delivery" data-k="express"> Express, next day (£4.95)</label>
    <label><input type="radio" name="delivery" data-k="collect"> Click &amp; collect</label>
    <p><button type="button" class="primary" data-ev="click:Continue">Continue</button></p>
  </div>
</section>`;
  return phrasingHtml(
    'fresh-checkout',
    'Checkout — Larder & Co',
    `<h1>Checkout</h1>
<p><a href="#basket" data-ev="link:Continue shopping">Continue shopping</a></p>
<section class="panel"><h2>1. Your details</h2>
  <div role="tablist" aria-label="How to check out">
    <button role="tab" aria-selected="false" data-ev="tab:Sign in">Sign in</button>
    <button role="tab" aria-selected="true" data-ev="tab:Continue as guest">Continue as guest</button>
  </div>
  <div role="tabpanel"><p>ana.lopez@example.org</p><button type="button" data-ev="click:Edit">Edit</button></div>
</section>
${step2}
<section class="panel"><h2>3. Payment</h2><p>Choose your delivery first.</p></section>`,
    `const delBtn = document.getElementById('del-btn');
if (delBtn) delBtn.addEventListener('click', () => {
  const open = delBtn.getAttribute('aria-expanded') !== 'true';
  delBtn.setAttribute('aria-expanded', String(open));
  document.getElementById('del').hidden = !open;
  report('delivery:' + (open ? 'open' : 'closed'));
});
document.querySelectorAll('[role=tab]').forEach((t) => t.addEventListener('click', () => document.querySelectorAll('[role=tab]').forEach((o) => o.setAttribute('aria-selected', String(o === t)))));
const giftBox = document.getElementById('gift');
if (giftBox) giftBox.addEventListener('toggle', () => report('gift:' + (giftBox.open ? 'open' : 'closed')));`,
  );
}

const DEPARTMENTS: Record<string, string[]> = {
  Women: ['Coats', 'Dresses', 'Knitwear', 'Shoes'],
  Men: ['Coats', 'Shirts', 'Shoes', 'Trainers'],
  Sale: ['Last chance', 'Under £20'],
};

/** A shop's top navigation whose department menus open on hover only. */
export function shopNavPage(): string {
  const nav = Object.entries(DEPARTMENTS)
    .map(
      ([dept, items]) =>
        `<li class="top" data-dept="${dept}"><a href="#${dept.toLowerCase()}" data-ev="nav:${dept}">${dept}</a>` +
        `<ul class="drop" hidden>${items.map((i) => `<li><a href="#${dept.toLowerCase()}-${i.toLowerCase().replace(/\W+/g, '-')}" data-ev="nav:${dept}>${escapeHtml(i)}">${escapeHtml(i)}</a></li>`).join('')}</ul></li>`,
    )
    .join('');
  return phrasingHtml(
    'fresh-shop',
    'Northwind Outfitters',
    `<style>
  .mega { display: flex; gap: 1.5rem; list-style: none; margin: 0; padding: 0; } .top { position: relative; padding: .25rem 0; }
  .drop { position: absolute; top: 100%; left: 0; background: #fff; border: 1px solid #9aa69f; list-style: none; margin: 0; padding: .4rem .8rem; min-width: 9rem; z-index: 5; }
  .drop li { padding: .2rem 0; }
</style>
<header class="panel" style="display:flex;gap:2rem;align-items:center"><strong>Northwind Outfitters</strong>
  <nav aria-label="Main"><ul class="mega">${nav}</ul></nav>
  <span style="flex:1"></span><input data-k="q" type="search" aria-label="Search the shop" placeholder="Search" autocomplete="off"></header>
<h1>New season</h1>
<p>Waxed jackets, merino layers and boots built for wet weekends.</p>`,
    `document.querySelectorAll('.top').forEach((li) => {
  const drop = li.querySelector('.drop');
  li.addEventListener('mouseenter', () => { drop.hidden = false; report('open:' + li.dataset.dept); });
  li.addEventListener('mouseleave', () => { drop.hidden = true; });
});`,
  );
}
