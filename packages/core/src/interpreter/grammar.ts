// The command interpreter's grammar: direct commands, possibly several joined by commas,
// "and" or "then", turned into intents. A fragment without a verb continues the previous
// one ("Select A, B and click Submit"; "Enter the username "x" and the password "y"").
// Quoted text is matched exactly.

export interface Target {
  /** What to look for, as the person wrote it (role words included, quotes removed). */
  text: string;
  /** The quoted part, matched exactly against names; null when nothing was quoted. */
  exact: string | null;
}

export type Intent =
  | { kind: 'navigate'; url: string }
  | { kind: 'back' }
  | { kind: 'forward' }
  | { kind: 'reload' }
  | { kind: 'scroll'; direction: 'up' | 'down' | 'top' | 'bottom' }
  | { kind: 'click'; target: Target }
  | { kind: 'type'; text: string; target: Target }
  | { kind: 'select'; option: string; target: Target | null }
  | { kind: 'check'; target: Target; checked: boolean }
  | { kind: 'press'; keys: string }
  | { kind: 'new-tab'; url: string | null }
  | { kind: 'close-tab' }
  | { kind: 'switch-tab'; which: string }
  | { kind: 'search'; text: string };

export interface ParsedCommand {
  intents: Intent[];
  /** Fragments that were not understood. */
  unknown: string[];
}

const KEY =
  /^(enter|return|escape|esc|tab|backspace|delete|del|space|spacebar|home|end|page ?up|page ?down|arrow ?(up|down|left|right)|up|down|left|right|f\d{1,2}|((ctrl|control|shift|alt|option|cmd|command|meta)\s*\+\s*)+\S+)$/i;

function target(raw: string): Target {
  const quoted = /"([^"]+)"|“([^”]+)”|'([^']{2,})'/.exec(raw);
  const exact = quoted ? (quoted[1] ?? quoted[2] ?? quoted[3] ?? null) : null;
  const text = raw
    .replace(/["“”]/g, '')
    .replace(/^(the|a|an)\s+/i, '')
    .trim();
  return { text, exact };
}

function unquote(raw: string): string {
  const m = /^\s*["“']([\s\S]*)["”']\s*$/.exec(raw);
  return (m?.[1] ?? raw).trim();
}

function looksLikeAddress(text: string): boolean {
  return /^(https?:\/\/|localhost\b|127\.0\.0\.1|\[::1\])/i.test(text) || /^[\w-]+(\.[\w-]+)+(:\d+)?(\/\S*)?$/.test(text);
}

function normalizeKey(raw: string): string {
  const key = raw.trim().toLowerCase();
  const names: Record<string, string> = {
    return: 'Enter',
    esc: 'Escape',
    del: 'Delete',
    spacebar: 'Space',
    'page up': 'PageUp',
    'page down': 'PageDown',
    up: 'ArrowUp',
    down: 'ArrowDown',
    left: 'ArrowLeft',
    right: 'ArrowRight',
  };
  if (names[key]) return names[key];
  if (/^arrow ?\w+$/.test(key)) return `Arrow${key.replace(/^arrow ?/, '').replace(/^\w/, (c) => c.toUpperCase())}`;
  return raw
    .trim()
    .split(/\s*\+\s*/)
    .map((part) => (part.length === 1 ? part.toUpperCase() : part.charAt(0).toUpperCase() + part.slice(1).toLowerCase()))
    .join('+');
}

const ORDINALS: Record<string, string> = { first: '1', second: '2', third: '3', fourth: '4', fifth: '5', last: 'last' };

/** One fragment with its own verb, or null when it has none. */
function withVerb(fragment: string): Intent | null {
  const f = fragment
    .trim()
    .replace(/^(please|now|also|and|then)\s+/i, '')
    .replace(/[.!]+$/, '')
    .trim();
  let m: RegExpExecArray | null;
  if ((m = /^(?:open|go to|goto|switch to)?\s*(?:a\s+)?new tab(?:\s+(?:at|with|to|on)\s+(.+))?$/i.exec(f)))
    return { kind: 'new-tab', url: m[1] ? unquote(m[1]) : null };
  if (/^close (?:the |this |current )?tab$/i.test(f)) return { kind: 'close-tab' };
  if ((m = /^(?:switch|go|change)\s+to\s+(?:the\s+)?(?:tab\s+(.+)|(\w+)\s+tab)$/i.exec(f))) {
    const which = (m[1] ?? m[2] ?? '').trim();
    return { kind: 'switch-tab', which: ORDINALS[which.toLowerCase()] ?? which.replace(/(st|nd|rd|th)$/i, '').replace(/^#/, '') };
  }
  if (/^(?:go\s+)?back$/i.test(f)) return { kind: 'back' };
  if (/^(?:go\s+)?forward$/i.test(f)) return { kind: 'forward' };
  if (/^(?:reload|refresh)(?:\s+the\s+page)?$/i.test(f)) return { kind: 'reload' };
  if ((m = /^scroll(?:\s+the\s+page)?(?:\s+(up|down))?(?:\s+(?:a bit|a little|more|again|some))?$/i.exec(f)))
    return { kind: 'scroll', direction: m[1]?.toLowerCase() === 'up' ? 'up' : 'down' };
  if ((m = /^scroll\s+(?:all the way\s+)?(?:to\s+)?(?:the\s+)?(top|bottom|end|start)(?:\s+of\s+the\s+page)?$/i.exec(f)))
    return { kind: 'scroll', direction: /top|start/i.test(m[1] ?? '') ? 'top' : 'bottom' };
  if ((m = /^(?:search|look)\s+(?:for\s+)?(.+)$/i.exec(f))) return { kind: 'search', text: unquote(m[1] ?? '') };
  if ((m = /^(?:go to|goto|open|visit|navigate to|browse to|load)\s+(.+)$/i.exec(f))) {
    const what = unquote(m[1] ?? '');
    return looksLikeAddress(what) ? { kind: 'navigate', url: what } : { kind: 'click', target: target(m[1] ?? '') };
  }
  if ((m = /^(?:type|enter|write|input|put)\s+("[^"]*"|“[^”]*”|.+?)\s+(?:into|in|on|as)\s+(.+)$/i.exec(f)))
    return { kind: 'type', text: unquote(m[1] ?? ''), target: target(m[2] ?? '') };
  if ((m = /^(?:type|enter|fill(?:\s+in)?|set)\s+(.+?)\s+(?:with|to|as)?\s*("[^"]*"|“[^”]*”)$/i.exec(f)))
    return { kind: 'type', text: unquote(m[2] ?? ''), target: target(m[1] ?? '') };
  if ((m = /^fill(?:\s+in)?\s+(.+?)\s+with\s+(.+)$/i.exec(f)))
    return { kind: 'type', text: unquote(m[2] ?? ''), target: target(m[1] ?? '') };
  if ((m = /^(?:select|choose|pick)\s+(.+?)\s+(?:in|from|for)\s+(.+)$/i.exec(f)))
    return { kind: 'select', option: unquote(m[1] ?? ''), target: target(m[2] ?? '') };
  if ((m = /^(?:select|choose|pick)\s+(.+)$/i.exec(f))) return { kind: 'select', option: unquote(m[1] ?? ''), target: null };
  if ((m = /^(?:uncheck|untick|deselect|clear|disable|turn off)\s+(.+)$/i.exec(f)))
    return { kind: 'check', target: target(m[1] ?? ''), checked: false };
  if ((m = /^(?:check|tick|enable|turn on)\s+(.+)$/i.exec(f))) return { kind: 'check', target: target(m[1] ?? ''), checked: true };
  if ((m = /^(?:press|hit)\s+(?:the\s+)?(.+?)(?:\s+key)?$/i.exec(f))) {
    const what = (m[1] ?? '').trim();
    if (KEY.test(what)) return { kind: 'press', keys: normalizeKey(what) };
    return { kind: 'click', target: target(what) };
  }
  if ((m = /^(?:click|tap|push)(?:\s+on)?\s+(.+)$/i.exec(f))) return { kind: 'click', target: target(m[1] ?? '') };
  return null;
}

/** A fragment without a verb, read as the previous command again with new words. */
function continuing(previous: Intent, fragment: string): Intent | null {
  const f = fragment.trim().replace(/[.!]+$/, '');
  switch (previous.kind) {
    case 'select':
      return previous.target
        ? { kind: 'select', option: unquote(f), target: previous.target }
        : { kind: 'select', option: unquote(f), target: null };
    case 'check':
      return { kind: 'check', target: target(f), checked: previous.checked };
    case 'click':
      return { kind: 'click', target: target(f) };
    case 'type': {
      const m = /^(?:the\s+)?(.+?)\s+("[^"]*"|“[^”]*”)$/.exec(f);
      if (m) return { kind: 'type', text: unquote(m[2] ?? ''), target: target(m[1] ?? '') };
      return null;
    }
    default:
      return null;
  }
}

/** Splits on commas, semicolons, "and", "then" — never inside quotes. */
export function splitCommands(command: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quote: string | null = null;
  const closing: Record<string, string> = { '"': '"', '“': '”', "'": "'" };
  for (let i = 0; i < command.length; i++) {
    const char = command[i] ?? '';
    if (quote) {
      current += char;
      if (char === closing[quote]) quote = null;
      continue;
    }
    if (char === '"' || char === '“' || (char === "'" && /\s/.test(command[i - 1] ?? ' '))) {
      quote = char;
      current += char;
      continue;
    }
    if (char === ',' || char === ';') {
      parts.push(current);
      current = '';
      continue;
    }
    const rest = command.slice(i);
    const sep = /^\s+(?:and then|and|then|after that|afterwards)\s+/i.exec(rest);
    if (sep) {
      parts.push(current);
      current = '';
      i += sep[0].length - 1;
      continue;
    }
    current += char;
  }
  parts.push(current);
  return parts.map((p) => p.trim().replace(/^(and|then)\s+/i, '')).filter(Boolean);
}

export function parseCommand(command: string): ParsedCommand {
  const intents: Intent[] = [];
  const unknown: string[] = [];
  for (const fragment of splitCommands(command)) {
    const previous = intents.at(-1);
    const intent = withVerb(fragment) ?? (previous ? continuing(previous, fragment) : null);
    if (intent) intents.push(intent);
    else unknown.push(fragment);
  }
  return { intents, unknown };
}
