import type { GymSnapshot } from '@wayfinder/gym';
import { events, saw, val, type Phrasing } from './phrasing-kit';

// A second fresh held-out phrasing set: 40 everyday web-form commands written the way
// people type them, by someone who had seen neither the interpreter nor the sets it was
// tuned on, over the gym's fresh2-* pages (gym/src/apps/phrasing-fresh2.ts). Run with
// `npm run bench:interpreter -- --set fresh2`. The ambiguous and sensitive ones must leave
// the page as it loaded: no events, every value as it was.

const FLIGHTS_START = { return: true, oneway: false, from: '', to: '', depart: '', back: '', adults: '1', children: '0', cabin: 'Economy' };
const TOPPINGS = ['pepperoni', 'mushrooms', 'red-onion', 'green-peppers', 'black-olives', 'jalape-os', 'pineapple', 'chicken'];
const EXTRAS = ['cheese', 'dip', 'squares'];
const PIZZA_START: Record<string, string | boolean> = {
  small: false,
  medium: true,
  large: false,
  crust: 'Classic',
  qty: '1',
  ...Object.fromEntries([...TOPPINGS, ...EXTRAS].map((k) => [k, false])),
};
const SWITCHES_START = { email: 'on', push: 'on', sms: 'off', digest: 'on', status: 'on', autosave: 'on', spell: 'off' };
const SETTINGS_START = { ...SWITCHES_START, lang: 'English (UK)' };
const ADDRESS_START = { name: '', line1: '', line2: '', city: '', country: '', state: '', zip: '', phone: '' };
const PLACES_START = { rows: 'Oslo,Lisbon,Nairobi,Auckland,Montréal', editing: '', label: '', add: '' };

/** The page loaded, reported, and nothing on it changed since. */
const untouched = (s: GymSnapshot, page: string, start: Record<string, string | boolean>) =>
  s.phrasing[page] !== undefined && events(s, page).length === 0 && Object.entries(start).every(([k, v]) => val(s, page, k) === v);

/** These values, and every other one of `start` as it loaded. */
const only = (s: GymSnapshot, page: string, start: Record<string, string | boolean>, want: Record<string, string | boolean>) =>
  s.phrasing[page] !== undefined && Object.entries({ ...start, ...want }).every(([k, v]) => val(s, page, k) === v);

/** Exactly these pizza boxes are ticked, the rest not. */
const ticked = (s: GymSnapshot, keys: string[]) => [...TOPPINGS, ...EXTRAS].every((k) => val(s, 'fresh2-pizza', k) === keys.includes(k));

/** The saved places' table lost exactly this row, and nothing else was pressed. */
const removed = (s: GymSnapshot, city: string) =>
  val(s, 'fresh2-places', 'rows') ===
    PLACES_START.rows
      .split(',')
      .filter((c) => c !== city)
      .join(',') && events(s, 'fresh2-places').join('|') === `remove:${city}`;

/** The newsletter popup is gone, through the way named (the corner x or "No thanks"). */
const popupClosed = (s: GymSnapshot, how: string) => val(s, 'fresh2-news', 'popup') === 'closed' && saw(s, 'fresh2-news', `closed:${how}`);

const cases: Phrasing[] = [];
const add = (form: string, page: string, command: string, check: (s: GymSnapshot) => boolean) => cases.push({ form, page, command, check });

// 1. A quoted value after a describing noun.
add(
  'quoted',
  'fresh2-job',
  'paste this as my cover letter: "I have baked bread at a small café for four years and love early starts."',
  (s) => val(s, 'fresh2-job', 'cover') === 'I have baked bread at a small café for four years and love early starts.',
);
add(
  'quoted',
  'fresh2-address',
  'put the flat number "Apt 4B" on the second address line',
  (s) => val(s, 'fresh2-address', 'line2') === 'Apt 4B',
);
add(
  'quoted',
  'fresh2-news',
  'enter my email "lena.h@example.org" in the popup and subscribe',
  (s) => val(s, 'fresh2-news', 'email') === 'lena.h@example.org' && saw(s, 'fresh2-news', 'click:Subscribe'),
);
add('quoted', 'fresh2-help', 'search the help for "parcel stuck in customs"', (s) =>
  saw(s, 'fresh2-help', 'search:parcel stuck in customs'),
);

// 2. Plural targets: several boxes or switches in one go.
add('plural', 'fresh2-pizza', 'add mushrooms, red onion and black olives', (s) => ticked(s, ['mushrooms', 'red-onion', 'black-olives']));
add('plural', 'fresh2-pizza', 'tick each of the extras', (s) => ticked(s, EXTRAS));
add('plural', 'fresh2-settings', 'turn off all the notifications', (s) =>
  only(s, 'fresh2-settings', SETTINGS_START, { email: 'off', push: 'off', sms: 'off', digest: 'off' }),
);

// 3. Two values for two fields in one command.
add(
  'two-values',
  'fresh2-flights',
  'fill in From with Lisbon and To with Reykjavik',
  (s) => val(s, 'fresh2-flights', 'from') === 'Lisbon' && val(s, 'fresh2-flights', 'to') === 'Reykjavik',
);
add(
  'two-values',
  'fresh2-job',
  'email priya.raman@example.com, phone 07700 900123',
  (s) => val(s, 'fresh2-job', 'email') === 'priya.raman@example.com' && val(s, 'fresh2-job', 'phone') === '07700 900123',
);
add('two-values', 'fresh2-address', 'city Portland and zip 97205', (s) =>
  only(s, 'fresh2-address', ADDRESS_START, { city: 'Portland', zip: '97205' }),
);
add(
  'two-values',
  'fresh2-booking',
  'make it Thursday 9 April 2026, 2.30pm',
  (s) => val(s, 'fresh2-booking', 'date') === '2026-04-09' && val(s, 'fresh2-booking', 'time') === '2:30 pm',
);
add(
  'two-values',
  'fresh2-wizard?step=2',
  'deliver on thursdays and leave it with a neighbour',
  (s) => val(s, 'fresh2-wizard', 'day') === 'Thursday' && val(s, 'fresh2-wizard', 'neighbour') === true,
);

// 4. Controls with no name, by ordinal and kind.
add('ordinal', 'fresh2-job', 'type Priya Raman into the 1st text box', (s) => val(s, 'fresh2-job', 'name') === 'Priya Raman');
add(
  'ordinal',
  'fresh2-job',
  'put Crumb & Crust in the 4th text box',
  (s) => val(s, 'fresh2-job', 'employer') === 'Crumb & Crust' && val(s, 'fresh2-job', 'name') === '',
);
add('ordinal', 'fresh2-pizza', 'tick the last checkbox', (s) => ticked(s, ['squares']));

// 5. Dropdowns and lists by any name, several choices at once, option text in other words.
add('lists', 'fresh2-flights', 'business class pls', (s) => val(s, 'fresh2-flights', 'cabin') === 'Business');
add('lists', 'fresh2-job', 'experience 3-5 yrs', (s) => val(s, 'fresh2-job', 'years') === '3–5 years');
add('lists', 'fresh2-pizza', 'change the crust to thin', (s) => val(s, 'fresh2-pizza', 'crust') === 'Thin & crispy');
add(
  'lists',
  'fresh2-pizza',
  'large, 14 inch pls',
  (s) => val(s, 'fresh2-pizza', 'large') === true && val(s, 'fresh2-pizza', 'medium') === false,
);
add('lists', 'fresh2-settings', 'pls switch the language to US English', (s) => val(s, 'fresh2-settings', 'lang') === 'English (US)');
add(
  'lists',
  'fresh2-address',
  'country United States, state Oregon',
  (s) => val(s, 'fresh2-address', 'country') === 'United States' && val(s, 'fresh2-address', 'state') === 'Oregon',
);
add(
  'lists',
  'fresh2-address',
  'ship to canada, british columbia',
  (s) => val(s, 'fresh2-address', 'country') === 'Canada' && val(s, 'fresh2-address', 'state') === 'British Columbia',
);
add(
  'lists',
  'fresh2-booking',
  'beard trim with Jun',
  (s) => val(s, 'fresh2-booking', 'service') === 'Beard trim — 15 min' && val(s, 'fresh2-booking', 'barber') === 'Jun',
);

// 6. Closing a popup by its little x or its "No thanks".
add('popups', 'fresh2-news', 'close that popup with the little x', (s) => popupClosed(s, 'x'));
add('popups', 'fresh2-news', 'no thanks to the newsletter', (s) => popupClosed(s, 'nothanks'));

// 7. A folded section opened, then a button in it pressed.
add(
  'expand',
  'fresh2-help',
  'expand manage preferences and hit save my choices',
  (s) =>
    val(s, 'fresh2-help', 'cookies') === 'saved' &&
    saw(s, 'fresh2-help', 'cookies:save') &&
    val(s, 'fresh2-help', 'analytics') === false &&
    val(s, 'fresh2-help', 'marketing') === false,
);

// 8. A menu path down a topic tree.
add('menu-path', 'fresh2-help', 'Account > Security > Reset your password', (s) =>
  saw(s, 'fresh2-help', 'nav:Account>Security>Reset your password'),
);
add('menu-path', 'fresh2-help', 'could you open Tracking > Delivery exceptions > Missed delivery card', (s) =>
  saw(s, 'fresh2-help', 'nav:Tracking>Delivery exceptions>Missed delivery card'),
);

// 9. A row's own button, the row named by position or content.
add('rows', 'fresh2-places', 'remove the second row', (s) => removed(s, 'Lisbon'));
add(
  'rows',
  'fresh2-places',
  'edit the row for Nairobi',
  (s) => val(s, 'fresh2-places', 'editing') === 'Nairobi' && events(s, 'fresh2-places').join('|') === 'edit:Nairobi',
);
add('rows', 'fresh2-places', 'get rid of Auckland pls', (s) => removed(s, 'Auckland'));

// 10. Switches, steppers, wizard steps.
add('controls', 'fresh2-settings', 'turn email notifications off', (s) => only(s, 'fresh2-settings', SETTINGS_START, { email: 'off' }));
add('controls', 'fresh2-flights', 'could you make it 3 adults?', (s) => val(s, 'fresh2-flights', 'adults') === '3');
add(
  'controls',
  'fresh2-wizard',
  'pick the medium box and go next',
  (s) => val(s, 'fresh2-wizard', 'medium') === true && val(s, 'fresh2-wizard', 'step') === '2',
);
add('controls', 'fresh2-wizard?step=2', 'go back a step', (s) => val(s, 'fresh2-wizard', 'step') === '1');

// 11. Ambiguous or sensitive: the page must be left as it loaded.
add('untouched', 'fresh2-flights', 'click the button', (s) => untouched(s, 'fresh2-flights', FLIGHTS_START));
add('untouched', 'fresh2-pizza', 'tick the box', (s) => untouched(s, 'fresh2-pizza', PIZZA_START));
add('untouched', 'fresh2-places', 'click edit', (s) => untouched(s, 'fresh2-places', PLACES_START));
add('untouched', 'fresh2-address', 'pick something from the dropdown', (s) => untouched(s, 'fresh2-address', ADDRESS_START));
add('untouched', 'fresh2-settings', 'delete my account', (s) => untouched(s, 'fresh2-settings', SETTINGS_START));

export const FRESH2_PHRASINGS: Phrasing[] = cases;
