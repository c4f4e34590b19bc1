import type { Prompt } from '../model/spec';
import { callsMade, taskOf } from '../model/prompt-reading';
import { WeightlessModel, type WeightlessReply } from '../model/weightless';
import { bareChoices, parseCommand } from './grammar';
import { Calls, Failed, Pending } from './page';
import { advance } from './steps';

// The command interpreter: the embedded default when no model is configured. A model with
// no weights: each step it reads the command and the calls already made (from the
// history, so it keeps no state), and makes the next call. Targets are found by name with
// the find tool (quoted names must match exactly), or by kind, ordinal or icon from a full
// snapshot. When it is not sure it says so, and it never guesses on a sensitive action
// (paying, deleting, sending…).

/** The CLI's advice; other hosts pass their own (the extension points to its options). */
export const CLI_SETUP_HINT = 'For tasks like this, configure a model: wayfinder run --model ollama:llama3.1 "…" (or set WAYFINDER_MODEL).';

const UNDERSTOOD =
  'go to, back, reload, scroll (in an element), click/press/hit/tap, type … into, fill in … with, set … to, select/choose/pick, check/tick/untick/toggle, clear, focus, hover over, expand/collapse, drag … to, menu paths like Edit > Paste Special, log in as … with password …, search for, tabs, a field’s name and its value (city Portland), a choice on its own (business class), a row’s button (edit the row for Oslo)';

export class CommandInterpreter extends WeightlessModel {
  private readonly seen = new Map<string, { result: string; isError: boolean }>();

  /** `setupHint`: how to set up a model, in the host's terms (said when a task needs one). */
  constructor(private readonly setupHint: string = CLI_SETUP_HINT) {
    super('wayfinder', 'command');
  }

  protected reply(prompt: Prompt): WeightlessReply {
    const command = taskOf(prompt);
    const parsed = parseCommand(command);
    const { unknown } = parsed;
    const notUnderstood = () => {
      const what = unknown.length ? `I did not understand: ${unknown.map((u) => `"${u}"`).join(', ')}.` : 'There was no command.';
      return finish(false, `I only understand direct commands (${UNDERSTOOD}). ${what} ${this.setupHint}`);
    };
    // Nothing but bare choices ("business class pls"): the page says whether each names one; else not understood.
    const choices = !parsed.intents.length ? bareChoices(unknown) : null;
    if (!choices && (unknown.length || !parsed.intents.length)) return notUnderstood();
    const intents = choices ?? parsed.intents;
    // The loop prunes old page states from the history; results are kept as first seen.
    const made = callsMade(prompt);
    if (!made.length) this.seen.clear();
    for (const c of made) {
      const first = this.seen.get(c.id);
      if (first) Object.assign(c, { result: first.result, isError: first.isError });
      else if (c.result !== null) this.seen.set(c.id, { result: c.result, isError: c.isError });
    }
    const calls = new Calls(new Map(made.map((c) => [c.id, c])));
    const done: string[] = [];
    for (let i = 0; i < intents.length; i++) {
      const intent = intents[i];
      if (!intent) continue;
      try {
        done.push(advance(intent, `w${i}`, calls));
      } catch (stop) {
        if (Pending.isInstance(stop)) return { calls: [stop.call] };
        if (!Failed.isInstance(stop)) throw stop;
        if (choices && NOT_A_CHOICE.test(stop.message)) return notUnderstood();
        const unsure = /not sure|understand/.test(stop.message);
        return finish(false, `${done.length ? `Done: ${done.join('; ')}. Then ` : ''}${stop.message}${unsure ? ` ${this.setupHint}` : ''}`);
      }
    }
    return finish(true, `Done: ${done.join('; ')}.`);
  }
}

/** What steps.ts says when a bare fragment names no single choice on the page. */
const NOT_A_CHOICE = /^No single choice on the page/;

function finish(success: boolean, summary: string): WeightlessReply {
  return { calls: [{ id: `w-done-${success ? 'ok' : 'fail'}`, name: 'done', input: { summary, success } }] };
}
