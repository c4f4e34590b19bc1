import { describe, expect, it } from 'vitest';
import type { Effect } from '../tools/effects';
import { elementFacts, isPaymentField, judgeElement, sensitiveKind } from './classify';

const act = (
  how: Extract<Effect, { kind: 'act' }>['how'],
  extra: { submits?: boolean; files?: string[] } = {},
): Extract<Effect, { kind: 'act' }> => ({ kind: 'act', how, ref: 'e1', ...extra });

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
