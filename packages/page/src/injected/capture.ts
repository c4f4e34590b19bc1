import type { CaptureOptions, CapturedEvent, CapturedTarget } from '../protocol-skills';
import { isPageError } from '../protocol';
import { builtins } from './builtins';
import { isElement, isHTMLElement, isInput, isLabel, isSelect, isTextArea, labelsOf } from './dom';
import { describeElement } from './element-ops';
import { buildLocators } from './locators';
import type { RefRegistry } from './refs';

// What a person does, reported to the recorder. Runs in our isolated world: its listeners
// and the binding it reports through are invisible to the page, and only trusted events
// (made by the browser from real input) are reported, so page script cannot forge steps.
// A page can still hide its own events (stopImmediatePropagation in an earlier listener).

// Which keys matter is core's call (skills/recording.ts, keyMatters): from here go named keys
// (Enter, Escape, arrows …) and chords, never the characters typing makes (the field's value has them).
/** Keys that only edit or move the caret in a text field: the field's value says what they did. */
const EDITING_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'Delete', 'PageUp', 'PageDown']);
const EDITING_SHORTCUTS = new Set(['a', 'c', 'v', 'x', 'z', 'y', 'Backspace', 'Delete', 'ArrowLeft', 'ArrowRight', 'Home', 'End']);
const MODIFIER_KEYS = new Set(['Control', 'Alt', 'Meta', 'Shift', 'AltGraph', 'CapsLock']);
const CHECKABLE = new Set(['checkbox', 'radio']);
const NOT_TEXT = new Set(['checkbox', 'radio', 'file', 'button', 'submit', 'reset', 'image', 'range', 'color']);
const CLICKABLE =
  'a[href],button,input,select,textarea,summary,label,[role=button],[role=link],[role=checkbox],[role=radio],[role=switch],[role=tab],[role=menuitem],[role=menuitemcheckbox],[role=menuitemradio],[role=option],[role=treeitem],[contenteditable=""],[contenteditable=true]';
const PAYMENT_NAME =
  /\b(card ?number|cc-?(?:number|num|csc|exp|name)?|cvc|cvv|csc|security code|iban|account number|sort code|routing number|expiry|expiration)\b|card_?number|cardnumber/i;
/** A scroll counts as the person's when it follows their own wheel, key, touch or pointer within this long. */
const SCROLL_INPUT_MS = 1000;
const SCROLL_SETTLE_MS = 250;
/** How long after Enter a click without a mouse is taken as that key's doing. */
const KEY_ACTIVATION_MS = 500;
/** Reports kept while a new document waits for its binding (the recorder adds it right after the document commits). */
const MAX_WAITING = 200;

const PERSON_INPUT = ['wheel', 'pointerdown', 'touchmove'] as const;

interface Capture {
  binding: string;
  flush(): void;
  stop(): void;
}

let running: Capture | null = null;

/** The element an event is really about: inside open shadow roots, and the control a click landed in. */
function targetOf(event: Event): Element | null {
  const first = event.composedPath()[0];
  if (!(first instanceof Node)) return null;
  if (isElement(first)) return first;
  return isElement(first.parentElement) ? first.parentElement : null;
}

function modifiersOf(event: KeyboardEvent | MouseEvent): string[] {
  const out: string[] = [];
  if (event.ctrlKey) out.push('Control');
  if (event.altKey) out.push('Alt');
  if (event.metaKey) out.push('Meta');
  if (event.shiftKey) out.push('Shift');
  return out;
}

function isTextField(el: Element): boolean {
  if (isInput(el)) return !NOT_TEXT.has(el.type);
  return isTextArea(el) || (isHTMLElement(el) && el.isContentEditable);
}

function fieldValue(el: Element): string {
  return isInput(el) || isTextArea(el) ? el.value : el.textContent;
}

/** A field whose value must never leave the page: a password, or card and bank details. */
function isConfidential(el: Element): boolean {
  if (isInput(el) && el.type === 'password') return true;
  const autocomplete = (el.getAttribute('autocomplete') ?? '').toLowerCase();
  if (/\bcc-|password/.test(autocomplete)) return true;
  const labels = labelsOf(el)
    .map((l) => l.textContent)
    .join(' ');
  return PAYMENT_NAME.test(`${el.getAttribute('name') ?? ''} ${el.id} ${el.getAttribute('aria-label') ?? ''} ${labels}`);
}

/** A click on a label's text is passed on by the browser as a click on its control: that one is reported. */
function forwardsToControl(el: Element): boolean {
  const label = el.closest('label');
  if (!label || !isLabel(label)) return false;
  const control = label.control;
  if (!control || control === el || control.contains(el)) return false;
  const interactive = el.closest('a[href],button,input,select,textarea');
  return !interactive || !label.contains(interactive);
}

/** Keys that change a control's value (a select's option, a radio in its group, a slider): the change says what they did. */
function takesValueKeys(el: Element): boolean {
  return isTextField(el) || isSelect(el) || (isInput(el) && ['radio', 'range', 'number'].includes(el.type));
}

export function startCapture(registry: () => RefRegistry, options: CaptureOptions): boolean {
  if (running?.binding === options.binding) {
    running.flush();
    return false;
  }
  // A recorder that went away without stopping: the new one takes over.
  stopCapture();
  const win = globalThis;
  /** Reports made before the recorder gave this new document its binding, sent once it has. */
  const waiting: string[] = [];
  const flush = (): boolean => {
    const binding: unknown = Reflect.get(win, options.binding);
    if (typeof binding !== 'function') return false;
    for (const payload of waiting.splice(0)) Reflect.apply(binding, win, [payload]);
    return true;
  };
  const send = (event: CapturedEvent): void => {
    waiting.push(JSON.stringify(event));
    if (!flush() && waiting.length > MAX_WAITING) waiting.shift();
  };
  const describe = (el: Element): CapturedTarget | null => {
    try {
      const refs = registry();
      const ref = refs.forDocument(el.ownerDocument, el.ownerDocument === document).refFor(el);
      const info = describeElement(refs, ref);
      const locators = buildLocators(refs, ref);
      if (isPageError(info) || isPageError(locators)) return null;
      return { locators: locators.locators, info };
    } catch {
      // An element the page tore down mid-event: nothing to report.
      return null;
    }
  };

  /** What each field held when last reported (kept here, in our world, to skip repeats). */
  const typed = new WeakMap<Element, string>();
  let enterAt = -Infinity;
  let lastInputAt = -Infinity;
  /** Per scroll container: the report waiting for the scrolling to settle, and its timer. */
  const scrolls = new Map<EventTarget, { timer: ReturnType<typeof builtins.setTimeout>; report: () => void }>();

  const onClick = (event: MouseEvent) => {
    if (!event.isTrusted || event.button !== 0) return;
    // Enter on a button (or in a field, submitting its form) makes a click with no mouse: the key is the step.
    if (event.detail === 0 && builtins.now() - enterAt < KEY_ACTIVATION_MS) return;
    // The second click of a double click is reported by dblclick.
    if (event.type === 'click' && event.detail >= 2) return;
    const hit = targetOf(event);
    if (!hit || forwardsToControl(hit)) return;
    const el = hit.closest(CLICKABLE) ?? hit;
    const target = describe(el);
    if (!target) return;
    const box = el.getBoundingClientRect();
    const count = event.type === 'dblclick' ? 2 : 1;
    send({ kind: 'click', target, count, offsetX: Math.round(event.clientX - box.left), offsetY: Math.round(event.clientY - box.top) });
  };

  const onInput = (event: Event) => {
    if (!event.isTrusted) return;
    const el = targetOf(event);
    if (!el || !isTextField(el)) return;
    const target = describe(el);
    if (!target) return;
    const value = fieldValue(el);
    typed.set(el, value);
    send({ kind: 'input', target, value: isConfidential(el) ? null : value });
  };

  const onChange = (event: Event) => {
    if (!event.isTrusted) return;
    const el = targetOf(event);
    if (!el) return;
    if (isSelect(el)) {
      const target = describe(el);
      if (target) send({ kind: 'select', target, value: el.value });
    } else if (isInput(el) && CHECKABLE.has(el.type)) {
      const target = describe(el);
      if (target) send({ kind: 'check', target, checked: el.checked });
    } else if (isInput(el) && el.type === 'file') {
      const target = describe(el);
      if (target) send({ kind: 'upload', target, fileNames: Array.from(el.files ?? [], (f) => f.name) });
    } else if (isTextField(el) && typed.get(el) !== fieldValue(el)) {
      // A change the input events did not show (most fields report every edit; blur and Enter only repeat it).
      onInput(event);
    }
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (!event.isTrusted) return;
    lastInputAt = builtins.now();
    if (event.key === 'Enter') enterAt = lastInputAt;
    if (event.isComposing || MODIFIER_KEYS.has(event.key)) return;
    const modifiers = modifiersOf(event);
    const shortcut = modifiers.some((m) => m !== 'Shift');
    if (event.key.length === 1 && !shortcut) return;
    const el = targetOf(event);
    if (el && (shortcut ? isTextField(el) && EDITING_SHORTCUTS.has(event.key) : takesValueKeys(el) && EDITING_KEYS.has(event.key))) return;
    if (event.key === 'Enter' && el && (isTextArea(el) || (isHTMLElement(el) && el.isContentEditable)) && !shortcut) return;
    const onBody = !el || el === document.body || el === document.documentElement;
    send({ kind: 'key', key: event.key, modifiers, target: onBody ? null : describe(el) });
  };

  const onPersonInput = (event: Event) => {
    if (event.isTrusted) lastInputAt = builtins.now();
  };

  const onScroll = (event: Event) => {
    if (!event.isTrusted || builtins.now() - lastInputAt > SCROLL_INPUT_MS) return;
    const source = event.target;
    if (!source) return;
    const pending = scrolls.get(source);
    if (pending) builtins.clearTimeout(pending.timer);
    const report = () => {
      scrolls.delete(source);
      if (source instanceof Document || source === win) {
        send({ kind: 'scroll', x: Math.round(win.scrollX), y: Math.round(win.scrollY), target: null });
      } else if (source instanceof Element) {
        send({ kind: 'scroll', x: Math.round(source.scrollLeft), y: Math.round(source.scrollTop), target: describe(source) });
      }
    };
    scrolls.set(source, { timer: builtins.setTimeout(report, SCROLL_SETTLE_MS), report });
  };

  const how = { capture: true, passive: true };
  win.addEventListener('click', onClick, how);
  win.addEventListener('dblclick', onClick, how);
  win.addEventListener('input', onInput, how);
  win.addEventListener('change', onChange, how);
  win.addEventListener('keydown', onKeyDown, how);
  win.addEventListener('scroll', onScroll, how);
  for (const type of PERSON_INPUT) win.addEventListener(type, onPersonInput, how);
  running = {
    binding: options.binding,
    flush: () => void flush(),
    stop: () => {
      win.removeEventListener('click', onClick, how);
      win.removeEventListener('dblclick', onClick, how);
      win.removeEventListener('input', onInput, how);
      win.removeEventListener('change', onChange, how);
      win.removeEventListener('keydown', onKeyDown, how);
      win.removeEventListener('scroll', onScroll, how);
      for (const type of PERSON_INPUT) win.removeEventListener(type, onPersonInput, how);
      // A scroll still settling is where the person left it: reported now, before the recorder stops listening.
      for (const { timer, report } of [...scrolls.values()]) {
        builtins.clearTimeout(timer);
        report();
      }
    },
  };
  return true;
}

export function stopCapture(): boolean {
  if (!running) return false;
  running.stop();
  running = null;
  return true;
}
