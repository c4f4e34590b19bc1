import { readFileSync } from 'node:fs';
import {
  createModelSlot,
  parseModelSpec,
  runTask,
  scriptedSlot,
  settingsFromEnv,
  type AgentEvent,
  type CallOptions,
  type GenerateResult,
  type LanguageModel,
  type ModelSlot,
  type StreamResult,
  type TaskResult,
} from '@wayfinder/core';
import type { NodeBrowser } from '@wayfinder/cdp/node';
import { checkTask, solutionPath, TASKS, type Gym, type GymTask } from '@wayfinder/gym';
import { median, round } from '../lib/stats';

// Runs the gym's task manifest through the agent loop with one model and measures, per
// step: the prompt the model was sent (tokens), the time inside the model, the time in
// tools (the browser), and the loop's own time (everything else: history, pruning,
// validation, rendering). Success is the gym checker's verdict, never the agent's word.
//
// Models: "scripted" (each task's scripted solution in gym/solutions), "command" (the
// command interpreter, on the tasks that have a direct-command phrasing), or any model
// spec (ollama:llama3.1, openai:gpt-4o-mini, …), which makes this the model evaluation.

export interface TaskRow {
  id: string;
  ok: boolean;
  reason: string;
  steps: number;
  /** Prompt tokens per step (median; estimated where the model reports none). */
  tokensPerStep: number;
  modelMsPerStep: number;
  toolMsPerStep: number;
  loopMsPerStep: number;
  totalMs: number;
  summary: string;
}

export interface StepSample {
  task: string;
  tokens: number;
  modelMs: number;
  toolMs: number;
  loopMs: number;
}

export interface AgentBenchResult {
  model: string;
  rows: TaskRow[];
  steps: StepSample[];
  skipped: { id: string; why: string }[];
}

/** Wraps a model to measure the time spent inside it (call until the stream ends). */
class TimedModel implements LanguageModel {
  readonly specificationVersion = 'v4';
  ms = 0;

  constructor(private readonly inner: LanguageModel) {}

  get provider(): string {
    return this.inner.provider;
  }

  get modelId(): string {
    return this.inner.modelId;
  }

  get supportedUrls(): LanguageModel['supportedUrls'] {
    return this.inner.supportedUrls;
  }

  async doGenerate(options: CallOptions): Promise<GenerateResult> {
    const started = performance.now();
    try {
      return await this.inner.doGenerate(options);
    } finally {
      this.ms += performance.now() - started;
    }
  }

  async doStream(options: CallOptions): Promise<StreamResult> {
    const started = performance.now();
    const result = await this.inner.doStream(options);
    const stop = () => {
      this.ms += performance.now() - started;
    };
    return { ...result, stream: result.stream.pipeThrough(new TransformStream({ flush: stop })) };
  }
}

function slotFor(model: string, task: GymTask, env: Record<string, string | undefined>): ModelSlot | string {
  if (model === 'scripted') {
    let source: string;
    try {
      source = readFileSync(solutionPath(task.id), 'utf8');
    } catch {
      return 'no scripted solution';
    }
    return scriptedSlot(source, `gym/solutions/${task.id}.json`);
  }
  if (model === 'command' && !task.command) return 'not a direct command';
  return createModelSlot(parseModelSpec(model), settingsFromEnv(env));
}

/** Splits a run's events into steps: tokens, tool time and wall time of each. */
class StepClock {
  readonly steps: { tokens: number; toolMs: number; startedAt: number; endedAt: number; modelMsBefore: number; modelMsAfter: number }[] =
    [];

  constructor(private readonly timed: TimedModel) {}

  on(event: AgentEvent): void {
    const now = performance.now();
    const current = this.steps.at(-1);
    if (event.type === 'step-start' || event.type === 'done') {
      if (current) {
        current.endedAt = now;
        current.modelMsAfter = this.timed.ms;
      }
      if (event.type === 'step-start')
        this.steps.push({ tokens: 0, toolMs: 0, startedAt: now, endedAt: now, modelMsBefore: this.timed.ms, modelMsAfter: this.timed.ms });
    } else if (event.type === 'usage' && current) current.tokens = event.inputTokens;
    else if (event.type === 'tool-result' && current) current.toolMs += event.ms;
  }
}

export async function runAgentBench(options: {
  model: string;
  gym: Gym;
  browser: NodeBrowser;
  env: Record<string, string | undefined>;
  only?: string[];
  onTask?: (row: TaskRow) => void;
}): Promise<AgentBenchResult> {
  const result: AgentBenchResult = { model: options.model, rows: [], steps: [], skipped: [] };
  for (const task of TASKS) {
    if (options.only?.length && !options.only.includes(task.id)) continue;
    const slot = slotFor(options.model, task, options.env);
    if (typeof slot === 'string') {
      result.skipped.push({ id: task.id, why: slot });
      continue;
    }
    options.gym.reset();
    // Page dialogs in the manifest (a confirm before deleting) are what the task asks for, as with --yes.
    options.browser.setDialogPolicy(() => ({ accept: true }));
    const before = await options.browser.tabs();
    const tab = await options.browser.openTab(`${options.gym.url}${task.start}`);
    for (const old of before) await options.browser.closeTab(old.id).catch(() => undefined);
    const timed = new TimedModel(slot.model);
    const clock = new StepClock(timed);
    const started = performance.now();
    const run: TaskResult = await runTask({
      task: options.model === 'command' && task.command ? task.command : task.instruction,
      browser: options.browser,
      models: { actor: { ...slot, model: timed } },
      onEvent: (event) => clock.on(event),
    });
    const totalMs = performance.now() - started;
    const verdict = await checkTask(task, options.gym.url, run.summary);
    const samples = clock.steps.map((s) => {
      const modelMs = s.modelMsAfter - s.modelMsBefore;
      return {
        task: task.id,
        tokens: s.tokens,
        modelMs,
        toolMs: s.toolMs,
        loopMs: Math.max(0, s.endedAt - s.startedAt - modelMs - s.toolMs),
      };
    });
    result.steps.push(...samples);
    const row: TaskRow = {
      id: task.id,
      ok: verdict.ok,
      reason: verdict.reason,
      steps: run.steps,
      summary: run.summary,
      tokensPerStep: round(median(samples.map((s) => s.tokens)), 0),
      modelMsPerStep: round(median(samples.map((s) => s.modelMs)), 1),
      toolMsPerStep: round(median(samples.map((s) => s.toolMs)), 1),
      loopMsPerStep: round(median(samples.map((s) => s.loopMs)), 1),
      totalMs: round(totalMs, 0),
    };
    result.rows.push(row);
    options.onTask?.(row);
    await options.browser.closeTab(tab.id).catch(() => undefined);
  }
  return result;
}
