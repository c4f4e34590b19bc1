import { CodedError } from '@wayfinder/core/errors';

// Where the person's selection is, and how to put text in its place the way a person typing
// would: through the browser's own editing command (execCommand 'insertText', which fires
// beforeinput / textInput), so the page's editor — a plain field, React, ProseMirror, Lexical,
// Draft.js — makes the change itself, as one undoable edit. Rich editors re-render their
// nodes, so a selection is kept as character offsets in the editor's root, not as a Range.

export type Target =
  | { kind: 'field'; el: HTMLInputElement | HTMLTextAreaElement; start: number; end: number; text: string }
  | { kind: 'rich'; root: HTMLElement; start: number; end: number; text: string }
  | { kind: 'static'; range: Range; text: string };

const TEXT_INPUTS = new Set(['text', 'search', 'email', 'url', 'tel', '']);

export function isField(el: Element | null): el is HTMLInputElement | HTMLTextAreaElement {
  if (el instanceof HTMLTextAreaElement) return !el.readOnly && !el.disabled;
  return el instanceof HTMLInputElement && TEXT_INPUTS.has(el.type) && !el.readOnly && !el.disabled;
}

/** The outermost contenteditable element holding a node (the editor's root), or null. */
export function editableRoot(node: Node | null): HTMLElement | null {
  let el = node instanceof HTMLElement ? node : (node?.parentElement ?? null);
  if (!el?.isContentEditable) return null;
  while (el.parentElement?.isContentEditable) el = el.parentElement;
  return el;
}

/** A node's position as characters of text from the start of `root`. */
function offsetOf(root: HTMLElement, node: Node, offset: number): number {
  const range = document.createRange();
  range.setStart(root, 0);
  range.setEnd(node, offset);
  return range.toString().length;
}

/** The text position `offset` characters into `root`; `late`: past a boundary, the next node's start. */
function pointAt(root: HTMLElement, offset: number, late: boolean): { node: Node; offset: number } {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  let seen = 0;
  let last: Text | null = null;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!(node instanceof Text)) continue;
    const end = seen + node.data.length;
    if (late ? offset < end : offset <= end) return { node, offset: offset - seen };
    seen = end;
    last = node;
  }
  return last ? { node: last, offset: last.data.length } : { node: root, offset: root.childNodes.length };
}

export function richText(root: HTMLElement): string {
  const range = document.createRange();
  range.selectNodeContents(root);
  return range.toString();
}

/** What is selected now (a field's, a rich editor's or the page's), or null when nothing is. */
export function currentTarget(): Target | null {
  const active = deepActive();
  if (isField(active)) {
    const start = active.selectionStart ?? 0;
    const end = active.selectionEnd ?? 0;
    return { kind: 'field', el: active, start, end, text: active.value.slice(start, end) };
  }
  const selection = window.getSelection();
  if (!selection || selection.rangeCount === 0) return null;
  const range = selection.getRangeAt(0);
  const root = editableRoot(range.commonAncestorContainer);
  if (root) {
    const start = offsetOf(root, range.startContainer, range.startOffset);
    const end = offsetOf(root, range.endContainer, range.endOffset);
    return { kind: 'rich', root, start, end, text: richText(root).slice(start, end) };
  }
  return { kind: 'static', range: range.cloneRange(), text: range.toString() };
}

/** The focused element, through open shadow roots. */
export function deepActive(): Element | null {
  let el = document.activeElement;
  while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
  return el;
}

/** Where a target is on screen (for the overlay). */
export function targetRect(target: Target): DOMRect {
  if (target.kind === 'field') return target.el.getBoundingClientRect();
  if (target.kind === 'static') return target.range.getBoundingClientRect();
  const range = document.createRange();
  const a = pointAt(target.root, target.start, true);
  const b = pointAt(target.root, target.end, false);
  range.setStart(a.node, a.offset);
  range.setEnd(b.node, b.offset);
  const rect = range.getBoundingClientRect();
  return rect.width || rect.height ? rect : target.root.getBoundingClientRect();
}

/** The client rectangles of a target's text (the "sent" highlight). */
export function targetRects(target: Target): DOMRect[] {
  if (target.kind === 'field') return [target.el.getBoundingClientRect()];
  if (target.kind === 'static') return [...target.range.getClientRects()];
  const range = document.createRange();
  const a = pointAt(target.root, target.start, true);
  const b = pointAt(target.root, target.end, false);
  range.setStart(a.node, a.offset);
  range.setEnd(b.node, b.offset);
  return [...range.getClientRects()];
}

/**
 * The next frame, or 50 ms when none comes first: a tab Chrome is not drawing (another window
 * in front, the machine busy) may run no frame for seconds, and an edit must not wait on that.
 */
const frame = () =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 50);
    requestAnimationFrame(() => {
      clearTimeout(timer);
      resolve();
    });
  });

/** Editors follow selectionchange on their own time: two frames and a task let them catch up. */
async function settle(): Promise<void> {
  await frame();
  await frame();
  await new Promise((resolve) => setTimeout(resolve, 0));
}

/** Lets an edit land: settles, then waits (up to a second) while the text is still `before` — some editors apply an edit late. */
async function landed(target: Exclude<Target, { kind: 'static' }>, before: string): Promise<void> {
  await settle();
  const deadline = Date.now() + 1000;
  while (textNow(target) === before && Date.now() < deadline) await settle();
}

/** Puts the selection back on the target (focus first: some editors only listen while focused). */
export async function restore(target: Target): Promise<void> {
  if (target.kind === 'static') return;
  if (target.kind === 'field') {
    target.el.focus();
    target.el.setSelectionRange(target.start, target.end);
    return;
  }
  target.root.focus();
  await settle();
  const a = pointAt(target.root, target.start, true);
  const b = pointAt(target.root, target.end, false);
  const selection = window.getSelection();
  selection?.setBaseAndExtent(a.node, a.offset, b.node, b.offset);
  await settle();
}

/** An edit that could not be made in place; the message says why (shown to the person). */
export class EditError extends CodedError<'edit'> {
  static override readonly marker = Symbol.for('wayfinder.extension.edit');
  override readonly name = 'EditError';

  constructor(message: string) {
    super('edit', message, false);
  }
}

/** The whole text of a field or editor. */
export function textNow(target: Exclude<Target, { kind: 'static' }>): string {
  return target.kind === 'field' ? target.el.value : richText(target.root);
}

const flat = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * Replaces the target's text with `text` as one edit the editor itself makes, and reads the
 * editor back to confirm it took. Tries a paste only when the first way changed nothing (so
 * the text never goes in twice). Throws EditError with a sentence for the person.
 */
export async function replaceTarget(target: Target, text: string): Promise<void> {
  if (target.kind === 'static') throw new EditError('That text is not in a field; it cannot be replaced.');
  const before = textNow(target);
  if (before.slice(target.start, target.end) !== target.text)
    throw new EditError('The text changed since it was selected; select it again and retry.');
  const expected = before.slice(0, target.start) + text + before.slice(target.end);
  await restore(target);
  // eslint-disable-next-line @typescript-eslint/no-deprecated -- the one way to edit as typing does (beforeinput, textInput: the editor's own undo)
  document.execCommand('insertText', false, text);
  await landed(target, before);
  if (took(target, before, expected)) return;
  if (textNow(target) !== before)
    throw new EditError('The editor changed the text in its own way; check it, and undo (Ctrl+Z) if it is wrong.');
  // Nothing happened: a paste, which every editor handles (never both: the text did not go in).
  await restore(target);
  const data = new DataTransfer();
  data.setData('text/plain', text);
  const into = target.kind === 'field' ? target.el : (window.getSelection()?.anchorNode?.parentElement ?? target.root);
  into.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true, composed: true }));
  await landed(target, before);
  if (took(target, before, expected)) return;
  throw new EditError('This editor did not take the text. Copy it and paste it yourself.');
}

function took(target: Exclude<Target, { kind: 'static' }>, before: string, expected: string): boolean {
  const now = textNow(target);
  if (now === expected) return true;
  // Rich editors may render spaces and line breaks their own way.
  return now !== before && flat(now) === flat(expected);
}

/** The focused field or editor with a collapsed caret (for `/write`): the caret as a target, and the whole text. */
export function caret(): { target: Exclude<Target, { kind: 'static' }>; text: string } | null {
  const active = deepActive();
  if (isField(active)) {
    const end = active.selectionEnd ?? 0;
    if (active.selectionStart !== end) return null;
    return { target: { kind: 'field', el: active, start: end, end, text: '' }, text: active.value };
  }
  const selection = window.getSelection();
  if (!selection?.isCollapsed || !selection.focusNode) return null;
  const root = editableRoot(selection.focusNode);
  if (!root) return null;
  const at = offsetOf(root, selection.focusNode, selection.focusOffset);
  return { target: { kind: 'rich', root, start: at, end: at, text: '' }, text: richText(root) };
}

/** Removes `length` characters before the target's caret (the typed `/write`); returns the caret after. */
export async function deleteBefore(target: Exclude<Target, { kind: 'static' }>, command: string): Promise<typeof target> {
  const start = target.start - command.length;
  const selected = { ...target, start, text: command };
  const before = textNow(target);
  if (before.slice(start, target.start) !== command) throw new EditError(`"${command}" is no longer before the cursor.`);
  await restore(selected);
  // eslint-disable-next-line @typescript-eslint/no-deprecated -- as above: the editor's own delete
  document.execCommand('delete');
  await landed(selected, before);
  const expected = before.slice(0, start) + before.slice(target.start);
  if (!took(selected, before, expected)) throw new EditError(`Could not remove "${command}" from the field; delete it yourself.`);
  return { ...target, start, end: start, text: '' };
}
