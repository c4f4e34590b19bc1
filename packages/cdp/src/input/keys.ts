import { BrowserError } from '@wayfinder/core';
// Key definitions for Input.dispatchKeyEvent: what Chromium needs to treat a synthetic
// key like a real one (key, code, Windows virtual key code, and the text it types).
// Chords are written as a person would: "Enter", "Ctrl+A", "Shift+Tab", "Meta+K".

export interface KeyDefinition {
  key: string;
  code: string;
  keyCode: number;
  /** Text the key types, when it types any ("\r" for Enter, as Chromium expects). */
  text?: string;
  /** Set for characters typed with Shift (e.g. "A", "!"). */
  shift?: boolean;
}

export type ModifierKey = 'Alt' | 'Control' | 'Meta' | 'Shift';

export const MODIFIER_BITS: Record<ModifierKey, number> = { Alt: 1, Control: 2, Meta: 4, Shift: 8 };

const NAMED: Record<string, KeyDefinition> = {
  Enter: { key: 'Enter', code: 'Enter', keyCode: 13, text: '\r' },
  Tab: { key: 'Tab', code: 'Tab', keyCode: 9 },
  Backspace: { key: 'Backspace', code: 'Backspace', keyCode: 8 },
  Delete: { key: 'Delete', code: 'Delete', keyCode: 46 },
  Escape: { key: 'Escape', code: 'Escape', keyCode: 27 },
  Space: { key: ' ', code: 'Space', keyCode: 32, text: ' ' },
  ArrowUp: { key: 'ArrowUp', code: 'ArrowUp', keyCode: 38 },
  ArrowDown: { key: 'ArrowDown', code: 'ArrowDown', keyCode: 40 },
  ArrowLeft: { key: 'ArrowLeft', code: 'ArrowLeft', keyCode: 37 },
  ArrowRight: { key: 'ArrowRight', code: 'ArrowRight', keyCode: 39 },
  Home: { key: 'Home', code: 'Home', keyCode: 36 },
  End: { key: 'End', code: 'End', keyCode: 35 },
  PageUp: { key: 'PageUp', code: 'PageUp', keyCode: 33 },
  PageDown: { key: 'PageDown', code: 'PageDown', keyCode: 34 },
  Insert: { key: 'Insert', code: 'Insert', keyCode: 45 },
  Shift: { key: 'Shift', code: 'ShiftLeft', keyCode: 16 },
  Control: { key: 'Control', code: 'ControlLeft', keyCode: 17 },
  Alt: { key: 'Alt', code: 'AltLeft', keyCode: 18 },
  Meta: { key: 'Meta', code: 'MetaLeft', keyCode: 91 },
};
for (let i = 1; i <= 12; i++) NAMED[`F${i}`] = { key: `F${i}`, code: `F${i}`, keyCode: 111 + i };

const ALIASES: Record<string, string> = {
  return: 'Enter',
  esc: 'Escape',
  del: 'Delete',
  up: 'ArrowUp',
  down: 'ArrowDown',
  left: 'ArrowLeft',
  right: 'ArrowRight',
  pgup: 'PageUp',
  pgdn: 'PageDown',
  pagedown: 'PageDown',
  pageup: 'PageUp',
  space: 'Space',
  spacebar: 'Space',
  ctrl: 'Control',
  control: 'Control',
  cmd: 'Meta',
  command: 'Meta',
  meta: 'Meta',
  win: 'Meta',
  super: 'Meta',
  option: 'Alt',
  alt: 'Alt',
  shift: 'Shift',
  backspace: 'Backspace',
  tab: 'Tab',
  enter: 'Enter',
  escape: 'Escape',
  delete: 'Delete',
  home: 'Home',
  end: 'End',
  insert: 'Insert',
  arrowup: 'ArrowUp',
  arrowdown: 'ArrowDown',
  arrowleft: 'ArrowLeft',
  arrowright: 'ArrowRight',
};

// US layout punctuation: [unshifted, shifted, code, keyCode]
const PUNCTUATION: [string, string, string, number][] = [
  ['-', '_', 'Minus', 189],
  ['=', '+', 'Equal', 187],
  ['[', '{', 'BracketLeft', 219],
  [']', '}', 'BracketRight', 221],
  ['\\', '|', 'Backslash', 220],
  [';', ':', 'Semicolon', 186],
  ["'", '"', 'Quote', 222],
  [',', '<', 'Comma', 188],
  ['.', '>', 'Period', 190],
  ['/', '?', 'Slash', 191],
  ['`', '~', 'Backquote', 192],
];
const SHIFTED_DIGITS = ')!@#$%^&*(';

/** The key that types this single character on a US layout, or a text-only key for anything else. */
export function keyForChar(char: string): KeyDefinition {
  if (char === '\n' || char === '\r') return { key: 'Enter', code: 'Enter', keyCode: 13, text: '\r' };
  if (char === '\t') return { key: 'Tab', code: 'Tab', keyCode: 9 };
  if (char === ' ') return { key: ' ', code: 'Space', keyCode: 32, text: ' ' };
  if (/^[a-z]$/.test(char)) return { key: char, code: `Key${char.toUpperCase()}`, keyCode: char.toUpperCase().charCodeAt(0), text: char };
  if (/^[A-Z]$/.test(char)) return { key: char, code: `Key${char}`, keyCode: char.charCodeAt(0), text: char, shift: true };
  if (/^[0-9]$/.test(char)) return { key: char, code: `Digit${char}`, keyCode: char.charCodeAt(0), text: char };
  const shiftedDigit = SHIFTED_DIGITS.indexOf(char);
  if (shiftedDigit >= 0) return { key: char, code: `Digit${shiftedDigit}`, keyCode: 48 + shiftedDigit, text: char, shift: true };
  for (const [plain, shifted, code, keyCode] of PUNCTUATION) {
    if (char === plain) return { key: char, code, keyCode, text: char };
    if (char === shifted) return { key: char, code, keyCode, text: char, shift: true };
  }
  // Characters off the US layout (é, 日, emoji): typed as text with no physical key.
  return { key: char, code: '', keyCode: 0, text: char };
}

export interface Chord {
  modifiers: ModifierKey[];
  key: KeyDefinition;
}

/** Parses "Ctrl+Shift+K", "Enter", "a", "Shift+Tab"; a BrowserError (bad-argument) for what is no key. */
export function parseChord(chord: string): Chord {
  const trimmed = chord.trim();
  if (!trimmed)
    throw new BrowserError('bad-argument', 'No key given; name a key such as "Enter", "Escape", "Ctrl+A" or "Shift+Tab".', false);
  // "+" itself, and chords ending in "+" ("Ctrl++"), keep the plus as the key.
  const parts = trimmed === '+' ? ['+'] : trimmed.endsWith('++') ? [...trimmed.slice(0, -2).split('+'), '+'] : trimmed.split('+');
  const keyName = (parts.pop() ?? '').trim();
  const modifiers: ModifierKey[] = [];
  for (const part of parts) {
    const name = ALIASES[part.trim().toLowerCase()] ?? part.trim();
    if (name !== 'Alt' && name !== 'Control' && name !== 'Meta' && name !== 'Shift') {
      throw new BrowserError(
        'bad-argument',
        `"${part}" in "${chord}" is not a modifier; use Ctrl, Shift, Alt or Meta, like "Ctrl+A".`,
        false,
      );
    }
    if (!modifiers.includes(name)) modifiers.push(name);
  }
  const named = NAMED[keyName] ?? NAMED[ALIASES[keyName.toLowerCase()] ?? ''];
  if (named) return { modifiers, key: named };
  if (Array.from(keyName).length === 1)
    return {
      modifiers,
      key: keyForChar(keyName.length === 1 && modifiers.length && /[A-Z]/.test(keyName) ? keyName.toLowerCase() : keyName),
    };
  throw new BrowserError(
    'bad-argument',
    `Unknown key "${keyName}" in "${chord}"; use a character or a key name such as Enter, Tab, Escape, Backspace, Delete, ArrowDown, Home, End, PageDown or F5.`,
    false,
  );
}
