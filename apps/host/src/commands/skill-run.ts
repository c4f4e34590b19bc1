import {
  BrowserError,
  DEFAULT_RENDER,
  makeToolContext,
  playSkill,
  runTask,
  TabSession,
  ToolRegistry,
  ToolRunner,
  type StepEvent,
} from '@wayfinder/core';
import { parseArgs, UsageError } from '../args';
import { BrowserStartError } from '../browser';
import { printable, printableValue, type Io } from '../io';
import { resolveModels } from '../models';
import { confirmAtPrompt, dialogAtPrompt } from '../prompts';
import { openRuntime } from '../runtime';
import { cliRepair, writeRepairs } from './skill-repair';
import { skillToRun } from './skill-source';
import { Terminal } from '../terminal';
import { TimelinePrinter } from '../timeline';

// wayfinder skill run: a skill replayed without a model, in a browser Wayfinder starts or one
// it attaches to. Every step goes through the same policy as a task's tool call (site rules,
// confirmations at the prompt, the secrets rules); a step a person rewrote runs through the
// command interpreter. Everything it prints — steps, results, repairs, --json — and the skill
// file it saves after a repair pass the runtime's one redaction.

export const SKILL_RUN_HELP = `Usage: wayfinder skill run FILE|NAME [--input name=value]… [--file name=PATH]… [options]

Replays a skill (*.skill.md, or a skill's name in $WAYFINDER_HOME/skills: wayfinder skill
list) without a model: each step's target found again on the page, done with real input,
and checked. It stops at the first step it cannot do, saying which.

Options:
  --input name=value     a value for one of the skill's inputs (repeat for each; the recorded
                         examples fill the others; wayfinder skill show FILE lists them)
  --file name=PATH       the file to upload where the skill uploads the file recorded as
                         name (repeat for each; every upload step needs one)
  --url URL              start here instead of the skill's first address
  --cdp-endpoint URL     use a running Chrome (started with --remote-debugging-port)
  --headed               show the browser Wayfinder starts
  --yes                  accept ordinary page dialogs
  --allow-sensitive      allow payments, deletions and the like without asking
  --json                 one JSON line per step, then the result
  --model SPEC           a model that may repair a drifted step (default: WAYFINDER_MODEL)
  --no-repair            stop at a drifted step instead of repairing it

A step whose element drifted is repaired: found again by the names it was recorded with,
else picked by the model, else (with --headed or --cdp-endpoint, at a terminal) done by
you by hand. A repair counts only when the step then does what it should; the skill file
is saved one version up with a repair-log entry. A skill marked risky asks first.

Exit status: 0 when every step was done, 1 when one could not be, 2 for a usage error.`;

const OPTIONS = {
  input: { repeat: true },
  file: { repeat: true },
  url: {},
  'cdp-endpoint': {},
  headed: { flag: true },
  yes: { flag: true },
  'allow-sensitive': { flag: true },
  json: { flag: true },
  model: {},
  'no-repair': { flag: true },
  help: { flag: true },
};

export async function skillRunCommand(argv: string[], io: Io): Promise<number> {
  const args = parseArgs(argv, OPTIONS, 'skill run');
  if (args.flags.has('help')) {
    io.stdout.write(`${SKILL_RUN_HELP}\n`);
    return 0;
  }
  const [named, ...extra] = args.positionals;
  if (!named || extra.length)
    throw new UsageError(
      'wayfinder skill run: give one skill: a file, or a name from wayfinder skill list. Try wayfinder skill run --help.',
    );
  const inputs: Record<string, string> = {};
  for (const pair of args.lists.get('input') ?? []) {
    const at = pair.indexOf('=');
    if (at <= 0) throw new UsageError(`wayfinder skill run: --input takes name=value (got "${pair}").`);
    inputs[pair.slice(0, at)] = pair.slice(at + 1);
  }
  const json = args.flags.has('json');
  const yes = args.flags.has('yes');
  const allowSensitive = args.flags.has('allow-sensitive');
  const startUrl = args.values.get('url');

  // A file, or a skill in the skills folder by name; the files its uploads need: all checked before a browser opens.
  const loaded = await skillToRun(named, args.lists.get('file') ?? [], io.env);
  if ('error' in loaded) {
    io.stderr.write(`wayfinder skill run: ${loaded.error}\n`);
    return 1;
  }
  const { file, skill, files } = loaded;
  const runtime = openRuntime(io, { command: 'skill run' });
  const { redaction, secrets } = runtime;
  const redact = (text: string) => printable(redaction.text(text));
  const printer = new TimelinePrinter(json ? io.stderr : io.stdout, { redaction });
  const terminal = new Terminal(io.stdin, json ? io.stderr : io.stdout, redact);
  const policy = runtime.policy();
  const confirm = (request: Parameters<typeof confirmAtPrompt>[3]) => confirmAtPrompt(terminal, printer, allowSensitive, request);

  const controller = new AbortController();
  const stopListening = io.onInterrupt(() => controller.abort());
  let opened;
  try {
    opened = await runtime.launchBrowser(
      { cdpEndpoint: args.values.get('cdp-endpoint'), headed: args.flags.has('headed') },
      { policy, start: startUrl ?? skill.steps.find((s) => s.type === 'navigate')?.url, ask: confirm },
    );
  } catch (error) {
    stopListening();
    if (BrowserStartError.isInstance(error) || BrowserError.isInstance(error)) {
      io.stderr.write(`wayfinder: ${redact(error.message)}\n`);
      return 1;
    }
    throw error;
  }
  opened.browser.setDialogPolicy(dialogAtPrompt(terminal, printer, { yes, allowSensitive }));
  const browser = opened.browser;
  // Results rendered as a model would read them, through the one redaction (the person's secrets too).
  const runner = new ToolRunner({ registry: new ToolRegistry(), policy, render: { ...DEFAULT_RENDER, redact: redaction.apply }, confirm });
  const context = makeToolContext({
    browser,
    tabs: new TabSession(browser),
    signal: controller.signal,
    fillSecrets: (text) => secrets.fill(text),
  });
  const show = (event: StepEvent) => {
    if (json) io.stdout.write(`${JSON.stringify(printableValue(redaction.value(event)))}\n`);
    else if (event.type === 'step-start') io.stdout.write(`${String(event.index + 1).padStart(3)}. ${redact(event.line)} … `);
    else if (event.type === 'step-done') io.stdout.write(`done (${Math.round(event.ms)} ms)\n`);
    else if (event.type === 'step-repairing') io.stdout.write(`drifted; repairing (${event.by === 'find' ? 'by name' : event.by}) … `);
    else if (event.type === 'step-repaired') io.stdout.write(`repaired: ${redact(event.to)} … `);
    else io.stdout.write(`not done\n`);
  };
  try {
    if (!json) io.stdout.write(`Replaying "${skill.name}" (${skill.steps.length} steps, no model)\n`);
    const result = await playSkill(skill, runner, context, {
      inputs,
      secretNames: runtime.config.secrets.map((s) => s.name),
      ...(startUrl ? { startUrl } : {}),
      files,
      onStep: show,
      signal: controller.signal,
      ...(args.flags.has('no-repair')
        ? {}
        : {
            repair: cliRepair({
              terminal,
              out: json ? io.stderr : io.stdout,
              clean: redact,
              model: args.values.get('model') ?? io.env.WAYFINDER_MODEL,
              redaction,
              env: io.env,
              visible: args.values.get('cdp-endpoint') || args.flags.has('headed') ? browser : null,
            }),
          }),
      interpret: async (instruction, signal) => {
        const done = await runTask({
          task: instruction,
          mode: 'act',
          browser,
          models: resolveModels('command', io.env),
          maxSteps: 10,
          policy,
          secrets,
          redaction,
          confirm,
          ...(signal ? { signal } : {}),
        });
        return { ok: done.success, message: done.summary };
      },
    });
    const { skill: _fixed, ...shown } = result;
    if (json) io.stdout.write(`${JSON.stringify(printableValue(redaction.value({ type: 'result', ...shown })))}\n`);
    else io.stdout.write(result.ok ? `Done: all ${result.total} steps.\n` : `${redact(result.message)}\n`);
    const saved = await writeRepairs(file, result, redaction);
    if (saved) (json ? io.stderr : io.stdout).write(`${redact(saved)}\n`);
    return result.ok ? 0 : 1;
  } catch (error) {
    // A missing input or secret: said before any step ran.
    if (!(error instanceof Error) || controller.signal.aborted) throw error;
    io.stderr.write(`wayfinder skill run: ${redact(error.message)}\n`);
    return 1;
  } finally {
    stopListening();
    terminal.close();
    await opened.close().catch(() => undefined);
    runtime.close();
  }
}
