import { readFile, writeFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { exportRecording, importRecording, parseSkillFile, SkillFormatError, type Skill } from '@wayfinder/core';
import { parseArgs, UsageError } from '../args';
import { printable, type Io } from '../io';
import { openRuntime } from '../runtime';
import { skillText } from '../skills-library';

export const SKILL_HELP = `Usage: wayfinder skill <list|show|run|record|import|export> …

Skills are demonstrations kept as readable files (*.skill.md) that replay without a model.
Your skills live in $WAYFINDER_HOME/skills: wayfinder run offers them to the agent.

  wayfinder skill list [--json]                 the skills in $WAYFINDER_HOME/skills
  wayfinder skill show FILE [--json]            what a skill takes and does
  wayfinder skill run FILE|NAME [--input name=value]… [--file name=PATH]… [--url URL | --cdp-endpoint URL]
                                                replay it without a model (wayfinder skill run --help)
  wayfinder skill import RECORDING.json --out FILE
                                                a Chrome DevTools Recorder export as a skill
  wayfinder skill export FILE --out RECORDING.json
                                                a skill as a DevTools Recorder recording
  wayfinder skill record [--name NAME | --out FILE] [--cdp-endpoint URL | --headed] [--url URL] [--model SPEC]
                                                record what you do in the browser as a skill
                                                (saved in $WAYFINDER_HOME/skills unless --out)

Exit status: 0 on success, 1 when a file cannot be read or is not a skill, 2 for a usage error.`;

const SUBCOMMANDS = ['show', 'import', 'export', 'record', 'run', 'list'];

export async function skillCommand(argv: string[], io: Io): Promise<number> {
  const [sub, ...rest] = argv;
  if (!sub || sub === '--help' || sub === '-h' || sub === 'help') {
    io.stdout.write(`${SKILL_HELP}\n`);
    return sub ? 0 : 2;
  }
  if (!SUBCOMMANDS.includes(sub))
    throw new UsageError(`wayfinder skill: unknown command "${sub}". Commands: ${SUBCOMMANDS.join(', ')}. Try wayfinder skill --help.`);
  if (sub === 'record') return (await import('./skill-record')).skillRecordCommand(rest, io);
  if (sub === 'run') return (await import('./skill-run')).skillRunCommand(rest, io);
  if (sub === 'list') return (await import('./skill-list')).skillListCommand(rest, io);
  if (rest.includes('--help')) {
    io.stdout.write(`${SKILL_HELP}\n`);
    return 0;
  }
  const args = parseArgs(rest, sub === 'show' ? { json: { flag: true } } : { out: {} }, `skill ${sub}`);
  const [file, ...extra] = args.positionals;
  if (!file || extra.length) throw new UsageError(`wayfinder skill ${sub}: give one file. Try wayfinder skill --help.`);
  const out = args.values.get('out');
  if (sub !== 'show' && !out) throw new UsageError(`wayfinder skill ${sub}: say where to write it with --out FILE.`);

  // What is written or shown passes the one redaction: a recording may hold a typed password or a stored secret.
  const { redaction } = openRuntime(io, { command: `skill ${sub}` });
  const shown = (text: string) => printable(redaction.text(text));
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    io.stderr.write(`wayfinder skill ${sub}: cannot read ${file} (${error instanceof Error ? error.message : String(error)}).\n`);
    return 1;
  }
  try {
    if (sub === 'import') {
      const skill = importRecording(text);
      await writeFile(out ?? '', skillText(skill, redaction));
      io.stdout.write(`Wrote ${out ?? ''}: "${shown(skill.name)}", ${skill.steps.length} steps. Edit its steps and inputs there.\n`);
      return 0;
    }
    const skill = parseSkillFile(text, basename(file));
    if (sub === 'export') {
      await writeFile(out ?? '', `${redaction.text(exportRecording(skill))}\n`);
      io.stdout.write(`Wrote ${out ?? ''}: ${skill.steps.length} steps for the DevTools Recorder.\n`);
      return 0;
    }
    if (args.flags.has('json')) io.stdout.write(`${JSON.stringify(redaction.value(showJson(skill)))}\n`);
    else io.stdout.write(shown(showText(skill)));
    return 0;
  } catch (error) {
    if (!SkillFormatError.isInstance(error)) throw error;
    io.stderr.write(`wayfinder skill ${sub}: ${error.message}\n`);
    return 1;
  }
}

/** The documented shape: {"name", "inputs":[{"name","type","example"}], "steps": N}. */
function showJson(skill: Skill): { name: string; inputs: { name: string; type: string; example: string | null }[]; steps: number } {
  return {
    name: skill.name,
    inputs: skill.inputs.map((input) => ({ name: input.name, type: input.format ?? input.type, example: input.examples[0] ?? null })),
    steps: skill.steps.length,
  };
}

function showText(skill: Skill): string {
  const lines = [`${skill.name} (version ${skill.version}, risk ${skill.risk})`];
  if (skill.description) lines.push(skill.description);
  if (skill.sites.length) lines.push(`Sites: ${skill.sites.join(', ')}`);
  lines.push(
    skill.inputs.length
      ? `Inputs:\n${skill.inputs
          .map(
            (i) =>
              `  ${i.name} (${i.format ?? i.type}${i.required ? '' : ', optional'})${i.examples[0] !== undefined ? `, e.g. ${i.examples[0]}` : ', no example: give it'}`,
          )
          .join('\n')}`
      : 'Inputs: none',
  );
  if (skill.secrets.length) lines.push(`Secrets: ${skill.secrets.join(', ')}`);
  lines.push(`Steps: ${skill.steps.length}`);
  return `${lines.join('\n')}\n`;
}
