import { existsSync } from 'node:fs';
import type { NodeBrowser } from '@wayfinder/cdp/node';
import {
  DEFAULT_RENDER,
  makeToolContext,
  playSkill,
  SafetyPolicy,
  SecretVault,
  TabSession,
  ToolRegistry,
  ToolRunner,
  type PlayResult,
  type RepairModel,
  type Skill,
  type SkillRepair,
  type Tab,
} from '@wayfinder/core';
import { SKILL_TASKS, solutionPath, TASKS, type Gym, type SkillVariant } from '@wayfinder/gym';
import { outcome, personActions, recordTask, wantedOf, type BenchTask, type PersonAction, type TaskSecret } from './record';
import { OWN_VARIANTS, RUN_AGAIN, type BenchVariant } from './variants';

// Record once, replay several ways: on the original app with no model (with the recorded
// inputs; again without a reset, so a submission gets a new server id; and with new inputs
// that change which item is chosen), on its drifted variant (?drift=1) with repair on and no
// model (re-finding by name only), and on the drifted variant with a scripted repair model.
// Success is always the gym checker's verdict.

export type Variant = 'original' | 'again' | 'drift' | 'drift-model';

/**
 * Tasks come in two sets, reported apart: `main` (the gym's shop, signup and admin, and
 * new-input variants written with the skills code in view) and `held-out` (Millbrook Bakery
 * and its variants, written by a session that had not read the skills code).
 */
export type TaskSet = 'main' | 'held-out';

export interface SkillBenchTask extends BenchTask {
  set: TaskSet;
  variants: BenchVariant[];
  /** Replayed a second time without a reset: its submission gets a new id from the server. */
  again: boolean;
}

export interface ReplayRun {
  ok: boolean;
  /** The checker's reason, or why the replay stopped. */
  reason: string;
  stepMs: number[];
  repairs: SkillRepair[];
  /** Calls to the repair model (none on the original: 0 tokens). */
  modelCalls: number;
}

export interface TaskRow {
  id: string;
  set: TaskSet;
  /** Steps in the recorded skill, and the person's actions that made them. */
  steps: number;
  actions: number;
  recordMs: number;
  runs: Partial<Record<Variant, ReplayRun>>;
  /** One run per variant with new inputs, on the original app. */
  inputs: (ReplayRun & { note: string })[];
}

/** Tasks the bench covers: the gym's shop, signup and admin tasks that have a scripted solution, then the held-out bakery's. */
export function benchTasks(): SkillBenchTask[] {
  const main = TASKS.filter((t) => ['shop', 'signup', 'admin'].includes(t.app) && existsSync(solutionPath(t.id))).map(
    (t): SkillBenchTask => ({ ...t, set: 'main', variants: OWN_VARIANTS[t.id] ?? [], again: RUN_AGAIN.has(t.id) }),
  );
  const heldOut = SKILL_TASKS.map((t): SkillBenchTask => ({ ...t, set: 'held-out', variants: t.variants, again: RUN_AGAIN.has(t.id) }));
  return [...main, ...heldOut];
}

/** The password a task's solution types (stored as a secret for the replay, never in the skill). */
export function secretOf(task: BenchTask): TaskSecret | null {
  const typed = personActions(task.id).find((a) => a.tool === 'type_text' && /password/i.test(String(wantedOf(a.args.ref).name)));
  return typed ? { name: `${task.id.split('-')[0] ?? 'site'}-password`, value: String(typed.args.text) } : null;
}

/**
 * A variant's values as the skill's inputs: each input whose recorded example is a value the
 * variant replaces. A replaced value no input carries is an error (the recording kept it fixed).
 */
export function variantInputs(skill: Skill, variant: SkillVariant): Record<string, string> {
  const inputs: Record<string, string> = {};
  for (const [from, to] of Object.entries(variant.replace)) {
    const carrying = skill.inputs.filter((input) => input.examples.includes(from));
    if (!carrying.length)
      throw new Error(
        `No input of the skill was recorded as "${from}" (inputs: ${skill.inputs.map((i) => `${i.name}=${i.examples[0] ?? ''}`).join(', ')}).`,
      );
    for (const input of carrying) inputs[input.name] = to;
  }
  return inputs;
}

/** For a question (the checker wants an answer), what a person would read off the page after the replay. */
const ANSWERS: Record<string, (tab: Tab) => Promise<string>> = {
  // The members table sorted newest first: the first email on the page is the answer.
  'admin-newest-member': async (tab) => /[\w.+-]+@[\w-]+\.[\w.]+/.exec((await tab.extract()).content)?.[0] ?? '',
};

/** Values for inputs recorded without an example (payment fields): what the solution typed into that field. */
function inputsFor(skill: Skill, actions: PersonAction[]): Record<string, string> {
  const inputs: Record<string, string> = {};
  for (const input of skill.inputs.filter((i) => !i.examples.length)) {
    const step = skill.steps.find((s) => s.value === `{{${input.name}}}`);
    const typed = actions.find((a) => a.tool === 'type_text' && wantedOf(a.args.ref).name === step?.targetName);
    if (typed) inputs[input.name] = String(typed.args.text);
  }
  return inputs;
}

/** A clean slate: one blank tab, and the gym's state reset (unless `keep`). */
async function freshStart(browser: NodeBrowser, gym: Gym, keep = false): Promise<void> {
  if (!keep) gym.reset();
  const before = await browser.tabs();
  await browser.openTab('about:blank');
  for (const tab of before) await browser.closeTab(tab.id);
}

export interface ReplayOptions {
  browser: NodeBrowser;
  gym: Gym;
  task: BenchTask;
  skill: Skill;
  variant: Variant;
  /** New inputs and the checker for them (a variant of the task). */
  inputs?: { values: Record<string, string>; check: BenchTask['check']; stops?: boolean };
  /** For drift-model: the scripted repair model, and how many calls it has had so far. */
  model?: { repair: RepairModel; calls: () => number };
  stepTimeoutMs: number;
}

export async function replay(options: ReplayOptions): Promise<ReplayRun & { result: PlayResult }> {
  const { browser, gym, task, skill, variant, model } = options;
  // Again: the gym keeps what the last run did, so the server hands out the next ids.
  await freshStart(browser, gym, variant === 'again');
  const secret = secretOf(task);
  const vault = new SecretVault(secret ? [{ name: secret.name, value: secret.value, site: '127.0.0.1' }] : []);
  const policy = new SafetyPolicy({ sites: [], secrets: vault });
  // Nobody at a prompt: the bench says yes to what the policy asks (payments, deletions), as `--yes --allow-sensitive` would.
  const runner = new ToolRunner({ registry: new ToolRegistry(), policy, render: DEFAULT_RENDER, confirm: () => Promise.resolve('once') });
  const context = makeToolContext({
    browser,
    tabs: new TabSession(browser),
    signal: new AbortController().signal,
    fillSecrets: (text) => vault.fill(text),
  });
  const drifted = variant === 'drift' || variant === 'drift-model';
  const startUrl = `${gym.url}${task.start}${drifted ? `${task.start.includes('?') ? '&' : '?'}drift=1` : ''}`;
  policy.begin(startUrl);
  const callsBefore = model?.calls() ?? 0;
  const result = await playSkill(skill, runner, context, {
    secretNames: secret ? [secret.name] : [],
    startUrl,
    inputs: { ...inputsFor(skill, personActions(task.id)), ...options.inputs?.values },
    stepTimeoutMs: options.stepTimeoutMs,
    ...(!drifted
      ? {}
      : { repair: { approve: () => Promise.resolve(true), ...(variant === 'drift-model' && model ? { model: model.repair } : {}) } }),
  });
  const answer = result.ok ? ((await ANSWERS[task.id]?.(await context.tab())) ?? '') : '';
  const checked = options.inputs ? { check: options.inputs.check } : task;
  // A replay that did its steps but did not see what it expected ("done, but …") counts as a failure here.
  const verdict = options.inputs?.stops
    ? result.ok
      ? { ok: false, reason: 'The replay went through where it should have stopped.' }
      : await outcome(gym, checked, answer)
    : !result.ok
      ? { ok: false, reason: result.message }
      : result.unverified.length
        ? { ok: false, reason: result.message }
        : await outcome(gym, checked, answer);
  return {
    ok: verdict.ok,
    reason: verdict.reason,
    stepMs: result.stepMs,
    repairs: result.repairs,
    modelCalls: (model?.calls() ?? 0) - callsBefore,
    result,
  };
}

export interface BenchOptions {
  browser: NodeBrowser;
  gym: Gym;
  tasks: SkillBenchTask[];
  variants: Variant[];
  model?: { repair: RepairModel; calls: () => number };
  stepTimeoutMs?: number;
  /** Also replay each task's variants with new inputs (after its original run). */
  withInputs?: boolean;
  log?: (line: string) => void;
}

export async function runSkillsBench(options: BenchOptions): Promise<TaskRow[]> {
  const { browser, gym } = options;
  // Confirmation dialogs (Delete …?) are answered yes, in the recording and the replays alike.
  browser.setDialogPolicy(() => ({ accept: true }));
  const rows: TaskRow[] = [];
  for (const task of options.tasks) {
    await freshStart(browser, gym);
    const recorded = await recordTask(browser, gym, task, { secret: secretOf(task), question: task.id in ANSWERS });
    const row: TaskRow = {
      id: task.id,
      set: task.set,
      steps: recorded.skill.steps.length,
      actions: recorded.actions,
      recordMs: recorded.ms,
      runs: {},
      inputs: [],
    };
    const log = (label: string, run: ReplayRun) =>
      options.log?.(
        `  ${task.id} ${label}: ${run.ok ? 'ok' : 'FAILED'}${run.repairs.length ? `, ${run.repairs.length} repaired (${run.repairs.map((r) => `step ${r.step} by ${r.by}`).join(', ')})` : ''}${run.ok ? '' : ` — ${run.reason}`}`,
      );
    for (const variant of options.variants) {
      if (variant === 'drift-model' && !options.model) continue;
      if (variant === 'again' && (!task.again || !row.runs.original)) continue;
      const run = await replay({
        browser,
        gym,
        task,
        skill: recorded.skill,
        variant,
        ...(options.model ? { model: options.model } : {}),
        stepTimeoutMs: options.stepTimeoutMs ?? 3_000,
      });
      row.runs[variant] = run;
      log(variant, run);
      // New inputs: on the original app, after the original run (and after the run again, which needs its state).
      const againNext = variant === 'original' && task.again && options.variants.includes('again');
      const inputsNow = (variant === 'original' && !againNext) || variant === 'again';
      if (!inputsNow || !options.withInputs) continue;
      for (const v of task.variants) {
        let run: ReplayRun & { note: string };
        try {
          const values = variantInputs(recorded.skill, v);
          run = {
            ...(await replay({
              browser,
              gym,
              task,
              skill: recorded.skill,
              variant: 'original',
              inputs: { values, check: v.check, ...(v.stops ? { stops: true } : {}) },
              stepTimeoutMs: options.stepTimeoutMs ?? 3_000,
            })),
            note: v.note,
          };
        } catch (error) {
          run = {
            ok: false,
            reason: error instanceof Error ? error.message : String(error),
            stepMs: [],
            repairs: [],
            modelCalls: 0,
            note: v.note,
          };
        }
        row.inputs.push(run);
        log(`inputs (${v.note})`, run);
      }
    }
    rows.push(row);
  }
  return rows;
}
