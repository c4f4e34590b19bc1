import type { GymSnapshot } from '@wayfinder/gym';
import { events, focused, saw, val, type Phrasing } from './phrasing-kit';

// A held-out phrasing set (issue 18): 30 direct commands written the way a new user
// would type them, by someone who did not see the interpreter or the main set, over the
// same gym phrasing pages. Run with `npm run bench:interpreter -- --set heldout`. The
// ambiguous ones must leave the page as it loaded: no events, every value as it was.

const FORM_START: Record<string, string | boolean> = {
  first: '',
  last: '',
  email: '',
  phone: '',
  pw1: '',
  pw2: '',
  notes: '',
  size: 'Medium',
  basic: false,
  standard: false,
  premium: false,
  news: false,
  terms: false,
  offers: true,
};
const DATES_START: Record<string, string> = { start: '', meeting: '', alarm: '', birthday: '', returning: '' };

/** The page loaded, reported, and nothing on it changed since. */
const untouched = (s: GymSnapshot, page: string, start: Record<string, string | boolean>) =>
  s.phrasing[page] !== undefined && events(s, page).length === 0 && Object.entries(start).every(([k, v]) => val(s, page, k) === v);

const cases: Phrasing[] = [];
const add = (form: string, page: string, command: string, check: (s: GymSnapshot) => boolean) => cases.push({ form, page, command, check });

// Ordinals over a kind, in page order.
add('ordinal', 'form', 'put Smith in the second text box', (s) => val(s, 'form', 'last') === 'Smith');
add('ordinal', 'form', 'could you tick the second checkbox', (s) => val(s, 'form', 'terms') === true);
add('ordinal', 'form', 'select the 3rd radio button', (s) => val(s, 'form', 'premium') === true);
add('ordinal', 'form', 'open the second link', (s) => saw(s, 'form', 'link:Privacy'));

// Kind words for the one control of that kind.
add('kind', 'lists', 'choose Iceland in the list box', (s) => val(s, 'lists', 'country') === 'Iceland');
add('kind', 'lists', 'move the slider to 80', (s) => val(s, 'lists', 'volume') === '80');
add('kind', 'form', 'write "Great service" in the text area', (s) => val(s, 'form', 'notes') === 'Great service');

// Plurals meaning all of them.
add('plural', 'form', 'tick every checkbox', (s) => ['news', 'terms', 'offers'].every((k) => val(s, 'form', k) === true));
add(
  'plural',
  'form',
  'type hunter2 into both password fields',
  (s) => val(s, 'form', 'pw1') === 'hunter2' && val(s, 'form', 'pw2') === 'hunter2',
);

// Verbs.
add('verb', 'board', 'hover the mouse over Account', (s) => saw(s, 'board', 'hover:account'));
add('verb', 'menus', 'clear out cell A1', (s) => val(s, 'menus', 'a1') === '');
add('verb', 'sections', 'scroll the terms box all the way down', (s) => saw(s, 'sections', 'scroll:terms:bottom'));
add('verb', 'board', 'drag the stove over to Left at home', (s) => saw(s, 'board', 'drop:Stove>Left at home'));
add('verb', 'login', 'log me in as ranger, the password is trail-42', (s) => saw(s, 'login', 'login:ranger'));
add('verb', 'form', 'fill in the phone number with 555 0100', (s) => val(s, 'form', 'phone') === '555 0100');
add('verb', 'sections', 'put the cursor in the Display name field', (s) => focused(s, 'sections') === 'display');
add('verb', 'sections', 'switch over to the Security tab', (s) => saw(s, 'sections', 'tab:Security'));

// Icon-only controls by meaning.
add('icon', 'popup?close=x', 'hit the little x', (s) => saw(s, 'popup', 'closed:popup'));
add('icon', 'popup', 'tap the hamburger icon', (s) => saw(s, 'popup', 'open:menu'));
add('icon', 'popup', 'click the magnifying glass', (s) => saw(s, 'popup', 'open:search'));

// Menu paths.
add('menu', 'menus', 'go Edit then Paste Special then Values', (s) => saw(s, 'menus', 'menu:Edit>Paste Special>Values'));
add('menu', 'menus', 'from the File menu choose Export, then CSV', (s) => saw(s, 'menus', 'menu:File>Export>CSV'));

// Typed values, dates in several written forms; the page must hold them.
add('typed', 'dates?only=date', 'set the date field to March 3rd 2021', (s) => val(s, 'dates', 'date') === '2021-03-03');
add('typed', 'dates', 'enter 14 July 2025 as the birthday', (s) => val(s, 'dates', 'birthday') === '14/07/2025');
add('typed', 'dates', 'set the alarm for 7:30 pm', (s) => val(s, 'dates', 'alarm') === '19:30');
add('typed', 'dates', 'make the meeting time June 1st 2025 at 9:15am', (s) => val(s, 'dates', 'meeting') === '2025-06-01T09:15');

// Compound instructions.
add(
  'compound',
  'form',
  'type Ann as the first name, pick Premium and then press Submit',
  (s) => val(s, 'form', 'first') === 'Ann' && val(s, 'form', 'premium') === true && saw(s, 'form', 'click:Submit'),
);
add(
  'compound',
  'sections',
  'open Advanced options, tick Enable logging and hit Submit',
  (s) => val(s, 'sections', 'logging') === true && saw(s, 'sections', 'click:Submit'),
);

// Ambiguous: several candidates; the page must stay as it was.
add('ambiguous', 'form', 'tick the checkbox', (s) => untouched(s, 'form', FORM_START));
add('ambiguous', 'popup', 'click the button', (s) => untouched(s, 'popup', {}));
add('ambiguous', 'dates', 'set the date to 5 May 2024', (s) => untouched(s, 'dates', DATES_START));

export const HELDOUT_PHRASINGS: Phrasing[] = cases;
