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
      // "… and To with Reykjavik": a field's name (a few words) with its value.
      if ((m = /^((?:the\s+)?\S+(?:\s+\S+){0,3}?)\s+with\s+(.+)$/i.exec(f)))
        return { kind: 'type', text: unquote(m[2] ?? ''), target: target(m[1] ?? '') };
      // "… and "x9" as the password", "… and ana as the username", "…, Lee in the last name field".
      if ((m = /^("[^"]*"|“[^”]*”|\S+)\s+(?:in|into|as|for)\s+(the\s+.+)$/i.exec(f)))
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
  return splitWithJoins(command).map((p) => p.text);
}

interface Part {
  text: string;
  /** Whether "then" joined it to the fragment before. */
  then: boolean;
}

function splitWithJoins(command: string): Part[] {
  const parts: string[] = [];
  const joins: string[] = [''];
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
        joins.push(char);
        current = '';
        continue;
      }
    }
    const rest = command.slice(i);
    const sep = /^\s+(?:and then|and|then|after that|afterwards)\s+/i.exec(rest);
    // "drag and drop" is one verb.
    if (sep && !/\bdrag$/i.test(current.trim())) {
      if (!current.trim()) joins[joins.length - 1] = `${joins.at(-1) ?? ''}${sep[0]}`;
      else {
        parts.push(current);
        joins.push(sep[0]);
      }
      current = '';
      i += sep[0].length - 1;
      continue;
    }
    current += char;
  }
  parts.push(current);
  return parts
    .map((p, i) => ({ raw: p.trim(), join: joins[i] ?? '' }))
    .map(({ raw, join }) => ({ text: raw.replace(/^(and|then)\s+/i, ''), then: /\bthen\b/i.test(join) || /^then\s/i.test(raw) }))
    .filter((p) => p.text);
}

const MENU_OPENER = /^(?:(?:go|navigate)(?:\s+to)?|open|choose|select|pick|click(?:\s+on)?)\s+(?:the\s+)?(.+?)(?:\s+menu)?$/i;
const LEVEL = /^(?:(?:choose|select|pick|click(?:\s+on)?|open|go to)\s+)?(?:the\s+)?(.{1,40}?)(?:\s+(?:menu|submenu|item|option))?$/i;

/** "go Edit then Paste Special then Values": a menu path said with "then", each level a bare name. */
function thenPath(parts: Part[], at: number): { path: string[]; used: number } | null {
  const first = MENU_OPENER.exec(parts[at]?.text.replace(/[.!?]+$/, '') ?? '');
  // A quoted name or a web address ("go to example.com then …") is not a menu level.
  if (!first || /["“]/.test(parts[at]?.text ?? '') || /^\S+\.\S+$|:\/\//.test(first[1] ?? '')) return null;
  const path = [first[1] ?? ''];
  let next = at + 1;
  for (let part = parts[next]; part?.then; part = parts[++next]) {
    const text = part.text.replace(/[.!?]+$/, '');
    const bare = withVerb(text) === null || /^(?:choose|select|pick)\s+\S+(?:\s+\S+)?$/i.test(text);
    const level = LEVEL.exec(text);
    if (!bare || !level || text.split(/\s+/).length > 4) break;
    path.push(level[1] ?? '');
  }
  return path.length >= 3 || (path.length === 2 && /^(?:go|navigate)\b/i.test(parts[at]?.text ?? '')) ? { path, used: path.length } : null;
}

/** "Pick Oslo and Lima from the list", "select Kyoto, Porto and Hanoi in the destinations box": several choices in one list. */
function severalChoices(command: string): Intent | null {
  const m = /^(?:please\s+)?(?:select|choose|pick)\s+(.+?)\s+(?:from|in|on)\s+(the\s+[^,;]+?)[.!]*$/i.exec(command.trim());
  if (!m) return null;
  const options = splitWithJoins(m[1] ?? '').map((p) => unquote(p.text));
  const notAChoice = (o: string) =>
    !o ||
    o.split(/\s+/).length > 4 ||
    withVerb(o) !== null ||
    /^(?:type|write|enter|input|put|fill|set|click|press|hit|tap|tick|check|untick|uncheck|scroll|go|open)\b/i.test(o) ||
    Boolean(target(o).kind);
  if (options.length < 2 || options.some(notAChoice)) return null;
  return { kind: 'select', option: options[0] ?? '', options, target: target(m[2] ?? '') };
}

/** Words that start a request rather than name a field: "find me a tent", "make it quick". */
export const REQUEST_START =
  /^(?:find|make|buy|get|book|order|show|tell|give|help|do|send|delete|remove|cancel|add|create|write|read|call|email me|let|can|could|would|will|what|where|how|why|who|is|are|i|we|please)\b/i;

/**
 * A verbless fragment that may be a field's name and its value ("city Portland", "zip
 * 97205", "email a@b.org", "country United States"): two to eight words, the first not a
 * request's, and after the first word one that looks like a value — a name (capitalised), a
 * number, an address. "Summarise this page" is a request, not a field. Whether it is a
 * field, the page decides (steps.ts): otherwise it is not understood.
 */
function fieldAndValue(fragment: string): boolean {
  const words = fragment.trim().split(/\s+/);
  const looksLikeValue = (w: string) => /^\p{Lu}/u.test(w) || /\d/.test(w) || /@|\.\w/.test(w);
  return (
    words.length >= 2 &&
    words.length <= 8 &&
    !REQUEST_START.test(fragment.trim()) &&
    !/["“]/.test(fragment) &&
    words.slice(1).some(looksLikeValue)
  );
}

/**
 * A command of bare choices only ("business class pls", "large, 14 inch"): every fragment
 * short, none starting like a request. The page decides whether each names one choice;
 * when one does not, the command is not understood as before.
 */
export function bareChoices(unknown: string[]): Intent[] | null {
  const bare = unknown.map((u) =>
    u
      .trim()
      .replace(/[.!?]+$/, '')
      .replace(/,?\s+(?:please|pls|plz)$/i, ''),
  );
  const fits = (u: string) => u.length > 0 && u.split(/\s+/).length <= 4 && !REQUEST_START.test(u) && !/["“]/.test(u);
  return bare.length && bare.every(fits) ? bare.map((words) => ({ kind: 'choice', words })) : null;
}

export function parseCommand(command: string): ParsedCommand {
  const several = severalChoices(command);
  if (several) return { intents: [several], unknown: [] };
  const intents: Intent[] = [];
  const unknown: string[] = [];
  const parts = splitWithJoins(command);
  for (let i = 0; i < parts.length; i++) {
    const fragment = parts[i]?.text ?? '';
    const chain = thenPath(parts, i);
    if (chain) {
      intents.push({ kind: 'menu', path: chain.path });
      i += chain.used - 1;
      continue;
    }
    // "log me in as ranger, the password is trail-42": the password in its own fragment.
    const password = /^(?:and\s+)?(?:the\s+|my\s+)?password(?:\s+is|:)?\s+(.+?)[.!]*$/i.exec(parts[i + 1]?.text ?? '');
    if (password && /^(?:.*\s)?(?:log|sign)\s+(?:me\s+)?in(?:to)?\b.*\sas\s+\S+$/i.test(fragment)) {
      const login = withVerb(`${fragment} with password ${password[1] ?? ''}`);
      if (Array.isArray(login)) {
        intents.push(...login);
        i++;
        continue;
      }
    }
    const previous = intents.at(-1);
    // "from the File menu choose Export, then CSV": later levels join the path.
    if (previous?.kind === 'menu' && parts[i]?.then && withVerb(fragment) === null && fragment.split(/\s+/).length <= 4) {
      previous.path.push(unquote(fragment.replace(/[.!?]+$/, '')));
      continue;
    }
    const read = withVerb(fragment) ?? (previous ? (typedIntoPrevious(previous, fragment) ?? continuing(previous, fragment)) : null);
    if (Array.isArray(read)) intents.push(...read);
    else if (read) intents.push(read);
    else if (fieldAndValue(fragment)) intents.push({ kind: 'say', words: fragment.trim().replace(/[.!?]+$/, '') });
    else unknown.push(fragment);
  }
  return { intents, unknown };
}
