import { constants } from 'node:fs';
import { access, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { SkillRecorder } from '@wayfinder/cdp';
import { covers, isPaymentField, skillFromRecording, writeSkillFile, type RecordedEvent, type Skill } from '@wayfinder/core';
import { parseArgs, UsageError } from '../args';
import { openBrowser } from '../browser';
import { ConfigError, loadConfig, type HostConfig } from '../config';
import { printable, type Io } from '../io';

// `wayfinder skill record`: a person does a task in a browser (one we attach to, or our own
// headed window) while we record it; the recording becomes a skill file with its inputs
// inferred. Lines typed meanwhile are narration for the step just done; Enter alone stops.

export const SKILL_RECORD_HELP = `Usage: wayfinder skill record --out FILE [--cdp-endpoint URL | --headed] [--name NAME] [--url URL]

Records what you do in the browser until you press Enter on an empty line (or Ctrl+C, or
the input ends), then writes it as a skill file. A line you type while recording is a note
for the step you just did.

  --out FILE            where to write the skill (FILE.skill.md)
  --cdp-endpoint URL    record in a running Chrome (started with --remote-debugging-port)
  --headed              without --cdp-endpoint: open a browser window of our own to record in
  --name NAME           the skill's name (default: from FILE)
  --url URL             start there (a new tab, when attached); else the page shown is the start`;

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

function skillName(out: string): string {
  return basename(out).replace(/\.skill\.md$|\.md$/i, '') || 'Recorded skill';
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
function liveSteps(io: Io): { show: (event: RecordedEvent) => void; flush: () => void } {
  let typing: Extract<RecordedEvent, { kind: 'input' }> | null = null;
  const print = (event: RecordedEvent) => io.stdout.write(`  ${printable(describeEvent(event))}\n`);
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
  const args = parseArgs(argv, { out: {}, 'cdp-endpoint': {}, name: {}, url: {}, headed: { flag: true } }, 'skill record');
  if (args.positionals.length) throw new UsageError(`wayfinder skill record: takes no file argument; say where to write with --out FILE.`);
  const out = args.values.get('out');
  if (!out) throw new UsageError('wayfinder skill record: say where to write the skill with --out FILE (for example --out buy.skill.md).');
  const cdpEndpoint = args.values.get('cdp-endpoint');
  const url = args.values.get('url');
  if (cdpEndpoint && args.flags.has('headed'))
    throw new UsageError('wayfinder skill record: --headed opens a browser of our own; with --cdp-endpoint you record in yours. Give one.');

  const why = await unwritable(out);
  if (why) {
    io.stderr.write(`wayfinder skill record: cannot write ${out} (${why}). Choose a file in a folder you can write to.\n`);
    return 1;
  }
  let secrets: HostConfig['secrets'];
  try {
    secrets = loadConfig(io.env).secrets;
  } catch (error) {
    if (error instanceof ConfigError) throw new UsageError(`wayfinder skill record: ${error.message}`);
    throw error;
  }

  // The recorder navigates itself (so the start is recorded as a typed address): the browser only opens.
  const opened = await openBrowser({ cdpEndpoint, headed: args.flags.has('headed') });
  let skill: Skill;
  try {
    const tab = cdpEndpoint && url ? await opened.browser.openTab() : await opened.browser.activeTab();
    const live = liveSteps(io);
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
  try {
    await writeFile(out, writeSkillFile(skill));
  } catch (error) {
    io.stderr.write(`wayfinder skill record: cannot write ${out} (${error instanceof Error ? error.message : String(error)}).\n`);
    return 1;
  }
  io.stdout.write(`Wrote ${out}: "${printable(skill.name)}", ${skill.steps.length} step${skill.steps.length === 1 ? '' : 's'}.\n`);
  io.stdout.write(
    skill.inputs.length
      ? `Inputs: ${skill.inputs
          .map((i) => `${i.name}${i.examples[0] !== undefined ? ` (e.g. ${JSON.stringify(i.examples[0])})` : ''}`)
          .map(printable)
          .join(', ')}\n`
      : 'Inputs: none\n',
  );
  if (skill.secrets.length) io.stdout.write(`Secrets: ${skill.secrets.join(', ')}\n`);
  return 0;
}
