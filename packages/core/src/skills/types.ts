import type { ElementLocator } from '../browser/port';

// A skill: a demonstration recorded once and replayed without a model. The steps are a
// superset of the Chrome DevTools Recorder's (its `type`s, `selectors`, `target`, `frame`,
// `assertedEvents` …) so a recording moves between the two; what Wayfinder adds — ranked
// locators, templated values, postconditions, narration, evidence — rides along.

/**
 * How a target is found again, best first (the page script ranks them when recording):
 * role (value: the role, name: its accessible name), label, aria-label, placeholder, text,
 * testid (value: `attribute=value`), id, css; `aria` (an accessible name, any role) and
 * `xpath` come from imported DevTools recordings. The browser port's type: replay resolves
 * it with `Tab.locate`.
 */
export type SkillLocator = ElementLocator;

/** A DevTools Recorder selector: one string, or a chain through shadow roots and frames. */
export type RecorderSelector = string | string[];

/**
 * What must hold after a step (replay waits for it; repair is accepted only when it holds).
 * An address is checked as `path` (a path pattern: `*` for ids and tokens, `{{input}}` for a
 * typed value — postconditions.ts), `link` (wherever the link clicked at replay points;
 * `value` is where it pointed when recorded), `same` (the page the step was on, reloaded),
 * or the older `exact` / `prefix` / `contains`.
 */
export type SkillExpect =
  | { kind: 'url'; value: string; match?: 'exact' | 'prefix' | 'contains' | 'path' | 'link' | 'same' }
  | { kind: 'text'; value: string }
  | { kind: 'state'; state: 'checked' | 'unchecked' | 'value' | 'visible' | 'hidden'; value?: string; locators?: SkillLocator[] };

/** A mutating request the step caused (method and path only: no query values, no bodies) — evidence, not replayed. */
export interface SkillEvidence {
  method: string;
  path: string;
}

/** The Recorder's step types. */
export const RECORDER_STEP_TYPES = [
  'setViewport',
  'navigate',
  'click',
  'doubleClick',
  'change',
  'keyDown',
  'keyUp',
  'scroll',
  'hover',
  'waitForElement',
  'waitForExpression',
  'close',
  'emulateNetworkConditions',
  'customStep',
] as const;

/** Wayfinder's own: clearer to read and replay than their Recorder spelling (a select's change, a checkbox's click, a key's down+up). */
export const WAYFINDER_STEP_TYPES = ['select', 'check', 'uncheck', 'press', 'upload', 'switchTab'] as const;

export type SkillStepType = (typeof RECORDER_STEP_TYPES)[number] | (typeof WAYFINDER_STEP_TYPES)[number];

export interface SkillStep {
  type: SkillStepType;
  // — the Recorder's fields
  selectors?: RecorderSelector[];
  /** The page the step happens in ('main', or a new tab's address). */
  target?: string;
  /** Child frame indexes from the top document. */
  frame?: number[];
  url?: string;
  /** change / select: the value; typed text may be `{{input}}` or `{{secret:NAME}}`. */
  value?: string;
  key?: string;
  offsetX?: number;
  offsetY?: number;
  button?: string;
  x?: number;
  y?: number;
  timeout?: number;
  assertedEvents?: { type: 'navigation'; url?: string; title?: string }[];
  /** Other Recorder fields (setViewport's sizes, waitForElement's options, customStep's name and parameters …), kept as they came. */
  extra?: Record<string, unknown>;
  // — Wayfinder's
  locators?: SkillLocator[];
  expect?: SkillExpect[];
  /** How a person would name the target ("the Email field", "the Add to cart button"), for the readable steps. */
  targetName?: string;
  /** navigate: typed into the address bar, or reached by a link (a link is replayed by its click, not the address). */
  via?: 'typed' | 'link';
  /** upload: the file's name only. */
  fileName?: string;
  /** switchTab: which of the task's tabs, from 0. */
  tab?: number;
  note?: string;
  evidence?: SkillEvidence[];
  /**
   * Set when a person rewrote this step's readable line: replay does the line as a direct
   * command (the command interpreter) instead of the recorded target.
   */
  instruction?: string;
}

/** One input a skill takes (front matter `inputs`: a JSON Schema object's property). */
export interface SkillInput {
  name: string;
  type: 'string' | 'number' | 'boolean';
  /** email, date, uri … (JSON Schema formats). */
  format?: string;
  description?: string;
  examples: string[];
  required: boolean;
}

export interface SkillRepair {
  at: string;
  /** The version the repair made. */
  version: number;
  /** The step repaired, from 1. */
  step: number;
  by: 'find' | 'model' | 'person';
  /** What was looked for, and what was found instead. */
  from: string;
  to: string;
}

export type SkillRisk = 'low' | 'medium' | 'high';

export interface Skill {
  name: string;
  description: string;
  version: number;
  /** Registrable sites the skill works on. */
  sites: string[];
  inputs: SkillInput[];
  /** Secrets the steps use by name ({{secret:NAME}}); the person picks one at replay when a site has several. */
  secrets: string[];
  risk: SkillRisk;
  /** ISO time of the recording. */
  recordedAt: string;
  repairs: SkillRepair[];
  steps: SkillStep[];
  /** A Recorder recording's own top-level fields (timeout, selectorAttribute …), kept for its export. */
  recorder?: Record<string, unknown>;
}
