import type { Target } from './targets';

// What the grammar makes of a command: one intent per thing to do.

export type { Target } from './targets';

export type Intent =
  | { kind: 'navigate'; url: string }
  | { kind: 'back' }
  | { kind: 'forward' }
  | { kind: 'reload' }
  | { kind: 'scroll'; direction: 'up' | 'down' | 'top' | 'bottom'; target?: Target }
  | { kind: 'click'; target: Target }
  | { kind: 'type'; text: string; target: Target }
  | { kind: 'select'; option: string; target: Target | null; /** Several at once, in one list that takes several. */ options?: string[] }
  | { kind: 'check'; target: Target; checked: boolean }
  | { kind: 'press'; keys: string }
  | { kind: 'new-tab'; url: string | null }
  | { kind: 'close-tab' }
  | { kind: 'switch-tab'; which: string }
  | { kind: 'search'; text: string }
  | { kind: 'focus'; target: Target }
  | { kind: 'hover'; target: Target }
  | { kind: 'clear'; target: Target }
  | { kind: 'toggle'; target: Target }
  | { kind: 'expand'; target: Target; open: boolean }
  | { kind: 'drag'; from: Target; to: Target }
  | { kind: 'set'; value: string; target: Target }
  | { kind: 'menu'; path: string[] }
  /** A row's own button: "edit the row for Nairobi" (`row`), "remove the second row" (`ordinal`, -1 the last). */
  | { kind: 'row'; action: RowAction; row: string | null; ordinal: number | null }
  /** A fragment with no verb ("city Portland", "zip 97205"): a field's name and its value, told apart on the page (steps.ts). */
  | { kind: 'say'; words: string }
  /** A bare choice ("business class pls", "large"): the one radio or dropdown option on the page it names (steps.ts). */
  | { kind: 'choice'; words: string };

export type RowAction = 'edit' | 'remove' | 'view';

export interface ParsedCommand {
  intents: Intent[];
  /** Fragments that were not understood. */
  unknown: string[];
}
