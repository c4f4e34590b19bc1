import { escapeHtml } from '../http';
import {
  basketPage,
  checkoutPage,
  fitPage,
  mailPage,
  offerPage,
  shopNavPage,
  surveyPage,
  travellersPage,
  tripPage,
} from './phrasing-fresh';
import {
  addressPage,
  bookingPage,
  flightsPage,
  helpPage,
  jobPage,
  newsletterPage,
  pizzaPage,
  placesPage,
  settingsPage,
  wizardPage,
} from './phrasing-fresh2';
import { phrasingHtml } from './phrasing-html';
import { boardPage, datesPage, loginPage, menusPage, sectionsPage } from './phrasing-pages-more';

// The phrasing pages themselves: plain HTML as sites write it, each control marked with
// data-k (reported value), data-ev (reported click) or data-hover.

type PageBuilder = (query: URLSearchParams) => string;

function formPage(): string {
  return phrasingHtml(
    'form',
    'Account form',
    `<h1>Create your account</h1>
<form class="panel" onsubmit="event.preventDefault()">
  <div class="row"><label>First name <input data-k="first" autocomplete="off"></label>
    <label>Last name <input data-k="last" autocomplete="off"></label></div>
  <div class="row"><label>Email <input type="email" data-k="email" autocomplete="off"></label>
    <label>Phone <input type="tel" data-k="phone" autocomplete="off"></label></div>
  <div class="row"><label>Password <input type="password" data-k="pw1" autocomplete="new-password"></label>
    <label>Confirm password <input type="password" data-k="pw2" autocomplete="new-password"></label></div>
  <div class="row"><label>Size <select data-k="size"><option>Small</option><option selected>Medium</option><option>Large</option></select></label></div>
  <fieldset><legend>Plan</legend>
    <label><input type="radio" name="plan" data-k="basic"> Basic</label>
    <label><input type="radio" name="plan" data-k="standard"> Standard</label>
    <label><input type="radio" name="plan" data-k="premium"> Premium</label></fieldset>
  <div class="row"><label><input type="checkbox" data-k="news"> Send me the newsletter</label>
    <label><input type="checkbox" data-k="terms"> I accept the terms</label>
    <label><input type="checkbox" data-k="offers" checked> Partner offers</label></div>
  <div class="row"><label>Comments <textarea data-k="notes" rows="3"></textarea></label></div>
  <p><a href="#help" data-ev="link:Help">Help</a> · <a href="#privacy" data-ev="link:Privacy">Privacy</a> · <a href="#contact" data-ev="link:Contact">Contact us</a></p>
  <button type="submit" class="primary" data-ev="click:Submit">Submit</button>
  <button type="button" data-ev="click:Cancel">Cancel</button>
</form>`,
  );
}

const GLYPHS: Record<string, string> = { times: '×', cross: '✕', x: 'x' };

/** A popup over the page with an icon-only close button (×, ✕ or x), a ☰ menu and a 🔍 search. */
function popupPage(query: URLSearchParams): string {
  const glyph = GLYPHS[query.get('close') ?? 'times'] ?? '×';
  return phrasingHtml(
    'popup',
    'Trail news',
    `<header class="panel" style="display:flex;gap:1rem;align-items:center">
  <button type="button" class="icon" id="menu-btn" aria-expanded="false" data-ev="open:menu">☰</button>
  <strong>Trail news</strong>
  <span style="flex:1"></span>
  <button type="button" class="icon" id="search-btn" data-ev="open:search">🔍</button>
  <form id="search-form" hidden onsubmit="event.preventDefault(); report('search:' + this.q.value)"><input name="q" data-k="q" placeholder="Search articles" aria-label="Search articles"></form>
</header>
<nav id="site-menu" class="panel" hidden><a href="#home" data-ev="nav:Home">Home</a> · <a href="#settings" data-ev="nav:Settings">Settings</a> · <a href="#archive" data-ev="nav:Archive">Archive</a></nav>
<h1>This week on the trail</h1>
<p>Spring routes are open. The ridge path reopens on Friday.</p>
<div role="dialog" aria-labelledby="pop-title" id="popup" class="panel" style="position:fixed;top:20%;left:30%;width:24rem;box-shadow:0 4px 20px #0004">
  <button type="button" class="icon" style="float:right" data-ev="closed:popup" onclick="this.parentElement.hidden = true">${escapeHtml(glyph)}</button>
  <h2 id="pop-title">Join our newsletter</h2>
  <p>Get trail news once a month.</p>
</div>`,
    `document.getElementById('menu-btn').addEventListener('click', (e) => { const m = document.getElementById('site-menu'); m.hidden = !m.hidden; e.currentTarget.setAttribute('aria-expanded', String(!m.hidden)); });
document.getElementById('search-btn').addEventListener('click', () => { const f = document.getElementById('search-form'); f.hidden = false; f.q.focus(); });`,
  );
}

function listsPage(): string {
  const countries = ['Denmark', 'Finland', 'Iceland', 'Norway', 'Sweden', 'Estonia'];
  return phrasingHtml(
    'lists',
    'Preferences',
    `<h1>Preferences</h1>
<div class="panel">
  <div class="row"><label for="country">Country</label><br><select id="country" size="6" data-k="country">${countries.map((c) => `<option>${c}</option>`).join('')}</select></div>
  <div class="row"><label>Quantity <input type="number" min="1" max="20" value="1" data-k="qty"></label></div>
  <div class="row"><label>Volume <input type="range" min="0" max="100" value="50" data-k="volume"></label></div>
  <fieldset><legend>Colour</legend>
    <label><input type="radio" name="colour" data-k="red"> Red</label>
    <label><input type="radio" name="colour" data-k="green" checked> Green</label>
    <label><input type="radio" name="colour" data-k="blue"> Blue</label></fieldset>
  <div class="row"><label>Accent colour (hex) <input data-k="hex" placeholder="#rrggbb" autocomplete="off"></label></div>
  <div class="row"><label><input type="checkbox" data-k="dark"> Dark mode</label> <label><input type="checkbox" data-k="sounds" checked> Sounds</label></div>
  <button type="button" class="primary" data-ev="click:Save">Save</button>
</div>`,
  );
}

export const PHRASING_PAGES: Record<string, PageBuilder> = {
  form: formPage,
  popup: popupPage,
  lists: listsPage,
  menus: menusPage,
  sections: sectionsPage,
  dates: datesPage,
  board: boardPage,
  login: loginPage,
  // The fresh held-out set's pages (bench/interpreter/phrasings-fresh.ts).
  'fresh-basket': basketPage,
  'fresh-survey': surveyPage,
  'fresh-mail': mailPage,
  'fresh-travellers': travellersPage,
  'fresh-trip': tripPage,
  'fresh-fit': fitPage,
  'fresh-offer': offerPage,
  'fresh-checkout': checkoutPage,
  'fresh-shop': shopNavPage,
  // The second fresh held-out set's pages (bench/interpreter/phrasings-fresh2.ts).
  'fresh2-flights': flightsPage,
  'fresh2-job': jobPage,
  'fresh2-pizza': pizzaPage,
  'fresh2-settings': settingsPage,
  'fresh2-address': addressPage,
  'fresh2-news': newsletterPage,
  'fresh2-places': placesPage,
  'fresh2-booking': bookingPage,
  'fresh2-help': helpPage,
  'fresh2-wizard': wizardPage,
};
