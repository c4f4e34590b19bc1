import { caret, deleteBefore, replaceTarget, textNow, type Target } from './editable';

// `/write` in any field (docs/0038-page-helpers-origin.md): read from the person's own key
// presses as they are typed — never from the text before the caret, which a page can write —
// and only as a whole word: `/`, `w`, `r`, `i`, `t`, `e` typed one after another at a word's
// start, with the field holding exactly what was there plus those keys, then Space or Enter.
// "see /writeups" never opens the writer. What is taken out is remembered, so Esc puts the
// field's text and caret back as they were.

export const WRITE_COMMAND = '/write';

type Caret = Exclude<Target, { kind: 'static' }>;

/** What `/write` took out of a field, to give it back when the writer is closed with Esc. */
export interface WriteUndo {
  /** The caret where the command was. */
  at: Caret;
  /** What the person typed: the command and the Space that ended it. */
  typed: string;
  /** The field's text right after the command came out. */
  after: string;
}

/** Keys that change nothing on their own (a `/` may need Shift). */
const MODIFIERS = new Set(['Shift', 'Control', 'Alt', 'AltGraph', 'Meta', 'CapsLock']);

/** A key that types its character: no shortcut modifier (AltGr, reported as Ctrl+Alt, types characters too). */
function types(event: KeyboardEvent): boolean {
  if (event.isComposing || event.metaKey) return false;
  return event.ctrlKey === event.altKey && (!event.ctrlKey || event.getModifierState('AltGraph'));
}

function ownerOf(target: Caret): Element {
  return target.kind === 'field' ? target.el : target.root;
}

export class WriteCommand {
  /** The command being typed: in which field, the text around it, and the keys so far. */
  private typing: { el: Element; prefix: string; suffix: string; typed: string } | null = null;

  /** Whether the person has typed the whole command and the next Space or Enter opens the writer. */
  get ready(): boolean {
    return this.typing?.typed === WRITE_COMMAND;
  }

  forget(): void {
    this.typing = null;
  }

  /**
   * Follows one of the person's key presses (a trusted keydown, before the key acts). Returns
   * the caret after the command when this key completes it (Space or Enter after `/write`):
   * the caller then keeps the key from acting and opens the writer.
   */
  onKey(event: KeyboardEvent): { at: Caret; key: string } | null {
    if (!event.isTrusted || MODIFIERS.has(event.key)) return null;
    const now = caret();
    const typing = this.typing;
    this.typing = null;
    if (typing && now && this.unchanged(typing, now)) {
      if (typing.typed === WRITE_COMMAND && (event.key === ' ' || event.key === 'Enter') && types(event) && !event.shiftKey)
        return { at: now.target, key: event.key };
      const next = typing.typed + event.key;
      if (event.key.length === 1 && types(event) && WRITE_COMMAND.startsWith(next)) {
        this.typing = { ...typing, typed: next };
        return null;
      }
    }
    if (!now || event.key !== '/' || !types(event)) return null;
    const before = now.text.slice(0, now.target.start);
    const after = now.text.slice(now.target.start);
    // A word's start: nothing or a space before the slash, nothing or a space after the caret.
    if (/(^|\s)$/.test(before) && /^(\s|$)/.test(after))
      this.typing = { el: ownerOf(now.target), prefix: before, suffix: after, typed: '/' };
    return null;
  }

  /** The field holds what it held plus exactly the keys typed since, with the caret after them. */
  private unchanged(typing: NonNullable<WriteCommand['typing']>, now: NonNullable<ReturnType<typeof caret>>): boolean {
    return (
      ownerOf(now.target) === typing.el &&
      now.text === typing.prefix + typing.typed + typing.suffix &&
      now.target.start === typing.prefix.length + typing.typed.length
    );
  }
}

/** Takes the command out of the field (as the field's own edit); returns what Esc gives back. */
export async function takeCommand(at: Caret, key: string): Promise<WriteUndo> {
  const caretAfter = await deleteBefore(at, WRITE_COMMAND);
  return { at: caretAfter, typed: key === ' ' ? `${WRITE_COMMAND} ` : WRITE_COMMAND, after: textNow(caretAfter) };
}

/** Puts the command back where it was, the caret after it — if the field is still as the command left it. */
export async function giveBack(undo: WriteUndo): Promise<boolean> {
  if (textNow(undo.at) !== undo.after) return false;
  await replaceTarget(undo.at, undo.typed);
  return true;
}
