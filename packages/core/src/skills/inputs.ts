import { describeStep, targetName } from './describe';
import type { Skill, SkillInput, SkillStep } from './types';

// Inputs without a model: every value typed into a field (or option chosen in a list)
// becomes an input named after the field ("Email address" → email_address), its recorded value the example, its kind read
// from the value (an email, a date, a number, an address). The step then types {{name}}.
// Secrets ({{secret:…}}) and values already templated stay as they are.

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const URL_LIKE = /^(?:https?:\/\/|www\.)\S+$/i;
const NUMBER = /^-?\d+(?:[.,]\d+)?$/;
const DATE = [
  /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2})?)?$/,
  /^\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}$/,
  /^(?:\d{1,2}\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d{1,2}(?:st|nd|rd|th)?(?:,?\s+\d{4})?$/i,
  /^\d{1,2}\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d{4}$/i,
];
const TIME = /^\d{1,2}:\d{2}(?:\s?[ap]m)?$/i;

/** JSON Schema's type and format for a recorded value. */
export function kindOfValue(value: string): Pick<SkillInput, 'type' | 'format'> {
  const v = value.trim();
  if (EMAIL.test(v)) return { type: 'string', format: 'email' };
  if (URL_LIKE.test(v)) return { type: 'string', format: 'uri' };
  if (DATE.some((re) => re.test(v))) return { type: 'string', format: /\d:\d/.test(v) ? 'date-time' : 'date' };
  if (TIME.test(v)) return { type: 'string', format: 'time' };
  if (NUMBER.test(v)) return { type: 'number' };
  return { type: 'string' };
}

/** A field's name as an input's: lower case words joined by _ ("E-mail address" → e_mail_address). */
export function inputName(label: string): string {
  const words = label
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .match(/[a-z0-9]+/g);
  const name = (words ?? []).slice(0, 4).join('_');
  return /^[a-z_]/.test(name) ? name : `field_${name || 'value'}`;
}

/** The skill with its typed values made inputs (and the inputs it already had kept). */
export function inferInputs(skill: Skill): Skill {
  const inputs: SkillInput[] = [...skill.inputs];
  const taken = new Set(inputs.map((input) => input.name));
  const steps = skill.steps.map((step): SkillStep => {
    // Typed values and options chosen (a pickup day, a country) are what changes between runs.
    if (
      (step.type !== 'change' && step.type !== 'select') ||
      step.value === undefined ||
      step.value === '' ||
      /\{\{.*\}\}/.test(step.value)
    )
      return step;
    const label = targetName(step);
    let name = inputName(label === 'the page' ? 'value' : label);
    for (let n = 2; taken.has(name); n++) name = `${inputName(label)}_${n}`;
    taken.add(name);
    inputs.push({
      name,
      ...kindOfValue(step.value),
      description: step.type === 'select' ? `What is chosen in ${quoteLabel(label)}` : `What goes into ${quoteLabel(label)}`,
      examples: [step.value],
      required: true,
    });
    return { ...step, value: `{{${name}}}` };
  });
  return { ...skill, inputs, steps };
}

function quoteLabel(label: string): string {
  return `"${label}"`;
}

/** Steps with inputs and secrets filled in for a replay; a missing required input is an error naming it. */
export function fillInputs(skill: Skill, given: Record<string, string>, secret: (name: string) => string | null): SkillStep[] {
  const missing = skill.inputs.filter((input) => input.required && given[input.name] === undefined && input.examples.length === 0);
  if (missing.length)
    throw new Error(
      `The skill "${skill.name}" needs ${missing.map((input) => input.name).join(', ')}: give ${missing.map((i) => `--input ${i.name}=…`).join(' ')}.`,
    );
  const unknown = Object.keys(given).filter((name) => !skill.inputs.some((input) => input.name === name));
  if (unknown.length)
    throw new Error(
      `The skill "${skill.name}" has no input ${unknown.join(', ')}; its inputs: ${skill.inputs.map((i) => i.name).join(', ') || 'none'}.`,
    );
  const fill = (text: string | undefined, where: string): string | undefined =>
    text?.replace(/\{\{\s*([^}]*?)\s*\}\}/g, (_, name: string) => {
      const secretName = /^secret:(.+)$/.exec(name)?.[1];
      if (secretName !== undefined) {
        const value = secret(secretName);
        if (value === null) throw new Error(`${where} types the secret "${secretName}", which is not stored; add it in the secrets first.`);
        return value;
      }
      const input = skill.inputs.find((i) => i.name === name);
      return given[name] ?? input?.examples[0] ?? '';
    });
  return skill.steps.map((step, i) => {
    const where = `Step ${i + 1} (${describeStep(step)})`;
    const filled: SkillStep = { ...step };
    const value = fill(step.value, where);
    const url = fill(step.url, where);
    const instruction = fill(step.instruction, where);
    if (value !== undefined) filled.value = value;
    if (url !== undefined) filled.url = url;
    if (instruction !== undefined) filled.instruction = instruction;
    // The row a repeated control is in ({{product}}), and the path a step leads to, follow the inputs too.
    if (step.locators?.some((l) => l.within?.includes('{{')))
      filled.locators = step.locators.map((l) => (l.within?.includes('{{') ? { ...l, within: fill(l.within, where) ?? '' } : l));
    if (step.expect?.some((e) => e.kind === 'url' && e.value.includes('{{')))
      filled.expect = step.expect.map((e) => (e.kind === 'url' ? { ...e, value: fill(e.value, where) ?? e.value } : e));
    return filled;
  });
}
