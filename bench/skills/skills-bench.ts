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
import { solutionPath, TASKS, type Gym, type GymTask } from '@wayfinder/gym';
import { outcome, personActions, recordTask, wantedOf, type PersonAction, type TaskSecret } from './record';

// Record once, replay three ways: on the original app with no model, on its drifted variant
// (?drift=1) with repair on and no model (re-finding by name only), and on the drifted
// variant with a scripted repair model. Success is always the gym checker's verdict.

export type Variant = 'original' | 'drift' | 'drift-model';

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
  /** Steps in the recorded skill, and the person's actions that made them. */
  steps: number;
  actions: number;
  recordMs: number;
  runs: Partial<Record<Variant, ReplayRun>>;
}

/** Tasks the bench covers: shop, signup and admin tasks that have a scripted solution. */
export function benchTasks(): GymTask[] {
  return TASKS.filter((t) => ['shop', 'signup', 'admin'].includes(t.app) && existsSync(solutionPath(t.id)));
}

/** The password a task's solution types (stored as a secret for the replay, never in the skill). */
export function secretOf(task: GymTask): TaskSecret | null {
  const typed = personActions(task.id).find((a) => a.tool === 'type_text' && /password/i.test(String(wantedOf(a.args.ref).name)));
  return typed ? { name: `${task.app}-password`, value: String(typed.args.text) } : null;
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

/** A clean slate: the gym's state reset, one blank tab. */
async function freshStart(browser: NodeBrowser, gym: Gym): Promise<void> {
  gym.reset();
  const before = await browser.tabs();
  await browser.openTab('about:blank');
  for (const tab of before) await browser.closeTab(tab.id);
}

export interface ReplayOptions {
  browser: NodeBrowser;
  gym: Gym;
  task: GymTask;
  skill: Skill;
  variant: Variant;
  /** For drift-model: the scripted repair model, and how many calls it has had so far. */
  model?: { repair: RepairModel; calls: () => number };
  stepTimeoutMs: number;
}

export async function replay(options: ReplayOptions): Promise<ReplayRun & { result: PlayResult }> {
  const { browser, gym, task, skill, variant, model } = options;
  await freshStart(browser, gym);
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
  const startUrl = `${gym.url}${task.start}${variant === 'original' ? '' : '?drift=1'}`;
  policy.begin(startUrl);
  const callsBefore = model?.calls() ?? 0;
  const result = await playSkill(skill, runner, context, {
    secretNames: secret ? [secret.name] : [],
    startUrl,
    inputs: inputsFor(skill, personActions(task.id)),
    stepTimeoutMs: options.stepTimeoutMs,
    ...(variant === 'original'
      ? {}
      : { repair: { approve: () => Promise.resolve(true), ...(variant === 'drift-model' && model ? { model: model.repair } : {}) } }),
  });
  const answer = result.ok ? ((await ANSWERS[task.id]?.(await context.tab())) ?? '') : '';
  const verdict = result.ok ? await outcome(gym, task, answer) : { ok: false, reason: result.message };
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
  tasks: GymTask[];
  variants: Variant[];
  model?: { repair: RepairModel; calls: () => number };
  stepTimeoutMs?: number;
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
    const row: TaskRow = { id: task.id, steps: recorded.skill.steps.length, actions: recorded.actions, recordMs: recorded.ms, runs: {} };
    for (const variant of options.variants) {
      if (variant === 'drift-model' && !options.model) continue;
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
      options.log?.(
        `  ${task.id} ${variant}: ${run.ok ? 'ok' : 'FAILED'}${run.repairs.length ? `, ${run.repairs.length} repaired (${run.repairs.map((r) => `step ${r.step} by ${r.by}`).join(', ')})` : ''}${run.ok ? '' : ` — ${run.reason}`}`,
      );
    }
    rows.push(row);
  }
  return rows;
}
