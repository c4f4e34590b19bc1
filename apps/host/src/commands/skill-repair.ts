import { writeFile } from 'node:fs/promises';
import { stepByHand } from '@wayfinder/cdp';
import type { NodeBrowser } from '@wayfinder/cdp/node';
import { repairModelFrom, repairQuestion, type PlayResult, type Redaction, type RepairOptions, type SkillLocator } from '@wayfinder/core';
import type { Output } from '../io';
import { modelSlot } from '../models';
import { skillText } from '../skills-library';
import type { Terminal } from '../terminal';

// How `wayfinder skill run` repairs a drifted step (docs/0026-skill-repair.md): by name
// always; with a model when one is given or configured (the command interpreter is no
// model for this); by the person's hand when someone is at the terminal and can see the
// browser; a fix to a risky skill asked about first. The repaired skill is written back to
// the file it came from.

export interface CliRepairParts {
  terminal: Terminal;
  out: Output;
  /** Makes what is printed safe: redacted (the runtime's one redaction) and printable. */
  clean: (text: string) => string;
  /** The model spec for repairs (--model, else WAYFINDER_MODEL); absent or `command`: none. */
  model: string | undefined;
  /** The runtime's one redaction: what the repair model is shown passes it. */
  redaction: Redaction;
  env: Record<string, string | undefined>;
  /** The browser, when the person can see it (--headed, --cdp-endpoint) and answer at the terminal. */
  visible: NodeBrowser | null;
}

export function cliRepair({ terminal, out, clean, model, redaction, env, visible }: CliRepairParts): RepairOptions {
  const repair: RepairOptions = {
    approve: async (fix) => (await terminal.yesNo(`\n? ${repairQuestion(fix)}`, false)) ?? false,
  };
  if (model && model !== 'command') repair.model = repairModelFrom(modelSlot(model, env), redaction);
  if (visible) repair.byHand = (request, signal) => byHand(visible, terminal, { write: (text) => out.write(clean(text)) }, request, signal);
  return repair;
}

/** The person does the step in the browser; the recorder notes the element they used. */
async function byHand(
  browser: NodeBrowser,
  terminal: Terminal,
  out: Output,
  request: { index: number; line: string; problem: string },
  signal?: AbortSignal,
): Promise<SkillLocator[] | null> {
  out.write(`\nStep ${request.index + 1} (${request.line}) could not be done: ${request.problem}\n`);
  const locators = await stepByHand(browser, await browser.activeTab(), async () => {
    const answer = await terminal.ask('Do this step by hand in the browser, then press Enter (or type skip): ');
    return answer !== null && answer.trim().toLowerCase() !== 'skip';
  });
  signal?.throwIfAborted();
  return locators;
}

/** Writes a replay's repairs back to the skill file (through the one redaction); the sentence to print, or null when nothing changed. */
export async function writeRepairs(file: string, result: PlayResult, redaction: Redaction): Promise<string | null> {
  if (!result.repairs.length) return null;
  await writeFile(file, skillText(result.skill, redaction), 'utf8');
  const lines = result.repairs.map((r) => `  step ${r.step}, by ${r.by}: ${r.from} → ${r.to}`);
  return `Repaired ${result.repairs.length === 1 ? 'one step' : `${result.repairs.length} steps`} and saved ${file} as version ${result.skill.version}:\n${lines.join('\n')}`;
}
