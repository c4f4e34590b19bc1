import type { GymSnapshot } from '@wayfinder/gym';
import { addLoosePhrasings } from './phrasings-loose';
import { events, focused, saw, val, type Phrasing } from './phrasing-kit';

// The phrasing set (the pages, the checks: phrasing-kit.ts). Each form of the issue has its
// block; the looser phrasings are in phrasings-loose.ts.

export type { Phrasing } from './phrasing-kit';

const cases: Phrasing[] = [];
const add = (form: string, page: string, command: string, check: (s: GymSnapshot) => boolean) => cases.push({ form, page, command, check });

// Ordinals over a kind, in page order.
for (const [cmd, k] of [
  ['type "Ann" into the first text box', 'first'],
  ['type "Ann" in the 2nd textbox', 'last'],
  ['write "Ann" in the third text field', 'email'],
  ['enter "Ann" into the 4th text box', 'phone'],
  ['type "Ann" into the 1st field', 'first'],
  ['put "Ann" in the second field', 'last'],
  ['type "Ann" into the last text box', 'notes'],
  ['write Ann in the first input', 'first'],
] as const)
  add('ordinal', 'form', cmd, (s) => val(s, 'form', k) === 'Ann');
for (const [cmd, k] of [
  ['tick the first checkbox', 'news'],
  ['check the 2nd checkbox', 'terms'],
  ['untick the last checkbox', 'offers'],
  ['uncheck the third checkbox', 'offers'],
  ['tick the second check box', 'terms'],
] as const)
  add('ordinal', 'form', cmd, (s) => val(s, 'form', k) === !/un/.test(cmd));
for (const [cmd, k] of [
  ['select the 3rd radio button', 'premium'],
  ['pick the first radio button', 'basic'],
  ['choose the second option button', 'standard'],
  ['select the last radio', 'premium'],
  ['pick the third option button', 'premium'],
] as const)
  add('ordinal', 'form', cmd, (s) => val(s, 'form', k) === true);
for (const [cmd, link] of [
  ['click the first link', 'Help'],
  ['click the 2nd link', 'Privacy'],
  ['follow the last link', 'Contact'],
  ['tap the third link', 'Contact'],
  ['click the first button', 'Submit'],
  ['press the second button', 'Cancel'],
] as const)
  add('ordinal', 'form', cmd, (s) => saw(s, 'form', link === 'Submit' || link === 'Cancel' ? `click:${link}` : `link:${link}`));
add('ordinal', 'form', 'put the cursor in the second text box', (s) => focused(s, 'form') === 'last');
add('ordinal', 'form', 'type "x1" in the first password box', (s) => val(s, 'form', 'pw1') === 'x1');
add('ordinal', 'form', 'type "x1" in the second password field', (s) => val(s, 'form', 'pw2') === 'x1');

// Kind words for the only control of that kind.
for (const [cmd, want] of [
  ['choose Large from the dropdown', 'Large'],
  ['select Small in the dropdown', 'Small'],
  ['pick "Large" from the drop-down', 'Large'],
  ['set the dropdown to Small', 'Small'],
  ['choose Large in the select box', 'Large'],
] as const)
  add('kind', 'form', cmd, (s) => val(s, 'form', 'size') === want);
for (const [cmd, want] of [
  ['pick Norway from the list', 'Norway'],
  ['select Sweden in the list', 'Sweden'],
  ['choose Iceland from the list box', 'Iceland'],
  ['pick "Finland" from the list', 'Finland'],
] as const)
  add('kind', 'lists', cmd, (s) => val(s, 'lists', 'country') === want);
for (const [cmd, want] of [
  ['set the slider to 70', '70'],
  ['move the slider to 30', '30'],
  ['set the slider to 55', '55'],
  ['slide the slider to 100', '100'],
] as const)
  add('kind', 'lists', cmd, (s) => val(s, 'lists', 'volume') === want);
add('kind', 'form', 'type "Great club" into the textarea', (s) => val(s, 'form', 'notes') === 'Great club');
add('kind', 'form', 'write "Great club" in the text area', (s) => val(s, 'form', 'notes') === 'Great club');
add('kind', 'form', 'fill in the textarea with Thanks', (s) => val(s, 'form', 'notes') === 'Thanks');
add('kind', 'lists', 'set the spinbutton to 7', (s) => val(s, 'lists', 'qty') === '7');
add('kind', 'lists', 'type 4 into the number field', (s) => val(s, 'lists', 'qty') === '4');
add('kind', 'menus', 'type 99 into the text box', (s) => val(s, 'menus', 'a1') === '99');
add('kind', 'menus', 'clear the text field', (s) => val(s, 'menus', 'a1') === '');

// Plurals: all of a kind.
add(
  'plural',
  'form',
  'type "s3cret!" in both password boxes',
  (s) => val(s, 'form', 'pw1') === 's3cret!' && val(s, 'form', 'pw2') === 's3cret!',
);
add(
  'plural',
  'form',
  'enter "s3cret!" into both password fields',
  (s) => val(s, 'form', 'pw1') === 's3cret!' && val(s, 'form', 'pw2') === 's3cret!',
);
add('plural', 'form', 'tick all checkboxes', (s) => ['news', 'terms', 'offers'].every((k) => val(s, 'form', k) === true));
add('plural', 'form', 'check all the checkboxes', (s) => ['news', 'terms', 'offers'].every((k) => val(s, 'form', k) === true));
add('plural', 'form', 'untick all checkboxes', (s) => ['news', 'terms', 'offers'].every((k) => val(s, 'form', k) === false));
add('plural', 'form', 'uncheck every checkbox', (s) => ['news', 'terms', 'offers'].every((k) => val(s, 'form', k) === false));
add('plural', 'lists', 'tick both checkboxes', (s) => val(s, 'lists', 'dark') === true && val(s, 'lists', 'sounds') === true);
add('plural', 'lists', 'clear both checkboxes', (s) => val(s, 'lists', 'dark') === false && val(s, 'lists', 'sounds') === false);
add('plural', 'form', 'type "Ann" into all text boxes', (s) =>
  ['first', 'last', 'email', 'phone', 'notes'].every((k) => val(s, 'form', k) === 'Ann'),
);

// Verbs.
add('verbs', 'form', 'focus the email field', (s) => focused(s, 'form') === 'email');
add('verbs', 'form', 'click into Last name', (s) => focused(s, 'form') === 'last');
add('verbs', 'form', 'put the cursor in the Phone field', (s) => focused(s, 'form') === 'phone');
add('verbs', 'form', 'place the cursor in the comments box', (s) => focused(s, 'form') === 'notes');
add('verbs', 'sections', 'expand Shipping details', (s) => saw(s, 'sections', 'ship:open'));
add('verbs', 'sections', 'open the Shipping details section', (s) => saw(s, 'sections', 'ship:open'));
add('verbs', 'sections', 'collapse Billing details', (s) => saw(s, 'sections', 'bill:closed'));
add('verbs', 'sections', 'close the Billing details section', (s) => saw(s, 'sections', 'bill:closed'));
add('verbs', 'sections', 'expand Advanced options', (s) => saw(s, 'sections', 'advanced:open'));
add('verbs', 'sections?ship=open', 'open the collapsed section', (s) => saw(s, 'sections', 'advanced:open'));
add('unsure', 'sections', 'open the collapsed section', (s) => !saw(s, 'sections', 'advanced:open') && !saw(s, 'sections', 'ship:open'));
add('verbs', 'sections', 'expand Billing details', (s) => !saw(s, 'sections', 'bill:closed'));
add('verbs', 'board', 'hover over Help', (s) => saw(s, 'board', 'hover:help'));
add('verbs', 'board', 'hover over the Account button', (s) => saw(s, 'board', 'hover:account'));
add('verbs', 'board', 'move the mouse over Help', (s) => saw(s, 'board', 'hover:help'));
add('verbs', 'board', 'hover over Account and click Orders', (s) => saw(s, 'board', 'nav:Orders'));
add('verbs', 'menus', 'clear Cell A1', (s) => val(s, 'menus', 'a1') === '');
add('verbs', 'menus', 'clear the cell A1 field', (s) => val(s, 'menus', 'a1') === '');
add('verbs', 'lists', 'clear Sounds', (s) => val(s, 'lists', 'sounds') === false);
add('verbs', 'sections', 'scroll the terms box to the end', (s) => saw(s, 'sections', 'scroll:terms:bottom'));
add('verbs', 'sections', 'scroll to the bottom of the terms box', (s) => saw(s, 'sections', 'scroll:terms:bottom'));
add('verbs', 'sections', 'scroll down in the terms box', (s) => events(s, 'sections').some((e) => e.startsWith('scroll:terms:')));
add('verbs', 'sections', 'scroll the Terms box down', (s) => events(s, 'sections').some((e) => e.startsWith('scroll:terms:')));
add(
  'verbs',
  'sections',
  'scroll the terms box to the bottom then scroll up in the terms box',
  (s) => saw(s, 'sections', 'scroll:terms:middle') || saw(s, 'sections', 'scroll:terms:top'),
);
add('verbs', 'board', 'drag Tent to Backpack', (s) => saw(s, 'board', 'drop:Tent>Backpack'));
add('verbs', 'board', 'drag the Stove onto the Backpack', (s) => saw(s, 'board', 'drop:Stove>Backpack'));
add('verbs', 'board', 'move Map to Left at home', (s) => saw(s, 'board', 'drop:Map>Left at home'));
add('verbs', 'board', 'drag and drop Tent into "Left at home"', (s) => saw(s, 'board', 'drop:Tent>Left at home'));
add(
  'verbs',
  'board',
  'drag Map to Backpack and drag Stove to Backpack',
  (s) => saw(s, 'board', 'drop:Map>Backpack') && saw(s, 'board', 'drop:Stove>Backpack'),
);
add('verbs', 'form', 'choose Premium', (s) => val(s, 'form', 'premium') === true);
add('verbs', 'form', 'pick Standard', (s) => val(s, 'form', 'standard') === true);
add('verbs', 'form', 'tick "I accept the terms"', (s) => val(s, 'form', 'terms') === true);
add('verbs', 'form', 'untick Partner offers', (s) => val(s, 'form', 'offers') === false);
add('verbs', 'form', 'toggle Partner offers', (s) => val(s, 'form', 'offers') === false);
add('verbs', 'form', 'toggle the newsletter checkbox', (s) => val(s, 'form', 'news') === true);
add('verbs', 'lists', 'toggle Dark mode', (s) => val(s, 'lists', 'dark') === true);
add('verbs', 'form', 'hit the submit button', (s) => saw(s, 'form', 'click:Submit'));
add('verbs', 'form', 'tap Cancel', (s) => saw(s, 'form', 'click:Cancel'));
add('verbs', 'form', 'press Submit', (s) => saw(s, 'form', 'click:Submit'));
add('verbs', 'form', 'hit Cancel', (s) => saw(s, 'form', 'click:Cancel'));
add('verbs', 'lists', 'press the Save button', (s) => saw(s, 'lists', 'click:Save'));
add('verbs', 'login', 'log in as ann with password trail-42', (s) => saw(s, 'login', 'login:ann'));
add('verbs', 'login', 'log in as "ann.lee" with password "trail-42"', (s) => saw(s, 'login', 'login:ann.lee'));
add('verbs', 'login', 'login as bob with the password trail-42', (s) => saw(s, 'login', 'login:bob'));
add('verbs', 'login', 'log in as ann using password trail-42', (s) => saw(s, 'login', 'login:ann'));
add('verbs', 'form', 'fill in First name with Ann', (s) => val(s, 'form', 'first') === 'Ann');
add('verbs', 'form', 'fill in the email field with ann@example.org', (s) => val(s, 'form', 'email') === 'ann@example.org');
add('verbs', 'form', 'fill in Phone with 555 0100', (s) => val(s, 'form', 'phone') === '555 0100');
add('verbs', 'form', 'fill out Last name with Lee', (s) => val(s, 'form', 'last') === 'Lee');
add('verbs', 'sections', 'click the Security tab', (s) => saw(s, 'sections', 'tab:Security'));
add('verbs', 'sections', 'open the Notifications tab', (s) => saw(s, 'sections', 'tab:Notifications'));
add('verbs', 'sections', 'switch to the Security tab then tick Two-factor sign-in', (s) => val(s, 'sections', 'twofactor') === true);

// Compound instructions.
add('compound', 'form', 'put the cursor in the second text box', (s) => focused(s, 'form') === 'last');
add(
  'compound',
  'form',
  'type "X" in both password boxes and hit the submit button',
  (s) => val(s, 'form', 'pw1') === 'X' && val(s, 'form', 'pw2') === 'X' && saw(s, 'form', 'click:Submit'),
);
add(
  'compound',
  'form',
  'pick the third option button and write 42 in the 2nd field',
  (s) => val(s, 'form', 'premium') === true && val(s, 'form', 'last') === '42',
);
add('compound', 'sections?ship=open', 'open the collapsed section and press Submit', (s) => saw(s, 'sections', 'click:Submit'));
add(
  'compound',
  'sections',
  'scroll the terms box to the end, type "Ann" as the name and click Cancel',
  (s) => saw(s, 'sections', 'scroll:terms:bottom') && val(s, 'sections', 'name') === 'Ann' && saw(s, 'sections', 'click:Cancel'),
);
add(
  'compound',
  'form',
  'type Ann into First name, type Lee into Last name, then press Submit',
  (s) => val(s, 'form', 'first') === 'Ann' && val(s, 'form', 'last') === 'Lee' && saw(s, 'form', 'click:Submit'),
);
add(
  'compound',
  'form',
  'choose Large from the dropdown and tick the terms checkbox',
  (s) => val(s, 'form', 'size') === 'Large' && val(s, 'form', 'terms') === true,
);
add(
  'compound',
  'form',
  'tick the first checkbox, untick the last checkbox and click Submit',
  (s) => val(s, 'form', 'news') === true && val(s, 'form', 'offers') === false && saw(s, 'form', 'click:Submit'),
);
add(
  'compound',
  'lists',
  'pick Norway from the list then set the slider to 80 then press Save',
  (s) => val(s, 'lists', 'country') === 'Norway' && val(s, 'lists', 'volume') === '80' && saw(s, 'lists', 'click:Save'),
);
add(
  'compound',
  'sections',
  'expand Shipping details and type "1 Main St" into Street address',
  (s) => val(s, 'sections', 'street') === '1 Main St',
);
add(
  'compound',
  'sections',
  'expand Advanced options, tick Enable logging and press Submit',
  (s) => val(s, 'sections', 'logging') === true && saw(s, 'sections', 'click:Submit'),
);
add(
  'compound',
  'popup',
  'dismiss the popup by pressing the x and open the menu',
  (s) => saw(s, 'popup', 'closed:popup') && saw(s, 'popup', 'open:menu'),
);
add(
  'compound',
  'popup',
  'close the popup, then click the magnifier and type "ridge" in Search articles',
  (s) => saw(s, 'popup', 'closed:popup') && val(s, 'popup', 'q') === 'ridge',
);
add(
  'compound',
  'form',
  'write "Ann" in the first text box; write "Lee" in the second text box',
  (s) => val(s, 'form', 'first') === 'Ann' && val(s, 'form', 'last') === 'Lee',
);
add(
  'compound',
  'form',
  'select Standard and then click Submit',
  (s) => val(s, 'form', 'standard') === true && saw(s, 'form', 'click:Submit'),
);
add('compound', 'login', 'type ann into Username, enter "trail-42" in the password box and hit Log in', (s) =>
  saw(s, 'login', 'login:ann'),
);
add('compound', 'sections', 'click the Notifications tab and tick Email alerts', (s) => val(s, 'sections', 'emails') === true);
add(
  'compound',
  'dates',
  'set the start date to 04/01/2018 and click Save',
  (s) => val(s, 'dates', 'start') === '2018-04-01' && saw(s, 'dates', 'click:Save'),
);

// Icon-only controls by meaning.
for (const close of ['times', 'cross', 'x']) {
  add('icons', `popup?close=${close}`, 'dismiss the popup by pressing the x', (s) => saw(s, 'popup', 'closed:popup'));
  add('icons', `popup?close=${close}`, 'close the popup', (s) => saw(s, 'popup', 'closed:popup'));
  add('icons', `popup?close=${close}`, 'click the close button', (s) => saw(s, 'popup', 'closed:popup'));
  add('icons', `popup?close=${close}`, 'close the dialog', (s) => saw(s, 'popup', 'closed:popup'));
}
add('icons', 'popup', 'press ×', (s) => saw(s, 'popup', 'closed:popup'));
add('icons', 'popup?close=cross', 'click ✕', (s) => saw(s, 'popup', 'closed:popup'));
add('icons', 'popup', 'click the ☰', (s) => saw(s, 'popup', 'open:menu'));
add('icons', 'popup', 'open the menu', (s) => saw(s, 'popup', 'open:menu'));
add('icons', 'popup', 'click the hamburger menu', (s) => saw(s, 'popup', 'open:menu'));
add('icons', 'popup', 'tap the menu icon and click Settings', (s) => saw(s, 'popup', 'nav:Settings'));
add('icons', 'popup', 'click the magnifier', (s) => saw(s, 'popup', 'open:search'));
add('icons', 'popup', 'click the magnifying glass', (s) => saw(s, 'popup', 'open:search'));
add('icons', 'popup', 'press the search icon', (s) => saw(s, 'popup', 'open:search'));
add('icons', 'popup', 'click the magnifying glass icon and search for ridge', (s) => saw(s, 'popup', 'search:ridge'));

// Menu paths.
for (const [cmd, path] of [
  ['choose Edit > Paste Special > Values', 'Edit>Paste Special>Values'],
  ['select Edit > Paste Special > Formats', 'Edit>Paste Special>Formats'],
  ['click Edit > Copy', 'Edit>Copy'],
  ['choose File > Export > PDF', 'File>Export>PDF'],
  ['open File > Export > CSV', 'File>Export>CSV'],
  ['pick View > Zoom In', 'View>Zoom In'],
  ['go to File > Save', 'File>Save'],
  ['choose "Edit" > "Paste Special" > "Formulas"', 'Edit>Paste Special>Formulas'],
  ['choose Edit then Paste Special then Values', 'Edit>Paste Special>Values'],
  ['open the Edit menu, then Paste Special, then Values', 'Edit>Paste Special>Values'],
  ['click File then Export then HTML', 'File>Export>HTML'],
  ['open the File menu and click New', 'File>New'],
  ['select Edit → Undo', 'Edit>Undo'],
  ['choose View > Full Screen', 'View>Full Screen'],
] as const)
  add('menus', 'menus', cmd, (s) => saw(s, 'menus', `menu:${path}`));

// Typed values, read back.
for (const written of ['04/01/2018', '1 April 2018', 'April 1, 2018', '2018-04-01', '1st April 2018', 'Apr 1 2018']) {
  add('values', 'dates?only=date', `set the date to ${written}`, (s) => val(s, 'dates', 'date') === '2018-04-01');
}
add('values', 'dates', 'set the start date to 12/25/2026', (s) => val(s, 'dates', 'start') === '2026-12-25');
add('values', 'dates', 'enter 3 March 2027 in the start date', (s) => val(s, 'dates', 'start') === '2027-03-03');
add('values', 'dates', 'set the meeting time to 1 April 2018 at 9:30 pm', (s) => val(s, 'dates', 'meeting') === '2018-04-01T21:30');
add('values', 'dates', 'set Meeting time to April 2, 2018 at 08:15', (s) => val(s, 'dates', 'meeting') === '2018-04-02T08:15');
add('values', 'dates', 'set the alarm to 7:45 am', (s) => val(s, 'dates', 'alarm') === '07:45');
add('values', 'dates', 'set the alarm to 21:30', (s) => val(s, 'dates', 'alarm') === '21:30');
add('values', 'dates', 'set the birthday to 04/01/2018', (s) => val(s, 'dates', 'birthday') === '01/04/2018');
add('values', 'dates', 'type 1 April 2018 into Birthday', (s) => val(s, 'dates', 'birthday') === '01/04/2018');
add('values', 'dates', 'set the birthday to April 1, 2018', (s) => val(s, 'dates', 'birthday') === '01/04/2018');
add('values', 'dates', 'set the return date to 1 April 2018', (s) => val(s, 'dates', 'returning') === '04/01/2018');
add('values', 'dates', 'enter 2018-04-01 as the return date', (s) => val(s, 'dates', 'returning') === '04/01/2018');
add('values', 'lists', 'set the volume to 70', (s) => val(s, 'lists', 'volume') === '70');
add('values', 'lists', 'set Volume to 25', (s) => val(s, 'lists', 'volume') === '25');
add('values', 'lists', 'set the volume to 50', (s) => val(s, 'lists', 'volume') === '50');
add('values', 'lists', 'set the quantity to 12', (s) => val(s, 'lists', 'qty') === '12');
add('values', 'lists', 'enter 3 in Quantity', (s) => val(s, 'lists', 'qty') === '3');
add('values', 'lists', 'set the accent colour to red', (s) => val(s, 'lists', 'hex') === '#ff0000');
add('values', 'lists', 'set the accent colour to #00f', (s) => val(s, 'lists', 'hex') === '#0000ff');
add('values', 'lists', 'choose Blue as the colour', (s) => val(s, 'lists', 'blue') === true);
add('values', 'lists', 'pick Red for the colour', (s) => val(s, 'lists', 'red') === true);
// Native colour inputs: the driver sets them (input and change fire); names and #rgb become #rrggbb.
add('values', 'dates?only=colour', 'set the colour to red', (s) => val(s, 'dates', 'colour') === '#ff0000');
add('values', 'dates?only=colour', 'change the colour to #3366FF', (s) => val(s, 'dates', 'colour') === '#3366ff');
add('values', 'dates?only=colour', 'set Colour to #0f0', (s) => val(s, 'dates', 'colour') === '#00ff00');
add('values', 'dates?only=background,accent', 'pick #3366ff as the background colour', (s) => val(s, 'dates', 'background') === '#3366ff');
add('values', 'dates?only=background,accent', 'choose blue for the accent colour', (s) => val(s, 'dates', 'accent') === '#0000ff');
add('values', 'dates?only=background,accent', 'set the background colour to orange', (s) => val(s, 'dates', 'background') === '#ffa500');
add('values', 'dates?only=background,accent', 'set the accent colour to teal', (s) => val(s, 'dates', 'accent') === '#008080');

addLoosePhrasings(add);

// Unsure: it says so and leaves the page alone (success is the page unchanged).
add('unsure', 'form', 'type "Ann" into the text field', (s) => !Object.values(s.phrasing.form?.values ?? {}).includes('Ann'));
add('unsure', 'form', 'click the button', (s) => !saw(s, 'form', 'click:Submit') && !saw(s, 'form', 'click:Cancel'));
add('unsure', 'form', 'click the 9th link', (s) => events(s, 'form').length === 0);

export const PHRASINGS: Phrasing[] = cases;
