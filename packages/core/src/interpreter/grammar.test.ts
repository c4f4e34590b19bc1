import { describe, expect, it } from 'vitest';
import { bareChoices, parseCommand, splitCommands } from './grammar';

const t = (text: string, exact: string | null = null) => ({ text, exact });

describe('parseCommand', () => {
  it.each([
    ['go to example.com', [{ kind: 'navigate', url: 'example.com' }]],
    ['open http://127.0.0.1:4170/shop', [{ kind: 'navigate', url: 'http://127.0.0.1:4170/shop' }]],
    ['back', [{ kind: 'back' }]],
    ['go forward', [{ kind: 'forward' }]],
    ['refresh the page', [{ kind: 'reload' }]],
    ['scroll down', [{ kind: 'scroll', direction: 'down' }]],
    ['scroll up a bit', [{ kind: 'scroll', direction: 'up' }]],
    ['scroll to the bottom', [{ kind: 'scroll', direction: 'bottom' }]],
    ['scroll to top', [{ kind: 'scroll', direction: 'top' }]],
    ['click Sign in', [{ kind: 'click', target: t('Sign in') }]],
    ['tap on the "Add to cart" button', [{ kind: 'click', target: t('Add to cart button', 'Add to cart') }]],
    ['press login', [{ kind: 'click', target: t('login') }]],
    ['press Enter', [{ kind: 'press', keys: 'Enter' }]],
    ['press ctrl+a', [{ kind: 'press', keys: 'Ctrl+A' }]],
    ['hit the escape key', [{ kind: 'press', keys: 'Escape' }]],
    ['type hello into Search', [{ kind: 'type', text: 'hello', target: t('Search') }]],
    ['enter "ada@example.org" in the email field', [{ kind: 'type', text: 'ada@example.org', target: t('email field') }]],
    ['fill in full name with Grace Hopper', [{ kind: 'type', text: 'Grace Hopper', target: t('full name') }]],
    ['select Canada in Country', [{ kind: 'select', option: 'Canada', target: t('Country') }]],
    ['choose "Price: low to high" from the sort dropdown', [{ kind: 'select', option: 'Price: low to high', target: t('sort dropdown') }]],
    ['check Under $200', [{ kind: 'check', target: t('Under $200'), checked: true }]],
    ['uncheck the newsletter box', [{ kind: 'check', target: t('newsletter box'), checked: false }]],
    ['new tab', [{ kind: 'new-tab', url: null }]],
    ['open a new tab at example.org', [{ kind: 'new-tab', url: 'example.org' }]],
    ['close tab', [{ kind: 'close-tab' }]],
    ['switch to tab 2', [{ kind: 'switch-tab', which: '2' }]],
    ['switch to the second tab', [{ kind: 'switch-tab', which: '2' }]],
    ['switch to tab Trail map', [{ kind: 'switch-tab', which: 'Trail map' }]],
    ['search for headlamp', [{ kind: 'search', text: 'headlamp' }]],
    ['open the trail map', [{ kind: 'click', target: t('trail map') }]],
  ])('%s', (command, intents) => {
    expect(parseCommand(command)).toEqual({ intents, unknown: [] });
  });

  it('reads sequences, with verbs carried over to fragments that have none', () => {
    expect(parseCommand('Select A, B and click Submit')).toEqual({
      intents: [
        { kind: 'select', option: 'A', target: null },
        { kind: 'select', option: 'B', target: null },
        { kind: 'click', target: t('Submit') },
      ],
      unknown: [],
    });
    expect(parseCommand('Enter the username "x" and the password "y" and press login')).toEqual({
      intents: [
        { kind: 'type', text: 'x', target: t('username') },
        { kind: 'type', text: 'y', target: t('password') },
        { kind: 'click', target: t('login') },
      ],
      unknown: [],
    });
    expect(parseCommand('go to example.com then search for tents; scroll down').intents.map((i) => i.kind)).toEqual([
      'navigate',
      'search',
      'scroll',
    ]);
  });

  it('keeps separators inside quotes', () => {
    expect(splitCommands('check "Terms and conditions", then click "Next, please"')).toEqual([
      'check "Terms and conditions"',
      'click "Next, please"',
    ]);
    expect(parseCommand('check "Terms and conditions"').intents).toEqual([
      { kind: 'check', target: t('Terms and conditions', 'Terms and conditions'), checked: true },
    ]);
  });

  it('reports what it does not understand', () => {
    expect(parseCommand('find me a cheap tent for two')).toEqual({ intents: [], unknown: ['find me a cheap tent for two'] });
    expect(parseCommand('scroll down and make it quick').unknown).toEqual(['make it quick']);
  });
});

describe('how people phrase direct commands', () => {
  const kinds = (command: string) => parseCommand(command).intents;

  it.each([
    [
      'put the cursor in the second text box',
      [{ kind: 'focus', target: { text: 'second text box', exact: null, kind: 'textbox', ordinal: 2 } }],
    ],
    [
      'untick the last checkbox',
      [{ kind: 'check', target: { text: 'last checkbox', exact: null, kind: 'checkbox', ordinal: -1 }, checked: false }],
    ],
    ['click the first link', [{ kind: 'click', target: { text: 'first link', exact: null, kind: 'link', ordinal: 1 } }]],
    [
      'pick the 3rd radio button',
      [{ kind: 'check', target: { text: '3rd radio button', exact: null, kind: 'radio', ordinal: 3 }, checked: true }],
    ],
    ['choose Large from the dropdown', [{ kind: 'select', option: 'Large', target: { text: 'dropdown', exact: null, kind: 'dropdown' } }]],
    ['pick Norway from the list', [{ kind: 'select', option: 'Norway', target: { text: 'list', exact: null, kind: 'list' } }]],
    [
      'tick all checkboxes',
      [{ kind: 'check', target: { text: 'all checkboxes', exact: null, kind: 'checkbox', all: true }, checked: true }],
    ],
    ['dismiss the popup by pressing the x', [{ kind: 'click', target: { text: 'x', exact: null, icon: 'close' } }]],
    ['click the ☰', [{ kind: 'click', target: { text: '☰', exact: null, icon: 'menu' } }]],
    ['click the magnifying glass', [{ kind: 'click', target: { text: 'magnifying glass', exact: null, icon: 'search' } }]],
    ['choose Edit > Paste Special > Values', [{ kind: 'menu', path: ['Edit', 'Paste Special', 'Values'] }]],
    ['hover over Help', [{ kind: 'hover', target: t('Help') }]],
    ['drag Tent to Backpack', [{ kind: 'drag', from: t('Tent'), to: t('Backpack') }]],
    ['move the slider to 30', [{ kind: 'set', value: '30', target: { text: 'slider', exact: null, kind: 'slider' } }]],
    ['scroll the terms box to the end', [{ kind: 'scroll', direction: 'bottom', target: t('terms box') }]],
    ['scroll down in the terms box', [{ kind: 'scroll', direction: 'down', target: t('terms box') }]],
    ['expand Shipping details', [{ kind: 'expand', target: t('Shipping details'), open: true }]],
    ['collapse Billing details', [{ kind: 'expand', target: t('Billing details'), open: false }]],
    ['clear the search box', [{ kind: 'clear', target: t('search box') }]],
    ['toggle Dark mode', [{ kind: 'toggle', target: t('Dark mode') }]],
    ['set the date to April 1, 2018', [{ kind: 'set', value: 'April 1, 2018', target: { text: 'date', exact: null, kind: 'date' } }]],
  ])('%s', (command, intents) => {
    expect(parseCommand(command)).toEqual({ intents, unknown: [] });
  });

  it('reads a login as typing both fields and pressing the button', () => {
    expect(kinds('log in as ann with password trail-42').map((i) => i.kind)).toEqual(['type', 'type', 'click']);
  });

  it('reads the compound examples people give', () => {
    expect(kinds('type "X" in both password boxes and hit the submit button').map((i) => i.kind)).toEqual(['type', 'click']);
    expect(kinds('pick the third option button and write 42 in the 2nd field').map((i) => i.kind)).toEqual(['check', 'type']);
    expect(kinds('scroll the terms box to the end, type "Ann" as the name and click Cancel').map((i) => i.kind)).toEqual([
      'scroll',
      'type',
      'click',
    ]);
    expect(kinds('choose Edit then Paste Special then Values')).toEqual([{ kind: 'menu', path: ['Edit', 'Paste Special', 'Values'] }]);
  });

  it('drops polite and indirect openings before the verb', () => {
    for (const polite of ['could you', 'can you please', 'would you', 'please', 'I want to', "I'd like you to"])
      expect(parseCommand(`${polite} tick the second checkbox`).intents).toEqual([
        { kind: 'check', target: { text: 'second checkbox', exact: null, kind: 'checkbox', ordinal: 2 }, checked: true },
      ]);
    expect(kinds('log me in as ranger, the password is trail-42').map((i) => i.kind)).toEqual(['type', 'type', 'click']);
    expect(kinds('sign me in as ann with hunter2')[1]).toMatchObject({ kind: 'type', text: 'hunter2' });
  });

  it('reads menu paths said with "then"', () => {
    const csv = [{ kind: 'menu', path: ['File', 'Export', 'CSV'] }];
    expect(kinds('go Edit then Paste Special then Values')).toEqual([{ kind: 'menu', path: ['Edit', 'Paste Special', 'Values'] }]);
    expect(kinds('from the File menu choose Export, then CSV')).toEqual(csv);
    expect(kinds('open File, then Export, then CSV')).toEqual(csv);
    // Steps with their own verbs stay steps.
    expect(kinds('open Advanced options, then tick Enable logging').map((i) => i.kind)).toEqual(['click', 'check']);
  });

  it('reads "over to" and scrolling all the way as the bottom', () => {
    expect(kinds('switch over to the Security tab')).toEqual([{ kind: 'switch-tab', which: 'Security' }]);
    for (const way of ['all the way down', 'to the very bottom', 'all the way to the end'])
      expect(kinds(`scroll the terms box ${way}`)).toEqual([{ kind: 'scroll', direction: 'bottom', target: t('terms box') }]);
  });

  it('reads "set X for Y" and "make X Y" as setting a value', () => {
    expect(kinds('set the alarm for 7:30 pm')).toEqual([{ kind: 'set', value: '7:30 pm', target: t('alarm') }]);
    expect(kinds('make the meeting time June 1st 2025 at 9:15am')).toEqual([
      { kind: 'set', value: 'June 1st 2025 at 9:15am', target: t('meeting time') },
    ]);
  });

  it('reads a bare "the date" as the date kind, so several date fields are not guessed between', () => {
    expect(kinds('set the date to 5 May 2024')).toEqual([
      { kind: 'set', value: '5 May 2024', target: { text: 'date', exact: null, kind: 'date' } },
    ]);
  });

  it('takes the quoted part after a describing noun as the value', () => {
    expect(kinds('Enter the code "K7p" into the box')).toEqual([
      { kind: 'type', text: 'K7p', target: { text: 'box', exact: null, kind: 'textbox' } },
    ]);
    expect(kinds('type my email “ana@example.org” in the Email field')[0]).toMatchObject({ kind: 'type', text: 'ana@example.org' });
    // A quoted name that is the whole value stays as it is.
    expect(kinds('type "the code" into the box')[0]).toMatchObject({ text: 'the code' });
  });

  it('reads two values for two fields named by kind, and "fill in X as the Y"', () => {
    expect(kinds('Put "ana" as the user name and "x9" as the password')).toEqual([
      { kind: 'type', text: 'ana', target: t('user name') },
      { kind: 'type', text: 'x9', target: t('password') },
    ]);
    expect(kinds('fill in ana@example.com as the email address and ana as the username')).toEqual([
      { kind: 'type', text: 'ana@example.com', target: t('email address') },
      { kind: 'type', text: 'ana', target: t('username') },
    ]);
  });

  it('reads a menu path on its own, several choices in one list, and a popup shut with its ×', () => {
    expect(kinds('File > Export > PDF')).toEqual([{ kind: 'menu', path: ['File', 'Export', 'PDF'] }]);
    expect(kinds('Pick Oslo and Lima from the list')).toEqual([
      { kind: 'select', option: 'Oslo', options: ['Oslo', 'Lima'], target: { text: 'list', exact: null, kind: 'list' } },
    ]);
    expect(kinds('shut the pop-up with the ×')).toEqual([{ kind: 'click', target: { text: '×', exact: null, icon: 'close' } }]);
    expect(kinds('enter Smith in each of the two surname boxes')[0]).toMatchObject({
      target: { kind: 'textbox', named: 'surname', all: true },
    });
  });

  it('reads switches turned on or off, "make it N …", wizard steps, a search scoped by words, and pasted text with its field', () => {
    expect(kinds('turn email notifications off')).toEqual([{ kind: 'check', target: t('email notifications'), checked: false }]);
    expect(kinds('switch dark mode on')).toEqual([{ kind: 'check', target: t('dark mode'), checked: true }]);
    expect(kinds('could you make it 3 adults?')).toEqual([{ kind: 'set', value: '3', target: t('adults') }]);
    expect(kinds('make it two nights')).toEqual([{ kind: 'set', value: '2', target: t('nights') }]);
    expect(kinds('pick the medium box and go next')[1]).toEqual({ kind: 'click', target: t('Next') });
    expect(kinds('go back a step')).toEqual([{ kind: 'click', target: t('Back') }]);
    expect(kinds('on to the next step')).toEqual([{ kind: 'click', target: t('Next') }]);
    expect(kinds('search the help for "parcel stuck in customs"')).toEqual([{ kind: 'search', text: 'parcel stuck in customs' }]);
    expect(kinds('paste this as my cover letter: "Dear team, hello."')).toEqual([
      { kind: 'type', text: 'Dear team, hello.', target: t('cover letter') },
    ]);
    expect(kinds('fill in From with Lisbon and To with Reykjavik')).toEqual([
      { kind: 'type', text: 'Lisbon', target: t('From') },
      { kind: 'type', text: 'Reykjavik', target: t('To') },
    ]);
    expect(kinds('pls switch the language to US English')).toEqual([{ kind: 'set', value: 'US English', target: t('language') }]);
    expect(kinds('close that popup with the little x')).toEqual([
      { kind: 'click', target: { text: 'little x', exact: null, icon: 'close' } },
    ]);
    // Going back in the browser stays what it was.
    expect(kinds('go back')).toEqual([{ kind: 'back' }]);
  });

  it('leaves a verbless "field value" fragment for the page to tell apart, but not a request', () => {
    expect(kinds('city Portland and zip 97205')).toEqual([
      { kind: 'say', words: 'city Portland' },
      { kind: 'say', words: 'zip 97205' },
    ]);
    expect(kinds('country United States, state Oregon')).toEqual([
      { kind: 'say', words: 'country United States' },
      { kind: 'say', words: 'state Oregon' },
    ]);
    expect(parseCommand('delete my account')).toEqual({ intents: [], unknown: ['delete my account'] });
    expect(parseCommand('find me a cheap tent for two').unknown).toEqual(['find me a cheap tent for two']);
    expect(parseCommand('hello').unknown).toEqual(['hello']);
    expect(parseCommand('Summarise this page').unknown).toEqual(['Summarise this page']);
    expect(parseCommand('translate it into french').unknown).toEqual(['translate it into french']);
  });

  it('reads "the folded part underneath" as the collapsed section to open', () => {
    expect(kinds('open the folded part underneath, then hit Continue')).toEqual([
      { kind: 'expand', target: { text: 'folded part underneath', exact: null, kind: 'section' }, open: true },
      { kind: 'click', target: t('Continue') },
    ]);
  });

  it('reads a row named by its text or its place, and leaves a field called a line alone', () => {
    const row = (action: string, r: string | null, ordinal: number | null) => [{ kind: 'row', action, row: r, ordinal }];
    expect(kinds('edit the row for Nairobi')).toEqual(row('edit', 'Nairobi', null));
    expect(kinds('remove the second row')).toEqual(row('remove', null, 2));
    expect(kinds('delete the last entry')).toEqual(row('remove', null, -1));
    expect(kinds('open the Lisbon row')).toEqual(row('view', 'Lisbon', null));
    expect(kinds('get rid of Auckland pls')).toEqual(row('remove', 'Auckland', null));
    expect(kinds('delete "Oslo"')).toEqual(row('remove', 'Oslo', null));
    // Not rows: "my account" is no row's text, and "the address line" is a field.
    expect(parseCommand('delete my account').intents).toEqual([]);
    expect(kinds('change the address line to 4B')).toEqual([{ kind: 'set', value: '4B', target: t('address line') }]);
  });

  it('takes short fragments with no verb as bare choices for the page to settle, never a request', () => {
    expect(bareChoices(parseCommand('business class pls').unknown)).toEqual([{ kind: 'choice', words: 'business class' }]);
    expect(bareChoices(parseCommand('large, 14 inch pls').unknown)).toEqual([
      { kind: 'choice', words: 'large' },
      { kind: 'choice', words: '14 inch' },
    ]);
    expect(bareChoices(parseCommand('please organise my holidays').unknown)).toBeNull();
    expect(bareChoices(parseCommand('book me a nice holiday somewhere warm').unknown)).toBeNull();
    expect(bareChoices([])).toBeNull();
  });

  it('reads "all the X" with no kind of control in it as a group for the page to find', () => {
    expect(kinds('turn off all the notifications')).toEqual([
      { kind: 'check', target: { text: 'all the notifications', exact: null, all: true, group: 'notifications' }, checked: false },
    ]);
    expect(kinds('tick each of the extras')).toEqual([
      { kind: 'check', target: { text: 'each of the extras', exact: null, all: true, group: 'extras' }, checked: true },
    ]);
    // A kind of control is still a kind.
    expect(kinds('untick all the checkboxes')).toEqual([
      { kind: 'check', target: { text: 'all the checkboxes', exact: null, kind: 'checkbox', all: true }, checked: false },
    ]);
  });
});
