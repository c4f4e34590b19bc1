import { refLines } from '../model/prompt-reading';
import { sensitiveKind } from '../policy/classify';
import { controlsIn, describe, Failed, pageControls, resolveByKind, type Calls, type Control } from './page';
import { byKind, commonFieldName, type Target } from './targets';

// From a target to the controls it means: by name with the find tool (a quoted name must
// match exactly; an unquoted one must be a clear winner), or by kind, ordinal or icon from
// the page's controls in order.

const ROLE_WORDS = /\b(the|a|an|button|link|field|box|textbox|input|checkbox|check box|radio|option|dropdown|menu|tab)\b/gi;

const QUIET_ROLES = new Set(['checkbox', 'radio', 'switch', 'textbox', 'searchbox', 'spinbutton', 'combobox', 'listbox', 'slider']);

export interface Match {
  ref: string;
  role: string;
  name: string;
  score: number;
}

function plain(text: string): string {
  return text
    .toLowerCase()
    .replace(ROLE_WORDS, ' ')
    .replace(/[^\p{L}\p{N}$]+/gu, ' ')
    .trim();
}

function parseMatches(result: string): (Match & Control)[] {
  return result.split('\n').flatMap((line) => {
    const [ref] = refLines(line);
    const [control] = controlsIn(line.replace(/\s*\(score [\d.]+\)\s*$/, ''));
    const score = /\(score ([\d.]+)\)\s*$/.exec(line);
    return ref && score && control ? [{ ...control, score: Number(score[1]) }] : [];
  });
}

/** Picks the element a target means, or explains why it cannot be sure. */
export function choose<M extends Match>(matches: M[], target: Target, roles: string[] | null, what: string): M | string {
  const candidates = roles ? matches.filter((m) => roles.includes(m.role)) : matches;
  if (!candidates.length)
    return `There is no ${what} matching "${target.text}" on the page. Check the name (take a snapshot to see the page).`;
  if (target.exact !== null) {
    const wanted = target.exact.trim().toLowerCase();
    const exact = candidates.filter((m) => m.name.trim().toLowerCase() === wanted);
    if (exact.length === 1 && exact[0]) return exact[0];
    if (exact.length > 1 && exact[0] && plain(target.text) !== plain(target.exact)) return exact[0];
    if (exact.length > 1)
      return `There are ${exact.length} ${what}s named "${target.exact}"; say which one (for example, with the text next to it).`;
    return `Nothing named exactly "${target.exact}" on the page${candidates[0] ? ` (closest: ${describe(candidates[0])})` : ''}.`;
  }
  const [top, second] = candidates;
  if (!top) return `There is no ${what} matching "${target.text}".`;
  const sameName = plain(top.name) === plain(target.text);
  // Ticking a box or typing is not the sensitive act itself: the refusal is for what acts (buttons, links…).
  if (sensitiveKind(top.name) && !sameName && !QUIET_ROLES.has(top.role)) {
    return `I am not sure "${target.text}" means ${describe(top)}, and I never guess on actions like this. Say its exact name in quotes if that is what you want.`;
  }
  const clear = sameName
    ? !second || plain(second.name) !== plain(top.name) || top.score - second.score >= 0.3
    : top.score >= 1.5 && (!second || top.score - second.score >= 0.3);
  if (!clear) {
    const options = candidates.slice(0, 3).map(describe).join(', ');
    return `I am not sure which ${what} "${target.text}" means (it could be ${options}). Say its exact name in quotes.`;
  }
  return top;
}

/** Whether resolving the target needs to know which fields are passwords, text areas or dates. */
function needsFields(target: Target): boolean {
  return target.kind === 'password' || target.kind === 'textarea' || target.kind === 'date';
}

function byName(calls: Calls, id: string, target: Target, roles: string[] | null, what: string): Control {
  const found = calls.result(`${id}-find`, 'find', { query: target.text, limit: 8 });
  const match = choose(parseMatches(found), target, roles, what);
  if (typeof match !== 'string') return match;
  // Nothing by the words said: by the common words for the same field ("surname": "Last name").
  const common = target.exact === null ? commonFieldName(target.text) : null;
  if (common) {
    const again = choose(
      parseMatches(calls.result(`${id}-find2`, 'find', { query: common, limit: 8 })),
      { ...target, text: common },
      roles,
      what,
    );
    if (typeof again !== 'string') return again;
  }
  return byCaption(calls, id, target, roles) ?? fail(match);
}

function fail(message: string): never {
  throw new Failed(message);
}

const CAPTIONED = new Set(['textbox', 'searchbox', 'spinbutton', 'combobox', 'listbox', 'slider', 'radio', 'checkbox', 'switch']);

/**
 * What find could not settle, read off the page as a person reads it: the one control named
 * exactly as said (a field called "To", a word find passes over), or the one field or box
 * whose caption beside it says it ("the cover letter" under a "Cover letter" heading with no
 * label). Only fields and boxes go by a caption — never a button — and only one may fit.
 */
function byCaption(calls: Calls, id: string, target: Target, roles: string[] | null): Control | null {
  const wanted = plain(target.exact ?? target.text).replace(/^(?:my|your|our)\s+/, '');
  if (!wanted) return null;
  const phrase = (text: string) => ` ${plain(text)} `.includes(` ${wanted} `);
  const controls = pageControls(calls, `${id}-cap`, false).filter((c) => !roles || roles.includes(c.role));
  const named = controls.filter((c) => plain(c.name) === wanted);
  if (named.length === 1) return named[0] ?? null;
  if (named.length || target.exact !== null) return null;
  const captioned = controls.filter((c) => CAPTIONED.has(c.role) && c.caption && phrase(c.caption));
  return captioned.length === 1 ? (captioned[0] ?? null) : null;
}

/** Words with a plural's ending left off: "notifications" finds "Notification settings". */
const stems = (text: string): string[] =>
  (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).map((w) => w.replace(/(?<=\p{L}{3})(?:es|s)$/u, ''));

/**
 * "all the notifications", "each of the extras": every control (of the roles) whose name, or
 * the heading or line leading its group, has the words — the switches under "Notifications",
 * the boxes after "Extras".
 */
function byGroup(calls: Calls, id: string, group: string, roles: string[] | null, what: string): Control[] {
  const wanted = stems(group);
  const found = pageControls(calls, `${id}-g`, false).filter((c) => {
    if (roles && !roles.includes(c.role)) return false;
    const have = stems(`${c.group ?? ''} ${c.name} ${c.caption ?? ''}`);
    return wanted.length > 0 && wanted.every((w) => have.includes(w));
  });
  if (!found.length) throw new Failed(`There is no ${what} in a group called "${group}" on the page.`);
  return found;
}

/** Every control the target means (one, unless it says "both" or "all"). */
export function resolveAll(calls: Calls, id: string, target: Target, roles: string[] | null, what: string): Control[] {
  if (target.all && target.group !== undefined) return byGroup(calls, id, target.group, roles, what);
  if (!byKind(target)) return [byName(calls, id, target, roles, what)];
  const controls = pageControls(calls, id, needsFields(target));
  const found = resolveByKind(controls, target).filter((c) => !roles || roles.includes(c.role) || target.icon);
  if (!found.length) throw new Failed(`There is no ${what} like "${target.text}" on the page.`);
  if (found.length === 1 || target.all) return found;
  // A kind word with several of that kind: a name that fits one of them still settles it.
  const named = choose(
    parseMatches(calls.result(`${id}-find`, 'find', { query: target.text, limit: 8 })).filter((m) => found.some((c) => c.ref === m.ref)),
    target,
    null,
    what,
  );
  if (typeof named !== 'string' && plain(named.name) === plain(target.text)) return [named];
  throw new Failed(
    `I am not sure which ${what} "${target.text}" means: the page has ${found.length} (${found.slice(0, 4).map(describe).join(', ')}${found.length > 4 ? ', …' : ''}). Say which, for example "the 2nd ${target.kind ?? what}" or its name in quotes.`,
  );
}

export function resolveOne(calls: Calls, id: string, target: Target, roles: string[] | null, what: string): Control {
  const [first, second] = resolveAll(calls, id, target, roles, what);
  if (!first) throw new Failed(`There is no ${what} like "${target.text}" on the page.`);
  if (second) throw new Failed(`"${target.text}" means more than one ${what}; say which one.`);
  return first;
}

/** The field facts (input type, placeholder) of one control, from the page's HTML. */
export function fieldOf(calls: Calls, id: string, control: Control): Control['field'] {
  if (control.field) return control.field;
  return pageControls(calls, `${id}-f`, true).find((c) => c.ref === control.ref)?.field;
}
