import type { Prompt } from '../model/spec';
import { callsMade, refLines, taskOf, type MadeCall } from '../model/prompt-reading';
import { WeightlessModel, type WeightlessReply } from '../model/weightless';
import { sensitiveKind } from '../policy/classify';
import { parseCommand, type Intent, type Target } from './grammar';

// The command interpreter: the embedded default when no model is configured. A model with
// no weights: each step it reads the command and the calls already made (from the
// history, so it keeps no state), and makes the next call. Targets are found with the
// find tool; quoted names must match exactly. When it is not sure it says so, and it never
// guesses on a sensitive action (paying, deleting, sending…).

/** The CLI's advice; other hosts pass their own (the extension points to its options). */
export const CLI_SETUP_HINT = 'For tasks like this, configure a model: wayfinder run --model ollama:llama3.1 "…" (or set WAYFINDER_MODEL).';
const ROLE_WORDS = /\b(the|a|an|button|link|field|box|textbox|input|checkbox|check box|radio|option|dropdown|menu|tab)\b/gi;

interface Match {
  ref: string;
  role: string;
  name: string;
  score: number;
}

type Step = { call: { id: string; name: string; input: Record<string, unknown> } } | { finished: string } | { fail: string };

const EDITABLE = ['textbox', 'searchbox', 'combobox', 'spinbutton'];
const CHOOSERS = ['combobox', 'listbox'];
const TOGGLES = ['checkbox', 'radio', 'switch', 'menuitemcheckbox', 'menuitemradio'];

function plain(text: string): string {
  return text
    .toLowerCase()
    .replace(ROLE_WORDS, ' ')
    .replace(/[^\p{L}\p{N}$]+/gu, ' ')
    .trim();
}

function parseMatches(result: string): Match[] {
  return result.split('\n').flatMap((line) => {
    const [ref] = refLines(line);
    const score = /\(score ([\d.]+)\)\s*$/.exec(line);
    return ref && score ? [{ ...ref, score: Number(score[1]) }] : [];
  });
}

function describe(match: Match): string {
  return `${match.role} "${match.name}"`;
}

/** Picks the element a target means, or explains why it cannot be sure. */
export function choose(matches: Match[], target: Target, roles: string[] | null, what: string): Match | string {
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
  if (sensitiveKind(top.name) && !sameName) {
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

export class CommandInterpreter extends WeightlessModel {
  /** `setupHint`: how to set up a model, in the host's terms (said when a task needs one). */
  constructor(private readonly setupHint: string = CLI_SETUP_HINT) {
    super('wayfinder', 'command');
  }

  protected reply(prompt: Prompt): WeightlessReply {
    const command = taskOf(prompt);
    const { intents, unknown } = parseCommand(command);
    if (unknown.length || !intents.length) {
      const what = unknown.length ? `I did not understand: ${unknown.map((u) => `"${u}"`).join(', ')}.` : 'There was no command.';
      return finish(
        false,
        `I only understand direct commands (go to, back, reload, scroll, click, type … into, select … in, check, press, search for, new tab, switch to tab). ${what} ${this.setupHint}`,
      );
    }
    const calls = new Map(callsMade(prompt).map((c) => [c.id, c]));
    const done: string[] = [];
    for (let i = 0; i < intents.length; i++) {
      const intent = intents[i];
      if (!intent) continue;
      const step = advance(intent, `w${i}`, calls);
      if ('call' in step) return { calls: [step.call] };
      if ('fail' in step)
        return finish(
          false,
          `${done.length ? `Done: ${done.join('; ')}. Then ` : ''}${step.fail}${/not sure|understand/.test(step.fail) ? ` ${this.setupHint}` : ''}`,
        );
      done.push(step.finished);
    }
    return finish(true, `Done: ${done.join('; ')}.`);
  }
}

function finish(success: boolean, summary: string): WeightlessReply {
  return { calls: [{ id: `w-done-${success ? 'ok' : 'fail'}`, name: 'done', input: { summary, success } }] };
}

/** One tool call; done when its result is in, failed when the result is an error. */
function single(id: string, name: string, input: Record<string, unknown>, calls: Map<string, MadeCall>, finished: string): Step {
  const made = calls.get(id);
  if (!made?.result) return { call: { id, name, input } };
  if (made.isError) return { fail: firstLine(made.result) };
  return { finished };
}

function firstLine(text: string): string {
  return (
    text
      .split('\n')
      .find((l) => l.trim())
      ?.trim() ?? text
  );
}

/** find, then act on what it found: the usual shape of a targeted command. */
function targeted(
  id: string,
  target: Target,
  roles: string[] | null,
  what: string,
  calls: Map<string, MadeCall>,
  act: (match: Match) => { name: string; input: Record<string, unknown>; finished: string },
): Step {
  const found = calls.get(`${id}-find`);
  if (!found?.result) return { call: { id: `${id}-find`, name: 'find', input: { query: target.text, limit: 8 } } };
  if (found.isError) return { fail: firstLine(found.result) };
  const match = choose(parseMatches(found.result), target, roles, what);
  if (typeof match === 'string') return { fail: match };
  const next = act(match);
  return single(`${id}-act`, next.name, next.input, calls, next.finished);
}

function advance(intent: Intent, id: string, calls: Map<string, MadeCall>): Step {
  switch (intent.kind) {
    case 'navigate':
      return single(id, 'navigate', { url: intent.url }, calls, `opened ${intent.url}`);
    case 'back':
      return single(id, 'go_back', {}, calls, 'went back');
    case 'forward':
      return single(id, 'go_forward', {}, calls, 'went forward');
    case 'reload':
      return single(id, 'reload', {}, calls, 'reloaded the page');
    case 'scroll':
      return single(id, 'scroll', { direction: intent.direction }, calls, `scrolled ${intent.direction}`);
    case 'press':
      return single(id, 'press_key', { keys: intent.keys }, calls, `pressed ${intent.keys}`);
    case 'new-tab':
      return single(
        id,
        'open_tab',
        intent.url ? { url: intent.url } : {},
        calls,
        intent.url ? `opened ${intent.url} in a new tab` : 'opened a new tab',
      );
    case 'close-tab':
      return single(id, 'close_tab', {}, calls, 'closed the tab');
    case 'switch-tab':
      return single(id, 'switch_tab', { tab: intent.which }, calls, `switched to tab ${intent.which}`);
    case 'search':
      return targeted(id, { text: 'search box', exact: null }, ['searchbox', 'textbox', 'combobox'], 'search box', calls, (m) => ({
        name: 'type_text',
        input: { ref: m.ref, text: intent.text, submit: true },
        finished: `searched for "${intent.text}"`,
      }));
    case 'click':
      return targeted(id, intent.target, null, 'element', calls, (m) => ({
        name: 'click',
        input: { ref: m.ref },
        finished: `clicked ${describe(m)}`,
      }));
    case 'type':
      return targeted(id, intent.target, EDITABLE, 'field', calls, (m) => ({
        name: 'type_text',
        input: { ref: m.ref, text: intent.text },
        finished: `typed "${intent.text}" into ${describe(m)}`,
      }));
    case 'check':
      return targeted(id, intent.target, TOGGLES, 'checkbox', calls, (m) => ({
        name: 'check',
        input: { ref: m.ref, checked: intent.checked },
        finished: `${intent.checked ? 'checked' : 'unchecked'} ${describe(m)}`,
      }));
    case 'select':
      if (intent.target) {
        return targeted(id, intent.target, CHOOSERS, 'dropdown', calls, (m) => ({
          name: 'select_option',
          input: { ref: m.ref, values: [intent.option] },
          finished: `selected "${intent.option}" in ${describe(m)}`,
        }));
      }
      // "select B" with no dropdown named: a checkbox or radio labelled B, or an option to click.
      return targeted(id, { text: intent.option, exact: null }, [...TOGGLES, 'option', 'tab', 'menuitem'], 'choice', calls, (m) =>
        TOGGLES.includes(m.role)
          ? { name: 'check', input: { ref: m.ref, checked: true }, finished: `selected ${describe(m)}` }
          : { name: 'click', input: { ref: m.ref }, finished: `selected ${describe(m)}` },
      );
  }
}
