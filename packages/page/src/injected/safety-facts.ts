import type { ElementInfo } from '../protocol';
import { builtins } from './builtins';
import {
  composedParent,
  flatChildren,
  isAnchor,
  isButton,
  isElement,
  isHTMLElement,
  isInput,
  isSelect,
  isShadowRoot,
  isText,
  isTextArea,
} from './dom';
import { accessibleName } from './name';
import { displayRole, roleOf } from './roles';
import { Visibility } from './visibility';

// What the safety policy reads about an element besides its accessible name: every other
// name the page gives it, where it sits, and where its form goes. A page can point the
// accessible name at innocent text (aria-labelledby, <label for>) while the button says
// "Pay", draw its words with CSS, or show only an icon; the policy reads all of it. Hidden
// text is read too: here it can only add a question, never remove one. Nothing here is
// shown to the model.

const MAX_TEXT = 200;
const MAX_NAMES = 40;
/** Elements inside a control looked at for labels, icons and CSS content. */
const MAX_INSIDE = 60;

type SafetyFacts = Pick<
  ElementInfo,
  | 'names'
  | 'popup'
  | 'submits'
  | 'submitNames'
  | 'formHasPassword'
  | 'formHasPayment'
  | 'formAction'
  | 'formMethod'
  | 'context'
  | 'options'
  | 'href'
  | 'download'
  | 'frameUrl'
  | 'autocomplete'
  | 'fieldName'
>;

// Spaces collapsed, but zero-width and other invisible characters kept: the policy reads
// "De\u200Blete" both as one word and as two, which a space here would settle for it.
const SPACES = /[ \t\n\r\f\v\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/g;

function collapseSpaces(text: string | null | undefined): string {
  return (text ?? '').replace(SPACES, ' ').trim();
}

/** Texts in order, each once, collapsed and capped. */
class TextList {
  readonly items: string[] = [];
  add(text: string | null | undefined): void {
    if (!text || this.items.length >= MAX_NAMES) return;
    const flat = collapseSpaces(text).slice(0, MAX_TEXT);
    if (flat && !this.items.includes(flat)) this.items.push(flat);
  }
}

const SKIP = new Set(['script', 'style', 'template', 'noscript', 'head', 'select', 'textarea']);

/** All the text inside, through shadow roots and slots, hidden parts included, capped. */
function textInside(el: Element): string {
  let out = '';
  const walk = (node: Node) => {
    for (const child of flatChildren(node)) {
      if (out.length > MAX_TEXT) return;
      if (isText(child)) out += child.data;
      else if (isElement(child) && !SKIP.has(child.localName)) {
        out += ' ';
        walk(child);
      }
    }
  };
  walk(el);
  return collapseSpaces(out);
}

/** Elements inside, through shadow roots, in order, capped. */
function inside(el: Element): Element[] {
  const out: Element[] = [];
  const walk = (node: Node) => {
    for (const child of flatChildren(node)) {
      if (out.length >= MAX_INSIDE) return;
      if (!isElement(child) || SKIP.has(child.localName)) continue;
      out.push(child);
      walk(child);
    }
  };
  walk(el);
  return out;
}

function unescapeCss(text: string): string {
  return text.replace(/\\([0-9a-fA-F]{1,6})\s?|\\(.)/gs, (_, hex: string | undefined, char: string | undefined) =>
    hex ? String.fromCodePoint(Number.parseInt(hex, 16)) : (char ?? ''),
  );
}

/** The words ::before and ::after draw: their strings and the attributes they show. */
function generatedText(el: Element): string[] {
  const out: string[] = [];
  for (const pseudo of ['::before', '::after']) {
    const content = builtins.getComputedStyle(el, pseudo).content;
    if (!content || content === 'none' || content === 'normal') continue;
    let text = '';
    for (const m of content.matchAll(/"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|attr\(\s*([\w-]+)[^)]*\)/gs)) {
      text += m[3] ? (el.getAttribute(m[3]) ?? '') : unescapeCss(m[1] ?? m[2] ?? '');
    }
    if (text.trim()) out.push(text);
  }
  return out;
}

function byIds(el: Element, attr: string): Element[] {
  const ids = el.getAttribute(attr)?.trim();
  if (!ids) return [];
  const root = el.getRootNode();
  const scope = isShadowRoot(root) ? root : el.ownerDocument;
  return ids.split(/\s+/).flatMap((id) => {
    const found = scope.getElementById(id);
    return found ? [found] : [];
  });
}

/** What an icon with no text shows, from how it is built: icon classes, sprite ids, image file names. */
function iconHints(el: Element): string[] {
  const out: string[] = [];
  for (const node of [el, ...inside(el)]) {
    if (node.localName === 'use') out.push(node.getAttribute('href') ?? node.getAttribute('xlink:href') ?? '');
    else if (node.localName === 'img') out.push((node.getAttribute('src') ?? '').split(/[?#]/)[0]?.split('/').pop() ?? '');
    else if (['i', 'span', 'svg', 'em'].includes(node.localName) && !textInside(node)) out.push(node.getAttribute('class') ?? '');
    out.push(node.getAttribute('data-icon') ?? '');
  }
  return out.filter((h) => /\p{L}/u.test(h));
}

/** Every name the page gives an element, the accessible one first. */
export function namesOf(el: Element, accessible: string): string[] {
  const names = new TextList();
  names.add(accessible);
  const editable = isTextArea(el) || isSelect(el) || (isInput(el) && !['submit', 'button', 'reset', 'image'].includes(el.type));
  if (!editable && !(isElement(el) && el.getAttribute('contenteditable') !== null)) names.add(textInside(el));
  for (const attr of ['aria-label', 'title', 'placeholder', 'alt', 'aria-description']) names.add(el.getAttribute(attr));
  for (const target of byIds(el, 'aria-labelledby')) names.add(textInside(target));
  const labels = isInput(el) || isSelect(el) || isTextArea(el) || isButton(el) ? Array.from(el.labels ?? []) : [];
  for (const label of labels) names.add(textInside(label));
  // An input button's words are its value; a <button>'s value is sent with the form.
  if (isInput(el) && ['submit', 'button', 'reset'].includes(el.type)) names.add(el.value);
  if (isButton(el)) names.add(el.getAttribute('value'));
  for (const text of generatedText(el)) names.add(text);
  for (const node of inside(el)) {
    for (const attr of ['aria-label', 'title', 'alt']) names.add(node.getAttribute(attr));
    if (node.localName === 'title') names.add(node.textContent);
    for (const text of generatedText(node)) names.add(text);
  }
  // A checkbox's words often sit beside it rather than in a label (when nothing else sits there too).
  const parent = el.parentElement;
  const checkable = isInput(el) && (el.type === 'checkbox' || el.type === 'radio');
  if (checkable && parent && parent.querySelectorAll('input, select, textarea, button').length === 1) {
    const beside = textInside(parent);
    if (beside.length <= MAX_TEXT) names.add(beside);
  }
  if (names.items.length <= 1 && !textInside(el)) for (const hint of iconHints(el)) names.add(hint);
  return names.items;
}

const HEADINGS = 'h1,h2,h3,h4,h5,h6,[role="heading"]';

function isDialog(el: Element): boolean {
  const role = roleOf(el);
  return el.localName === 'dialog' || role === 'dialog' || role === 'alertdialog';
}

/** The nearest heading before the element in the page (through shadow roots), within its dialog. */
function headingBefore(el: Element): Element | null {
  let steps = 0;
  for (let node: Element | null = el; node && steps < 40; node = composedParent(node), steps++) {
    if (node !== el && isDialog(node)) return null;
    for (let sibling = node.previousElementSibling; sibling; sibling = sibling.previousElementSibling) {
      if (sibling.matches(HEADINGS)) return sibling;
      const inner = sibling.querySelectorAll(HEADINGS);
      const last = inner[inner.length - 1];
      if (last) return last;
    }
  }
  return null;
}

function closestComposed(el: Element, test: (node: Element) => boolean): Element | null {
  for (let node: Element | null = el; node; node = composedParent(node)) if (test(node)) return node;
  return null;
}

/** The form an element belongs to, or sits in (across shadow roots: a widget's handler can submit the page's form). */
function formOf(el: Element): HTMLFormElement | null {
  if (isInput(el) || isTextArea(el) || isSelect(el) || isButton(el)) return el.form;
  const found = closestComposed(el, isForm);
  return found && isForm(found) ? found : null;
}

function isForm(el: Element): el is HTMLFormElement {
  return el.localName === 'form' && isHTMLElement(el);
}

/** What surrounds an element: its dialog's name, its fieldset's legend, its form's label, the heading before it, its description. */
function contextOf(el: Element, form: HTMLFormElement | null): string[] {
  const context = new TextList();
  const dialog = closestComposed(el, (node) => node !== el && isDialog(node));
  if (dialog) {
    context.add(dialog.getAttribute('aria-label'));
    for (const target of byIds(dialog, 'aria-labelledby')) context.add(textInside(target));
    const title = dialog.querySelector(HEADINGS);
    if (title) context.add(textInside(title));
  }
  const fieldset = closestComposed(el, (node) => node.localName === 'fieldset');
  const legend = fieldset ? Array.from(fieldset.children).find((c) => c.localName === 'legend') : undefined;
  if (legend) context.add(textInside(legend));
  if (form) {
    context.add(form.getAttribute('aria-label'));
    for (const target of byIds(form, 'aria-labelledby')) context.add(textInside(target));
    context.add(form.getAttribute('title'));
    context.add([form.getAttribute('name'), form.getAttribute('id')].filter(Boolean).join(' ').replace(/[-_]+/g, ' '));
  }
  const heading = headingBefore(el);
  if (heading) context.add(textInside(heading));
  for (const target of byIds(el, 'aria-describedby')) context.add(textInside(target));
  return context.items;
}

function isSubmitButton(el: Element): boolean {
  return (isButton(el) && el.type === 'submit') || (isInput(el) && (el.type === 'submit' || el.type === 'image'));
}

/** Where a submission goes: the submitter's formaction, else the form's action, else this document. */
function formTarget(el: Element, form: HTMLFormElement, submitter: Element | null): Pick<ElementInfo, 'formAction' | 'formMethod'> {
  // Attributes, not form.action: a field named "action" would shadow the property.
  const action = submitter?.getAttribute('formaction') ?? form.getAttribute('action') ?? '';
  const method = (submitter?.getAttribute('formmethod') ?? form.getAttribute('method') ?? 'get').trim().toLowerCase();
  let url = el.ownerDocument.URL;
  try {
    url = new URL(action.trim() || el.ownerDocument.URL, el.ownerDocument.baseURI).href;
  } catch {
    // An address the browser cannot parse goes nowhere; the document's own stands in.
  }
  return { formAction: url, formMethod: ['post', 'dialog'].includes(method) ? method : 'get' };
}

const PAYMENT_NAME =
  /\b(card ?number|cc-?(?:number|num|csc|exp)|cvc|cvv|csc|security code|iban|account number|sort code|routing number)\b|card_?number|cardnumber/i;

/** Whether a field takes payment details (by autocomplete, name, id or label). */
function isPaymentField(el: Element, label: string): boolean {
  const autocomplete = (el.getAttribute('autocomplete') ?? '').toLowerCase();
  if (/\bcc-/.test(autocomplete)) return true;
  return PAYMENT_NAME.test(`${el.getAttribute('name') ?? ''} ${el.id} ${label}`);
}

/** The facts the safety policy reads (see ElementFacts in core). */
export function safetyFacts(el: Element, accessible: string): SafetyFacts {
  const form = formOf(el);
  const fields = form ? Array.from(form.elements) : [];
  const vis = new Visibility();
  const submits =
    isSubmitButton(el) || (isInput(el) && !['checkbox', 'radio', 'file', 'button', 'reset', 'submit', 'image'].includes(el.type));
  // Enter in a field presses the form's first submit button.
  const defaultButton = form && submits && !isSubmitButton(el) ? (fields.find(isSubmitButton) ?? null) : null;
  const anchor = el.closest('a[href]');
  const popup = el.getAttribute('aria-haspopup');
  return {
    names: namesOf(el, accessible),
    popup: popup !== null && popup !== 'false',
    autocomplete: (el.getAttribute('autocomplete') ?? '').toLowerCase(),
    fieldName: `${el.getAttribute('name') ?? ''} ${el.id}`.trim(),
    submits: Boolean(form) && submits,
    submitNames: defaultButton ? namesOf(defaultButton, accessibleName(defaultButton, displayRole(defaultButton), vis).name) : [],
    formHasPassword: fields.some((f) => isInput(f) && f.type === 'password'),
    formHasPayment: fields.some((f) => (isInput(f) || isSelect(f)) && isPaymentField(f, accessibleName(f, displayRole(f), vis).name)),
    ...(form ? formTarget(el, form, isSubmitButton(el) ? el : defaultButton) : { formAction: '', formMethod: '' }),
    context: contextOf(el, form),
    options: isSelect(el)
      ? Array.from(el.options, (o) => ({ label: collapseSpaces(o.label || o.text), value: o.value })).slice(0, 200)
      : [],
    href: anchor && isAnchor(anchor) ? anchor.href : '',
    download: anchor?.hasAttribute('download') ?? false,
    frameUrl: el.ownerDocument.URL,
  };
}
