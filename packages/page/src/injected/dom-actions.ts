import type { DomAction, PageError } from '../protocol';
import { isPageError } from '../protocol';
import { describeRef } from './actionability';
import { nextFrame } from './builtins';
import { deepActiveElement, isHTMLElement, isInput, isTextArea } from './dom';
import { describeElement, prepareTyping } from './element-ops';
import { center, rectOf } from './geometry';
import type { RefRegistry } from './refs';
import { Visibility } from './visibility';

// The DOM-event fallback: the same actions with events made by script, for when no
// debugger is attached. Its limits, stated in what it returns and in its errors: events
// are not trusted (isTrusted is false), so pages that accept only real input ignore
// them, and browser-level shortcuts (Ctrl+T, the file chooser) cannot happen at all.
// Typing uses the editing command `insertText`, whose input events are trusted.

/**
 * Runs an editing command. Deprecated on paper, but the only way script can edit text with
 * trusted beforeinput/input events (frameworks such as React then see the change).
 */
function edit(doc: Document, command: string, value?: string): boolean {
  // eslint-disable-next-line @typescript-eslint/no-deprecated -- see above; supported by every engine we run in
  return doc.execCommand(command, false, value);
}

export const DOM_LIMIT =
  'DOM-event mode sends script-made events; pages that accept only real input ignore them. Turn on debugger input for this site if nothing happened.';

function mouse(el: Element, type: string, button: number, point: { x: number; y: number }, detail = 1): void {
  const init = {
    bubbles: true,
    cancelable: true,
    composed: true,
    clientX: point.x,
    clientY: point.y,
    button,
    buttons: type.endsWith('down') ? 1 << button : 0,
    detail,
    view: el.ownerDocument.defaultView,
  };
  const Ctor = type.startsWith('pointer') ? PointerEvent : MouseEvent;
  el.dispatchEvent(new Ctor(type, { ...init, pointerId: 1, pointerType: 'mouse', isPrimary: true }));
}

function pointOf(el: Element): { x: number; y: number } {
  el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
  return center(rectOf(new Visibility().rect(el)));
}

function hover(el: Element, point: { x: number; y: number }): void {
  for (const type of ['pointerover', 'pointerenter', 'mouseover', 'mouseenter', 'pointermove', 'mousemove']) mouse(el, type, 0, point);
}

function click(el: Element, button: 'left' | 'right' | 'middle', count: number): void {
  const point = pointOf(el);
  const code = button === 'left' ? 0 : button === 'middle' ? 1 : 2;
  hover(el, point);
  for (let i = 1; i <= count; i++) {
    mouse(el, 'pointerdown', code, point, i);
    mouse(el, 'mousedown', code, point, i);
    if (i === 1 && isHTMLElement(el)) el.focus({ preventScroll: true });
    mouse(el, 'pointerup', code, point, i);
    mouse(el, 'mouseup', code, point, i);
    if (code === 0 && isHTMLElement(el))
      el.click(); // runs the activation behaviour (links, checkboxes, submit)
    else if (code === 2) mouse(el, 'contextmenu', code, point, i);
  }
  if (count === 2) mouse(el, 'dblclick', code, point, 2);
}

function key(target: Element, type: 'keydown' | 'keyup', keyName: string, modifiers: Set<string>): boolean {
  return target.dispatchEvent(
    new KeyboardEvent(type, {
      key: keyName,
      bubbles: true,
      cancelable: true,
      composed: true,
      ctrlKey: modifiers.has('Control'),
      shiftKey: modifiers.has('Shift'),
      altKey: modifiers.has('Alt'),
      metaKey: modifiers.has('Meta'),
    }),
  );
}

const MODIFIER_NAMES: Record<string, string> = {
  ctrl: 'Control',
  control: 'Control',
  shift: 'Shift',
  alt: 'Alt',
  option: 'Alt',
  meta: 'Meta',
  cmd: 'Meta',
  command: 'Meta',
};

/** Key events, plus the default actions script-made events do not get: submit, focus moves, select-all, delete. */
function press(keys: string): string {
  const parts = keys
    .split('+')
    .map((p) => p.trim())
    .filter(Boolean);
  const mainKey = parts.pop() ?? '';
  const modifiers = new Set(parts.map((p) => MODIFIER_NAMES[p.toLowerCase()] ?? p));
  const target = deepActiveElement(document) ?? document.body;
  const doc = target.ownerDocument;
  const proceed = key(target, 'keydown', mainKey, modifiers);
  let effect = '';
  if (proceed) {
    const lower = mainKey.toLowerCase();
    if (lower === 'enter' && (isInput(target) || isTextArea(target))) {
      if (isInput(target) && target.form) {
        target.form.requestSubmit();
        effect = ' (submitted the form)';
      } else if (isTextArea(target)) {
        edit(doc, 'insertText', '\n');
      }
    } else if (lower === 'enter' && isHTMLElement(target) && (target.localName === 'button' || target.localName === 'a')) {
      target.click();
      effect = ' (activated the focused control)';
    } else if (lower === 'a' && modifiers.has('Control')) {
      edit(doc, 'selectAll');
    } else if (lower === 'backspace' || lower === 'delete') {
      edit(doc, lower === 'backspace' ? 'delete' : 'forwardDelete');
    } else if (lower === 'tab') {
      const focusable = Array.from(
        doc.querySelectorAll<HTMLElement>('a[href],button,input,select,textarea,[tabindex]:not([tabindex="-1"])'),
      ).filter((el) => !el.matches(':disabled'));
      const at = focusable.findIndex((candidate) => candidate === target);
      const next = focusable[(at + (modifiers.has('Shift') ? -1 : 1) + focusable.length) % focusable.length];
      next?.focus();
      effect = ' (moved focus)';
    }
  }
  key(target, 'keyup', mainKey, modifiers);
  return effect;
}

function dataTransferFrom(files: { name: string; mimeType: string; data: string }[]): DataTransfer {
  const transfer = new DataTransfer();
  for (const file of files) {
    const binary = atob(file.data);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    transfer.items.add(new File([bytes], file.name, { type: file.mimeType }));
  }
  return transfer;
}

function drag(source: Element, target: Element, to: { x: number; y: number }): void {
  const transfer = new DataTransfer();
  const from = pointOf(source);
  const fire = (el: Element, type: string, point: { x: number; y: number }) =>
    el.dispatchEvent(
      new DragEvent(type, { bubbles: true, cancelable: true, composed: true, clientX: point.x, clientY: point.y, dataTransfer: transfer }),
    );
  mouse(source, 'pointerdown', 0, from);
  mouse(source, 'mousedown', 0, from);
  fire(source, 'dragstart', from);
  fire(target, 'dragenter', to);
  fire(target, 'dragover', to);
  fire(target, 'drop', to);
  fire(source, 'dragend', to);
  mouse(target, 'mouseup', 0, to);
}

export async function domAct(registry: RefRegistry, ref: string, action: DomAction): Promise<string | PageError> {
  const el = registry.resolve(ref);
  if (isPageError(el)) return el;
  const who = describeRef(ref, el, new Visibility());
  switch (action.kind) {
    case 'click':
      click(el, action.button ?? 'left', action.clickCount ?? 1);
      return `Clicked ${who} with script events. ${DOM_LIMIT}`;
    case 'hover':
      hover(el, pointOf(el));
      return `Hovered ${who} with script events. ${DOM_LIMIT}`;
    case 'type': {
      const info = prepareTyping(registry, ref, action.replace ?? true);
      if (isPageError(info)) return info;
      const before = isInput(el) || isTextArea(el) ? el.value : el.textContent;
      const inserted = action.text ? edit(el.ownerDocument, 'insertText', action.text) : edit(el.ownerDocument, 'delete');
      const after = isInput(el) || isTextArea(el) ? el.value : el.textContent;
      if (action.text && (!inserted || after === before)) {
        return { error: 'ignored', message: `${who} did not take the text: the page refused script-made editing. ${DOM_LIMIT}` };
      }
      const submitted = action.submit ? press('Enter') : '';
      return `Typed ${action.text.length} characters into ${who}${submitted}.`;
    }
    case 'press': {
      const effect = press(action.keys);
      return `Pressed ${action.keys}${effect} with script events. ${DOM_LIMIT}`;
    }
    case 'check': {
      const info = describeElement(registry, ref);
      if (isPageError(info)) return info;
      if (!info.checkable) return { error: 'bad-argument', message: `${who} is not a checkbox, radio or switch; click it instead.` };
      if (info.checked === action.checked) return `${who} was already ${action.checked ? 'checked' : 'unchecked'}.`;
      click(el, 'left', 1);
      await nextFrame();
      const now = describeElement(registry, ref);
      if (!isPageError(now) && now.checked !== action.checked)
        return { error: 'ignored', message: `${who} did not change when clicked. ${DOM_LIMIT}` };
      return `${action.checked ? 'Checked' : 'Unchecked'} ${who}.`;
    }
    case 'drag': {
      let target: Element | null = null;
      let to = pointOf(el);
      if (action.toRef) {
        const resolved = registry.resolve(action.toRef);
        if (isPageError(resolved)) return resolved;
        target = resolved;
        to = center(rectOf(new Visibility().rect(resolved)));
      } else if (action.offset) {
        to = { x: to.x + action.offset.x, y: to.y + action.offset.y };
        target = document.elementFromPoint(to.x, to.y);
      }
      if (!target) return { error: 'bad-argument', message: 'Say where to drag to: a ref (toRef) or an offset.' };
      drag(el, target, to);
      return `Dragged ${who} with script events. ${DOM_LIMIT}`;
    }
    case 'upload': {
      if (!isInput(el) || el.type !== 'file') return { error: 'bad-argument', message: `${who} is not a file input.` };
      el.files = dataTransferFrom(action.files).files;
      el.dispatchEvent(new Event('input', { bubbles: true }));
      el.dispatchEvent(new Event('change', { bubbles: true }));
      return `Put ${action.files.map((f) => f.name).join(', ')} into ${who}.`;
    }
  }
}
