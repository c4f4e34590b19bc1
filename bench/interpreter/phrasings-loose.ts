import { saw, val, type Add } from './phrasing-kit';

// Looser phrasings, the way people type to a tool they have not learnt: the second and
// third batches of the set (the third was added after the interpreter was done with the
// rest, and first run as found: 16 of 18).

export function addLoosePhrasings(add: Add): void {
  // Looser phrasings, written the way people type them to a new tool.
  add('verbs', 'form', "click on the 'Privacy' link", (s) => saw(s, 'form', 'link:Privacy'));
  add('verbs', 'form', 'enter Ann as the first name', (s) => val(s, 'form', 'first') === 'Ann');
  add('verbs', 'form', 'select the Premium plan', (s) => val(s, 'form', 'premium') === true);
  add('verbs', 'form', 'check the box for the newsletter', (s) => val(s, 'form', 'news') === true);
  add('verbs', 'form', 'press the Submit button', (s) => saw(s, 'form', 'click:Submit'));
  add('icons', 'popup', 'close the pop-up window', (s) => saw(s, 'popup', 'closed:popup'));
  add('icons', 'popup?close=x', 'click on the X to close the popup', (s) => saw(s, 'popup', 'closed:popup'));
  add('icons', 'popup', 'open the hamburger menu and go to Settings', (s) => saw(s, 'popup', 'nav:Settings'));
  add('kind', 'form', 'pick Large in the Size dropdown', (s) => val(s, 'form', 'size') === 'Large');
  add('values', 'form', 'change the size to Large', (s) => val(s, 'form', 'size') === 'Large');
  add(
    'compound',
    'lists',
    'set the quantity to 5 and the volume to 20',
    (s) => val(s, 'lists', 'qty') === '5' && val(s, 'lists', 'volume') === '20',
  );
  add(
    'compound',
    'form',
    'fill in the first name with Ann and the last name with Lee',
    (s) => val(s, 'form', 'first') === 'Ann' && val(s, 'form', 'last') === 'Lee',
  );
  add(
    'compound',
    'form',
    'type Ann in the first name field, Lee in the last name field',
    (s) => val(s, 'form', 'first') === 'Ann' && val(s, 'form', 'last') === 'Lee',
  );
  add('verbs', 'sections', 'go to the Security tab', (s) => saw(s, 'sections', 'tab:Security'));
  add('verbs', 'sections', 'expand the advanced options', (s) => saw(s, 'sections', 'advanced:open'));
  add(
    'compound',
    'lists',
    'uncheck Sounds and check Dark mode',
    (s) => val(s, 'lists', 'sounds') === false && val(s, 'lists', 'dark') === true,
  );
  add('kind', 'lists', "choose 'Norway' in the country list", (s) => val(s, 'lists', 'country') === 'Norway');
  add('values', 'lists', 'put 12 in the quantity box', (s) => val(s, 'lists', 'qty') === '12');
  add('values', 'dates', 'set the start date to the 1st of April 2018', (s) => val(s, 'dates', 'start') === '2018-04-01');
  add('verbs', 'board', 'drag the Tent card to the Backpack', (s) => saw(s, 'board', 'drop:Tent>Backpack'));
  add('verbs', 'board', 'hover the mouse over Help', (s) => saw(s, 'board', 'hover:help'));
  add('verbs', 'login', 'log into the site as ann with password trail-42', (s) => saw(s, 'login', 'login:ann'));
  add('menus', 'menus', 'choose Edit, Paste Special, Values', (s) => saw(s, 'menus', 'menu:Edit>Paste Special>Values'));
  add('ordinal', 'form', 'click the second link on the page', (s) => saw(s, 'form', 'link:Privacy'));
  add(
    'plural',
    'form',
    'fill both password fields with "pw-1"',
    (s) => val(s, 'form', 'pw1') === 'pw-1' && val(s, 'form', 'pw2') === 'pw-1',
  );

  // A third batch, added after the interpreter was done with the others, and run as found.
  add('ordinal', 'form', 'type Lee into the 2nd box', (s) => val(s, 'form', 'last') === 'Lee');
  add('ordinal', 'lists', 'tick the first check box', (s) => val(s, 'lists', 'dark') === true);
  add('kind', 'lists', 'drag the slider to 90', (s) => val(s, 'lists', 'volume') === '90');
  add('kind', 'sections', 'click the first tab', (s) => saw(s, 'sections', 'tab:Profile'));
  add('kind', 'sections', 'click the last tab', (s) => saw(s, 'sections', 'tab:Notifications'));
  add('verbs', 'form', 'clear the First name field', (s) => val(s, 'form', 'first') === '');
  add('verbs', 'form', 'tap on Submit', (s) => saw(s, 'form', 'click:Submit'));
  add('verbs', 'form', 'choose the Basic plan', (s) => val(s, 'form', 'basic') === true);
  add('verbs', 'menus', 'write 7 in Cell A1', (s) => val(s, 'menus', 'a1') === '7');
  add('icons', 'popup?close=cross', 'hit the x', (s) => saw(s, 'popup', 'closed:popup'));
  add('icons', 'popup', 'click the search button', (s) => saw(s, 'popup', 'open:search'));
  add('menus', 'menus', 'open Edit > Paste', (s) => saw(s, 'menus', 'menu:Edit>Paste'));
  add('values', 'dates', 'enter April 1, 2018 in the birthday field', (s) => val(s, 'dates', 'birthday') === '01/04/2018');
  add('values', 'dates?only=date', 'set the date to 2 Feb 2019', (s) => val(s, 'dates', 'date') === '2019-02-02');
  add('values', 'dates', 'set the alarm to 6 pm', (s) => val(s, 'dates', 'alarm') === '18:00');
  add(
    'compound',
    'form',
    'type Ann in the first field then tick the second checkbox then press Cancel',
    (s) => val(s, 'form', 'first') === 'Ann' && val(s, 'form', 'terms') === true && saw(s, 'form', 'click:Cancel'),
  );
  add('compound', 'sections', 'click into the Name field and type Kim', (s) => val(s, 'sections', 'name') === 'Kim');
  add('plural', 'lists', 'untick all the checkboxes', (s) => val(s, 'lists', 'dark') === false && val(s, 'lists', 'sounds') === false);
  add('icons', 'popup', 'search for ridge', (s) => saw(s, 'popup', 'search:ridge'));
}
