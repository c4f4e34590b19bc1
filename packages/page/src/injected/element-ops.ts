import type { ElementInfo, PageError, ScrollResult } from '../protocol';
import { isPageError } from '../protocol';
import { describeRef } from './actionability';
import { builtins } from './builtins';
import { bodyOf, collapseSpaces, deepActiveElement, frameDocument, isHTMLElement, isIFrame, isInput, isSelect, isTextArea } from './dom';
import { accessibleName } from './name';
import type { RefRegistry } from './refs';
import { displayRole, roleOf } from './roles';
import { safetyFacts } from './safety-facts';
import { isDisabled } from './state';
import { Visibility } from './visibility';
import { visibleHtml } from './visible-clone';

// Operations the driver asks for around real input: what an element is, getting it
// ready for typing, choosing native options, finding a custom listbox's options,
// scrolling, and the checks behind waits.

const TEXT_TYPES = new Set([
  'text',
  'search',
  'url',
  'tel',
  'email',
  'password',
  'number',
  'date',
  'time',
  'datetime-local',
  'month',
  'week',
  '',
]);

function isEditable(el: Element): boolean {
  if (isInput(el)) return TEXT_TYPES.has(el.type) && !el.readOnly;
  if (isTextArea(el)) return !el.readOnly;
  return isHTMLElement(el) && el.isContentEditable;
}

export function describeElement(registry: RefRegistry, ref: string): ElementInfo | PageError {
  const el = registry.resolve(ref);
  if (isPageError(el)) return el;
  return describeNode(el, ref);
}

function describeNode(el: Element, ref: string): ElementInfo {
  const vis = new Visibility();
  const role = displayRole(el);
  const checkable =
    (isInput(el) && (el.type === 'checkbox' || el.type === 'radio')) ||
    ['checkbox', 'radio', 'switch', 'menuitemcheckbox', 'menuitemradio'].includes(role);
  let checked: boolean | null = null;
  if (isInput(el) && (el.type === 'checkbox' || el.type === 'radio')) checked = el.checked;
  else if (checkable) checked = el.getAttribute('aria-checked') === 'true';
  const expanded = el.getAttribute('aria-expanded');
  const name = accessibleName(el, role, vis).name;
  return {
    ref,
    role,
    name,
    tag: el.localName,
    inputType: isInput(el) ? el.type : '',
    editable: isEditable(el),
    checkable,
    checked,
    disabled: isDisabled(el),
    readonly: (isInput(el) || isTextArea(el)) && el.readOnly,
    nativeSelect: isSelect(el),
    multiple: isSelect(el) && el.multiple,
    fileInput: isInput(el) && el.type === 'file',
    secret: isInput(el) && el.type === 'password',
    expanded: expanded === null ? null : expanded === 'true',
    ...safetyFacts(el, name),
  };
}

/** What has keyboard focus (through shadow roots and same-origin frames); a cross-origin frame is described as the iframe. */
export function describeFocused(): ElementInfo | null {
  const el = deepActiveElement(document);
  if (!el || el === el.ownerDocument.body || el === el.ownerDocument.documentElement) return null;
  return describeNode(el, '');
}

/** The cross-origin iframe that holds focus, for the driver to ask its own script (fetched by object id). */
export function focusedFrame(): Element | null {
  const el = deepActiveElement(document);
  return el && isIFrame(el) && !frameDocument(el) ? el : null;
}

export function focusElement(registry: RefRegistry, ref: string): string | PageError {
  const el = registry.resolve(ref);
  if (isPageError(el)) return el;
  if (!isHTMLElement(el)) return { error: 'bad-argument', message: `${ref} cannot take focus.` };
  el.focus({ preventScroll: true });
  const who = describeRef(ref, el, new Visibility());
  return el.ownerDocument.activeElement === el || el.contains(el.ownerDocument.activeElement)
    ? who
    : { error: 'bad-argument', message: `${who} cannot take keyboard focus; click it instead, or press keys without a target.` };
}

/** Focuses the element and selects all of its text, or puts the caret at the end. */
export function prepareTyping(registry: RefRegistry, ref: string, replace: boolean): ElementInfo | PageError {
  const info = describeElement(registry, ref);
  if (isPageError(info)) return info;
  const el = registry.resolve(ref);
  if (isPageError(el) || !isHTMLElement(el)) return { error: 'bad-argument', message: `${ref} cannot take typing.` };
  if (!info.editable) {
    return {
      error: 'bad-argument',
      message: `${describeRef(ref, el, new Visibility())} does not take typed text (it is a ${info.role}); pick a text field, or use select_option / check / click for this control.`,
    };
  }
  el.focus({ preventScroll: true });
  if (isInput(el) || isTextArea(el)) {
    try {
      if (replace) el.select();
      else el.setSelectionRange(el.value.length, el.value.length);
    } catch {
      // email and number inputs refuse selection ranges; select() still works for them.
      if (replace) el.select();
    }
  } else {
    const selection = el.ownerDocument.getSelection();
    const range = el.ownerDocument.createRange();
    range.selectNodeContents(el);
    if (!replace) range.collapse(false);
    selection?.removeAllRanges();
    selection?.addRange(range);
  }
  return info;
}

/** The element's current value; password fields answer with dots, never their value. */
export function valueOf(registry: RefRegistry, ref: string): string | PageError {
  const el = registry.resolve(ref);
  if (isPageError(el)) return el;
  if (isInput(el)) return el.type === 'password' ? '•'.repeat(el.value.length) : el.value;
  if (isTextArea(el)) return el.value;
  if (isSelect(el)) return Array.from(el.selectedOptions, (o) => o.label).join(', ');
  if (isHTMLElement(el) && el.isContentEditable) return el.innerText;
  return collapseSpaces(el.textContent);
}

function optionLabel(option: HTMLOptionElement): string {
  return collapseSpaces(option.label || option.text);
}

/**
 * An option's text as people write it loosely: case, spaces, dash kinds and thousands
 * separators aside, units shortened ("5 foot 2 inches", "5ft 2in" and "5 ft 2 in" are one;
 * "£500-£1000" is "£500–£1,000"; "3-5 yrs" is "3–5 years", "14 inch" is "14″").
 */
function looseOption(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/(\d),(?=\d{3}\b)/g, '$1')
    .replace(/(\d)\s*(?:feet|foot|ft)\b\.?/g, '$1ft')
    .replace(/(\d)\s*(?:inches|inch|in\b\.?|″|")/g, '$1in')
    .replace(/(\d)\s*(?:years|year|yrs|yr|y)\b\.?/g, '$1y')
    .replace(/(\d)\s*(?:hours|hour|hrs|hr|h)\b\.?/g, '$1h')
    .replace(/(\d)\s*(?:minutes|minute|mins|min)\b\.?/g, '$1min')
    .replace(/\s+/g, '');
}

/** An option's words in any order, brackets and punctuation aside: "English (US)" and "US English" are one. */
function optionWords(text: string): string {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).sort().join(' ');
}

/**
 * An option matching loosely: the same loose text, the same with its last unit left off
 * ("5 foot 9" = "5 ft 9 in"), or the same words in another order ("US English").
 */
function looselyMatches(label: string, value: string): boolean {
  const [have, want] = [looseOption(label), looseOption(value)];
  if (have === want || (/\d$/.test(want) && /^\d+ft\d+in$/.test(have) && have === `${want}in`)) return true;
  const words = optionWords(value);
  return words.includes(' ') && optionWords(label) === words;
}

export function selectOptions(
  registry: RefRegistry,
  ref: string,
  values: string[],
  by: 'auto' | 'value' | 'label' | 'index',
): string[] | PageError {
  const el = registry.resolve(ref);
  if (isPageError(el)) return el;
  const vis = new Visibility();
  const who = describeRef(ref, el, vis);
  if (!isSelect(el)) return { error: 'bad-argument', message: `${who} is not a native select; open it with click, then click the option.` };
  if (!values.length) return { error: 'bad-argument', message: 'Name at least one option to select.' };
  if (values.length > 1 && !el.multiple) return { error: 'bad-argument', message: `${who} takes one option; got ${values.length}.` };
  const options = Array.from(el.options);
  const chosen: HTMLOptionElement[] = [];
  for (const value of values) {
    const wanted = value.trim().toLowerCase();
    const index = Number(value);
    const match =
      (by === 'index' ? options[index] : undefined) ??
      (by === 'auto' || by === 'value' ? options.find((o) => o.value === value) : undefined) ??
      (by === 'auto' || by === 'label' ? options.find((o) => optionLabel(o) === value.trim()) : undefined) ??
      (by === 'auto' || by === 'label' ? options.find((o) => optionLabel(o).toLowerCase() === wanted) : undefined) ??
      (by === 'auto' ? options.find((o) => looselyMatches(optionLabel(o), value)) : undefined) ??
      (by === 'auto' ? options.find((o) => optionLabel(o).toLowerCase().startsWith(wanted)) : undefined);
    if (!match) {
      // Only the options people can see in the list: hidden ones carry text nobody reads.
      const available = options
        .filter((o) => !vis.optionHidden(o))
        .map(optionLabel)
        .slice(0, 20)
        .map((l) => `"${l}"`)
        .join(', ');
      return {
        error: 'not-found',
        message: `${who} has no option "${value}". Its options: ${available}${options.length > 20 ? ', …' : ''}.`,
      };
    }
    if (match.disabled) return { error: 'bad-argument', message: `The option "${optionLabel(match)}" of ${who} is disabled.` };
    chosen.push(match);
  }
  for (const option of options) option.selected = chosen.includes(option);
  el.dispatchEvent(new Event('input', { bubbles: true }));
  el.dispatchEvent(new Event('change', { bubbles: true }));
  return chosen.map(optionLabel);
}

function byIdList(el: Element, attr: string): Element[] {
  const ids = el.getAttribute(attr);
  if (!ids) return [];
  return ids.split(/\s+/).flatMap((id) => {
    const found = el.ownerDocument.getElementById(id);
    return found ? [found] : [];
  });
}

/** Options of the listbox a combobox controls (or the nearest open one), matched to values. */
export function listboxOptions(registry: RefRegistry, ref: string, values: string[]): { ref: string; label: string }[] | PageError {
  const el = registry.resolve(ref);
  if (isPageError(el)) return el;
  const vis = new Visibility();
  const visible = (node: Element) => node.checkVisibility({ visibilityProperty: true }) && vis.rect(node).width > 0;
  let lists = [...byIdList(el, 'aria-controls'), ...byIdList(el, 'aria-owns')].filter(
    (l) => l.getAttribute('role') === 'listbox' || l.querySelector('[role="option"]'),
  );
  if (roleOf(el) === 'listbox') lists = [el];
  if (!lists.length) {
    // No explicit link: the nearest visible listbox around the control.
    for (let scope: Element | null = el.parentElement; scope && !lists.length; scope = scope.parentElement) {
      lists = Array.from(scope.querySelectorAll('[role="listbox"]')).filter(visible);
    }
  }
  const options = lists.flatMap((list) => Array.from(list.querySelectorAll('[role="option"]'))).filter(visible);
  if (!options.length)
    return { error: 'not-found', message: `${describeRef(ref, el, vis)} shows no options; it may need to be opened first (click it).` };
  const refs = registry.forDocument(el.ownerDocument, el.ownerDocument === document);
  const found: { ref: string; label: string }[] = [];
  for (const value of values) {
    const wanted = value.trim().toLowerCase();
    const label = (o: Element) => accessibleName(o, 'option', vis).name;
    const match =
      options.find((o) => label(o).toLowerCase() === wanted) ??
      options.find((o) => looselyMatches(label(o), value)) ??
      options.find((o) => label(o).toLowerCase().startsWith(wanted)) ??
      options.find((o) => label(o).toLowerCase().includes(wanted));
    if (!match) {
      const available = options
        .slice(0, 20)
        .map((o) => `"${label(o)}"`)
        .join(', ');
      return { error: 'not-found', message: `${describeRef(ref, el, vis)} has no option "${value}". Its options: ${available}.` };
    }
    found.push({ ref: refs.refFor(match), label: label(match) });
  }
  return found;
}

function scrollable(el: Element): boolean {
  const style = builtins.getComputedStyle(el);
  const y = (style.overflowY === 'auto' || style.overflowY === 'scroll') && el.scrollHeight > el.clientHeight;
  const x = (style.overflowX === 'auto' || style.overflowX === 'scroll') && el.scrollWidth > el.clientWidth;
  return y || x;
}

export function scrollBy(
  registry: RefRegistry,
  ref: string | null,
  direction: 'up' | 'down' | 'left' | 'right' | 'top' | 'bottom',
  amount: number | null,
): ScrollResult | PageError {
  const root: Element | null = document.scrollingElement;
  let target: Element = root ?? document.documentElement;
  let label = 'the page';
  if (ref) {
    const el = registry.resolve(ref);
    if (isPageError(el)) return el;
    let node: Element | null = el;
    while (node && !scrollable(node)) node = node.parentElement;
    if (node && node !== document.documentElement && node !== document.body) {
      target = node;
      label = node === el ? describeRef(ref, el, new Visibility()) : `the scrollable area around ${describeRef(ref, el, new Visibility())}`;
    }
  }
  const isPage = target === document.scrollingElement || target === document.documentElement;
  const viewHeight = isPage ? window.innerHeight : target.clientHeight;
  const viewWidth = isPage ? window.innerWidth : target.clientWidth;
  const beforeX = target.scrollLeft;
  const beforeY = target.scrollTop;
  const stepY = amount ?? Math.round(viewHeight * 0.8);
  const stepX = amount ?? Math.round(viewWidth * 0.8);
  const options: ScrollToOptions = { behavior: 'instant' };
  if (direction === 'top') target.scrollTo({ ...options, top: 0 });
  else if (direction === 'bottom') target.scrollTo({ ...options, top: target.scrollHeight });
  else if (direction === 'up') target.scrollBy({ ...options, top: -stepY });
  else if (direction === 'down') target.scrollBy({ ...options, top: stepY });
  else if (direction === 'left') target.scrollBy({ ...options, left: -stepX });
  else target.scrollBy({ ...options, left: stepX });
  const maxY = target.scrollHeight - (isPage ? window.innerHeight : target.clientHeight);
  return {
    target: label,
    x: Math.round(target.scrollLeft),
    y: Math.round(target.scrollTop),
    moved: target.scrollLeft !== beforeX || target.scrollTop !== beforeY,
    atTop: target.scrollTop <= 0,
    atBottom: target.scrollTop >= maxY - 1,
  };
}

/** Whether the text shows in this document or a same-origin frame in it (the driver asks cross-origin frames itself). */
export function hasText(text: string, doc: Document = document, depth = 0): boolean {
  const needle = collapseSpaces(text).toLowerCase();
  if (!needle) return false;
  const body = bodyOf(doc);
  if (body && collapseSpaces(body.innerText).toLowerCase().includes(needle)) return true;
  if (depth >= 4) return false;
  for (const frame of doc.querySelectorAll('iframe')) {
    const inner = frameDocument(frame);
    if (inner && hasText(text, inner, depth + 1)) return true;
  }
  return false;
}

export function refPresent(registry: RefRegistry, ref: string): boolean {
  const el = registry.resolve(ref);
  if (isPageError(el)) return false;
  return el.checkVisibility({ visibilityProperty: true }) && new Visibility().rect(el).width > 0;
}

/** HTML of what people can see of the first match (or the page): no hidden text or values, capped. */
export function outerHtml(selector: string | null, maxChars: number): string | PageError {
  let el: Element | null;
  try {
    el = selector ? document.querySelector(selector) : document.documentElement;
  } catch {
    return { error: 'bad-argument', message: `"${selector ?? ''}" is not a valid CSS selector.` };
  }
  if (!el) return { error: 'not-found', message: `Nothing on the page matches "${selector ?? ''}".` };
  const html = visibleHtml(el, new Visibility());
  return html.length <= maxChars ? html : `${html.slice(0, maxChars)}\n… (cut at ${maxChars} of ${html.length} characters)`;
}
