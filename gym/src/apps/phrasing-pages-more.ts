import { phrasingHtml } from './phrasing-html';

// More phrasing pages: nested menus, collapsible sections with tabs and a terms box, typed
// date and time fields, drag and drop with hover, and a login.

const MENUS: Record<string, (string | [string, string[]])[]> = {
  File: ['New', 'Open', 'Save', ['Export', ['PDF', 'CSV', 'HTML']]],
  Edit: ['Undo', 'Cut', 'Copy', 'Paste', ['Paste Special', ['Values', 'Formats', 'Formulas']]],
  View: ['Zoom In', 'Zoom Out', 'Full Screen'],
};

function menuItems(path: string, items: (string | [string, string[]])[]): string {
  return items
    .map((item) =>
      typeof item === 'string'
        ? `<li role="menuitem" tabindex="-1" data-path="${path}>${item}">${item}</li>`
        : `<li role="none" class="sub"><span role="menuitem" tabindex="-1" aria-haspopup="true" aria-expanded="false">${item[0]}</span>` +
          `<ul role="menu" aria-label="${item[0]}" hidden>${menuItems(`${path}>${item[0]}`, item[1])}</ul></li>`,
    )
    .join('');
}

export function menusPage(): string {
  const bar = Object.entries(MENUS)
    .map(
      ([top, items]) =>
        `<div class="top"><button type="button" role="menuitem" aria-haspopup="true" aria-expanded="false">${top}</button>` +
        `<ul role="menu" aria-label="${top}" hidden>${menuItems(top, items)}</ul></div>`,
    )
    .join('');
  return phrasingHtml(
    'menus',
    'Sheet editor',
    `<style>
  [role=menubar] { display: flex; gap: .25rem; } .top { position: relative; }
  ul[role=menu] { position: absolute; top: 100%; left: 0; background: #fff; border: 1px solid #9aa69f; list-style: none; margin: 0; padding: .25rem 0; min-width: 10rem; z-index: 5; }
  .sub { position: relative; } .sub > ul[role=menu] { top: 0; left: 100%; }
  li[role=menuitem], .sub > span { display: block; padding: .25rem .75rem; cursor: pointer; }
  .sub > span::after { content: ' ▸'; }
</style>
<div role="menubar" aria-label="Editor menu" class="panel">${bar}</div>
<h1>Budget 2026</h1>
<p><label>Cell A1 <input data-k="a1" value="42" autocomplete="off"></label></p>`,
    `function closeAll() { document.querySelectorAll('ul[role=menu]').forEach((m) => (m.hidden = true)); document.querySelectorAll('[aria-expanded]').forEach((b) => b.setAttribute('aria-expanded', 'false')); }
function openSub(opener) { const list = opener.nextElementSibling; list.hidden = false; opener.setAttribute('aria-expanded', 'true'); }
document.querySelectorAll('.top > button').forEach((b) => b.addEventListener('click', () => { const open = b.getAttribute('aria-expanded') === 'true'; closeAll(); if (!open) { openSub(b); report('open:' + b.textContent); } }));
document.querySelectorAll('.sub > span').forEach((s) => { s.addEventListener('click', () => openSub(s)); s.addEventListener('mouseenter', () => openSub(s)); });
document.querySelectorAll('li[data-path]').forEach((li) => li.addEventListener('click', () => { report('menu:' + li.dataset.path); closeAll(); }));`,
  );
}

/** `?ship=open` starts with Shipping details open, leaving one collapsed section. */
export function sectionsPage(query: URLSearchParams): string {
  const shipOpen = query.get('ship') === 'open';
  const terms = Array.from(
    { length: 14 },
    (_, i) =>
      `<p>${i + 1}. The club may change trail times, routes and fees at any time, and members agree to check the notices before each hike.</p>`,
  ).join('');
  return phrasingHtml(
    'sections',
    'Club settings',
    `<h1>Club settings</h1>
<details class="panel" id="advanced"><summary>Advanced options</summary>
  <p><label><input type="checkbox" data-k="logging"> Enable logging</label></p>
  <button type="button" class="primary" data-ev="click:Submit">Submit</button>
</details>
<div class="panel">
  <h2><button type="button" id="ship-btn" aria-expanded="${shipOpen}" aria-controls="ship">Shipping details</button></h2>
  <div id="ship"${shipOpen ? '' : ' hidden'}><label>Street address <input data-k="street" autocomplete="off"></label></div>
  <h2><button type="button" id="bill-btn" aria-expanded="true" aria-controls="bill">Billing details</button></h2>
  <div id="bill"><label>Billing email <input data-k="billing" autocomplete="off"></label></div>
</div>
<div class="panel">
  <div role="tablist" aria-label="Account">
    <button role="tab" aria-selected="true" data-tab="profile">Profile</button>
    <button role="tab" aria-selected="false" data-tab="security">Security</button>
    <button role="tab" aria-selected="false" data-tab="alerts">Notifications</button>
  </div>
  <div role="tabpanel" id="tab-profile"><label>Display name <input data-k="display" autocomplete="off"></label></div>
  <div role="tabpanel" id="tab-security" hidden><label><input type="checkbox" data-k="twofactor"> Two-factor sign-in</label></div>
  <div role="tabpanel" id="tab-alerts" hidden><label><input type="checkbox" data-k="emails"> Email alerts</label></div>
</div>
<div class="panel">
  <h2>Terms of membership</h2>
  <div role="region" aria-label="Terms box" tabindex="0" data-scroll="terms" style="max-height:8rem;overflow:auto;border:1px solid #9aa69f;padding:.5rem">${terms}</div>
  <p><label>Name <input data-k="name" autocomplete="off"></label></p>
  <button type="button" class="primary" data-ev="click:Accept">Accept</button> <button type="button" data-ev="click:Cancel">Cancel</button>
</div>`,
    `document.getElementById('advanced').addEventListener('toggle', (e) => report('advanced:' + (e.target.open ? 'open' : 'closed')));
for (const id of ['ship', 'bill']) { const b = document.getElementById(id + '-btn'); b.addEventListener('click', () => { const open = b.getAttribute('aria-expanded') !== 'true'; b.setAttribute('aria-expanded', String(open)); document.getElementById(id).hidden = !open; report(id + ':' + (open ? 'open' : 'closed')); }); }
document.querySelectorAll('[role=tab]').forEach((t) => t.addEventListener('click', () => { document.querySelectorAll('[role=tab]').forEach((o) => { o.setAttribute('aria-selected', String(o === t)); document.getElementById('tab-' + o.dataset.tab).hidden = o !== t; }); report('tab:' + t.textContent); }));`,
  );
}

const DATE_FIELDS: Record<string, string> = {
  date: '<label>Date <input type="date" data-k="date"></label>',
  start: '<label>Start date <input type="date" data-k="start"></label>',
  meeting: '<label>Meeting time <input type="datetime-local" data-k="meeting"></label>',
  alarm: '<label>Alarm <input type="time" data-k="alarm"></label>',
  birthday: '<label>Birthday <input data-k="birthday" placeholder="DD/MM/YYYY" data-format="dmy" autocomplete="off"></label>',
  returning: '<label>Return date <input data-k="returning" placeholder="MM/DD/YYYY" data-format="mdy" autocomplete="off"></label>',
  // Native colour inputs (not shown unless asked for): their value reaches the state on input and change.
  colour: '<label>Colour <input type="color" data-k="colour" value="#000000"></label>',
  background: '<label>Background colour <input type="color" data-k="background" value="#ffffff"></label>',
  accent: '<label>Accent colour <input type="color" data-k="accent" value="#000000"></label>',
};

/** Typed date and time fields (and colour inputs); `?only=date,alarm` shows only those. */
export function datesPage(query: URLSearchParams): string {
  const only = (query.get('only') ?? 'start,meeting,alarm,birthday,returning').split(',').filter((k) => DATE_FIELDS[k]);
  return phrasingHtml(
    'dates',
    'Trip planner',
    `<h1>Plan a trip</h1>
<form class="panel" onsubmit="event.preventDefault()">
  ${only.map((k) => `<div class="row">${DATE_FIELDS[k] ?? ''} <span class="error" role="status"></span></div>`).join('\n  ')}
  <button type="button" class="primary" data-ev="click:Save">Save</button>
</form>`,
    // A text date picker accepts only its own format: anything else is marked invalid.
    `document.querySelectorAll('[data-format]').forEach((el) => el.addEventListener('input', () => {
  const ok = /^\\d{2}\\/\\d{2}\\/\\d{4}$/.test(el.value);
  el.setAttribute('aria-invalid', String(!ok));
  el.parentElement.nextElementSibling.textContent = ok ? '' : 'Use the format ' + el.placeholder;
}));`,
  );
}

export function boardPage(): string {
  const card = (name: string) => `<div draggable="true" class="card" data-card="${name}">${name}</div>`;
  return phrasingHtml(
    'board',
    'Packing board',
    `<style>.zone { min-height: 6rem; border: 2px dashed #9aa69f; border-radius: 8px; padding: .5rem; flex: 1; } .card { background: #eef3ef; border: 1px solid #9aa69f; border-radius: 6px; padding: .3rem .6rem; margin: .3rem 0; cursor: grab; }
#tip { position: absolute; background: #1b1f1d; color: #fff; padding: .3rem .6rem; border-radius: 6px; }</style>
<h1>Packing board</h1>
<p><button type="button" id="help" data-hover="help" aria-describedby="tip">Help</button> <span id="tip" role="tooltip" hidden>Drag each item to where it goes.</span>
  <span class="acct" data-hover="account" style="position:relative"><button type="button" id="account">Account</button>
  <span id="acct-menu" hidden><a href="#orders" data-ev="nav:Orders">Orders</a> <a href="#profile" data-ev="nav:Profile">Profile</a></span></span></p>
<div style="display:flex;gap:1rem">
  <div class="zone" data-zone="To pack"><h2>To pack</h2>${['Tent', 'Stove', 'Map'].map(card).join('')}</div>
  <div class="zone" tabindex="0" aria-label="Backpack" data-zone="Backpack"><h2>Backpack</h2></div>
  <div class="zone" tabindex="0" aria-label="Left at home" data-zone="Left at home"><h2>Left at home</h2></div>
</div>`,
    `let dragged = null;
document.querySelectorAll('.card').forEach((c) => c.addEventListener('dragstart', (e) => { dragged = c; e.dataTransfer.setData('text/plain', c.dataset.card); }));
document.querySelectorAll('.zone').forEach((z) => { z.addEventListener('dragover', (e) => e.preventDefault()); z.addEventListener('drop', (e) => { e.preventDefault(); const name = e.dataTransfer.getData('text/plain'); const c = document.querySelector('[data-card="' + name + '"]'); if (c) { z.appendChild(c); report('drop:' + name + '>' + z.dataset.zone); } }); });
document.getElementById('help').addEventListener('mouseenter', () => (document.getElementById('tip').hidden = false));
document.querySelector('.acct').addEventListener('mouseenter', () => (document.getElementById('acct-menu').hidden = false));`,
  );
}

export function loginPage(): string {
  return phrasingHtml(
    'login',
    'Sign in — Trailhead Club',
    `<h1>Sign in</h1>
<form class="panel" id="login" onsubmit="event.preventDefault()">
  <div class="row"><label>Username <input name="user" autocomplete="username"></label></div>
  <div class="row"><label>Password <input type="password" name="pass" autocomplete="current-password"></label></div>
  <button type="submit" class="primary">Log in</button> <a href="#forgot" data-ev="link:Forgot">Forgot your password?</a>
</form>`,
    // The demo account's password is trail-42; the page reports who signed in, never the password.
    `document.getElementById('login').addEventListener('submit', (e) => { const f = e.target; report((f.pass.value === 'trail-42' ? 'login:' : 'login-failed:') + f.user.value); });`,
  );
}
