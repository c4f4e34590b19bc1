import { followTemplates, frontMatterOf, skillFromFrontMatter } from './skill-file';
import { SkillFormatError, stepFromJson, stepToJson } from './steps-json';
import type { RecorderSelector, Skill, SkillLocator, SkillStep } from './types';

// Chrome DevTools Recorder recordings (its JSON export, a UserFlow) in and out. A Recorder
// step comes in as it is — its selectors kept word for word — with Wayfinder's locators
// read from them, and a key's down+up as one press; it goes out as the Recorder writes it.
// Wayfinder's own steps go out in the Recorder's spelling (select → change, check → click,
// press → keyDown + keyUp, upload and tab switches → customStep). What only Wayfinder keeps —
// inputs, secrets by name, risk, the repair log, and the steps as Wayfinder wrote them (edits,
// rows, expectations) — travels beside them in a top-level `wayfinder` block the Recorder
// leaves alone, so an export imports back whole; steps changed in the Recorder meanwhile win.

/** The top-level key of a Recorder export that carries the rest of the skill. */
const BLOCK = 'wayfinder';

/** A Recorder selector as a locator, when it names something a locator can ("aria/Add to cart[role=\"button\"]", "#email", "text/Buy"). */
export function locatorFromSelector(selector: RecorderSelector): SkillLocator | null {
  if (Array.isArray(selector)) return selector.length === 1 && selector[0] !== undefined ? locatorFromSelector(selector[0]) : null;
  const aria = /^aria\/(.*?)(?:\[role="([^"]+)"\])?$/.exec(selector);
  if (aria) return aria[2] ? { kind: 'role', value: aria[2], name: aria[1] ?? '' } : { kind: 'aria', value: aria[1] ?? '' };
  if (selector.startsWith('text/')) return { kind: 'text', value: selector.slice(5) };
  if (selector.startsWith('xpath/')) return { kind: 'xpath', value: selector.slice(6) };
  if (selector.startsWith('pierce/')) return { kind: 'css', value: selector.slice(7) };
  const id = /^#([A-Za-z][\w-]*)$/.exec(selector);
  if (id?.[1]) return { kind: 'id', value: id[1] };
  const testId = /^\[(data-testid|data-test-id|data-test|data-qa|data-cy)="([^"]+)"\]$/.exec(selector);
  if (testId) return { kind: 'testid', value: `${testId[1] ?? ''}=${testId[2] ?? ''}` };
  return { kind: 'css', value: selector };
}

/** A locator as a Recorder selector. */
export function selectorFromLocator(locator: SkillLocator): RecorderSelector {
  const attr = (name: string, value: string) => `[${name}="${value.replace(/"/g, '\\"')}"]`;
  switch (locator.kind) {
    case 'role':
    case 'row':
    case 'nth':
      // The Recorder has no row or place: its replay takes the first copy (Wayfinder's `locators` ride along with the row).
      return `aria/${locator.name ?? ''}[role="${locator.value}"]`;
    case 'aria':
    case 'label':
    case 'aria-label':
      return `aria/${locator.value}`;
    case 'text':
      return `text/${locator.value}`;
    case 'xpath':
      return `xpath/${locator.value}`;
    case 'id':
      return `#${locator.value}`;
    case 'testid': {
      const [name = 'data-testid', ...rest] = locator.value.split('=');
      return attr(name, rest.join('='));
    }
    case 'placeholder':
      return attr('placeholder', locator.value);
    case 'css':
      // Through shadow roots: the Recorder's chain, one selector per root.
      return locator.value.includes(' >>> ') ? locator.value.split(' >>> ') : locator.value;
  }
}

/** A Recorder recording (its exported JSON) as a skill, ready to save. */
export function importRecording(json: string, recordedAt = new Date().toISOString()): Skill {
  let flow: unknown;
  try {
    flow = JSON.parse(json);
  } catch (error) {
    throw new SkillFormatError(
      `That is not a DevTools Recorder export (not JSON: ${error instanceof Error ? error.message : String(error)}).`,
    );
  }
  if (typeof flow !== 'object' || flow === null || !('steps' in flow) || !Array.isArray(flow.steps))
    throw new SkillFormatError('That is not a DevTools Recorder export: it has no "steps" list.');
  const title = 'title' in flow && typeof flow.title === 'string' && flow.title.trim() ? flow.title.trim() : 'Imported recording';
  const recorder = Object.fromEntries(Object.entries(flow).filter(([key]) => key !== 'steps' && key !== 'title' && key !== BLOCK));
  const block: unknown = BLOCK in flow ? flow[BLOCK] : undefined;
  if (typeof block === 'object' && block !== null && 'front' in block && 'steps' in block && Array.isArray(block.steps)) {
    // Ours: whole when the Recorder's steps are still the ones exported; else its steps with our front matter.
    const ours = block.steps.map((step: unknown, i: number) => stepFromJson(step, `the export's Wayfinder step ${i + 1}`));
    const unchanged = JSON.stringify(ours.flatMap((s) => toRecorder(s).map(stepToJson))) === JSON.stringify(flow.steps);
    const steps = unchanged ? ours : recorderSteps(flow.steps);
    const front = typeof block.front === 'object' && block.front !== null ? block.front : {};
    const skill = skillFromFrontMatter({ ...front, name: title }, steps, "the export's Wayfinder block");
    if (Object.keys(recorder).length) skill.recorder = recorder;
    return followTemplates(skill, !unchanged);
  }
  const steps = recorderSteps(flow.steps);
  const sites = [
    ...new Set(
      steps.flatMap((step) => {
        try {
          return step.url ? [new URL(step.url).hostname.replace(/^www\./, '')] : [];
        } catch {
          return [];
        }
      }),
    ),
  ];
  const skill: Skill = {
    name: title,
    description: '',
    version: 1,
    sites,
    inputs: [],
    secrets: [],
    risk: 'low',
    recordedAt,
    repairs: [],
    steps,
  };
  if (Object.keys(recorder).length) skill.recorder = recorder;
  // A recording that types {{name}} (written for Wayfinder) takes that input.
  return followTemplates(skill, false);
}

/** A Recorder recording's steps as Wayfinder's: its selectors read as locators, a key's down and up one press. */
function recorderSteps(list: unknown[]): SkillStep[] {
  const raw = list.map((step: unknown, i: number) => stepFromJson(step, `Recorder step ${i + 1}`));
  const steps: SkillStep[] = [];
  for (let i = 0; i < raw.length; i++) {
    const step = raw[i];
    if (!step) continue;
    const after = raw[i + 1];
    if (step.type === 'keyDown' && after?.type === 'keyUp' && samePress(step, after)) {
      steps.push({ ...after, type: 'press' });
      i++;
      continue;
    }
    const locators = (step.selectors ?? []).map(locatorFromSelector).filter((l): l is SkillLocator => l !== null);
    steps.push(locators.length ? { ...step, locators } : step);
  }
  return steps;
}

// A key's down and up with nothing else between or different (the Recorder writes Enter that way).
function samePress(down: SkillStep, up: SkillStep): boolean {
  const rest = (step: SkillStep) => JSON.stringify({ ...step, type: undefined, assertedEvents: undefined });
  return rest(down) === rest(up) && !down.assertedEvents;
}

/** A skill as a Recorder recording (JSON), in the Recorder's own step types. */
export function exportRecording(skill: Skill): string {
  const steps = skill.steps.flatMap((step) => toRecorder(step).map(stepToJson));
  const { name: _name, ...front } = frontMatterOf(skill);
  return JSON.stringify({ title: skill.name, ...skill.recorder, steps, [BLOCK]: { front, steps: skill.steps.map(stepToJson) } }, null, 2);
}

function toRecorder(step: SkillStep): SkillStep[] {
  // Wayfinder's fields mean nothing to the Recorder; its own (selectors) are kept or made from the locators.
  const {
    locators,
    expect: _expect,
    targetName: _name,
    via: _via,
    fileName,
    tab,
    note: _note,
    evidence: _evidence,
    instruction: _instruction,
    ...plain
  } = step;
  const selectors = plain.selectors ?? (locators?.length ? locators.map(selectorFromLocator) : undefined);
  const base: SkillStep = { ...plain, ...(selectors ? { selectors } : {}) };
  switch (step.type) {
    case 'select':
      return [{ ...base, type: 'change' }];
    case 'check':
    case 'uncheck':
      return [{ offsetX: 1, offsetY: 1, ...base, type: 'click' }];
    case 'press': {
      const { assertedEvents, ...rest } = base;
      return [
        { ...rest, type: 'keyDown' },
        { ...rest, type: 'keyUp', ...(assertedEvents ? { assertedEvents } : {}) },
      ];
    }
    case 'upload':
      return [{ type: 'customStep', extra: { name: 'wayfinder.upload', parameters: { selectors, fileName } } }];
    case 'switchTab':
      return [{ type: 'customStep', extra: { name: 'wayfinder.switchTab', parameters: { tab } } }];
    case 'click':
    case 'doubleClick':
      return [{ offsetX: 1, offsetY: 1, ...base }];
    default:
      return [base];
  }
}
