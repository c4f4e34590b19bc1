import { refLines, type MadeCall } from '../model/prompt-reading';
import { sensitiveKind } from '../policy/classify';
import { commonFieldName, KINDS, type Target } from './targets';
import { CodedError } from '../errors';

// Reading the page for the interpreter: tool calls made one at a time (a call not yet
// answered stops the step; an error fails it), the controls of a full snapshot in page
// order, and which of them are passwords, text areas or date fields (from get_html).

export type Call = { id: string; name: string; input: Record<string, unknown> };

/** The next call to make: thrown to stop a step until its result is in. */
export class Pending extends CodedError<'pending'> {
  static override readonly marker = Symbol.for('wayfinder.interpreter-pending');

  constructor(readonly call: Call) {
    super('pending', `waiting for ${call.name}`, false);
  }
}

/** Why a step cannot go on, in words for the person. */
export class Failed extends CodedError<'failed'> {
  static override readonly marker = Symbol.for('wayfinder.interpreter-failed');

  constructor(message: string) {
    super('failed', message, false);
  }
}

export function firstLine(text: string): string {
  return (
    text
      .split('\n')
      .find((l) => l.trim())
      ?.trim() ?? text
  );
}

export class Calls {
  constructor(private readonly made: Map<string, MadeCall>) {}

  /** The result of the call with this id; makes it first if it was not made yet. */
  result(id: string, name: string, input: Record<string, unknown>): string {
    const made = this.made.get(id);
    if (!made?.result) throw new Pending({ id, name, input });
    if (made.isError) throw new Failed(firstLine(made.result));
    return made.result;
  }

  has(id: string): boolean {
    return Boolean(this.made.get(id)?.result);
  }
}

export interface Control {
  ref: string;
  role: string;
  name: string;
  states: string[];
  value: string | null;
  /** The HTML field it is, where known (input type, tag, placeholder). */
  field?: { tag: string; type: string; placeholder: string };
  /**
   * The words a person reads as its name when the page gave it none that a screen reader
   * hears (or only a placeholder): the text just before a field, just after a radio or a
   * box ("Full name" above a bare box, "Large 14″" beside a bare radio).
   */
  caption?: string;
  /** A dropdown's options, as the snapshot lists them. */
  options?: string[];
  /** Where it sits: the heading above it and the line that leads its run of controls ("Extras" before three boxes). */
  group?: string;
}

export function describe(c: { role: string; name: string }): string {
  return `${c.role} "${c.name}"`;
}

/** The controls a snapshot lists, in page order, each with the caption beside it (see Control). */
export function controlsIn(text: string): Control[] {
  const controls: Control[] = [];
  /** The page's text since the last control: two lines at most, a heading starting afresh. */
  let before: string[] = [];
  let afterHeading = false;
  let heading = '';
  let lead = '';
  /** A radio or box waiting for the text after it. */
  let waiting: Control | null = null;
  for (const line of text.split('\n')) {
    const [ref] = refLines(line);
    if (!ref) {
      const words = captionText(line);
      if (!words) continue;
      if (waiting) {
        waiting.caption = words;
        waiting = null;
      } else if (/^\s*#/.test(line)) {
        before = [words];
        afterHeading = true;
        heading = words;
        lead = '';
      } else {
        // A section's heading is not its field's caption once a line of its own comes between.
        before = afterHeading ? [words] : [...before.slice(-1), words];
        afterHeading = false;
      }
      continue;
    }
    const after = line.slice(line.indexOf(`[${ref.ref}]`));
    const value = /\bvalue="((?:[^"\\]|\\.)*)"/.exec(after);
    const states = (
      after
        .replace(/"(?:[^"\\]|\\.)*"/g, ' ')
        .match(/\b(checked|selected|expanded|collapsed|disabled|invalid|pressed|focused|filled)\b/g) ?? []
    ).map(String);
    const parsed: unknown = value ? JSON.parse(`"${value[1] ?? ''}"`) : null;
    const control: Control = { ...ref, states, value: typeof parsed === 'string' ? parsed : null };
    // "options: A, B, C (+4 more)" after the name (which may say "options:" itself: looked for with names blanked out).
    const at = after.replace(/"(?:[^"\\]|\\.)*"/g, (quoted) => ' '.repeat(quoted.length)).indexOf(' options: ');
    if (at >= 0)
      control.options = after
        .slice(at + ' options: '.length)
        .replace(/\s*\(\+\d+ more\)$/, '')
        .split(', ')
        .map((o) => o.trim())
        .filter(Boolean);
    waiting = null;
    if (before.length) lead = before.at(-1) ?? '';
    control.group = `${heading} ${lead}`.trim();
    if (CAPTIONED_AFTER.has(control.role)) {
      if (!control.name.trim()) waiting = control;
    } else if (before.length && CAPTIONED_BEFORE.has(control.role)) control.caption = before.join(' ');
    before = [];
    afterHeading = false;
    controls.push(control);
  }
  return controls;
}

const CAPTIONED_BEFORE = new Set(['textbox', 'searchbox', 'spinbutton', 'combobox', 'listbox', 'slider']);
const CAPTIONED_AFTER = new Set(['radio', 'checkbox', 'switch']);

/** A snapshot line that is the page's own text (not a landmark, a page header or a hint of ours), as plain words. */
function captionText(line: string): string {
  const text = line.trim().replace(/^#+\s*/, '');
  if (!text || /:$/.test(text) || /^(?:<\/?page-|Page "|Snapshot\b|[↓↑…])/.test(text)) return '';
  return text.length <= 120 ? text : '';
}

const FIELD_ROLES = new Set(['textbox', 'searchbox', 'spinbutton', 'slider', 'combobox', 'listbox']);
const NOT_FIELDS = new Set(['hidden', 'checkbox', 'radio', 'button', 'submit', 'reset', 'image', 'file', 'color']);

/** get_html's fields in order, matched to the snapshot's field controls one for one (when the counts agree). */
export function attachFields(controls: Control[], html: string): boolean {
  const fields: { tag: string; type: string; placeholder: string }[] = [];
  for (const m of html.matchAll(/<(input|textarea|select)\b([^>]*)>/gi)) {
    const attrs = m[2] ?? '';
    const tag = (m[1] ?? '').toLowerCase();
    const type = tag === 'input' ? (/\btype="([^"]*)"/i.exec(attrs)?.[1] ?? 'text').toLowerCase() : tag;
    if (NOT_FIELDS.has(type)) continue;
    fields.push({ tag, type, placeholder: /\bplaceholder="([^"]*)"/i.exec(attrs)?.[1] ?? '' });
  }
  const slots = controls.filter((c) => FIELD_ROLES.has(c.role));
  if (slots.length !== fields.length) return false;
  slots.forEach((c, i) => (c.field = fields[i]));
  return true;
}

/** The full snapshot's text (the one call pageControls reads, for a step that also reads the text between controls). */
export function pageSnapshot(calls: Calls, id: string): string {
  return calls.result(`${id}-snap`, 'snapshot', { mode: 'full', max_tokens: 20_000 });
}

/** The page's controls (a full snapshot, plus the HTML when the kind needs it). */
export function pageControls(calls: Calls, id: string, withFields: boolean): Control[] {
  const controls = controlsIn(pageSnapshot(calls, id));
  if (withFields) attachFields(controls, calls.result(`${id}-html`, 'get_html', { max_chars: 50_000 }));
  return controls;
}

const ICON_NAMES: Record<string, RegExp> = {
  close: /^(?:×|✕|✖|╳|x|X|close|close (?:dialog|popup|window|banner|message|notice)|dismiss)$/i,
  menu: /^(?:☰|≡|⋮|menu|main menu|open menu|navigation|toggle navigation)$/i,
  search: /^(?:🔍|🔎|⌕|search|open search)$/i,
};

function plainWords(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The controls a kind, ordinal, plural or icon target means; a Failed when it cannot be sure. */
export function resolveByKind(controls: Control[], target: Target): Control[] {
  if (target.icon) {
    const re = ICON_NAMES[target.icon];
    const hits = controls.filter((c) => ['button', 'link', 'clickable', 'menuitem'].includes(c.role) && re?.test(c.name.trim()));
    if (hits.length === 1 && hits[0]) return [hits[0]];
    if (!hits.length)
      throw new Failed(
        `There is no ${target.icon} button on the page (looked for ${target.icon === 'close' ? '×, ✕, x or Close' : target.icon === 'menu' ? '☰ or Menu' : 'a magnifier or Search'}).`,
      );
    throw new Failed(
      `I am not sure which ${target.icon} button "${target.text}" means (it could be ${hits.slice(0, 4).map(describe).join(', ')}). Say its exact name in quotes.`,
    );
  }
  const kind = KINDS[target.kind ?? ''];
  if (!kind) return [];
  const kindName = target.kind === 'field' ? 'field' : (target.kind ?? 'control');
  let candidates = controls.filter((c) => kind.roles.includes(c.role));
  if (kind.html) {
    const known = candidates.filter((c) => c.field);
    candidates = known.length
      ? known.filter((c) => c.field && kind.html?.(c.field))
      : candidates.filter((c) => nameSuggests(target.kind ?? '', c.name));
  }
  if (kind.state) {
    candidates = candidates.filter((c) => c.states.some((s) => new RegExp(`^(?:${kind.state})$`).test(s)));
    if (/collapsed|closed|hidden|folded/i.test(target.text)) candidates = candidates.filter((c) => c.states.includes('collapsed'));
    if (/expanded|open/i.test(target.text)) candidates = candidates.filter((c) => c.states.includes('expanded'));
  }
  if (target.named) {
    // "the two surname boxes" are the "Last name" ones: names compared in their common words too.
    const inCommonWords = (text: string) => plainWords(commonFieldName(text) ?? text);
    const words = [plainWords(target.named), inCommonWords(target.named)];
    candidates = candidates.filter((c) => words.some((w) => plainWords(c.name).includes(w) || inCommonWords(c.name).includes(w)));
  }
  if (!candidates.length) throw new Failed(`There is no ${kindName} on the page${target.named ? ` named like "${target.named}"` : ''}.`);
  if (target.all) return candidates;
  if (target.ordinal) {
    const pick = target.ordinal === -1 ? candidates.at(-1) : candidates[target.ordinal - 1];
    if (!pick) throw new Failed(`There are only ${candidates.length} ${kindName}(s) on the page, so there is no number ${target.ordinal}.`);
    return [pick];
  }
  if (candidates.length === 1 && candidates[0]) return [candidates[0]];
  return candidates;
}

function nameSuggests(kind: string, name: string): boolean {
  if (kind === 'password') return /pass(?:word|code|phrase)|\bpin\b/i.test(name);
  if (kind === 'date') return /date|birthday|\bdob\b/i.test(name);
  if (kind === 'textarea') return /comment|message|notes?|description|bio|details/i.test(name);
  return false;
}

/** Refuses a sensitive control reached without its exact name (the kind or an ordinal is not its name). */
export function guardSensitive(control: Control, target: Target): void {
  if (target.exact === null && sensitiveKind(control.name)) {
    throw new Failed(
      `I am not sure "${target.text}" means ${describe(control)}, and I never guess on actions like this. Say its exact name in quotes if that is what you want.`,
    );
  }
}
