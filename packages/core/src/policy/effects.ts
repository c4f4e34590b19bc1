// What a tool call does, declared by the tool itself: the policy judges these facts, never
// the tool's name, so a new tool is guarded the moment it says what it does, and cannot
// be registered if it says nothing.

/** How a call acts on the page. */
export type ActHow = 'click' | 'type' | 'keys' | 'select' | 'check' | 'hover' | 'drag' | 'scroll' | 'upload';

export type Effect =
  /** Loads an address: in the task's tab, in a new tab (url null: a blank one), or read in the background. */
  | { kind: 'open'; url: string | null; target: 'this-tab' | 'new-tab' | 'background' }
  /** Loads a page the tab's history knows (back, forward) or the same one again. */
  | { kind: 'history'; move: 'back' | 'forward' | 'reload' }
  /**
   * Acts on the page in the task's tab: on an element (ref) or the page itself (null).
   * `text` is what it types (the only place a stored secret may appear); `submits` whether
   * it presses Enter; `activates` whether its key presses what it lands on as a click would
   * (Enter, Space); `files` the names it uploads; `values` the options it chooses; `toRef`
   * where it drops what it drags.
   */
  | {
      kind: 'act';
      how: ActHow;
      ref: string | null;
      text?: string;
      submits?: boolean;
      activates?: boolean;
      files?: string[];
      values?: string[];
      toRef?: string;
    }
  /** Changes which tab the task works in, or closes one. */
  | { kind: 'tabs'; change: 'switch' | 'close' }
  /** Offers the model more tools (a playbook). */
  | { kind: 'unlock' }
  /** Keeps a fact about the person in their memory (always asked first: the person confirms what is kept). */
  | { kind: 'remember'; text: string }
  /** Runs code in the task's tab's page: it can do anything there (only where the site's rule enables it, confirmed every time). */
  | { kind: 'run-code'; code: string };

/**
 * A tool's declaration: `reads` (reads the page or the browser, changes nothing), `none`
 * (touches nothing: thinking, asking the person, finishing), or the effects of a call,
 * computed from its validated input.
 */
export type ToolEffects<I = Record<string, unknown>> = 'reads' | 'none' | ((input: I) => Effect[]);

/** What a key chord does to the control it lands on: Enter (with any modifiers) submits and activates, Space activates. */
export function keyEffect(keys: string): { submits: boolean; activates: boolean } {
  const chord = keys.trim();
  // The key is the last part: "Ctrl+Enter" → Enter; "Ctrl++" → "+".
  const key = (chord.endsWith('++') ? '+' : (chord.split('+').pop() ?? '')).trim().toLowerCase();
  const enter = ['enter', 'return', 'numpadenter'].includes(key);
  return { submits: enter, activates: enter || key === 'space' || key === 'spacebar' };
}

/** The effects of one call. */
export function effectsOf<I>(declared: ToolEffects<I>, input: I): Effect[] {
  return typeof declared === 'function' ? declared(input) : [];
}

/** Whether a declaration promises to change nothing (what ask mode may offer). */
export function changesNothing(declared: ToolEffects<never>): boolean {
  return declared === 'reads' || declared === 'none';
}

export function isToolEffects(value: unknown): value is ToolEffects<never> {
  return value === 'reads' || value === 'none' || typeof value === 'function';
}

/**
 * How much one call can do, from its effects: running code or uploading a file is sensitive
 * (asked about every time), any other effect on pages, tabs or memory acts, and reading
 * (a page in the background, more tools) observes.
 */
export function riskOf(effects: readonly Effect[]): 'observe' | 'act' | 'sensitive' {
  if (effects.some((e) => e.kind === 'run-code' || (e.kind === 'act' && e.how === 'upload'))) return 'sensitive';
  if (effects.some((e) => e.kind !== 'unlock' && !(e.kind === 'open' && e.target === 'background'))) return 'act';
  return 'observe';
}
