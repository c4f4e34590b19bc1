import { constants } from 'node:fs';
import { access, mkdir, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { SkillRecorder } from '@wayfinder/cdp';
import {
  covers,
  isPaymentField,
  ModelConfigError,
  nameSkill,
  skillFromRecording,
  type ModelSlot,
  type Redaction,
  type RecordedEvent,
  type Skill,
} from '@wayfinder/core';
import { parseArgs, UsageError } from '../args';
import { openBrowser } from '../browser';
import { printable, type Io } from '../io';
import { modelSlot } from '../models';
import { openRuntime } from '../runtime';
import { skillsFolder, SkillsFolder, skillText } from '../skills-library';

// `wayfinder skill record`: a person does a task in a browser (one we attach to, or our own
// headed window) while we record it; the recording becomes a skill file with its inputs
// inferred. Lines typed meanwhile are narration for the step just done; Enter alone stops.
// What it prints and the file it writes pass the runtime's one redaction (a stored secret
// typed while recording is kept as its placeholder). The browser has no request guard: the
// person drives it by hand, as they would without Wayfinder.

export const SKILL_RECORD_HELP = `Usage: wayfinder skill record [--name NAME | --out FILE] [--cdp-endpoint URL | --headed] [--url URL] [--model SPEC]

Records what you do in the browser until you press Enter on an empty line (or Ctrl+C, or
the input ends), then writes it as a skill file. A line you type while recording is a note
for the step you just did.

  --name NAME           the skill's name; without --out it is saved as
                        $WAYFINDER_HOME/skills/NAME.skill.md (name-2 … when taken), where
                        wayfinder run offers it to the agent
  --out FILE            write the skill here instead (FILE.skill.md)
  --cdp-endpoint URL    record in a running Chrome (started with --remote-debugging-port)
  --headed              without --cdp-endpoint: open a browser window of our own to record in
  --url URL             start there (a new tab, when attached); else the page shown is the start
  --model SPEC          a model that names the inputs and writes the description (default:
                        $WAYFINDER_MODEL; without one, inputs are named after their fields)`;

/** One short line for an event, as it is recorded. Never a value typed into a password or payment field. */
export function describeEvent(event: RecordedEvent): string {
  const name = (target: { facts: { name: string; names: string[] } }) => JSON.stringify(target.facts.name || target.facts.names[0] || '');
  switch (event.kind) {
    case 'click':
      return `click    ${name(event.target)}${event.count === 2 ? ' (double)' : ''}`;
    case 'input': {
      const hidden = event.target.facts.secret || isPaymentField(event.target.facts);
      return `type     ${name(event.target)} ${hidden ? '(hidden)' : JSON.stringify(event.value)}`;
    }
    case 'select':
      return `select   ${name(event.target)} ${JSON.stringify(event.value)}`;
    case 'check':
      return `${event.checked ? 'check  ' : 'uncheck'}  ${name(event.target)}`;
    case 'key':
      return `key      ${[...(event.modifiers ?? []), event.key].join('+')}`;
    case 'navigate':
      return `page     ${event.url} (${event.via})`;
    case 'newTab':
      return `new tab  ${event.url}`;
    case 'switchTab':
      return `tab      ${event.tab + 1}`;
    case 'upload':
      return `upload   ${name(event.target)} ${event.fileNames.join(', ')}`;
    case 'scroll':
      return `scroll   ${event.x},${event.y}`;
    case 'request':
      return `request  ${event.method} ${event.url}`;
    case 'note':
      return `note     ${event.text}`;
  }
}

function skillName(out: string | undefined): string {
  return (out ? basename(out).replace(/\.skill\.md$|\.md$/i, '') : '') || 'Recorded skill';
}

/** The model that names inputs: --model, else $WAYFINDER_MODEL; none for the command interpreter (it has no words of its own). */
function namingModel(spec: string | undefined, io: Io): ModelSlot | null {
  if (!spec || spec === 'command') return null;
  try {
    return modelSlot(spec, io.env);
  } catch (error) {
    if (ModelConfigError.isInstance(error)) throw new UsageError(`wayfinder skill record: ${error.message}`);
    throw error;
  }
}

/** The skill with the model's names, or as inferred (with a warning) when the model fails: the recording is never lost. */
async function named(skill: Skill, model: ModelSlot | null, io: Io, redaction: Redaction, retitle: boolean): Promise<Skill> {
  if (!model) return skill;
  // The AI SDK prints provider warnings (a server without JSON schemas) to stderr; what matters is said below.
  Reflect.set(globalThis, 'AI_SDK_LOG_WARNINGS', false);
  try {
    const better = await nameSkill(model, skill, redaction, { retitle });
    io.stdout.write(`Named by ${model.label}.\n`);
    return better;
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    io.stderr.write(
      `wayfinder skill record: ${model.label} could not name the inputs (${printable(why.slice(0, 300))}); kept the names from the fields.\n`,
    );
    return skill;
  }
}

/** Where a skill with no --out goes: the skills folder, which must be one we can write to. */
async function folderProblem(folder: SkillsFolder): Promise<string | null> {
  try {
    await mkdir(folder.dir, { recursive: true });
    await access(folder.dir, constants.W_OK);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** Why the file cannot be written there, or null when it can. */
async function unwritable(path: string): Promise<string | null> {
  const dir = dirname(resolve(path));
  try {
    if (!(await stat(dir)).isDirectory()) return `${dir} is not a folder`;
    const existing = await stat(path).catch(() => null);
    if (existing?.isDirectory()) return `${path} is a folder`;
    await access(existing ? path : dir, constants.W_OK);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/**
 * Prints events as they come, one line each; a field's value (reported at every keystroke)
 * only once the person moves on from it.
 */
function liveSteps(io: Io, clean: (text: string) => string): { show: (event: RecordedEvent) => void; flush: () => void } {
  let typing: Extract<RecordedEvent, { kind: 'input' }> | null = null;
  const print = (event: RecordedEvent) => io.stdout.write(`  ${clean(describeEvent(event))}\n`);
  const flush = () => {
    if (typing) print(typing);
    typing = null;
  };
  return {
    show: (event) => {
      if (event.kind === 'input') {
        if (typing && JSON.stringify(typing.target.locators[0]) !== JSON.stringify(event.target.locators[0])) flush();
        typing = event;
        return;
      }
      flush();
      print(event);
    },
    flush,
  };
}

/** Resolves at the first empty line, end of input or Ctrl+C; every other line is a note. */
function untilStopped(io: Io, note: (text: string) => void): Promise<string> {
  return new Promise((done) => {
    const lines = createInterface({ input: io.stdin, terminal: false });
    let stopInterrupt = () => {};
    const finish = (why: string) => {
      stopInterrupt();
      lines.removeAllListeners('close');
      lines.close();
      done(why);
    };
    stopInterrupt = io.onInterrupt(() => finish('Ctrl+C'));
    lines.on('line', (line) => {
      if (line.trim()) note(line);
      else finish('Enter');
    });
    lines.on('close', () => finish('end of input'));
  });
}

export async function skillRecordCommand(argv: string[], io: Io): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    io.stdout.write(`${SKILL_RECORD_HELP}\n`);
    return 0;
  }
  const args = parseArgs(argv, { out: {}, 'cdp-endpoint': {}, name: {}, url: {}, model: {}, headed: { flag: true } }, 'skill record');
  if (args.positionals.length)
    throw new UsageError(
      `wayfinder skill record: takes no file argument; name the skill with --name NAME, or write a file with --out FILE.`,
    );
  const out = args.values.get('out');
  const folder = out ? null : new SkillsFolder(skillsFolder(io.env));
  const model = namingModel(args.values.get('model') ?? io.env.WAYFINDER_MODEL, io);
  const cdpEndpoint = args.values.get('cdp-endpoint');
  const url = args.values.get('url');
  if (cdpEndpoint && args.flags.has('headed'))
    throw new UsageError('wayfinder skill record: --headed opens a browser of our own; with --cdp-endpoint you record in yours. Give one.');

  const why = folder ? await folderProblem(folder) : await unwritable(out ?? '');
  if (why) {
    io.stderr.write(
      folder
        ? `wayfinder skill record: cannot save skills in ${folder.dir} (${why}). Point WAYFINDER_HOME at a folder you can write to, or give --out FILE.\n`
        : `wayfinder skill record: cannot write ${out ?? ''} (${why}). Choose a file in a folder you can write to.\n`,
    );
    return 1;
  }
  const runtime = openRuntime(io, { command: 'skill record' });
  const { redaction } = runtime;
  const secrets = runtime.config.secrets;
  const clean = (text: string) => printable(redaction.text(text));

  // The recorder navigates itself (so the start is recorded as a typed address): the browser only opens.
  const opened = await openBrowser({ cdpEndpoint, headed: args.flags.has('headed') });
  let skill: Skill;
  try {
    const tab = cdpEndpoint && url ? await opened.browser.openTab() : await opened.browser.activeTab();
    const live = liveSteps(io, clean);
    const recorder = new SkillRecorder(opened.browser, { onEvent: live.show });
    await recorder.start(tab, url ? { url } : {});
    io.stdout.write('Recording. Do the task in the browser; type a note and Enter to explain a step; Enter alone to stop.\n');
    const stoppedBy = await untilStopped(io, (text) => recorder.note(text));
    const events = await recorder.stop();
    live.flush();
    io.stdout.write(`Stopped (${stoppedBy}).\n`);
    skill = skillFromRecording(events, {
      name: args.values.get('name') ?? skillName(out),
      secretsFor: (site) => secrets.filter((s) => covers(s.site, site)).map((s) => s.name),
    });
  } finally {
    await opened.close();
  }
  if (skill.steps.length === 0) {
    io.stderr.write('wayfinder skill record: nothing was recorded, so no file was written. Do the task in the browser before stopping.\n');
    return 1;
  }
  // No --name and no --out: the skill is called "Recorded skill" until the model titles it.
  skill = await named(skill, model, io, redaction, !args.values.has('name') && !out);
  let written: string;
  try {
    if (folder) written = await folder.save(skill, redaction);
    else {
      written = out ?? '';
      await writeFile(written, skillText(skill, redaction));
    }
  } catch (error) {
    io.stderr.write(
      `wayfinder skill record: cannot write ${out ?? folder?.dir ?? ''} (${error instanceof Error ? error.message : String(error)}).\n`,
    );
    return 1;
  }
  io.stdout.write(`Wrote ${written}: "${clean(skill.name)}", ${skill.steps.length} step${skill.steps.length === 1 ? '' : 's'}.\n`);
  io.stdout.write(
    skill.inputs.length
      ? `Inputs: ${skill.inputs
          .map((i) => `${i.name}${i.examples[0] !== undefined ? ` (e.g. ${JSON.stringify(i.examples[0])})` : ''}`)
          .map(clean)
          .join(', ')}\n`
      : 'Inputs: none\n',
  );
  if (skill.secrets.length) io.stdout.write(`Secrets: ${skill.secrets.join(', ')}\n`);
  return 0;
}
