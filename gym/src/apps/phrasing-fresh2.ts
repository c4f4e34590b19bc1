import { escapeHtml } from '../http';
import { phrasingHtml } from './phrasing-html';

// Phrasing pages for the second fresh held-out set (bench/interpreter/phrasings-fresh2.ts):
// a flight search with passenger steppers, a job application whose boxes have only nearby
// text, a pizza builder with unlabelled size radios, settings made of toggle switches, a
// shipping address with a country-dependent state dropdown, an article under a newsletter
// popup, a table of saved places with per-row buttons, a barber booking with custom listbox
// dropdowns, a help centre with a topic tree, a search box and a cookie banner, and a
// three-step veg-box wizard.

const opts = (items: string[]) => items.map((i) => `<option>${escapeHtml(i)}</option>`).join('');

/** A flight search: trip type, from/to, dates, steppers for adults and children, a cabin dropdown. */
export function flightsPage(): string {
  const stepper = (k: string, name: string, start: number, hint = '') =>
    `<div class="row stepper"><span>${name}${hint ? ` <small>${hint}</small>` : ''}</span>
    <button type="button" class="icon" aria-label="Fewer ${name.toLowerCase()}" data-step="${k}" data-d="-1">−</button>
    <span data-k="${k}" aria-live="polite" style="display:inline-block;min-width:1.5rem;text-align:center">${start}</span>
    <button type="button" class="icon" aria-label="More ${name.toLowerCase()}" data-step="${k}" data-d="1">+</button></div>`;
  return phrasingHtml(
    'fresh2-flights',
    'Search flights — Skyhop',
    `<h1>Where to next?</h1>
<form class="panel" onsubmit="event.preventDefault()">
  <div class="row"><label><input type="radio" name="trip" data-k="return" checked> Return</label>
    <label><input type="radio" name="trip" data-k="oneway"> One way</label></div>
  <div class="row"><label>From <input data-k="from" placeholder="City or airport" autocomplete="off"></label>
    <button type="button" class="icon" aria-label="Swap from and to" data-ev="click:Swap" id="swap">⇄</button>
    <label>To <input data-k="to" placeholder="City or airport" autocomplete="off"></label></div>
  <div class="row"><label>Depart <input type="date" data-k="depart"></label> <label>Return <input type="date" data-k="back"></label></div>
  <fieldset><legend>Passengers</legend>
    ${stepper('adults', 'Adults', 1)}
    ${stepper('children', 'Children', 0, 'aged 2–11')}
  </fieldset>
  <div class="row"><label>Cabin <select data-k="cabin">${opts(['Economy', 'Premium economy', 'Business', 'First'])}</select></label></div>
  <button type="submit" class="primary" data-ev="click:Search flights">Search flights</button>
</form>`,
    `document.querySelectorAll('[data-step]').forEach((b) => b.addEventListener('click', () => {
  const out = document.querySelector('[data-k="' + b.dataset.step + '"]');
  const min = b.dataset.step === 'adults' ? 1 : 0;
  const n = Math.min(9, Math.max(min, Number(out.textContent) + Number(b.dataset.d)));
  out.textContent = String(n);
  report(b.dataset.step + ':' + n);
}));
document.getElementById('swap').addEventListener('click', () => {
  const f = document.querySelector('[data-k=from]');
  const t = document.querySelector('[data-k=to]');
  [f.value, t.value] = [t.value, f.value];
});`,
  );
}

/** A job application whose boxes have no labels, only a caption above each; start-date radios with text beside them. */
export function jobPage(): string {
  const field = (caption: string, control: string, note = '') =>
    `<div class="row"><div class="cap">${caption}</div>${note ? `<small>${note}</small><br>` : ''}${control}</div>`;
  const years = ['Less than 1 year', '1–2 years', '3–5 years', '6–10 years', 'More than 10 years'];
  return phrasingHtml(
    'fresh2-job',
    'Apply: Baker (early shifts) — Bramble Bakery',
    `<style>.cap { font-weight: 600; margin-top: .6rem; } .starts span { margin-right: 1rem; }</style>
<h1>Baker (early shifts)</h1>
<p>Bramble Bakery · Bristol · Full time · 5am–1pm</p>
<form class="panel" onsubmit="event.preventDefault()">
  ${field('Full name', '<input data-k="name" autocomplete="off" size="30">')}
  ${field('Email', '<input type="email" data-k="email" placeholder="you@example.com" autocomplete="off" size="30">')}
  ${field('Phone', '<input type="tel" data-k="phone" autocomplete="off">')}
  ${field('Current or most recent employer', '<input data-k="employer" autocomplete="off" size="30">')}
  ${field('Years of experience', `<select data-k="years"><option value="">—</option>${opts(years)}</select>`)}
  ${field('Cover letter', '<textarea data-k="cover" rows="5" cols="60"></textarea>', 'A few lines on why you would like to bake with us.')}
  <div class="cap">When could you start?</div>
  <div class="starts"><span><input type="radio" name="start" data-k="now"> Straight away</span>
    <span><input type="radio" name="start" data-k="month"> Within a month</span>
    <span><input type="radio" name="start" data-k="later"> Later than that</span></div>
  <p><button type="submit" class="primary" data-ev="click:Submit application">Submit application</button></p>
</form>`,
  );
}

/** A pizza builder: size radios named only by the text beside them, a crust dropdown, topping and extra checkboxes. */
export function pizzaPage(): string {
  const sizes: [string, string][] = [
    ['small', 'Small 10″'],
    ['medium', 'Medium 12″'],
    ['large', 'Large 14″'],
  ];
  const toppings = ['Pepperoni', 'Mushrooms', 'Red onion', 'Green peppers', 'Black olives', 'Jalapeños', 'Pineapple', 'Chicken'];
  const extras: [string, string][] = [
    ['cheese', 'Extra cheese (+£1.50)'],
    ['dip', 'Garlic dip (+£0.99)'],
    ['squares', 'Cut into squares'],
  ];
  const key = (t: string) => t.toLowerCase().replace(/[^a-z]+/g, '-');
  return phrasingHtml(
    'fresh2-pizza',
    'Build your own — Slice Society',
    `<h1>Build your own pizza</h1>
<form class="panel" onsubmit="event.preventDefault()">
  <h2>Size</h2>
  <div class="row">${sizes.map(([k, t]) => `<span style="margin-right:1.2rem"><input type="radio" name="size" data-k="${k}"${k === 'medium' ? ' checked' : ''}> ${t}</span>`).join('')}</div>
  <div class="row"><label>Crust <select data-k="crust">${opts(['Classic', 'Thin & crispy', 'Stuffed crust', 'Gluten-free (+£2.00)'])}</select></label></div>
  <fieldset><legend>Toppings</legend>
    ${toppings.map((t) => `<label><input type="checkbox" data-k="${key(t)}"> ${t}</label>`).join('\n    ')}</fieldset>
  <fieldset><legend>Extras</legend>
    ${extras.map(([k, t]) => `<label><input type="checkbox" data-k="${k}"> ${t}</label>`).join('\n    ')}</fieldset>
  <div class="row"><label>How many? <input type="number" data-k="qty" value="1" min="1" max="10" style="width:4rem"></label></div>
  <button type="submit" class="primary" data-ev="click:Add to order">Add to order</button>
</form>`,
  );
}

/** Account settings made of toggle switches (role=switch), a language dropdown and a danger zone. */
export function settingsPage(): string {
  const sw = (k: string, name: string, on: boolean, note: string) =>
    `<div class="setting"><div><span id="sw-${k}">${name}</span><br><small>${note}</small></div>
    <button type="button" role="switch" class="switch" aria-checked="${on}" aria-labelledby="sw-${k}" data-k="${k}" data-v="${on ? 'on' : 'off'}"><span class="knob"></span></button></div>`;
  return phrasingHtml(
    'fresh2-settings',
    'Settings — Inkwell Notes',
    `<style>
  .setting { display: flex; justify-content: space-between; align-items: center; padding: .5rem 0; border-bottom: 1px solid #eef0ee; max-width: 34rem; }
  .switch { width: 2.6rem; height: 1.4rem; border-radius: 1rem; border: 1px solid #9aa69f; background: #d8dcd9; position: relative; padding: 0; }
  .switch[aria-checked=true] { background: #2f7d4f; }
  .knob { position: absolute; top: .1rem; left: .15rem; width: 1.1rem; height: 1.1rem; border-radius: 50%; background: #fff; transition: left .1s; }
  .switch[aria-checked=true] .knob { left: 1.3rem; }
  .danger { border-color: #c0392b; }
</style>
<h1>Settings</h1>
<section class="panel"><h2>Notifications</h2>
  ${sw('email', 'Email notifications', true, 'Replies, mentions and shared notes.')}
  ${sw('push', 'Push notifications', true, 'On this device.')}
  ${sw('sms', 'SMS alerts', false, 'Sign-in codes and security alerts only.')}
  ${sw('digest', 'Weekly digest', true, 'A summary every Monday morning.')}
</section>
<section class="panel"><h2>Privacy</h2>
  ${sw('status', 'Show when I’m online', true, 'People you share notes with can see it.')}
</section>
<section class="panel"><h2>Editor</h2>
  ${sw('autosave', 'Autosave drafts', true, 'Every 30 seconds.')}
  ${sw('spell', 'Spell check', false, 'Underline words it does not know.')}
  <div class="row"><label>Language <select data-k="lang">${opts(['English (UK)', 'English (US)', 'Deutsch', 'Español', 'Français'])}</select></label></div>
</section>
<section class="panel danger"><h2>Danger zone</h2>
  <p>These cannot be undone.</p>
  <button type="button" data-ev="click:Delete all notes">Delete all notes</button>
  <button type="button" data-ev="click:Delete account">Delete account</button>
</section>
<button type="button" class="primary" data-ev="click:Save changes">Save changes</button>`,
    `document.querySelectorAll('[role=switch]').forEach((b) => b.addEventListener('click', () => {
  const on = b.getAttribute('aria-checked') !== 'true';
  b.setAttribute('aria-checked', String(on));
  b.dataset.v = on ? 'on' : 'off';
  report('switch:' + b.dataset.k + ':' + b.dataset.v);
}));`,
  );
}

const REGIONS: Record<string, string[]> = {
  Australia: ['New South Wales', 'Queensland', 'South Australia', 'Tasmania', 'Victoria', 'Western Australia'],
  Canada: ['Alberta', 'British Columbia', 'Manitoba', 'Nova Scotia', 'Ontario', 'Quebec'],
  Ireland: ['Connacht', 'Leinster', 'Munster', 'Ulster'],
  'United Kingdom': ['England', 'Northern Ireland', 'Scotland', 'Wales'],
  'United States': ['Arizona', 'California', 'Colorado', 'Maine', 'New York', 'Oregon', 'Texas', 'Washington'],
};

/** A shipping address whose state dropdown fills in once a country is chosen. */
export function addressPage(): string {
  return phrasingHtml(
    'fresh2-address',
    'Shipping address — Fieldnote Supply',
    `<h1>Where should we send it?</h1>
<form class="panel" onsubmit="event.preventDefault()">
  <div class="row"><label>Full name <input data-k="name" autocomplete="off" size="30"></label></div>
  <div class="row"><label>Address line 1 <input data-k="line1" autocomplete="off" size="34"></label></div>
  <div class="row"><label>Address line 2 (optional) <input data-k="line2" autocomplete="off" size="34"></label></div>
  <div class="row"><label>City <input data-k="city" autocomplete="off"></label></div>
  <div class="row"><label>Country <select data-k="country" id="country"><option value="">Select country</option>${opts(Object.keys(REGIONS))}</select></label>
    <label>State / Province / Region <select data-k="state" id="state" disabled><option value="">Select country first</option></select></label></div>
  <div class="row"><label>ZIP / Postcode <input data-k="zip" autocomplete="off" size="10"></label></div>
  <div class="row"><label>Phone (for the courier) <input type="tel" data-k="phone" autocomplete="off"></label></div>
  <button type="submit" class="primary" data-ev="click:Use this address">Use this address</button>
</form>`,
    `const REGIONS = ${JSON.stringify(REGIONS)};
const country = document.getElementById('country');
const state = document.getElementById('state');
country.addEventListener('change', () => {
  const list = REGIONS[country.value] || [];
  state.innerHTML = '';
  const first = document.createElement('option');
  first.value = '';
  first.textContent = list.length ? 'Select…' : 'Select country first';
  state.appendChild(first);
  for (const r of list) { const o = document.createElement('option'); o.textContent = r; state.appendChild(o); }
  state.disabled = !list.length;
  report();
});`,
  );
}

/** A blog article under a newsletter popup closed by an icon-only button (aria-label only) or a "No thanks" link. */
export function newsletterPage(): string {
  return phrasingHtml(
    'fresh2-news',
    'Why your pour-over tastes sour — The Daily Pour',
    `<header class="panel"><strong>The Daily Pour</strong> · <a href="#brewing" data-ev="nav:Brewing">Brewing</a> · <a href="#beans" data-ev="nav:Beans">Beans</a> · <a href="#gear" data-ev="nav:Gear">Gear</a></header>
<article>
  <h1>Why your pour-over tastes sour</h1>
  <p>Sourness almost always means under-extraction: the water did not pull enough out of the grounds.</p>
  <p>Grind a little finer, pour a little slower, and check your water is just off the boil.</p>
  <button type="button" data-ev="click:Share">Share</button>
</article>
<div role="dialog" aria-modal="true" aria-labelledby="nl-title" id="nl" class="panel" style="position:fixed;top:15%;left:28%;width:27rem;box-shadow:0 4px 20px #0004">
  <button type="button" class="icon nl-close" aria-label="Close" style="float:right" data-ev="closed:x"><svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true"><path d="M1 1L13 13M13 1L1 13" stroke="currentColor" stroke-width="2"/></svg></button>
  <h2 id="nl-title">Brew better, every Sunday</h2>
  <p>One short email a week with a recipe, a bean we love and no ads.</p>
  <div class="row"><input type="email" data-k="email" placeholder="Your email" aria-label="Your email" autocomplete="off"> <button type="button" id="nl-sub" class="primary" data-ev="click:Subscribe">Subscribe</button></div>
  <p><a href="#" class="nl-close" data-ev="closed:nothanks">No thanks</a></p>
</div>
<span id="nl-state" data-k="popup" data-v="open" hidden></span>`,
    `const closeNl = (state) => { document.getElementById('nl').hidden = true; document.getElementById('nl-state').dataset.v = state; };
document.querySelectorAll('.nl-close').forEach((b) => b.addEventListener('click', (e) => { e.preventDefault(); closeNl('closed'); }));
document.getElementById('nl-sub').addEventListener('click', () => { if (document.querySelector('[data-k=email]').value.includes('@')) closeNl('subscribed'); });`,
  );
}

const PLACES: [string, string][] = [
  ['Oslo', 'Norway'],
  ['Lisbon', 'Portugal'],
  ['Nairobi', 'Kenya'],
  ['Auckland', 'New Zealand'],
  ['Montréal', 'Canada'],
];

/** A weather app's saved places: a table whose every row has its own Edit and Remove buttons. */
export function placesPage(): string {
  const rows = PLACES.map(
    ([city, country]) =>
      `<tr data-city="${city}"><td>${city}</td><td>${country}</td><td>°C</td>
    <td><button type="button" class="edit" data-ev="edit:${city}">Edit</button> <button type="button" class="remove" data-ev="remove:${city}">Remove</button></td></tr>`,
  ).join('\n  ');
  return phrasingHtml(
    'fresh2-places',
    'Saved places — Breeze Weather',
    `<h1>Saved places</h1>
<div class="panel"><table id="places">
  <tr><th>City</th><th>Country</th><th>Units</th><th></th></tr>
  ${rows}
</table></div>
<div class="panel" id="editor" hidden><h2>Edit place</h2>
  <label>Show as <input data-k="label" autocomplete="off"></label> <button type="button" id="done" data-ev="click:Done">Done</button></div>
<div class="panel"><label>Add a place <input data-k="add" placeholder="Search for a city" autocomplete="off"></label> <button type="button" data-ev="click:Add">Add</button></div>
<span id="rows" data-k="rows" data-v="${PLACES.map(([c]) => c).join(',')}" hidden></span>
<span id="editing" data-k="editing" data-v="" hidden></span>`,
    `const syncRows = () => { document.getElementById('rows').dataset.v = [...document.querySelectorAll('tr[data-city]')].map((r) => r.dataset.city).join(','); };
document.querySelectorAll('.remove').forEach((b) => b.addEventListener('click', () => { b.closest('tr').remove(); syncRows(); }));
document.querySelectorAll('.edit').forEach((b) => b.addEventListener('click', () => {
  const city = b.closest('tr').dataset.city;
  document.getElementById('editor').hidden = false;
  document.getElementById('editing').dataset.v = city;
  document.querySelector('[data-k=label]').value = city;
}));
document.getElementById('done').addEventListener('click', () => { document.getElementById('editor').hidden = true; });`,
  );
}

/** A barber booking: two custom dropdowns (a button opening a role=listbox), a date field and a time dropdown. */
export function bookingPage(): string {
  const services = ['Haircut — 30 min', 'Haircut & beard — 45 min', 'Beard trim — 15 min', 'Kids’ cut — 20 min'];
  const barbers = ['Any barber', 'Marco', 'Jun', 'Tess'];
  const times: string[] = [];
  for (let m = 9 * 60; m <= 17 * 60 + 30; m += 30) {
    const h = Math.floor(m / 60);
    times.push(`${((h + 11) % 12) + 1}:${String(m % 60).padStart(2, '0')} ${h < 12 ? 'am' : 'pm'}`);
  }
  const listbox = (k: string, label: string, items: string[], shown: string, value: string) =>
    `<div class="row" style="position:relative"><span id="${k}-l">${label}</span>
    <button type="button" class="lb-btn" id="${k}-btn" aria-haspopup="listbox" aria-expanded="false" aria-labelledby="${k}-l ${k}-btn" data-lb="${k}">${escapeHtml(shown)} ▾</button>
    <ul id="${k}-list" role="listbox" aria-labelledby="${k}-l" hidden style="position:absolute;background:#fff;border:1px solid #9aa69f;list-style:none;margin:0;padding:.25rem 0;z-index:5;min-width:14rem">
      ${items.map((i) => `<li role="option" aria-selected="${i === value}" style="padding:.3rem .75rem;cursor:pointer">${escapeHtml(i)}</li>`).join('\n      ')}
    </ul>
    <span data-k="${k}" data-v="${escapeHtml(value)}" hidden></span></div>`;
  return phrasingHtml(
    'fresh2-booking',
    'Book an appointment — Fade & Co Barbers',
    `<h1>Book an appointment</h1>
<form class="panel" onsubmit="event.preventDefault()">
  ${listbox('service', 'Service', services, 'Choose a service', '')}
  ${listbox('barber', 'Barber', barbers, 'Any barber', 'Any barber')}
  <div class="row"><label>Date <input type="date" data-k="date"></label>
    <label>Time <select data-k="time"><option value="">Choose a time</option>${opts(times)}</select></label></div>
  <div class="row"><label>Your name <input data-k="name" autocomplete="off"></label> <label>Mobile <input type="tel" data-k="mobile" autocomplete="off"></label></div>
  <button type="submit" class="primary" data-ev="click:Book appointment">Book appointment</button>
</form>`,
    `const closeLists = (except) => document.querySelectorAll('.lb-btn').forEach((b) => { if (b === except) return; document.getElementById(b.dataset.lb + '-list').hidden = true; b.setAttribute('aria-expanded', 'false'); });
document.querySelectorAll('.lb-btn').forEach((btn) => {
  const k = btn.dataset.lb;
  const list = document.getElementById(k + '-list');
  btn.addEventListener('click', () => { closeLists(btn); list.hidden = !list.hidden; btn.setAttribute('aria-expanded', String(!list.hidden)); });
  list.querySelectorAll('[role=option]').forEach((o) => o.addEventListener('click', () => {
    list.querySelectorAll('[role=option]').forEach((p) => p.setAttribute('aria-selected', String(p === o)));
    btn.textContent = o.textContent + ' ▾';
    document.querySelector('[data-k="' + k + '"]').dataset.v = o.textContent;
    list.hidden = true;
    btn.setAttribute('aria-expanded', 'false');
    report(k + ':' + o.textContent);
  }));
});
document.addEventListener('click', (e) => { if (!e.target.closest || !e.target.closest('.lb-btn, [role=listbox]')) closeLists(null); });`,
  );
}

type Topic = [string, (string | Topic)[]];
const TOPICS: Topic[] = [
  [
    'Sending',
    [
      ['Packaging', ['Size and weight limits', 'Items we can’t carry']],
      ['Labels', ['Print a label', 'Labels without a printer']],
    ],
  ],
  ['Tracking', ['Where is my parcel?', ['Delivery exceptions', ['Missed delivery card', 'Wrong address', 'Damaged parcel']]]],
  [
    'Account',
    [
      ['Security', ['Reset your password', 'Two-step verification']],
      ['Billing', ['Invoices', 'Payment methods']],
    ],
  ],
];

function topicTree(path: string[], items: (string | Topic)[]): string {
  return items
    .map((item) => {
      if (typeof item === 'string') {
        const full = [...path, item].join('>');
        return `<li><a href="#${full.toLowerCase().replace(/[^a-z]+/g, '-')}" data-ev="nav:${escapeHtml(full)}">${escapeHtml(item)}</a></li>`;
      }
      const [name, children] = item;
      return `<li><button type="button" class="twisty" aria-expanded="false">${escapeHtml(name)}</button><ul hidden>${topicTree([...path, name], children)}</ul></li>`;
    })
    .join('');
}

/** A help centre: a search box with a magnifier button, a collapsible topic tree, and a cookie banner with folded preferences. */
export function helpPage(): string {
  return phrasingHtml(
    'fresh2-help',
    'Help centre — Parcelly',
    `<style>
  .tree, .tree ul { list-style: none; padding-left: 1rem; margin: .2rem 0; } .tree { padding-left: 0; }
  .twisty { background: none; border: none; padding: .15rem 0; font: inherit; cursor: pointer; } .twisty::before { content: '▸ '; } .twisty[aria-expanded=true]::before { content: '▾ '; }
  #cookies { position: fixed; left: 0; right: 0; bottom: 0; margin: 0; border-radius: 0; box-shadow: 0 -2px 12px #0003; }
  main { padding-bottom: 16rem; }
</style>
<header class="panel" style="display:flex;gap:1rem;align-items:center"><strong>Parcelly Help</strong><span style="flex:1"></span>
  <form id="search" role="search" onsubmit="event.preventDefault()"><input type="search" data-k="q" placeholder="Search help articles" autocomplete="off" size="28"><button type="submit" class="icon" aria-label="Search"><svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true"><circle cx="6.5" cy="6.5" r="5" fill="none" stroke="currentColor" stroke-width="2"/><path d="M10.5 10.5L15 15" stroke="currentColor" stroke-width="2"/></svg></button></form>
</header>
<div style="display:flex;gap:2rem">
  <nav aria-label="Help topics" class="panel" style="min-width:16rem"><ul class="tree">${topicTree([], TOPICS)}</ul></nav>
  <div><h1>How can we help?</h1><p>Pick a topic on the left, or search for an answer.</p></div>
</div>
<div id="cookies" class="panel" role="region" aria-label="Cookie notice">
  <p><strong>We use cookies.</strong> Some keep the site working; others help us understand how it is used.</p>
  <div class="row"><button type="button" class="primary" data-ev="cookies:accept" data-ck="accepted">Accept all</button>
    <button type="button" data-ev="cookies:reject" data-ck="rejected">Reject all</button>
    <button type="button" id="prefs-btn" aria-expanded="false" aria-controls="prefs">Manage preferences</button></div>
  <div id="prefs" hidden>
    <label><input type="checkbox" checked disabled> Strictly necessary</label>
    <label><input type="checkbox" data-k="analytics"> Analytics</label>
    <label><input type="checkbox" data-k="marketing"> Marketing</label>
    <label><input type="checkbox" data-k="personal"> Personalisation</label>
    <p><button type="button" data-ev="cookies:save" data-ck="saved">Save my choices</button></p>
  </div>
</div>
<span id="ck" data-k="cookies" data-v="asked" hidden></span>`,
    `document.getElementById('search').addEventListener('submit', () => report('search:' + document.querySelector('[data-k=q]').value));
document.querySelectorAll('.twisty').forEach((b) => b.addEventListener('click', () => {
  const open = b.getAttribute('aria-expanded') !== 'true';
  b.setAttribute('aria-expanded', String(open));
  b.nextElementSibling.hidden = !open;
}));
const prefsBtn = document.getElementById('prefs-btn');
prefsBtn.addEventListener('click', () => {
  const open = prefsBtn.getAttribute('aria-expanded') !== 'true';
  prefsBtn.setAttribute('aria-expanded', String(open));
  document.getElementById('prefs').hidden = !open;
  report('prefs:' + (open ? 'open' : 'closed'));
});
document.querySelectorAll('[data-ck]').forEach((b) => b.addEventListener('click', () => {
  document.getElementById('ck').dataset.v = b.dataset.ck;
  document.getElementById('cookies').hidden = true;
}));`,
  );
}

/** A three-step veg-box wizard with Next and Back; `?step=2` opens on the delivery step (a box already chosen). */
export function wizardPage(query: URLSearchParams): string {
  const start = query.get('step') === '2' ? 2 : 1;
  const boxes: [string, string][] = [
    ['small', 'Small — for 1–2 people (£14.50/week)'],
    ['medium', 'Medium — for 3–4 people (£18.50/week)'],
    ['large', 'Large — for 5 or more (£23.00/week)'],
  ];
  const days = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
  const hide = (n: number) => (n === start ? '' : ' hidden');
  return phrasingHtml(
    'fresh2-wizard',
    'Set up your box — Greenbox',
    `<h1>Set up your veg box</h1>
<ol class="panel" style="display:flex;gap:2rem;list-style-position:inside"><li>Your box</li><li>Delivery</li><li>Review</li></ol>
<section class="panel step" data-n="1"${hide(1)}><h2>Step 1 of 3: Choose your box</h2>
  ${boxes.map(([k, t]) => `<div class="row"><label><input type="radio" name="box" data-k="${k}"${start === 2 && k === 'small' ? ' checked' : ''}> ${t}</label></div>`).join('\n  ')}
  <p class="error" role="alert"></p>
  <button type="button" class="primary" data-go="2">Next</button>
</section>
<section class="panel step" data-n="2"${hide(2)}><h2>Step 2 of 3: Delivery</h2>
  <div class="row"><label>Delivery day <select data-k="day"><option value="">Choose a day</option>${opts(days)}</select></label></div>
  <div class="row"><label><input type="checkbox" data-k="neighbour"> Leave it with a neighbour if I’m out</label></div>
  <div class="row"><label>Delivery notes <textarea data-k="notes" rows="2" cols="40"></textarea></label></div>
  <button type="button" data-go="1">Back</button> <button type="button" class="primary" data-go="3">Next</button>
</section>
<section class="panel step" data-n="3"${hide(3)}><h2>Step 3 of 3: Review</h2>
  <p>Your first box arrives next week. You can skip or cancel any week.</p>
  <button type="button" data-go="2">Back</button> <button type="button" class="primary" data-ev="click:Start my subscription">Start my subscription</button>
</section>
<span id="step" data-k="step" data-v="${start}" hidden></span>`,
    `document.querySelectorAll('[data-go]').forEach((b) => b.addEventListener('click', () => {
  const from = Number(document.getElementById('step').dataset.v);
  const to = Number(b.dataset.go);
  if (from === 1 && to === 2 && !document.querySelector('input[name=box]:checked')) {
    document.querySelector('.step[data-n="1"] .error').textContent = 'Please choose a box first.';
    report('blocked');
    return;
  }
  document.querySelectorAll('.step').forEach((s) => (s.hidden = Number(s.dataset.n) !== to));
  document.getElementById('step').dataset.v = String(to);
  report((to > from ? 'next:' : 'back:') + to);
}));`,
  );
}
