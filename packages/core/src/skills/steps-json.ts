import { z } from 'zod';
import { RECORDER_STEP_TYPES, WAYFINDER_STEP_TYPES, type SkillStep } from './types';
import { CodedError } from '../errors';

// Steps as JSON: the Recorder's flat shape (its own fields at the top of each step, as
// DevTools writes them) with Wayfinder's fields beside them. A field neither knows is kept
// in `extra` and written back where it was.

/** A locator as JSON (the browser port's ElementLocator): skill files, and the bridge's `locate` call. */
export const LOCATOR_SCHEMA = z.object({
  kind: z.enum(['role', 'label', 'aria-label', 'placeholder', 'text', 'testid', 'id', 'css', 'aria', 'xpath', 'row', 'nth']),
  value: z.string(),
  name: z.string().optional(),
  within: z.string().optional(),
  nth: z.number().int().min(0).optional(),
});
const LOCATOR = LOCATOR_SCHEMA;

const EXPECT = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('url'),
    value: z.string(),
    match: z.enum(['exact', 'prefix', 'contains', 'path', 'link', 'same']).optional(),
  }),
  z.object({ kind: z.literal('text'), value: z.string() }),
  z.object({
    kind: z.literal('state'),
    state: z.enum(['checked', 'unchecked', 'value', 'visible', 'hidden']),
    value: z.string().optional(),
    locators: z.array(LOCATOR).optional(),
  }),
]);

const KNOWN = {
  type: z.enum([...RECORDER_STEP_TYPES, ...WAYFINDER_STEP_TYPES]),
  selectors: z.array(z.union([z.string(), z.array(z.string())])).optional(),
  target: z.string().optional(),
  frame: z.array(z.number().int()).optional(),
  url: z.string().optional(),
  value: z.string().optional(),
  key: z.string().optional(),
  offsetX: z.number().optional(),
  offsetY: z.number().optional(),
  button: z.string().optional(),
  x: z.number().optional(),
  y: z.number().optional(),
  timeout: z.number().optional(),
  assertedEvents: z.array(z.object({ type: z.literal('navigation'), url: z.string().optional(), title: z.string().optional() })).optional(),
  locators: z.array(LOCATOR).optional(),
  expect: z.array(EXPECT).optional(),
  targetName: z.string().optional(),
  via: z.enum(['typed', 'link']).optional(),
  fileName: z.string().optional(),
  tab: z.number().int().min(0).optional(),
  note: z.string().optional(),
  evidence: z.array(z.object({ method: z.string(), path: z.string() })).optional(),
  instruction: z.string().optional(),
};

const STEP = z.object(KNOWN);
const KNOWN_KEYS = new Set(Object.keys(KNOWN));

/** A skill file or recording that cannot be read; the message says where and why. */
export class SkillFormatError extends CodedError<'skill-format'> {
  static override readonly marker = Symbol.for('wayfinder.skill-format.error');
  override readonly name = 'SkillFormatError';

  constructor(message: string, options?: { cause?: unknown }) {
    super('skill-format', message, false, options);
  }
}

/** A step from its JSON form; `where` names it in errors ("step 3"). */
export function stepFromJson(value: unknown, where: string): SkillStep {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new SkillFormatError(`${where} is not an object.`);
  const parsed = STEP.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = issue?.path.join('.') ?? '';
    throw new SkillFormatError(`${where}${path ? `, ${path}` : ''}: ${issue?.message ?? 'not a step'}.`);
  }
  const extra = Object.fromEntries(Object.entries(value).filter(([key]) => !KNOWN_KEYS.has(key)));
  // Zod leaves out optional fields that were absent, so the step holds only what the JSON said.
  const step: SkillStep = { ...parsed.data };
  if (Object.keys(extra).length > 0) step.extra = extra;
  return step;
}

/** A step's JSON form: its fields in a steady order, `extra` back at the top level. */
export function stepToJson(step: SkillStep): Record<string, unknown> {
  const { extra, ...known } = step;
  const fields: Record<string, unknown> = known;
  const ordered = Object.fromEntries(Object.keys(KNOWN).map((key) => [key, fields[key]]));
  return dropUndefined({ ...ordered, ...(extra ?? {}) });
}

function dropUndefined(value: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));
}
