import { describe, expect, it } from 'vitest';
import type { Effect } from './effects';
import { elementFacts, isPaymentField, judgeDrop, judgeElement, sensitiveKind } from './classify';

type ActEffect = Extract<Effect, { kind: 'act' }>;
const act = (how: ActEffect['how'], extra: Omit<Partial<ActEffect>, 'kind' | 'how'> = {}): ActEffect => ({
  kind: 'act',
  how,
  ref: 'e1',
  ...extra,
});

const facts = elementFacts;

describe('sensitiveKind', () => {
  it.each([
    ['Pay $20.00', 'payment'],
    ['Place order', 'payment'],
    ['Buy now', 'payment'],
    ['Proceed to checkout', 'payment'],
    ['Transfer funds', 'payment'],
    ['Delete account', 'deletion'],
    ['Remove', 'deletion'],
    ['Send message', 'message'],
    ['Post', 'message'],
    ['Publish', 'message'],
    ['Subscribe', 'subscription'],
    ['Unsubscribe', 'subscription'],
    ['Add to cart', null],
    ['Next', null],
    ['Save profile', null],
    ['Search', null],
    ['Continue to payment', null],
  ])('%s → %s', (name, kind) => {
    expect(sensitiveKind(name)).toBe(kind);
  });
});

describe('judgeElement', () => {
  it('reads the element, not the words: payment fields by autocomplete, name or label', () => {
    expect(isPaymentField(facts({ autocomplete: 'cc-number', name: 'Number' }))).toBe(true);
    expect(isPaymentField(facts({ fieldName: 'cardnumber', name: 'Number' }))).toBe(true);
    expect(isPaymentField(facts({ name: 'CVV' }))).toBe(true);
    expect(isPaymentField(facts({ name: 'IBAN' }))).toBe(true);
    expect(isPaymentField(facts({ name: 'Full name', autocomplete: 'name' }))).toBe(false);
    expect(judgeElement(act('type'), facts({ role: 'textbox', autocomplete: 'cc-number', name: 'Number' }))).toMatchObject({
      kind: 'payment-field',
      what: 'Type into textbox "Number"',
    });
  });

  it('clicks on controls that pay, delete, send or subscribe; Enter on them too', () => {
    expect(judgeElement(act('click'), facts({ name: 'Delete account' }))).toMatchObject({
      kind: 'deletion',
      what: 'Click button "Delete account"',
    });
    expect(judgeElement(act('keys', { submits: true }), facts({ name: 'Pay now' }))).toMatchObject({ kind: 'payment' });
    expect(judgeElement(act('keys'), facts({ name: 'Pay now' }))).toBeNull();
    expect(judgeElement(act('click'), facts({ name: 'Add to cart' }))).toBeNull();
  });

  it('submitting a form with a password or payment fields', () => {
    expect(judgeElement(act('click'), facts({ name: 'Sign in', submits: true, formHasPassword: true }))).toMatchObject({
      kind: 'password',
    });
    expect(
      judgeElement(
        act('type', { submits: true }),
        facts({ role: 'textbox', tag: 'input', inputType: 'password', secret: true, submits: true, formHasPassword: true }),
      ),
    ).toMatchObject({ kind: 'password' });
    expect(judgeElement(act('type'), facts({ role: 'textbox', tag: 'input', submits: true, formHasPassword: true }))).toBeNull();
    expect(judgeElement(act('click'), facts({ name: 'Continue', submits: true, formHasPayment: true }))).toMatchObject({ kind: 'payment' });
  });

  it('downloads and uploads', () => {
    expect(
      judgeElement(act('click'), facts({ role: 'link', tag: 'a', name: 'Trail map', href: 'https://x.test/map', download: true })),
    ).toMatchObject({ kind: 'download' });
    expect(judgeElement(act('click'), facts({ role: 'link', tag: 'a', name: 'Report', href: 'https://x.test/report.pdf' }))).toMatchObject({
      kind: 'download',
    });
    expect(judgeElement(act('click'), facts({ role: 'link', tag: 'a', name: 'Report', href: 'https://x.test/report' }))).toBeNull();
    expect(judgeElement(act('upload', { files: ['cv.pdf'] }), facts({ role: 'file', fileInput: true, name: 'Attach' }))).toMatchObject({
      kind: 'upload',
      what: 'Upload cv.pdf into file "Attach"',
    });
  });
});

/** What clicking (or the given act) on these facts is held as, or null. */
const held = (partial: Parameters<typeof facts>[0], effect: ActEffect = act('click')) => judgeElement(effect, facts(partial))?.kind ?? null;

describe('every name source counts, not only the accessible name', () => {
  it('another name says Pay while the label (aria-labelledby, <label for>) says something innocent', () => {
    // What the page script reports for <span id=l>Continue</span><button aria-labelledby=l>Pay $20</button>.
    expect(judgeElement(act('click'), facts({ name: 'Continue', names: ['Continue', 'Pay $20'] }))).toMatchObject({
      kind: 'payment',
      what: 'Click button "Continue" (the page also calls it "Pay $20")',
    });
    expect(held({ name: 'Show details', names: ['Show details', 'Supprimer le compte'] })).toBe('deletion');
  });

  it('CSS generated content, titles and icons with no text', () => {
    expect(held({ name: '', names: ['Pay now'] })).toBe('payment'); // ::before { content: "Pay now" }
    expect(held({ name: '', names: ['Delete this photo'] })).toBe('deletion'); // title or svg <title>
    expect(held({ name: '', names: ['fa fa-trash-can'] })).toBe('deletion'); // an icon's class, nothing else
    expect(held({ name: '', names: ['icon-bin.svg'] })).toBe('deletion');
    // A link named Trash goes to the trash folder; it deletes nothing.
    expect(
      held({ role: 'link', tag: 'a', name: 'Trash', href: 'https://mail.example/trash', frameUrl: 'https://mail.example/' }),
    ).toBeNull();
  });

  it("the form's own address and method", () => {
    const form = { name: 'Continue', submits: true, formMethod: 'post' };
    expect(held({ ...form, formAction: 'https://shop.example/checkout/pay' })).toBe('payment');
    expect(held({ ...form, formAction: 'https://club.example/account/delete' })).toBe('deletion');
    expect(held({ ...form, formAction: 'https://club.example/api?op=deleteAccount' })).toBe('deletion');
    expect(held({ ...form, formAction: 'https://news.example/newsletter/unsubscribe' })).toBe('subscription');
    expect(held({ ...form, formAction: 'https://club.example/konto-loeschen' })).toBe('deletion');
    // A checkout page is a page; posts and shares in addresses are pages too.
    expect(held({ ...form, formAction: 'https://shop.example/shop/checkout' })).toBeNull();
    expect(held({ ...form, formAction: 'https://blog.example/post/12' })).toBeNull();
    // A GET form's query is replaced by its fields; a dialog form sends nothing.
    expect(held({ ...form, formMethod: 'get', formAction: 'https://shop.example/search?q=delete' })).toBeNull();
    expect(held({ ...form, formMethod: 'dialog', formAction: 'https://club.example/account/delete' })).toBeNull();
    // A link's address too.
    expect(held({ role: 'link', tag: 'a', name: 'Yes', href: 'https://news.example/unsubscribe?u=7' })).toBe('subscription');
  });

  it('a control that only says "go ahead" is judged by the heading, legend or dialog around it', () => {
    expect(judgeElement(act('click'), facts({ name: 'Continue', context: ['Delete your account'] }))).toMatchObject({
      kind: 'deletion',
      what: 'Click button "Continue" under "Delete your account"',
    });
    expect(held({ name: 'OK', context: ['Supprimer le compte ?'] })).toBe('deletion');
    expect(held({ name: 'Weiter', context: ['Jetzt bezahlen'] })).toBe('payment');
    expect(held({ name: 'Yes, I’m sure', context: ['Cancel subscription'] })).toBe('subscription');
    expect(held({ name: '', context: ['Empty trash?'] })).toBe('deletion');
    // Named for what it does: its own name decides.
    expect(held({ name: 'Save profile', context: ['Delete your account'] })).toBeNull();
    expect(held({ name: 'Continue', context: ['Your details'] })).toBeNull();
  });
});

describe('words beyond the English list, and English phrasings that were missed', () => {
  it.each([
    ['Bezahlen', 'payment'],
    ['Jetzt kaufen', 'payment'],
    ['Zahlungspflichtig bestellen', 'payment'],
    ['Payer maintenant', 'payment'],
    ['Pagar', 'payment'],
    ['Finalizar compra', 'payment'],
    ['Acquista ora', 'payment'],
    ['Betalen', 'payment'],
    ['Afrekenen', 'payment'],
    ['Zapłać', 'payment'],
    ['Zaplac', 'payment'],
    ['Complete order', 'payment'],
    ['Wire funds', 'payment'],
    ['Confirm and pay', 'payment'],
    ['Send money', 'payment'],
    ['Place order', 'payment'],
    ['Supprimer le compte', 'deletion'],
    ['Eliminar', 'deletion'],
    ['Löschen', 'deletion'],
    ['Cancella', 'deletion'],
    ['Excluir', 'deletion'],
    ['Verwijderen', 'deletion'],
    ['Usuń', 'deletion'],
    ['Empty trash', 'deletion'],
    ['Discard', 'deletion'],
    ['Wipe', 'deletion'],
    ['Terminate', 'deletion'],
    ['Abonnieren', 'subscription'],
    ["S'abonner", 'subscription'],
    ['Suscribirse', 'subscription'],
    ['Cancel subscription', 'subscription'],
    ['Zapisz się', 'subscription'],
    ['Envoyer', 'message'],
    ['Senden', 'message'],
    ['Wyślij', 'message'],
    ['Send', 'message'],
  ])('%s → %s', (name, kind) => {
    expect(sensitiveKind(name)).toBe(kind);
  });

  it.each([
    'Add to cart',
    'Search',
    'Next',
    'Continue',
    'Sort by',
    'Ordina per prezzo',
    'Show more',
    'Post code',
    'Postleitzahl',
    'PayPal',
    'Payment methods',
    'Cancel',
    'Back',
    'Zahlen anzeigen',
    'Doña Rosa',
  ])('%s → null', (name) => {
    expect(sensitiveKind(name)).toBeNull();
  });

  it('ordinary controls stay ordinary', () => {
    expect(held({ name: 'Continue', submits: true, formAction: 'https://club.example/signup', formMethod: 'post' })).toBeNull();
    expect(held({ name: 'Next', formAction: 'https://club.example/signup' })).toBeNull();
    // Typing into (or clicking) a field named Post code sends nothing; nor does Enter in it on an address form.
    const postCode = {
      role: 'textbox',
      tag: 'input',
      editable: true,
      submits: true,
      name: 'Post code',
      formAction: 'https://shop.example/address',
    };
    expect(held(postCode)).toBeNull();
    expect(held(postCode, act('type', { text: 'SW1A 1AA', submits: true }))).toBeNull();
    expect(held({ ...postCode, name: 'Postleitzahl' }, act('keys', { submits: true, activates: true }))).toBeNull();
    // A Share button that opens a menu sends nothing; one that shares does.
    expect(held({ name: 'Share', popup: true })).toBeNull();
    expect(held({ name: 'Share' })).toBe('message');
  });
});

describe('a go-ahead button in a payment or password form', () => {
  const card = { formAction: 'https://shop.example/checkout', formMethod: 'post', formHasPayment: true };
  const login = { formAction: 'https://club.example/login', formMethod: 'post', formHasPassword: true };

  it('any button, submit or not (a type=button handler can call requestSubmit())', () => {
    expect(held({ name: 'Continue', submits: true, ...card })).toBe('payment');
    expect(held({ name: 'Continue', submits: false, ...card })).toBe('payment');
    expect(held({ name: 'Next', tag: 'div', role: 'button', ...card })).toBe('payment');
    expect(held({ name: 'Next', submits: false, ...login })).toBe('password');
    expect(held({ name: 'Sign in', tag: 'input', inputType: 'button', ...login })).toBe('password');
  });

  it('buttons that only change the form do not send it', () => {
    expect(held({ name: 'Show password', ...login })).toBeNull();
    expect(held({ name: 'Cancel', ...login })).toBeNull();
    expect(held({ name: 'Apply coupon', ...card })).toBeNull();
    expect(held({ name: 'Change address', ...card })).toBeNull();
    expect(
      held({
        role: 'link',
        tag: 'a',
        name: 'Terms',
        href: 'https://shop.example/terms',
        frameUrl: 'https://shop.example/checkout',
        ...card,
      }),
    ).toBeNull();
  });

  it('Enter in a field presses its form default button', () => {
    const field = {
      role: 'textbox',
      tag: 'input',
      editable: true,
      submits: true,
      formAction: 'https://shop.example/x',
      formMethod: 'post',
    };
    expect(held({ ...field, name: 'Coupon', submitNames: ['Pay now'] }, act('type', { submits: true }))).toBe('payment');
    expect(
      held(
        { ...field, name: 'Note', submitNames: ['Continue'], context: ['Löschen Sie Ihr Konto'] },
        act('keys', { submits: true, activates: true }),
      ),
    ).toBe('deletion');
    expect(held({ ...field, name: 'Search', submitNames: ['Search'] }, act('keys', { submits: true, activates: true }))).toBeNull();
    // Space in a field types a space.
    expect(held({ ...field, name: 'Coupon', submitNames: ['Pay now'] }, act('keys', { activates: true }))).toBeNull();
  });
});

describe('checkboxes, options and drops', () => {
  it('a checkbox or switch that subscribes, checked or unchecked', () => {
    const box = { role: 'checkbox', tag: 'input', inputType: 'checkbox', checkable: true };
    expect(held({ ...box, name: 'Send me the monthly newsletter' }, act('check'))).toBe('subscription');
    expect(held({ ...box, name: '', names: ['Abonnieren Sie unseren Newsletter'] }, act('check'))).toBe('subscription');
    expect(held({ ...box, role: 'switch', tag: 'button', name: 'Marketing emails' }, act('click'))).toBe('subscription');
    expect(held({ ...box, name: 'Remember me' }, act('check'))).toBeNull();
    expect(held({ ...box, name: 'Dark mode' }, act('click'))).toBeNull();
  });

  it('select_option: the chosen values and the options they pick', () => {
    const select = {
      role: 'combobox',
      tag: 'select',
      options: [
        { label: 'Archive', value: 'a' },
        { label: 'Delete forever', value: 'd' },
        { label: 'Pay the invoice', value: '7' },
      ],
    };
    expect(judgeElement(act('select', { values: ['Delete forever'] }), facts(select))).toMatchObject({
      kind: 'deletion',
      what: 'Choose "Delete forever" in combobox ""',
    });
    expect(held(select, act('select', { values: ['d'] }))).toBe('deletion');
    expect(held(select, act('select', { values: ['2'] }))).toBe('payment');
    expect(held(select, act('select', { values: ['Eliminar'] }))).toBe('deletion');
    expect(held(select, act('select', { values: ['Archive'] }))).toBeNull();
    expect(held({ role: 'combobox', name: 'Email digest' }, act('select', { values: ['Weekly'] }))).toBeNull();
  });

  it('dropping onto a trash area, in any language', () => {
    const card = facts({ role: 'listitem', tag: 'li', name: 'Invoice 12' });
    expect(judgeDrop(card, facts({ role: 'region', tag: 'div', name: 'Papierkorb' }))).toMatchObject({
      kind: 'deletion',
      what: 'Drag listitem "Invoice 12" onto region "Papierkorb"',
    });
    expect(judgeDrop(card, facts({ tag: 'div', name: '', names: ['Drop here to delete'] }))?.kind).toBe('deletion');
    expect(judgeDrop(card, facts({ tag: 'div', name: 'Corbeille' }))?.kind).toBe('deletion');
    expect(judgeDrop(card, facts({ tag: 'div', name: 'Done' }))).toBeNull();
    expect(judgeDrop(card, null)).toBeNull();
  });
});

describe('keys that activate', () => {
  it('Enter, Space and modified Enter on a control are judged like a click', () => {
    const pay = { name: 'Pay now' };
    for (const effect of [act('keys', { submits: true, activates: true }), act('keys', { activates: true })])
      expect(held(pay, effect)).toBe('payment');
    expect(held({ role: 'link', tag: 'a', name: 'Report', href: 'https://x.test/report.pdf' }, act('keys', { activates: true }))).toBe(
      'download',
    );
    expect(held(pay, act('keys'))).toBeNull(); // Escape, arrows
  });
});

describe('look-alike letters and invisible characters', () => {
  it.each([
    ['D\u0435lete', 'deletion'], // Cyrillic е
    ['\u0420ay', 'payment'], // Cyrillic Р
    ['Pay\u200Bnow', 'payment'],
    ['De\u200Blete', 'deletion'],
    ['Re\u00ADmove', 'deletion'], // soft hyphen
    ['\u202Eetele\u0044\u202C', 'deletion'], // stored reversed, shown as "Delete" by a right-to-left override
    ['Ｐａｙ', 'payment'], // fullwidth
    ['𝐁𝐮𝐲 𝐧𝐨𝐰', 'payment'], // mathematical bold
    ['D e l e t e', 'deletion'],
    ['Supprimer', 'deletion'],
    ['Supprime\u0301r', 'deletion'], // a combining accent
    ['Zaplac', 'payment'],
    ['Lösch\u200Ben', 'deletion'],
    ['Subs\u0441ribe', 'subscription'], // Cyrillic с
    ['\u039A\u03BFnto l\u00F6schen', 'deletion'], // Greek Κ and ο
    ['Unsubscr\u0456be', 'subscription'], // Cyrillic і
  ])('%j → %s', (name, kind) => {
    expect(sensitiveKind(name)).toBe(kind);
  });
});
