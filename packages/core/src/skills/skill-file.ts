import { parse as parseYaml, stringify as stringifyYaml, YAMLParseError } from 'yaml';
import { z } from 'zod';
import { describeStep } from './describe';
import { SkillFormatError, stepFromJson, stepToJson } from './steps-json';
import type { Skill, SkillInput, SkillStep } from './types';

// The *.skill.md file: YAML front matter (what the skill is and takes), the steps as
// numbered lines a person reads and may rewrite, and one fenced `wayfinder-steps` block —
// the steps replay runs. A rewritten line becomes a direct command for that step (the
// recorded target is no longer trusted, nor what it was expected to lead to); a removed line
// removes its step; a new line adds a direct-command step. A line that only renames its
// {{input}} stays the recorded step with the new name. The front matter's inputs follow the
// steps: a new {{name}} is a new input (a renamed one keeps its examples), and an edit
// (`prune`) drops the inputs no step uses any more.

export const STEPS_FENCE = 'wayfinder-steps';

const INPUT_SCHEMA = z.object({
  type: z.enum(['string', 'number', 'boolean']).default('string'),
  format: z.string().optional(),
  description: z.string().optional(),
  examples: z.array(z.union([z.string(), z.number(), z.boolean()]).transform(String)).default([]),
});

const FRONT_MATTER = z.object({
  name: z.string().trim().min(1, 'a skill needs a name'),
  description: z.string().default(''),
  version: z.number().int().min(1).default(1),
  sites: z.array(z.string()).default([]),
  inputs: z
    .object({
      type: z.literal('object').default('object'),
      properties: z.record(z.string().regex(/^[A-Za-z_][\w-]*$/, 'input names are letters, digits, _ and -'), INPUT_SCHEMA).default({}),
      required: z.array(z.string()).default([]),
    })
    .default({ type: 'object', properties: {}, required: [] }),
  secrets: z.array(z.string()).default([]),
  risk: z.enum(['low', 'medium', 'high']).default('low'),
  'recorded-at': z.union([z.string(), z.date().transform((d) => d.toISOString())]).default(''),
  repairs: z
    .array(
      z.object({
        at: z.union([z.string(), z.date().transform((d) => d.toISOString())]),
        version: z.number().int(),
        step: z.number().int().min(1),
        by: z.enum(['find', 'model', 'person']),
        from: z.string(),
        to: z.string(),
      }),
    )
    .default([]),
});

/** What a skill is and takes, as its file's front matter (and a Recorder export's `wayfinder` block) hold it. */
export function frontMatterOf(skill: Skill): Record<string, unknown> {
  return {
    name: skill.name,
    description: skill.description,
    version: skill.version,
    sites: skill.sites,
    inputs: {
      type: 'object',
      properties: Object.fromEntries(
        skill.inputs.map((input) => [
          input.name,
          {
            type: input.type,
            ...(input.format ? { format: input.format } : {}),
            ...(input.description ? { description: input.description } : {}),
            examples: input.examples,
          },
        ]),
      ),
      required: skill.inputs.filter((input) => input.required).map((input) => input.name),
    },
    secrets: skill.secrets,
    risk: skill.risk,
    'recorded-at': skill.recordedAt,
    repairs: skill.repairs,
  };
}

/** A skill from its front matter (as frontMatterOf writes it) and its steps; a SkillFormatError names `where`. */
export function skillFromFrontMatter(data: unknown, steps: SkillStep[], where: string): Skill {
  const meta = FRONT_MATTER.safeParse(data ?? {});
  if (!meta.success) {
    const issue = meta.error.issues[0];
    throw new SkillFormatError(`${where}, ${issue?.path.join('.') || 'top'}: ${issue?.message ?? 'invalid'}.`);
  }
  const m = meta.data;
  const inputs: SkillInput[] = Object.entries(m.inputs.properties).map(([name, schema]) => ({
    name,
    type: schema.type,
    ...(schema.format ? { format: schema.format } : {}),
    ...(schema.description ? { description: schema.description } : {}),
    examples: schema.examples,
    required: m.inputs.required.includes(name),
  }));
  return {
    name: m.name,
    description: m.description,
    version: m.version,
    sites: m.sites,
    inputs,
    secrets: m.secrets,
    risk: m.risk,
    recordedAt: m['recorded-at'],
    repairs: m.repairs,
    steps,
  };
}

/** The file for a skill. */
export function writeSkillFile(skill: Skill): string {
  const front = frontMatterOf(skill);
  const lines = skill.steps.flatMap((step, i) => [
    `${i + 1}. ${oneLine(describeStep(step))}`,
    ...(step.note ? [`   > ${oneLine(step.note)}`] : []),
  ]);
  const json = JSON.stringify({ title: skill.name, ...skill.recorder, steps: skill.steps.map(stepToJson) }, null, 2);
  return [
    '---',
    stringifyYaml(front, { lineWidth: 0 }).trimEnd(),
    '---',
    '',
    `# ${oneLine(skill.name)}`,
    '',
    ...(skill.description ? [skill.description.trim(), ''] : []),
    '## Steps',
    '',
    ...lines,
    '',
    '## What replay runs',
    '',
    'Edit the steps above in plain words; a line you rewrite is done as a direct command. The block below is what was recorded.',
    '',
    '```' + STEPS_FENCE,
    json,
    '```',
    '',
  ].join('\n');
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Reads a skill file; a SkillFormatError says what is wrong and where. `prune`: an edit — inputs no step uses are dropped. */
export function parseSkillFile(text: string, fileName = 'the skill file', options: { prune?: boolean } = {}): Skill {
  const source = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const front = /^---\n([\s\S]*?)\n---\n/.exec(source);
  if (!front) throw new SkillFormatError(`${fileName} has no front matter: it must start with a line "---", the skill's YAML, and "---".`);
  let yaml: unknown;
  try {
    yaml = parseYaml(front[1] ?? '');
  } catch (error) {
    const where = error instanceof YAMLParseError && error.linePos ? ` (line ${error.linePos[0].line + 1})` : '';
    throw new SkillFormatError(
      `${fileName}'s front matter is not valid YAML${where}: ${error instanceof Error ? error.message.split('\n')[0] : ''}`,
    );
  }
  const body = source.slice(front[0].length);

  const fences = [...body.matchAll(new RegExp('^```' + STEPS_FENCE + '[ \\t]*\\n([\\s\\S]*?)^```[ \\t]*$', 'gm'))];
  if (fences.length !== 1)
    throw new SkillFormatError(
      fences.length === 0
        ? `${fileName} has no \`\`\`${STEPS_FENCE} block: it holds the recorded steps replay runs.`
        : `${fileName} has ${fences.length} \`\`\`${STEPS_FENCE} blocks; keep one.`,
    );
  let block: unknown;
  try {
    block = JSON.parse(fences[0]?.[1] ?? '');
  } catch (error) {
    throw new SkillFormatError(
      `${fileName}'s ${STEPS_FENCE} block is not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (typeof block !== 'object' || block === null || !('steps' in block) || !Array.isArray(block.steps))
    throw new SkillFormatError(`${fileName}'s ${STEPS_FENCE} block must hold {"steps": [ … ]}.`);
  const rawSteps: unknown[] = block.steps;
  const recorder = Object.fromEntries(Object.entries(block).filter(([key]) => key !== 'steps' && key !== 'title'));
  const recorded = rawSteps.map((step, i) => stepFromJson(step, `${fileName}, recorded step ${i + 1}`));

  const stepsSection = /^## Steps[ \t]*\n([\s\S]*?)(?=^## |^```)/m.exec(body);
  const lines = stepsSection ? readLines(stepsSection[1] ?? '') : null;
  const renames = new Map<string, string>();
  const steps = lines ? reconcile(lines, recorded, renames) : recorded;

  const skill = skillFromFrontMatter(yaml, steps, `${fileName}'s front matter`);
  if (Object.keys(recorder).length) skill.recorder = recorder;
  return followTemplates(skill, options.prune ?? false, renames);
}

/** The numbered lines of the Steps section (a note line `> …` belongs to the line above). */
function readLines(section: string): { text: string; note?: string }[] {
  const out: { text: string; note?: string }[] = [];
  for (const raw of section.split('\n')) {
    const numbered = /^\s*\d+[.)]\s+(.*\S)\s*$/.exec(raw);
    const note = /^\s+>\s?(.*\S)\s*$/.exec(raw);
    if (numbered?.[1]) out.push({ text: numbered[1] });
    else if (note?.[1] && out.length > 0) {
      const last = out[out.length - 1];
      if (last) last.note = note[1];
    }
  }
  return out;
}

const TEMPLATE = /\{\{\s*([^}]*?)\s*\}\}/g;

/** A line with its {{names}} blanked: two lines that differ only in which input they name read the same. */
const blanked = (text: string): string => text.replace(TEMPLATE, '{{}}');

/** The step with the inputs the line names, in order, in place of those its recorded line named (each new name noted with its old one in `renames`). */
function renamed(step: SkillStep, from: string, to: string, renames: Map<string, string>): SkillStep {
  const names = [...to.matchAll(TEMPLATE)].map((m) => m[1] ?? '');
  const old = [...from.matchAll(TEMPLATE)].map((m) => m[1] ?? '');
  const map = new Map(old.map((name, i) => [name, names[i] ?? name]));
  for (const [was, now] of map) if (was !== now) renames.set(now, was);
  const swap = (text: string | undefined) =>
    text?.replace(TEMPLATE, (whole, name: string) => (map.has(name) ? `{{${map.get(name) ?? name}}}` : whole));
  const copy: SkillStep = { ...step };
  for (const key of ['value', 'url'] as const) {
    const swapped = swap(step[key]);
    if (swapped !== undefined) copy[key] = swapped;
  }
  if (step.locators) copy.locators = step.locators.map((l) => (l.within ? { ...l, within: swap(l.within) ?? l.within } : l));
  return copy;
}

/**
 * Lines against recorded steps, in order: a line that reads as the next recorded step is
 * that step; one that reads as a later step means the ones between were deleted; one that
 * differs from the next step's only in the inputs it names is that step with those names;
 * any other line is a step the person wrote (or rewrote) — a direct command, replacing the
 * recorded step in its place when it sits where that step's line was, without the
 * expectations the recording had (they were for the recorded target).
 */
function reconcile(lines: { text: string; note?: string }[], recorded: SkillStep[], renames: Map<string, string>): SkillStep[] {
  const texts = recorded.map((step) => oneLine(describeStep(step)));
  const steps: SkillStep[] = [];
  let next = 0;
  for (const line of lines) {
    const found = texts.indexOf(line.text, next);
    const nextText = texts[next];
    const nextStep = recorded[next];
    const withNote = (step: SkillStep): SkillStep => {
      const copy = { ...step };
      if (line.note) copy.note = line.note;
      else delete copy.note;
      return copy;
    };
    if (found >= 0) {
      const step = recorded[found];
      if (step) steps.push(withNote(step));
      next = found + 1;
      continue;
    }
    if (nextStep && nextText !== undefined && nextText.includes('{{') && blanked(nextText) === blanked(line.text)) {
      steps.push(withNote(renamed(nextStep, nextText, line.text, renames)));
      next += 1;
      continue;
    }
    // Rewritten in place: the next recorded step's line is gone and this one stands where it was.
    const replaced = recorded[next];
    const nextLineLater = replaced ? lines.some((l) => l.text === texts[next]) : false;
    if (replaced && !nextLineLater) {
      const { expect: _expect, assertedEvents: _asserted, ...rest } = replaced;
      steps.push(withNote({ ...rest, instruction: line.text }));
      next += 1;
    } else steps.push(withNote({ type: 'customStep', instruction: line.text }));
  }
  return steps;
}

/** Every {{name}} and {{secret:NAME}} the steps use: where a step says them (its value, address, line, row, expected address). */
export function templatesOf(steps: readonly SkillStep[]): { inputs: string[]; secrets: string[] } {
  const inputs = new Set<string>();
  const secrets = new Set<string>();
  for (const step of steps) {
    const texts = [
      step.value,
      step.url,
      step.instruction,
      ...(step.locators ?? []).map((l) => l.within),
      ...(step.expect ?? []).map((e) => (e.kind === 'url' ? e.value : undefined)),
    ];
    for (const text of texts) {
      for (const match of (text ?? '').matchAll(TEMPLATE)) {
        const name = match[1] ?? '';
        const secret = /^secret:(.+)$/.exec(name)?.[1];
        if (secret !== undefined) secrets.add(secret);
        else if (/^[A-Za-z_][\w-]*$/.test(name)) inputs.add(name);
      }
    }
  }
  return { inputs: [...inputs], secrets: [...secrets] };
}

/**
 * The front matter following the steps: a {{name}} no input declares becomes one (a string
 * the person gives at replay — or, renamed in a line (`renames`: new name → old), the old
 * input under its new name, its kind and examples kept); a secret a step names is listed.
 * `prune`: inputs no step uses are dropped.
 */
export function followTemplates(skill: Skill, prune: boolean, renames: ReadonlyMap<string, string> = new Map()): Skill {
  const used = templatesOf(skill.steps);
  const added = used.inputs.filter((name) => !skill.inputs.some((input) => input.name === name));
  const fresh = added.map((name): SkillInput => {
    const was = skill.inputs.find((input) => input.name === renames.get(name));
    return was
      ? { ...was, name }
      : { name, type: 'string', description: 'Added by an edit: give it when the skill runs', examples: [], required: true };
  });
  const inputs = [...(prune ? skill.inputs.filter((input) => used.inputs.includes(input.name)) : skill.inputs), ...fresh];
  const secrets = [...skill.secrets, ...used.secrets.filter((name) => !skill.secrets.includes(name))];
  if (!fresh.length && inputs.length === skill.inputs.length && secrets.length === skill.secrets.length) return skill;
  return { ...skill, inputs, secrets };
}
