import type { ElementFacts } from '../browser/port';
import type { Effect } from '../tools/effects';
import type { ConfirmKind } from './types';

// What makes an action sensitive, judged from the element it acts on — its role, name,
// attributes and form — never from what the model says about it.

export type SensitiveKind = 'payment' | 'deletion' | 'message' | 'subscription';

const KINDS: [SensitiveKind, RegExp][] = [
  [
    'payment',
    /\b(pay|buy|purchase|place (?:the |my )?order|order now|check ?out|submit payment|confirm (?:purchase|payment|order)|transfer|donate)\b/i,
  ],
  ['deletion', /\b(delete|remove|erase|destroy|close (?:my )?account|deactivate)\b/i],
  ['message', /\b(send|publish|post|reply|tweet|share)\b/i],
  ['subscription', /\b(subscribe|unsubscribe|sign me up|renew)\b/i],
];

/** The kind of consequence a control's name suggests, or null for ordinary controls. */
export function sensitiveKind(name: string): SensitiveKind | null {
  for (const [kind, pattern] of KINDS) if (pattern.test(name)) return kind;
  return null;
}

const PAYMENT_FIELD =
  /\b(card ?number|cc-?(?:number|num|csc|exp|name)?|cvc|cvv|csc|security code|iban|account number|sort code|routing number|expiry|expiration)\b|card_?number|cardnumber/i;
const DOWNLOAD_FILE = /\.(zip|rar|7z|tar|gz|exe|msi|dmg|pkg|deb|rpm|apk|iso|bin|pdf|docx?|xlsx?|pptx?|csv)(?:[?#]|$)/i;

/** Facts about an element, with defaults for what is not given (a plain button). */
export function elementFacts(partial: Partial<ElementFacts>): ElementFacts {
  return {
    role: 'button',
    name: '',
    tag: 'button',
    inputType: '',
    autocomplete: '',
    fieldName: '',
    secret: false,
    editable: false,
    fileInput: false,
    submits: false,
    formHasPassword: false,
    formHasPayment: false,
    href: '',
    download: false,
    ...partial,
  };
}

export function isPaymentField(facts: ElementFacts): boolean {
  return /\bcc-/.test(facts.autocomplete) || PAYMENT_FIELD.test(`${facts.fieldName} ${facts.name}`);
}

export interface Judgement {
  kind: ConfirmKind;
  /** "Click button "Pay $20.00"" — what would happen. */
  what: string;
  /** Why it needs the person: "It may spend money." */
  why: string;
}

const WHY: Record<ConfirmKind, string> = {
  payment: 'It may spend money.',
  'payment-field': 'It is a payment field.',
  deletion: 'It may delete something that cannot be brought back.',
  message: 'It may send or publish something in your name.',
  subscription: 'It may sign you up for (or out of) something.',
  password: 'It sends a password.',
  download: 'It downloads a file to this computer.',
  upload: 'It sends a file from this computer to the site.',
  'new-site': 'This task has not used that site yet.',
  tool: 'It needs your approval.',
};

export function why(kind: ConfirmKind): string {
  return WHY[kind];
}

function label(facts: ElementFacts): string {
  return `${facts.role} "${facts.name}"`;
}

type ActEffect = Extract<Effect, { kind: 'act' }>;

/** Whether doing this to this element needs the person's confirmation, and why. */
export function judgeElement(effect: ActEffect, facts: ElementFacts): Judgement | null {
  const j = (kind: ConfirmKind, what: string): Judgement => ({ kind, what, why: WHY[kind] });
  if (effect.how === 'upload') return j('upload', `Upload ${effect.files?.join(', ') || 'a file'} into ${label(facts)}`);
  const typing = effect.how === 'type' || effect.how === 'select';
  if (typing && isPaymentField(facts)) return j('payment-field', `Type into ${label(facts)}`);
  const clicks = effect.how === 'click';
  // A click, or Enter (typed with submit, or pressed on it).
  if (!clicks && !effect.submits) return null;
  if (clicks && (facts.download || DOWNLOAD_FILE.test(facts.href))) return j('download', `Download from ${label(facts)}`);
  const kind = clicks || facts.role === 'button' ? sensitiveKind(facts.name) : null;
  if (kind) return j(kind, `${clicks ? 'Click' : 'Press Enter on'} ${label(facts)}`);
  const submitting =
    facts.submits && (clicks ? facts.tag === 'button' || facts.inputType === 'submit' || facts.inputType === 'image' : true);
  if (submitting && facts.formHasPayment) return j('payment', `Submit the payment form (${label(facts)})`);
  if (submitting && facts.formHasPassword) return j('password', `Submit the form with a password (${label(facts)})`);
  return null;
}
