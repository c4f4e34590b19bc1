import { researchSettings } from '../research/config';
import {
  BrowserError,
  DEFAULT_MAX_STEPS,
  HARD_MAX_STEPS,
  ModelConfigError,
  runTask,
  type ConfirmRequest,
  type ModelRoles,
  type PlanDecision,
  type TaskMode,
} from '@wayfinder/core';
import { parseArgs, UsageError } from '../args';
import { BrowserStartError, type ExtensionChoice } from '../browser';
import { printable, type Io } from '../io';
import { resolveModels } from '../models';
import { openRuntime } from '../runtime';
import { wayfinderHome } from '../store/db';
import { confirmAtPrompt, dialogAtPrompt } from '../prompts';
import { Terminal } from '../terminal';
import { JsonPrinter, TimelinePrinter, type Printer } from '../timeline';

export const RUN_HELP = `Usage: wayfinder run "<task>" [options]

Carries out a task in a browser and shows each step.

Options:
  --url <address>          start at this page (with --cdp-endpoint: in a new tab)
  --mode act|plan|ask      act (default); plan: propose steps for approval first;
                           ask: answer a question about the page without acting
  --model <spec>           command (default), ollama:<model>, openai:<model>,
                           openai-compatible:<baseURL>#<model>, anthropic:<model>,
                           google:<model>, mistral:<model>, script:<file.json>
                           (default: $WAYFINDER_MODEL, else command)
  --cdp-endpoint <url>     attach to a running Chrome (http://host:port or ws://…)
                           and work in its active tab
  --browser extension[:DEVICE]
                           work in your own Chrome, through the Wayfinder extension
                           connected to wayfinder serve (DEVICE: its label or id, when
                           several are); confirmations are asked in its side panel
  --headed                 show the browser window
  --max-steps <n>          stop after n steps (default ${DEFAULT_MAX_STEPS}, at most ${HARD_MAX_STEPS})
  --json                   print one JSON event per line instead of the timeline
  --no-memory              leave memory out: no vault search, facts or past tasks, and
                           no record of this task for later ones (it is still listed in
                           wayfinder history)
  --yes                    approve plans and answer page dialogs with OK, without asking
                           (not dialogs whose OK pays, deletes or sends: those are asked)
  --allow-sensitive        also approve sensitive actions (payments, deletions, sending,
                           passwords, uploads, downloads, such dialogs) and new sites, once each
                           (never page code: each run is shown and asked at the prompt)

Environment: OPENAI_API_KEY, ANTHROPIC_API_KEY, GOOGLE_GENERATIVE_AI_API_KEY,
MISTRAL_API_KEY, WAYFINDER_API_KEY (openai-compatible), OLLAMA_HOST,
WAYFINDER_CONTEXT_WINDOW, WAYFINDER_TOOL_MODE (native|text), CHROMIUM_PATH,
WAYFINDER_PLANNER_MODEL, WAYFINDER_SUMMARISER_MODEL, WAYFINDER_VISION_MODEL,
WAYFINDER_CONFIG (site permissions, secrets, limits; default ~/.config/wayfinder/config.json),
WAYFINDER_HOME (tasks, memory, and skills in its skills/ folder, which the agent may
replay with run_skill; default ~/.local/share/wayfinder).

Sensitive actions and sites a task has not used yet are asked about at the prompt; with no
one to answer they are refused.

Exit status: 0 when the task succeeded, 1 when it did not, 2 for a usage error.`;

const MODES: readonly TaskMode[] = ['act', 'plan', 'ask'];

const STEP_RANGE: [number, number] = [1, HARD_MAX_STEPS];

const OPTIONS = {
  url: {},
  mode: { choices: MODES },
  model: {},
  'cdp-endpoint': {},
  browser: {},
  headed: { flag: true },
  'max-steps': { integer: STEP_RANGE },
  json: { flag: true },
  'no-memory': { flag: true },
  yes: { flag: true },
  'allow-sensitive': { flag: true },
  help: { flag: true },
};

/** `--browser extension[:DEVICE]` (or chromium, the default: null). */
export function extensionChoice(value: string | undefined, io: Io, label: string): ExtensionChoice | null {
  if (value === undefined || value === 'chromium') return null;
  const match = /^extension(?::(.+))?$/.exec(value);
  if (!match) throw new UsageError(`${label}: --browser must be chromium or extension[:DEVICE] (got "${value}").`);
  return { home: wayfinderHome(io.env), device: match[1], label };
}

async function approvePlan(terminal: Terminal, printer: Printer, yes: boolean, steps: string[]): Promise<PlanDecision> {
  if (yes) return { approved: true };
  for (;;) {
    const answer = await terminal.ask('Run this plan? [Y]es / [n]o / [e]dit: ');
    if (answer === null) {
      printer.note('No answer (input ended); the plan was not run. Pass --yes to approve plans without asking.');
      return { approved: false };
    }
    const word = answer.trim().toLowerCase();
    if (!word || word === 'y' || word === 'yes') return { approved: true };
    if (word === 'n' || word === 'no') return { approved: false };
    if (word === 'e' || word === 'edit') {
      printer.note('Type the steps, one per line; an empty line ends. (Enter at once keeps the plan.)');
      const edited: string[] = [];
      for (;;) {
        const line = await terminal.ask(`  ${edited.length + 1}. `);
        if (line === null || !line.trim()) break;
        edited.push(line.trim());
      }
      return { approved: true, steps: edited.length ? edited : steps };
    }
    printer.note('Please answer y, n or e.');
  }
}

export async function runCommand(argv: string[], io: Io): Promise<number> {
  const args = parseArgs(argv, OPTIONS, 'run');
  if (args.flags.has('help')) {
    io.stdout.write(`${RUN_HELP}\n`);
    return 0;
  }
  const task = args.positionals.join(' ').trim();
  if (!task)
    throw new UsageError(
      'wayfinder run: say what to do, e.g. wayfinder run "search for tents" --url https://example.com. Try wayfinder run --help.',
    );
  const extension = extensionChoice(args.values.get('browser'), io, 'wayfinder run');
  if (extension && (args.values.has('cdp-endpoint') || args.flags.has('headed')))
    throw new UsageError('wayfinder run: --browser extension works in your own Chrome; leave out --cdp-endpoint and --headed.');
  const json = args.flags.has('json');
  const yes = args.flags.has('yes');
  const allowSensitive = args.flags.has('allow-sensitive');
  const mode = MODES.find((m) => m === args.values.get('mode')) ?? 'act';
  const maxSteps = Number(args.values.get('max-steps') ?? DEFAULT_MAX_STEPS);
  let models: ModelRoles;
  try {
    models = resolveModels(args.values.get('model'), io.env);
  } catch (error) {
    if (ModelConfigError.isInstance(error)) throw new UsageError(`wayfinder run: ${error.message}`);
    throw error;
  }
  // Tasks are kept (wayfinder history) and memory offered; a data file that cannot be used costs only that.
  const runtime = openRuntime(io, { command: 'run', memory: 'optional', research: researchSettings });
  const { redaction, memory } = runtime;
  // Everything printed or recorded is redacted: events carry addresses, titles, dialog text and questions.
  const printer: Printer = json ? new JsonPrinter(io.stdout, io.stderr, redaction) : new TimelinePrinter(io.stdout, { redaction });
  // In --json mode, prompts go to stderr so stdout stays one JSON value per line.
  const terminal = new Terminal(io.stdin, json ? io.stderr : io.stdout, (text) => printable(redaction.text(text)));
  const policy = runtime.policy();
  if (runtime.memoryProblem) printer.note(`${runtime.memoryProblem} This task runs without memory and is not kept.`);

  const controller = new AbortController();
  const stopListening = io.onInterrupt(() => {
    if (controller.signal.aborted) return;
    printer.note('Stopping… (Ctrl+C again to quit at once)');
    controller.abort();
  });

  // In the person's own Chrome, they are at the browser: questions go to its side panel
  // (--allow-sensitive still answers what it answers at the prompt).
  let confirm = (request: ConfirmRequest & { tool: string; input: unknown }, signal?: AbortSignal) => {
    // A question the task no longer waits for (it ended first) is said to be withdrawn; what it held has failed.
    signal?.addEventListener('abort', () => printer.note('     (That question was withdrawn: the task ended before an answer.)'), {
      once: true,
    });
    return confirmAtPrompt(terminal, printer, allowSensitive, request);
  };
  let opened;
  try {
    opened = await runtime.openBrowser(
      {
        cdpEndpoint: args.values.get('cdp-endpoint'),
        headed: args.flags.has('headed'),
        url: args.values.get('url'),
        extension,
        onAsking: (question) => printer.note(`     ? waiting for you in the browser (Wayfinder's side panel): ${question}`),
      },
      // The start page is the person's choice; where it then goes (redirects, frames) is judged like any page's.
      { policy, start: args.values.get('url'), ask: (request) => confirm(request) },
    );
    const inBrowser = opened.confirmInBrowser;
    if (inBrowser)
      confirm = (request, signal) =>
        allowSensitive && request.kind !== 'page-code'
          ? confirmAtPrompt(terminal, printer, allowSensitive, request)
          : inBrowser(request, signal);
  } catch (error) {
    stopListening();
    runtime.close();
    if (BrowserStartError.isInstance(error) || BrowserError.isInstance(error)) {
      io.stderr.write(`wayfinder: ${printable(redaction.text(error.message))}\n`);
      return 1;
    }
    throw error;
  }

  opened.browser.setDialogPolicy(dialogAtPrompt(terminal, printer, { yes, allowSensitive }));

  // search_web / search_youtube when the config names a search page; get_history from the person's own Chrome (their opt-in there).
  const research = runtime.researchPort(opened.browser, opened.history);
  const started = Date.now();
  try {
    const info = await opened.tab.info();
    printer.header({
      model: models.actor.label,
      mode,
      task,
      page: info.url === 'about:blank' ? 'about:blank (no --url given)' : `${info.title ? `${info.title} — ` : ''}${info.url}`,
    });
    const result = await runTask({
      task,
      mode,
      browser: opened.browser,
      models,
      maxSteps,
      signal: controller.signal,
      onEvent: (event) => printer.event(event),
      askUser: async (question) => {
        const answer = await terminal.ask(`\n? ${question}\n> `);
        return answer ?? '(The user did not answer: input has ended. Decide without it, or finish with done.)';
      },
      approvePlan: (steps) => approvePlan(terminal, printer, yes, steps),
      policy,
      secrets: runtime.secrets,
      redaction,
      confirm: (request, signal) => confirm(request, signal),
      ...(memory ? { store: memory.store.tasks } : {}),
      ...(memory && !args.flags.has('no-memory') ? { memory: memory.access } : {}),
      // Read when the task starts and as the tab changes site: a skill recorded meanwhile is offered.
      skills: runtime.skills,
      research,
    });
    printer.result(result, Date.now() - started);
    return result.success ? 0 : 1;
  } finally {
    stopListening();
    terminal.close();
    await opened.close().catch(() => undefined);
    runtime.close();
  }
}
