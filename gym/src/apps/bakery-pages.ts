import { escapeHtml as h } from '../http';
import type { BakeryLine, BakeryOrder } from '../state';
import { money, type Bake } from './bakery-catalogue';
import type { Skin } from './bakery-drift';

// Millbrook Bakery's pages, server-rendered. Every page is written once against a Skin
// (bakery-drift.ts): the original look, or the redesign behind `?drift=1`, which renames
// every id and class, renames the test-id attribute, adds wrappers, moves a few sections and
// labels the repeated row buttons for screen readers. What a person reads is the same in both.

export const PICKUP_DAYS = ['Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
export const NOTE_LIMIT = 200;

const ADDRESS = '14 Mill Lane';
const HOURS = 'Open Wednesday to Sunday, 7:00–14:00';

function styles(s: Skin): string {
  const c = (key: Parameters<Skin['cls']>[0]) => `.${s.cls(key)}`;
  const common = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 Georgia,'Times New Roman',serif;color:#2b2118}
a{color:#8a3b12}
button{font:inherit;cursor:pointer}
input,select,textarea{font:inherit;padding:.35rem .5rem;border:1px solid #b9a58f;border-radius:4px}
table{border-collapse:collapse;width:100%}
th,td{padding:.4rem .5rem;border-bottom:1px solid #e6d9c8;text-align:left}
${c('num')}{text-align:right}
${c('muted')}{color:#7a6a5a;font-size:.9rem}
${c('error')}{background:#fde8e4;border:1px solid #d9826f;padding:.5rem 1rem;border-radius:4px}
${c('notice')}{background:#eef6e8;border:1px solid #9cc28a;padding:.5rem 1rem;border-radius:4px}
${c('field')}{margin:.6rem 0;display:flex;flex-direction:column;max-width:24rem}
${c('check')}{margin:1rem 0}
${c('primary')}{background:#8a3b12;color:#fff;border:0;padding:.5rem 1rem;border-radius:4px;text-decoration:none;display:inline-block}
fieldset{border:1px solid #e6d9c8;margin:1rem 0;padding:.5rem 1rem}
`;
  if (!s.drift)
    return `${common}
body{background:#fbf6ee}
${c('header')}{display:flex;justify-content:space-between;align-items:center;padding:.75rem 1.5rem;background:#f1e4d0;border-bottom:2px solid #d8c3a5}
${c('brand')}{font-size:1.4rem;font-weight:bold;text-decoration:none;color:#5a2a0c}
${c('nav')} a{margin-left:1rem}
${c('count')}{margin-left:.35rem;color:#7a6a5a;font-size:.9rem}
${c('wrap')}{max-width:52rem;margin:0 auto;padding:1rem 1.5rem}
${c('searchRow')}{display:flex;gap:.5rem;align-items:center;margin:1rem 0}
${c('list')}{list-style:none;padding:0;margin:0}
${c('row')}{display:grid;grid-template-columns:1fr auto auto auto;gap:.25rem 1rem;align-items:center;padding:.75rem 0;border-bottom:1px dashed #d8c3a5}
${c('rowTitle')}{margin:0;font-size:1.1rem}
${c('rowBlurb')}{margin:0;grid-column:1;color:#5c4c3c}
${c('rowPrice')}{margin:0;font-weight:bold}
${c('addButton')}{background:#fff;border:1px solid #8a3b12;color:#8a3b12;border-radius:4px;padding:.2rem .8rem}
${c('price')}{font-size:1.3rem;font-weight:bold}
${c('buyBox')}{display:flex;gap:.5rem;align-items:center;margin:1rem 0}
${c('buyBox')} input{width:5rem}
${c('total')}{font-weight:bold}
${c('receipt')}{background:#fff;border:1px solid #e6d9c8;padding:1rem 1.5rem;border-radius:6px}
${c('footer')}{text-align:center;color:#7a6a5a;font-size:.9rem;padding:2rem 1rem}
`;
  return `${common}
body{background:#fff;font-family:system-ui,sans-serif}
${c('footer')}{background:#2b2118;color:#f6e9d6;font-size:.85rem;padding:.3rem 1rem;display:flex;gap:1.5rem;justify-content:center}
${c('footer')} p{margin:0}
${c('header')}{display:flex;flex-direction:row-reverse;justify-content:space-between;align-items:center;padding:1rem 2rem;border-bottom:1px solid #eee}
${c('brand')}{font-size:1.2rem;letter-spacing:.08em;text-transform:uppercase;text-decoration:none;color:#2b2118}
${c('nav')}{display:flex;gap:1rem;align-items:center}
${c('count')}{background:#8a3b12;color:#fff;border-radius:1rem;padding:0 .5rem;font-size:.8rem}
${c('wrap')}{max-width:64rem;margin:0 auto;padding:1.5rem 2rem}
${c('searchRow')}{display:grid;grid-template-columns:auto 1fr auto;gap:.75rem;align-items:center;background:#f7f1e8;padding:1rem;border-radius:8px}
${c('list')}{display:grid;grid-template-columns:repeat(auto-fill,minmax(14rem,1fr));gap:1rem}
${c('row')}{border:1px solid #eee;border-radius:8px;padding:1rem;display:flex;flex-direction:column;gap:.5rem;height:100%}
${c('rowTitle')}{margin:0;font-size:1rem}
${c('rowBlurb')}{margin:0;color:#555;flex:1}
${c('rowPrice')}{color:#8a3b12;font-weight:600}
${c('rowActions')}{display:flex;justify-content:space-between;align-items:center}
${c('addButton')}{background:#8a3b12;color:#fff;border:0;border-radius:1rem;padding:.3rem 1rem}
${c('price')}{font-size:1.5rem;color:#8a3b12}
${c('buyBox')}{background:#f7f1e8;padding:1rem;border-radius:8px;display:flex;gap:.75rem;align-items:center}
${c('buyBox')} input{width:4.5rem}
${c('total')}{font-size:1.1rem}
${c('receipt')}{border-left:4px solid #8a3b12;padding:.5rem 1.5rem}
`;
}

function countText(lines: BakeryLine[]): string {
  const n = lines.reduce((sum, l) => sum + l.qty, 0);
  return n === 1 ? '1 item' : `${n} items`;
}

export interface PageOptions {
  title: string;
  basket: BakeryLine[];
  body: string;
  script?: string;
}

export function layout(s: Skin, { title, basket, body, script }: PageOptions): string {
  const brand = `<a class="${s.cls('brand')}" href="${s.to('/bakery')}">Millbrook Bakery</a>`;
  const ours = `<a href="${s.to('/bakery')}">Our bakes</a>`;
  const bag = `<a href="${s.to('/bakery/basket')}">Basket</a> <span class="${s.cls('count')}" id="${s.id('basketCount')}">${countText(basket)}</span>`;
  const info = `<p>${ADDRESS} · ${HOURS}</p><p>Pre-orders close at 18:00 the day before pickup.</p>`;
  const head = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${h(title)} · Millbrook Bakery</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>${styles(s)}</style></head>
<body>`;
  const tail = `${script ? `<script>${script}</script>\n` : ''}</body></html>`;
  if (!s.drift)
    return `${head}
<header class="${s.cls('header')}" id="${s.id('top')}">
  ${brand}
  <nav class="${s.cls('nav')}" aria-label="Main">${ours} ${bag}</nav>
</header>
<main class="${s.cls('wrap')}" id="${s.id('main')}">
${body}
</main>
<footer class="${s.cls('footer')}" id="${s.id('footer')}">${info}</footer>
${tail}`;
  return `${head}
<div class="page">
<aside class="${s.cls('footer')}" id="${s.id('footer')}" aria-label="Visit us">${info}</aside>
<header class="${s.cls('header')}" id="${s.id('top')}">
  <nav class="${s.cls('nav')}" aria-label="Main"><span class="nav-item">${bag}</span><span class="nav-item">${ours}</span></nav>
  <div class="logo-box">${brand}</div>
</header>
<div class="outer"><main class="${s.cls('wrap')}" id="${s.id('main')}">
<div class="inner">
${body}
</div>
</main></div>
</div>
${tail}`;
}

export function notice(s: Skin, text: string, withLink = true): string {
  const link = withLink ? ` <a href="${s.to('/bakery/basket')}">View basket</a>` : '';
  return `<p class="${s.cls('notice')}" id="${s.id('notice')}" role="status">${h(text)}${link}</p>`;
}

function bakeRow(s: Skin, bake: Bake, back: string): string {
  const title = `<h3 class="${s.cls('rowTitle')}">${h(bake.title)}</h3>`;
  const blurb = `<p class="${s.cls('rowBlurb')}">${h(bake.blurb)}</p>`;
  const price = `<p class="${s.cls('rowPrice')}">${money(bake.price)}</p>`;
  const label = s.drift ? ` aria-label="${h(`Add ${bake.title} to basket`)}"` : '';
  const add = `<form method="post" action="${s.to('/bakery/basket/add')}">
      <input type="hidden" name="slug" value="${h(bake.slug)}"><input type="hidden" name="back" value="${h(back)}">
      <button type="submit" class="${s.cls('addButton')}"${label}>Add</button>
    </form>`;
  const details = `<a class="${s.cls('detailsLink')}" href="${s.to(`/bakery/p/${bake.slug}`)}">Details</a>`;
  if (!s.drift)
    return `  <li class="${s.cls('row')}" ${s.testId}="bake-row">
    ${title}
    ${price}
    ${add}
    ${details}
    ${blurb}
  </li>`;
  return `  <div class="cell"><article class="${s.cls('row')}" ${s.testId}="product-card">
    <div class="card-head">${price}${title}</div>
    ${blurb}
    <div class="${s.cls('rowActions')}">${details}
    ${add}</div>
  </article></div>`;
}

export interface ListingOptions {
  query: string | null;
  bakes: Bake[];
  back: string;
  notice: string;
}

export function listingBody(s: Skin, { query, bakes, back, notice: note }: ListingOptions): string {
  const input = s.drift
    ? `<span class="finder-input"><input type="text" id="${s.id('query')}" name="q" value="${h(query ?? '')}" placeholder="e.g. rye, cinnamon bun" autocomplete="off"></span>`
    : `<input type="search" id="${s.id('query')}" name="q" value="${h(query ?? '')}" placeholder="e.g. rye, cinnamon bun">`;
  const flag = s.drift ? '<input type="hidden" name="drift" value="1">' : '';
  const search = `<form class="${s.cls('searchRow')}" id="${s.id('search')}" role="search" method="get" action="/bakery/search">
  <label for="${s.id('query')}">Find a bake</label>
  ${input}${flag}
  <button type="submit">Search</button>
</form>`;
  const intro = `<section class="${s.cls('intro')}"><h1>Fresh from our oven</h1>
<p>Pre-order today and pick up warm from the shop. Everything is baked on the morning you collect it.</p></section>`;
  let heading: string;
  if (query === null) heading = 'All our bakes';
  else if (!query.trim()) heading = 'All our bakes';
  else if (!bakes.length) heading = `Nothing matches “${query}”`;
  else heading = `${bakes.length === 1 ? '1 bake matches' : `${bakes.length} bakes match`} “${query}”`;
  const empty = bakes.length ? '' : `<p>Try “rye”, “sourdough” or “bun”, or <a href="${s.to('/bakery')}">see everything</a>.</p>`;
  const rows = bakes.map((b) => bakeRow(s, b, back)).join('\n');
  const list = s.drift
    ? `<div class="${s.cls('list')}" id="${s.id('results')}">\n${rows}\n</div>`
    : `<ul class="${s.cls('list')}" id="${s.id('results')}">\n${rows}\n</ul>`;
  const results = `<section aria-label="Bakes"><h2>${h(heading)}</h2>${empty}
${list}
</section>`;
  const flash = note ? notice(s, note) : '';
  if (!s.drift) return `${intro}\n${search}\n${flash}\n${results}`;
  return `${flash}\n<div class="hero">${intro}\n<div class="finder-wrap">${search}</div></div>\n${results}`;
}

export function productBody(s: Skin, bake: Bake, note: string): string {
  const crumbs = `<p class="${s.cls('crumbs')}"><a href="${s.to('/bakery')}">All bakes</a> › ${h(bake.shelf)} › ${h(bake.title)}</p>`;
  const price = `<p class="${s.cls('price')}">${money(bake.price)}</p>`;
  const about = `<p>${h(bake.about)}</p>`;
  const buy = `<form class="${s.cls('buyBox')}" method="post" action="${s.to('/bakery/basket/add')}">
  <input type="hidden" name="slug" value="${h(bake.slug)}"><input type="hidden" name="back" value="/bakery/p/${h(bake.slug)}">
  <label for="${s.id('qty')}">Quantity</label>
  <input type="number" id="${s.id('qty')}" name="qty" value="1" min="1" max="12">
  <button type="submit" class="${s.cls('primary')}">Add to basket</button>
</form>`;
  const flash = note ? notice(s, note) : '';
  if (!s.drift)
    return `${crumbs}
${flash}
<article class="${s.cls('product')}" ${s.testId}="product">
<h1>${h(bake.title)}</h1>
${price}
<p><em>${h(bake.blurb)}</em></p>
${about}
${buy}
</article>`;
  return `${flash}
${crumbs}
<div class="item-wrap"><article class="${s.cls('product')}" ${s.testId}="item-page">
<div class="item-top"><h1>${h(bake.title)}</h1>${price}</div>
<div class="item-buy">${buy}</div>
<div class="item-text"><p><em>${h(bake.blurb)}</em></p>
${about}</div>
</article></div>`;
}

function linesTable(s: Skin, lines: BakeryLine[], removable: boolean, id: string): string {
  const rows = lines
    .map((l) => {
      const label = s.drift ? ` aria-label="${h(`Remove ${l.title} from basket`)}"` : '';
      const remove = removable
        ? `<td><form method="post" action="${s.to('/bakery/basket/remove')}"><input type="hidden" name="slug" value="${h(l.slug)}"><button type="submit"${label}>Remove</button></form></td>`
        : '';
      return `<tr ${s.testId}="basket-line"><td>${h(l.title)}</td><td class="${s.cls('num')}">${l.qty}</td><td class="${s.cls('num')}">${money(l.price * l.qty)}</td>${remove}</tr>`;
    })
    .join('\n');
  const total = lines.reduce((sum, l) => sum + l.price * l.qty, 0);
  const table = `<table class="${s.cls('table')}"${id ? ` id="${id}"` : ''}>
<thead><tr><th>Bake</th><th class="${s.cls('num')}">Qty</th><th class="${s.cls('num')}">Price</th>${removable ? '<th></th>' : ''}</tr></thead>
<tbody>
${rows}
</tbody>
<tfoot><tr><th colspan="2">Total</th><td class="${s.cls('num')} ${s.cls('total')}">${money(total)}</td>${removable ? '<td></td>' : ''}</tr></tfoot>
</table>`;
  return s.drift ? `<div class="table-scroll">${table}</div>` : table;
}

export function basketBody(s: Skin, lines: BakeryLine[], note: string): string {
  const flash = note ? notice(s, note, false) : '';
  if (!lines.length)
    return `<h1>Your basket</h1>
${flash}
<p>Your basket is empty.</p>
<p><a href="${s.to('/bakery')}">Browse our bakes</a></p>`;
  const next = `<p><a class="${s.cls('primary')}" href="${s.to('/bakery/preorder')}">Continue to pre-order</a></p>`;
  const more = `<p class="${s.cls('muted')}">Want something else? <a href="${s.to('/bakery')}">Keep browsing</a></p>`;
  if (!s.drift) return `<h1>Your basket</h1>\n${flash}\n${linesTable(s, lines, true, s.id('basket'))}\n${next}\n${more}`;
  return `<div class="bag-head"><h1>Your basket</h1>${next}</div>\n${flash}\n${linesTable(s, lines, true, s.id('basket'))}\n${more}`;
}

export interface PreorderForm {
  name: string;
  contact: string;
  day: string;
  note: string;
  payAtPickup: boolean;
}

export const EMPTY_FORM: PreorderForm = { name: '', contact: '', day: '', note: '', payAtPickup: false };

export function preorderBody(s: Skin, lines: BakeryLine[], form: PreorderForm, errors: string[]): string {
  if (!lines.length)
    return `<h1>Pre-order for pickup</h1>
<p>Your basket is empty, so there is nothing to pre-order yet.</p>
<p><a href="${s.to('/bakery')}">Browse our bakes</a></p>`;
  const problems = errors.length
    ? `<div class="${s.cls('error')}" id="${s.id('errors')}" role="alert"><p>Please check the form:</p><ul>${errors.map((e) => `<li>${h(e)}</li>`).join('')}</ul></div>`
    : '';
  const field = (key: 'name' | 'contact', label: string, extra: string, hint = '') =>
    `<div class="${s.cls('field')}"><label for="${s.id(key)}">${label}</label><input id="${s.id(key)}" name="${key}" value="${h(form[key])}" required ${extra}>${hint}</div>`;
  const details = `<fieldset><legend>Your details</legend>
  ${field('name', 'Your name', 'autocomplete="name"')}
  ${field('contact', 'Email or phone', 'autocomplete="email"', '<small>We only get in touch if something goes wrong with your bake.</small>')}
</fieldset>`;
  const options = [
    `<option value="">Choose a day</option>`,
    ...PICKUP_DAYS.map((d) => `<option${d === form.day ? ' selected' : ''}>${d}</option>`),
  ].join('');
  const left = NOTE_LIMIT - form.note.length;
  const pickup = `<fieldset><legend>Pickup</legend>
  <div class="${s.cls('field')}"><label for="${s.id('day')}">Pickup day</label><select id="${s.id('day')}" name="day" required>${options}</select></div>
  <div class="${s.cls('field')}"><label for="${s.id('note')}">Note for the bakers (optional)</label><textarea id="${s.id('note')}" name="note" rows="3" maxlength="${NOTE_LIMIT}">${h(form.note)}</textarea><small id="${s.id('noteLeft')}">${left} characters left</small></div>
</fieldset>`;
  const checked = form.payAtPickup ? ' checked' : '';
  const pay = s.drift
    ? `<div class="${s.cls('check')}"><span class="tick-box"><input type="checkbox" id="${s.id('pay')}" name="payAtPickup" value="yes" required${checked}></span> <label for="${s.id('pay')}">I'll pay at pickup</label></div>`
    : `<p class="${s.cls('check')}"><label><input type="checkbox" id="${s.id('pay')}" name="payAtPickup" value="yes" required${checked}> I'll pay at pickup</label></p>`;
  const submit = `<p><button type="submit" class="${s.cls('primary')}">Place pre-order</button></p>`;
  const summary = `<h2>Your bakes</h2>\n${linesTable(s, lines, false, '')}`;
  const formTag = `<form id="${s.id('preorder')}" method="post" action="${s.to('/bakery/preorder')}">`;
  if (!s.drift)
    return `<h1>Pre-order for pickup</h1>
${summary}
${problems}
${formTag}
${details}
${pickup}
${pay}
${submit}
</form>`;
  return `<h1>Pre-order for pickup</h1>
${problems}
<div class="two-col"><div class="col-form">
${formTag}
${pickup}
<div class="who">${details}</div>
${pay}
${submit}
</form>
</div><div class="col-summary">${summary}</div></div>`;
}

export function preorderScript(s: Skin): string {
  return `(function () {
  var note = document.getElementById('${s.id('note')}');
  var left = document.getElementById('${s.id('noteLeft')}');
  if (!note || !left) return;
  note.addEventListener('input', function () {
    left.textContent = (${NOTE_LIMIT} - note.value.length) + ' characters left';
  });
})();`;
}

export function thanksBody(s: Skin, order: BakeryOrder): string {
  const view = s.to(`/bakery/orders/${order.id}?ref=${order.ref}`);
  const pay = order.payAtPickup ? " You'll pay at the counter." : '';
  const links = `<p><a href="${h(view)}">View order</a> · <a href="${s.to('/bakery')}">Back to our bakes</a></p>`;
  const lines = `<h1>Thanks, ${h(order.name)} — your pre-order is in</h1>
<p>Your order number is <strong>${order.id}</strong>.</p>
<p>Collect it on ${h(order.pickupDay)} from 7:00 at ${ADDRESS}.${pay}</p>`;
  if (!s.drift) return `<section class="${s.cls('receipt')}" ${s.testId}="confirmation">\n${lines}\n${links}\n</section>`;
  return `<div class="done-wrap"><section class="${s.cls('receipt')}" ${s.testId}="order-done">\n<div class="done-text">${lines}</div>\n${links}\n</section></div>`;
}

export function orderBody(s: Skin, order: BakeryOrder): string {
  const facts: [string, string][] = [
    ['Name', order.name],
    ['Contact', order.contact],
    ['Pickup day', order.pickupDay],
    ['Payment', order.payAtPickup ? 'At pickup' : 'Not arranged'],
    ['Note', order.note || '—'],
    ['Status', 'Waiting to be baked'],
  ];
  const dl = `<dl>${facts.map(([k, v]) => `<dt>${k}</dt><dd>${h(v)}</dd>`).join('')}</dl>`;
  const items = `<h2>What you ordered</h2>\n${linesTable(s, order.lines, false, '')}`;
  const back = `<p><a href="${s.to('/bakery')}">Back to our bakes</a></p>`;
  if (!s.drift) return `<h1>Pre-order ${order.id}</h1>\n${dl}\n${items}\n${back}`;
  return `<h1>Pre-order ${order.id}</h1>\n${items}\n<div class="facts">${dl}</div>\n${back}`;
}

export function missingBody(s: Skin, what: string): string {
  return `<h1>Sorry, we couldn't find that</h1>
<p>${h(what)}</p>
<p><a href="${s.to('/bakery')}">Back to our bakes</a></p>`;
}
