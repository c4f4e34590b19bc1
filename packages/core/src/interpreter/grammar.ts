import type { Intent, ParsedCommand } from './intents';
import { target } from './targets';
import { unquote, withVerb } from './verbs';

// The command interpreter's grammar: direct commands, possibly several joined by commas,
// "and" or "then", turned into intents (verbs.ts reads each one). A fragment without a verb
// continues the previous one ("Select A, B and click Submit"; "Enter the username "x" and
// the password "y""). Quoted text is matched exactly.

export type { Intent, ParsedCommand } from './intents';
export type { Target } from './targets';

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
    case 'menu':
      return { kind: 'select', option: unquote(f), target: null };
    case 'type': {
      // "… and the password "y"", "… and the last name with Lee", "…, Lee in the last name field".
      let m = /^(?:the\s+)?(.+?)\s+("[^"]*"|“[^”]*”)$/.exec(f);
      if (m) return { kind: 'type', text: unquote(m[2] ?? ''), target: target(m[1] ?? '') };
      if ((m = /^(the\s+.+?)\s+with\s+(.+)$/i.exec(f))) return { kind: 'type', text: unquote(m[2] ?? ''), target: target(m[1] ?? '') };
      if ((m = /^("[^"]*"|“[^”]*”|\S+)\s+(?:in|into)\s+(the\s+.+)$/i.exec(f)))
        return { kind: 'type', text: unquote(m[1] ?? ''), target: target(m[2] ?? '') };
      return null;
    }
    case 'set': {
      const m = /^(?:and\s+)?(the\s+.+?)\s+to\s+(.+)$/i.exec(f);
      return m ? { kind: 'set', value: unquote(m[2] ?? ''), target: target(m[1] ?? '') } : null;
    }
    default:
      return null;
  }
}

/** "click into the Name field and type Kim": text with no field goes where the previous step put the cursor. */
function typedIntoPrevious(previous: Intent, fragment: string): Intent | null {
  if (previous.kind !== 'focus' && previous.kind !== 'click') return null;
  const m = /^(?:type|write|enter|input)\s+(.+?)[.!]*$/i.exec(fragment.trim());
  return m ? { kind: 'type', text: unquote(m[1] ?? ''), target: previous.target } : null;
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
      // "April 1, 2018" keeps its comma.
      if (!(char === ',' && /\d\s*$/.test(current) && /^,\s*\d{4}\b/.test(command.slice(i)))) {
        parts.push(current);
        current = '';
        continue;
      }
    }
    const rest = command.slice(i);
    const sep = /^\s+(?:and then|and|then|after that|afterwards)\s+/i.exec(rest);
    // "drag and drop" is one verb.
    if (sep && !/\bdrag$/i.test(current.trim())) {
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
    const read = withVerb(fragment) ?? (previous ? (typedIntoPrevious(previous, fragment) ?? continuing(previous, fragment)) : null);
    if (Array.isArray(read)) intents.push(...read);
    else if (read) intents.push(read);
    else unknown.push(fragment);
  }
  return { intents, unknown };
}
