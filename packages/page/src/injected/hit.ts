import type { FrameContext } from './items';
import { collapseSpaces, composedContains, deepElementFromPoint, isLabel, truncate } from './dom';
import { roleOf } from './roles';
import { looksLikeInstructions } from './suspicious';

// Hit testing in root coordinates, through same-origin frames: does a click at this
// point reach the element, and if not, what is on top?

/** The element a click at (x, y) (root coordinates) would land on inside `frame`. */
export function hitAt(frame: FrameContext, x: number, y: number): Element | null {
  // Each enclosing frame element must itself be on top in its parent at that point.
  if (frame.parent && frame.frameElement) {
    const outer = hitAt(frame.parent, x, y);
    if (outer !== frame.frameElement) return outer;
  }
  return deepElementFromPoint(frame.doc, x - frame.offsetX, y - frame.offsetY);
}

/** True when a click landing on `hit` operates `el`: `el` itself, inside it, or its label. */
export function reaches(el: Element, hit: Element | null): boolean {
  if (!hit) return false;
  if (composedContains(el, hit)) return true;
  for (let node: Element | null = hit; node; node = node.parentElement) {
    if (isLabel(node) && node.control === el) return true;
  }
  return false;
}

const DIALOG = 'dialog, [role="dialog"], [role="alertdialog"]';

/** Page text for a description: dropped when it reads like orders to an AI. */
function usable(text: string): string {
  const flat = collapseSpaces(text);
  return looksLikeInstructions(flat) ? '' : flat;
}

function dialogName(dialog: Element): string {
  const label = dialog.getAttribute('aria-label');
  if (label) return usable(label);
  const labelledBy = dialog.getAttribute('aria-labelledby');
  const labelEl = labelledBy ? dialog.ownerDocument.getElementById(labelledBy.split(/\s+/)[0] ?? '') : null;
  const heading = labelEl ?? dialog.querySelector('h1, h2, h3, [role="heading"]');
  return heading ? usable(heading.textContent) : '';
}

/**
 * A short, readable description of an element, for "covered by ..." messages. An overlay
 * that is, or holds, a dialog is named after the dialog: that is what a person sees. No
 * class names (nobody sees them; they can carry anything), and no label that gives orders.
 */
export function describeElement(el: Element): string {
  const dialog = el.closest(DIALOG) ?? el.querySelector(DIALOG);
  if (dialog) {
    const name = dialogName(dialog);
    return `dialog${name ? ` "${truncate(name, 40)}"` : ''}`;
  }
  const role = roleOf(el);
  const label = usable(el.getAttribute('aria-label') ?? '');
  const text = usable(el.textContent);
  const short = label || (text.length <= 40 ? text : '');
  const name = short ? ` "${truncate(short, 40)}"` : '';
  if (role && role !== 'generic') return `${role}${name}`;
  const id = el.id && el.id.length <= 40 && !looksLikeInstructions(el.id) ? `#${el.id}` : '';
  return `<${el.localName}${id}>${name}`;
}
