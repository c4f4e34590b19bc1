import type { ElementFacts } from '../browser/port';
import type { Effect } from './effects';
import type { ConfirmKind } from './types';
import { amountIn, approvesAmount, changesFormOnly, findKind, onlyGoAhead, type Hit, type SensitiveKind } from './vocabulary';
import { decodeLenient } from '../uri';

export type { SensitiveKind } from './vocabulary';

// What makes an action sensitive, judged from the element it acts on — every name the page
// gives it (visible text, aria, labels, CSS content, title, icons), where it sits (heading,
// legend, dialog), the form it sends (fields, action, method) — never from what the model
// says about it. Names are normalised (normalise.ts) and read against a multilingual
// vocabulary (vocabulary.ts).

/** The kind of consequence a control's name suggests, or null for ordinary controls. */
export function sensitiveKind(name: string): SensitiveKind | null {
  return findKind([name])?.kind ?? null;
}

const PAYMENT_FIELD =
  /\b(card ?number|cc-?(?:number|num|csc|exp|name)?|cvc|cvv|csc|security code|iban|account number|sort code|routing number|expiry|expiration)\b|card_?number|cardnumber/i;
const DOWNLOAD_FILE = /\.(zip|rar|7z|tar|gz|exe|msi|dmg|pkg|deb|rpm|apk|iso|bin|pdf|docx?|xlsx?|pptx?|csv)(?:[?#]|$)/i;

/** Facts about an element, with defaults for what is not given (a plain button). */
export function elementFacts(partial: Partial<ElementFacts>): ElementFacts {
  return {
    role: 'button',
    name: '',
    names: [],
    tag: 'button',
    inputType: '',
    autocomplete: '',
    fieldName: '',
    secret: false,
    editable: false,
    fileInput: false,
    checkable: false,
    popup: false,
    submits: false,
    submitNames: [],
    formHasPassword: false,
    formHasPayment: false,
    formAction: '',
    formMethod: '',
    context: [],
    options: [],
    href: '',
    download: false,
    frameUrl: '',
    ...partial,
  };
}

export function isPaymentField(facts: ElementFacts): boolean {
  // The name on the card is the person's name, not a way to pay: typing it gives nothing away.
  if (/\bcc-name\b/.test(facts.autocomplete) || (!facts.autocomplete.includes('cc-') && NAME_ON_CARD.test(facts.name))) return false;
  return /\bcc-/.test(facts.autocomplete) || PAYMENT_FIELD.test(`${facts.fieldName} ${facts.name}`);
}

const NAME_ON_CARD = /\b(name on (the )?card|card ?holder(?:'s)? name|cardholder)\b/i;

/** A field for the card's number (where its last four digits are read from). */
export function isCardNumberField(facts: ElementFacts): boolean {
  return (
    /\bcc-number\b/.test(facts.autocomplete) || /card ?number|cardnumber|card_number|cc-?num/i.test(`${facts.fieldName} ${facts.name}`)
  );
}

/**
 * The one question a payment is (issue 30 §3): typing the card and pressing Pay are one
 * consequence, asked once, naming the amount, where, and the card's last four digits.
 */
export function paymentQuestion(facts: ElementFacts, how: { submits: boolean; what: string; site: string; ending: string | null }): string {
  const amount = amountIn(how.submits ? namesOf(facts) : facts.submitNames);
  const card = how.ending ? ` with the card ending ${how.ending}` : '';
  const pay = facts.submitNames[0];
  const doing = how.submits ? `${how.what}.` : `Wayfinder fills in the card details${pay ? ` and presses ${quoted(pay)}` : ''}.`;
  return `Pay${amount ? ` ${amount}` : ''} on ${how.site || 'this page'}${card}? ${doing} ${WHY.payment}`;
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
  memory: 'It keeps a fact about you.',
  tool: 'It needs your approval.',
  'page-code': 'Code can do anything on the page that you can.',
};

export function why(kind: ConfirmKind): string {
  return WHY[kind];
}

function label(facts: ElementFacts): string {
  return `${facts.role} "${facts.name}"`;
}

function quoted(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return `"${flat.length > 60 ? `${flat.slice(0, 59)}…` : flat}"`;
}

/** " (the page also calls it "Pay")" when what matched is not the name shown. */
function because(hit: Hit, facts: ElementFacts): string {
  return hit.source.trim() === facts.name.trim() ? '' : ` (the page also calls it ${quoted(hit.source)})`;
}

/** Every name the element has: the accessible one and every other source the page reported. */
function namesOf(facts: ElementFacts): string[] {
  return [facts.name, ...facts.names].filter((n) => n.trim());
}

type ActEffect = Extract<Effect, { kind: 'act' }>;

const BUTTON_ROLES = new Set(['button', 'menuitem', 'link']);

/** A control people press to go ahead: a button of any type, an input button, a link, a menu item. */
function pressable(facts: ElementFacts): boolean {
  return facts.tag === 'button' || ['submit', 'button', 'image'].includes(facts.inputType) || BUTTON_ROLES.has(facts.role);
}

/** A link that goes somewhere (not "#" or javascript:, which run the page's script like a button). */
function realLink(facts: ElementFacts): boolean {
  if (!facts.href || /^javascript:/i.test(facts.href)) return false;
  const bare = (url: string) => url.replace(/#.*$/, '');
  return !facts.frameUrl || bare(facts.href) !== bare(facts.frameUrl);
}

/** What an address can say it does ("/blog/post/12" and "/share" are pages, not messages). */
const ADDRESS_KINDS: SensitiveKind[] = ['payment', 'deletion', 'subscription'];

/**
 * What a request that changes something does, read from its method and address: DELETE
 * deletes; a path that says pay, delete or subscribe does that (POST /account/delete,
 * /api/users/7/remove, /billing/pay). Reads (GET, HEAD) say nothing; null when nothing is said.
 */
export function requestKind(method: string, url: string): SensitiveKind | null {
  const verb = method.toUpperCase();
  if (verb === 'GET' || verb === 'HEAD' || verb === 'OPTIONS') return null;
  if (verb === 'DELETE') return 'deletion';
  const words = addressWords(url, true);
  return words.trim() ? (findKind([words], { address: true, kinds: ADDRESS_KINDS })?.kind ?? null) : null;
}

/** The words of an address that say what it does: the path, and the query when it is sent as part of it. */
function addressWords(url: string, withQuery: boolean): string {
  try {
    const parsed = new URL(url);
    return `${decodeLenient(parsed.pathname)} ${withQuery ? decodeLenient(parsed.search) : ''}`;
  } catch {
    return '';
  }
}

/** What sending a form to its action does, read from the address (a GET form's query is replaced by its fields). */
function formActionHit(facts: ElementFacts): Hit | null {
  if (!facts.formAction || facts.formMethod === 'dialog') return null;
  const words = addressWords(facts.formAction, facts.formMethod === 'post');
  return words.trim() ? findKind([words], { address: true, kinds: ADDRESS_KINDS }) : null;
}

/** Whether doing this to this element needs the person's confirmation, and why. */
export function judgeElement(effect: ActEffect, facts: ElementFacts): Judgement | null {
  const j = (kind: ConfirmKind, what: string): Judgement => ({ kind, what, why: WHY[kind] });
  if (effect.how === 'upload') return j('upload', `Upload ${effect.files?.join(', ') || 'a file'} into ${label(facts)}`);
  const typing = effect.how === 'type' || effect.how === 'select';
  if (typing && isPaymentField(facts)) return j('payment-field', `Type into ${label(facts)}`);
  if (effect.how === 'select') return judgeChoice(effect, facts);
  // A click, or a key that activates what it lands on (Enter, Space); in a text field a key only types, or submits (Enter).
  const activates = effect.how === 'click' || ((effect.activates === true || effect.submits === true) && !facts.editable);
  const act = `${effect.how === 'click' ? 'Click' : 'Press a key on'} ${label(facts)}`;
  if (effect.how === 'check' || (activates && facts.checkable)) {
    const hit = findKind(namesOf(facts), { kinds: ['payment', 'deletion', 'subscription'], optIn: true });
    return hit ? j(hit.kind, `${effect.how === 'check' ? `Check or uncheck ${label(facts)}` : act}${because(hit, facts)}`) : null;
  }
  if (!activates && !effect.submits) return null;
  if (activates && (facts.download || DOWNLOAD_FILE.test(facts.href))) return j('download', `Download from ${label(facts)}`);
  if (activates && !facts.editable) {
    // A button (not a link to a folder) named or drawn as a trash can or bin deletes.
    const hit = findKind(namesOf(facts), { shareOpensMenu: facts.popup, dropTargets: facts.role !== 'link' && !realLink(facts) });
    if (hit) return j(hit.kind, `${act}${because(hit, facts)}`);
    // An amount of money beside words that only approve ("Approve $2,000 charge", "Continue (€20)") pays.
    const money = realLink(facts) ? null : approvesAmount(namesOf(facts));
    if (money)
      return j(
        'payment',
        `${act}${money.trim() === facts.name.trim() ? '' : ` (the page also calls it ${quoted(money)})`}, which names an amount`,
      );
    const goes = realLink(facts) ? findKind([addressWords(facts.href, true)], { address: true, kinds: ADDRESS_KINDS }) : null;
    if (goes) return j(goes.kind, `${act}, a link to ${quoted(facts.href)}`);
  }
  // Enter in a field presses the form's default button: that button's names count too.
  const enter = effect.submits === true && !pressable(facts);
  const doing = enter ? `Press Enter in ${label(facts)}` : act;
  if (enter && facts.submits) {
    const hit = findKind(facts.submitNames);
    if (hit) return j(hit.kind, `${doing}, which presses ${quoted(hit.source)}`);
  }
  // A message box (a textarea or rich editor) sends on Enter in many apps.
  if (enter && facts.editable && facts.tag !== 'input' && findKind(namesOf(facts), { kinds: ['message'] })) return j('message', doing);
  const submitter = activates && (facts.tag === 'button' || facts.inputType === 'submit' || facts.inputType === 'image');
  const submitting = facts.submits && (submitter || enter);
  // A button that is not a submit button still sends its form when its handler calls requestSubmit().
  const inForm = facts.formAction !== '';
  const mayForward = activates && inForm && !facts.submits && pressable(facts) && !realLink(facts) && !changesFormOnly(facts.name);
  if (submitting || mayForward) {
    const sent = formActionHit(facts);
    if (sent) return j(sent.kind, `${doing}, which sends its form to ${quoted(facts.formAction)}`);
    if (facts.formHasPayment) return j('payment', `${doing} in the payment form`);
    if (facts.formHasPassword) return j('password', `${doing} in the form with a password`);
  }
  // "Continue" or "OK" says nothing by itself: what it does is in the heading, legend or dialog around it.
  const generic = enter
    ? facts.submits && onlyGoAhead(facts.submitNames)
    : activates && pressable(facts) && !realLink(facts) && onlyGoAhead(namesOf(facts));
  const around = generic ? findKind(facts.context) : null;
  if (around) return j(around.kind, `${doing} under ${quoted(around.source)}`);
  return null;
}

/** Choosing options: the chosen values, and the labels of the options they pick, are read like names. */
function judgeChoice(effect: ActEffect, facts: ElementFacts): Judgement | null {
  const values = effect.values ?? [];
  if (!values.length) return null;
  const wanted = values.map((v) => v.trim().toLowerCase());
  const picked = facts.options.filter(
    (o, i) =>
      wanted.includes(o.value.trim().toLowerCase()) ||
      wanted.includes(String(i)) ||
      wanted.some((w) => w && o.label.trim().toLowerCase().startsWith(w)),
  );
  const hit = findKind([...values, ...picked.flatMap((o) => [o.label, o.value])], { kinds: ['payment', 'deletion', 'subscription'] });
  if (!hit) return null;
  return { kind: hit.kind, what: `Choose ${quoted(hit.source)} in ${label(facts)}`, why: WHY[hit.kind] };
}

/** Dropping something onto a target named trash, bin, delete (any language) deletes it; onto "Pay" pays. */
export function judgeDrop(dragged: ElementFacts, target: ElementFacts | null): Judgement | null {
  if (!target) return null;
  const hit = findKind(namesOf(target), { dropTargets: true, kinds: ['payment', 'deletion', 'subscription'] });
  if (!hit) return null;
  return { kind: hit.kind, what: `Drag ${label(dragged)} onto ${label(target)}${because(hit, target)}`, why: WHY[hit.kind] };
}
