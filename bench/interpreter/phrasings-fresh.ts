import type { GymSnapshot } from '@wayfinder/gym';
import { events, focused, saw, val, type Phrasing } from './phrasing-kit';

// A fresh held-out phrasing set: 40 everyday web-form commands written the way people
// type them, by someone who had not seen the interpreter, its main sets or what it was
// tuned on; mostly over the gym's fresh-* pages (gym/src/apps/phrasing-fresh.ts), some over
// the older phrasing pages. Run with `npm run bench:interpreter -- --set fresh`. The
// ambiguous and sensitive ones must leave the page as it loaded: no events, every value as
// it was.

const SURVEY_START = { nights: '', room: '', liked: '', other: '', r1: false, r2: false, r3: false, r4: false, r5: false };
const TRAVELLERS_START = { title1: '', first1: '', last1: '', title2: '', first2: '', last2: '' };
const MAIL_START = { email: '', server: '', port: '', user: '', pass: '' };

/** The page loaded, reported, and nothing on it changed since. */
const untouched = (s: GymSnapshot, page: string, start: Record<string, string | boolean>) =>
  s.phrasing[page] !== undefined && events(s, page).length === 0 && Object.entries(start).every(([k, v]) => val(s, page, k) === v);

/** A multiple select's choices (reported joined by commas) are exactly these, in any order. */
const chosen = (s: GymSnapshot, page: string, k: string, want: string[]) => {
  const got = String(val(s, page, k) ?? '')
    .split(',')
    .filter(Boolean);
  return got.length === want.length && want.every((w) => got.includes(w));
};

/** Exactly one radio of the survey's rating scale is on: this one. */
const rated = (s: GymSnapshot, n: number) => [1, 2, 3, 4, 5].every((i) => val(s, 'fresh-survey', `r${i}`) === (i === n));

/** The offer popup is gone, through the way named (corner button or Later). */
const offerClosed = (s: GymSnapshot, how: string) => val(s, 'fresh-offer', 'offer') === 'closed' && saw(s, 'fresh-offer', `closed:${how}`);

const cases: Phrasing[] = [];
const add = (form: string, page: string, command: string, check: (s: GymSnapshot) => boolean) => cases.push({ form, page, command, check });

// 1. A quoted value after a describing noun.
add('quoted', 'fresh-basket', 'Enter the code "K7P-22" into the box', (s) => val(s, 'fresh-basket', 'promo') === 'K7P-22');
add('quoted', 'fresh-survey', 'Put the number "58" in the second field', (s) => val(s, 'fresh-survey', 'room') === '58');
add(
  'quoted',
  'fresh-mail',
  'Could you put the address "imap.fastmail.com" in the incoming server box?',
  (s) => val(s, 'fresh-mail', 'server') === 'imap.fastmail.com',
);
add('quoted', 'lists', 'enter the colour code "#3a7bd5" in the accent colour field', (s) => val(s, 'lists', 'hex') === '#3a7bd5');
add(
  'quoted',
  'form',
  'type the email "ana.lopez@example.org" into the Email box',
  (s) => val(s, 'form', 'email') === 'ana.lopez@example.org',
);

// 2. Plural targets, and two values for two fields named by kind.
add(
  'plural',
  'fresh-travellers',
  'enter Smith in each of the two surname boxes',
  (s) => val(s, 'fresh-travellers', 'last1') === 'Smith' && val(s, 'fresh-travellers', 'last2') === 'Smith',
);
add('plural', 'fresh-travellers', 'type TBC into all the text fields', (s) =>
  ['first1', 'last1', 'first2', 'last2'].every((k) => val(s, 'fresh-travellers', k) === 'TBC'),
);
add(
  'plural',
  'fresh-mail',
  'Put "ana" as the user name and "x9" as the password',
  (s) => val(s, 'fresh-mail', 'user') === 'ana' && val(s, 'fresh-mail', 'pass') === 'x9',
);
add(
  'plural',
  'form',
  'put "Ana" as the first name and "Lopez" as the surname',
  (s) => val(s, 'form', 'first') === 'Ana' && val(s, 'form', 'last') === 'Lopez',
);
add(
  'plural',
  'fresh-mail',
  'fill in ana@example.com as the email address and ana as the username',
  (s) => val(s, 'fresh-mail', 'email') === 'ana@example.com' && val(s, 'fresh-mail', 'user') === 'ana',
);

// 3. Controls with no name at all: ordinals and kind words, in page order.
add('unnamed', 'fresh-survey', 'type 3 in the first box', (s) => val(s, 'fresh-survey', 'nights') === '3');
add('unnamed', 'fresh-survey', 'select the fourth radio button', (s) => rated(s, 4));
add('unnamed', 'fresh-survey', 'put the cursor in the last box', (s) => focused(s, 'fresh-survey') === 'other');
add('unnamed', 'fresh-survey', 'write "the sea view" in the 3rd text box', (s) => val(s, 'fresh-survey', 'liked') === 'the sea view');
add('unnamed', 'fresh-travellers', 'fill the 3rd text box with Ana', (s) => val(s, 'fresh-travellers', 'first2') === 'Ana');

// 4. Lists by the names people use; several choices at once; option text through spacing and unit variants.
add('list', 'fresh-trip', 'Pick Oslo and Lima from the list', (s) => chosen(s, 'fresh-trip', 'dest', ['Oslo', 'Lima']));
add('list', 'fresh-trip', 'select Kyoto, Porto and Hanoi in the destinations box', (s) =>
  chosen(s, 'fresh-trip', 'dest', ['Kyoto', 'Porto', 'Hanoi']),
);
add('list', 'fresh-fit', 'set the height dropdown to 5ft 2in', (s) => val(s, 'fresh-fit', 'height') === '5 ft 2 in');
add('list', 'fresh-fit', 'choose 5 foot 9 from the height menu', (s) => val(s, 'fresh-fit', 'height') === '5 ft 9 in');
add('list', 'fresh-fit', 'pick Relaxed in the fit dropdown', (s) => val(s, 'fresh-fit', 'fit') === 'Relaxed');
add('list', 'lists', 'pick Estonia from the scroll list', (s) => val(s, 'lists', 'country') === 'Estonia');
add('list', 'form', 'choose Large from the menu', (s) => val(s, 'form', 'size') === 'Large');
add('list', 'fresh-trip', 'set the budget to £500-£1000', (s) => val(s, 'fresh-trip', 'budget') === '£500–£1,000');

// 5. Closing a popup by its little x, or its Later button.
add('close', 'fresh-offer?close=times', 'shut the pop-up with the ×', (s) => offerClosed(s, 'corner'));
add('close', 'fresh-offer?close=cross', 'click the ✕', (s) => offerClosed(s, 'corner'));
add('close', 'fresh-offer?close=x', 'press the x to close this', (s) => offerClosed(s, 'corner'));
add('close', 'fresh-offer?close=label', 'hit close on the popup', (s) => offerClosed(s, 'corner'));
add('close', 'fresh-offer', 'click the button that says Later', (s) => offerClosed(s, 'later'));

// 6. Open a folded section, then the button named Continue (not the tab, heading or link with the word).
const continued = (s: GymSnapshot, opened: string) =>
  saw(s, 'fresh-checkout', opened) &&
  saw(s, 'fresh-checkout', 'click:Continue') &&
  !saw(s, 'fresh-checkout', 'link:Continue shopping') &&
  !saw(s, 'fresh-checkout', 'tab:Continue as guest');
add('fold', 'fresh-checkout', 'open the folded part underneath, then hit Continue', (s) => continued(s, 'delivery:open'));
add('fold', 'fresh-checkout', 'Please expand Delivery options and click the Continue button', (s) => continued(s, 'delivery:open'));
add('fold', 'fresh-checkout?layout=gift', 'unfold the gift message bit and then press Continue', (s) => continued(s, 'gift:open'));

// 7. Menu paths whose deeper items show only once the parent opens, and hover menus.
add('menu', 'menus', 'File > Export > PDF', (s) => saw(s, 'menus', 'menu:File>Export>PDF'));
add('menu', 'menus', 'go to Edit > Paste Special > Formats', (s) => saw(s, 'menus', 'menu:Edit>Paste Special>Formats'));
add('menu', 'menus', 'View > Full Screen please', (s) => saw(s, 'menus', 'menu:View>Full Screen'));
add('menu', 'fresh-shop', 'hover over Men and click Trainers', (s) => saw(s, 'fresh-shop', 'nav:Men>Trainers'));
add('menu', 'fresh-shop', 'Women > Coats', (s) => saw(s, 'fresh-shop', 'nav:Women>Coats') && !saw(s, 'fresh-shop', 'nav:Men>Coats'));

// 8. Ambiguous or missing a value: the page must stay as it loaded.
add('ambiguous', 'fresh-survey', 'type 4 in the box', (s) => untouched(s, 'fresh-survey', SURVEY_START));
add('ambiguous', 'fresh-travellers', 'put Lee as the first name', (s) => untouched(s, 'fresh-travellers', TRAVELLERS_START));
add('ambiguous', 'fresh-mail', 'enter my password', (s) => untouched(s, 'fresh-mail', MAIL_START));
add('ambiguous', 'fresh-shop', 'click Shoes', (s) => untouched(s, 'fresh-shop', { q: '' }));

export const FRESH_PHRASINGS: Phrasing[] = cases;
