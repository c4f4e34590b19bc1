import type { Tab } from '../browser/port';
import type { ToolCallRequest, ToolRunner } from '../runner/runner';
import type { ToolContext } from '../tools/define';
import type { ToolResult } from '../tools/response';
import { describeStep } from './describe';
import { fillInputs } from './inputs';
import type { Skill, SkillExpect, SkillStep } from './types';

// Replays a skill without a model: each step's target found again from its ranked locators
// (the tab's `locate`), then done through the ToolRunner — the same gated path as a model's
// tool call, so a skill never skips a confirmation, a site rule or the secrets rules — then
// its expectations waited for. A step a person rewrote runs as a direct command (the
// command interpreter, given by the host). The first step that cannot be done stops the
// replay with a sentence naming it and what was looked for.

export interface PlayOptions {
  /** Values for the skill's inputs (the recorded examples fill the rest). */
  inputs?: Record<string, string>;
  /** Names of the secrets stored (a step's {{secret:NAME}} stays a placeholder: the type tool fills it after the policy's check). */
  secretNames: readonly string[];
  /** Replaces the skill's first address (`--url`: the same flow elsewhere). */
  startUrl?: string;
  /** Files for upload steps, by the recorded file name: a path where the browser runs. */
  files?: Record<string, string>;
  /** How long a step waits for its target and its expectations. */
  stepTimeoutMs?: number;
  /** Runs a rewritten step's line as a direct command (the command interpreter); without it, such a step stops the replay. */
  interpret?: (instruction: string, signal?: AbortSignal) => Promise<{ ok: boolean; message: string }>;
  onStep?: (event: StepEvent) => void;
  signal?: AbortSignal;
}

export type StepEvent =
  | { type: 'step-start'; index: number; line: string }
  | { type: 'step-done'; index: number; line: string; ms: number; by: string }
  | { type: 'step-failed'; index: number; line: string; message: string };

export interface PlayResult {
  ok: boolean;
  /** Steps done, in order. */
  done: number;
  total: number;
  /** Why it stopped (names the step), or the last result's text when it finished. */
  message: string;
  /** Per step: milliseconds it took. */
  stepMs: number[];
}

class StepFailure extends Error {}

export async function playSkill(skill: Skill, runner: ToolRunner, context: ToolContext, options: PlayOptions): Promise<PlayResult> {
  const known = new Set(options.secretNames);
  const steps = fillInputs(skill, options.inputs ?? {}, (name) => (known.has(name) ? `{{secret:${name}}}` : null));
  if (options.startUrl) {
    const first = steps.findIndex((s) => s.type === 'navigate');
    const step = steps[first];
    if (step) steps[first] = { ...step, url: options.startUrl };
  }
  const timeoutMs = options.stepTimeoutMs ?? 10_000;
  const stepMs: number[] = [];
  let last = '';
  for (const [index, step] of steps.entries()) {
    const line = describeStep(step);
    const started = Date.now();
    options.signal?.throwIfAborted();
    options.onStep?.({ type: 'step-start', index, line });
    try {
      const { result, by } = await playStep(step, runner, context, options, timeoutMs);
      if (result) {
        if (result.isError) throw new StepFailure(result.display ?? result.text);
        last = result.display ?? result.text;
      }
      if (step.expect?.length) await waitForExpectations(await context.tab(), step.expect, timeoutMs);
      const ms = Date.now() - started;
      stepMs.push(ms);
      options.onStep?.({ type: 'step-done', index, line, ms, by });
    } catch (error) {
      if (options.signal?.aborted) throw error;
      const message = `Step ${index + 1} (${line}) could not be done: ${error instanceof Error ? error.message : String(error)}`;
      options.onStep?.({ type: 'step-failed', index, line, message });
      return { ok: false, done: index, total: steps.length, message, stepMs };
    }
  }
  return { ok: true, done: steps.length, total: steps.length, message: last || `Done: ${steps.length} steps.`, stepMs };
}

async function playStep(
  step: SkillStep,
  runner: ToolRunner,
  context: ToolContext,
  options: PlayOptions,
  timeoutMs: number,
): Promise<{ result: ToolResult | null; by: string }> {
  const call = (name: string, input: Record<string, unknown>) => runner.run({ name, input } satisfies ToolCallRequest, context);
  if (step.instruction) {
    if (!options.interpret) throw new StepFailure('it was rewritten as a direct command, and no command interpreter is available here.');
    const done = await options.interpret(step.instruction, options.signal);
    if (!done.ok) throw new StepFailure(done.message);
    return { result: null, by: 'command' };
  }
  const target = async (): Promise<{ ref: string; by: string }> => {
    if (!step.locators?.length) throw new StepFailure('the recording has no way to find its target.');
    const found = await (await context.tab()).locate(step.locators, { timeoutMs });
    if (found.ref === null)
      throw new StepFailure(
        `nothing on the page matches it any more (looked for ${found.tried.map((t) => `${t.by.kind} "${t.by.name ?? t.by.value}": ${t.matches}`).join('; ')}).`,
      );
    return { ref: found.ref, by: found.by.kind };
  };
  switch (step.type) {
    case 'navigate':
      return { result: await call('navigate', { url: step.url ?? '' }), by: 'address' };
    case 'click':
    case 'doubleClick': {
      const { ref, by } = await target();
      return { result: await call('click', { ref, ...(step.type === 'doubleClick' ? { double: true } : {}) }), by };
    }
    case 'hover': {
      const { ref, by } = await target();
      return { result: await call('hover', { ref }), by };
    }
    case 'change': {
      const { ref, by } = await target();
      return { result: await call('type_text', { ref, text: step.value ?? '' }), by };
    }
    case 'select': {
      const { ref, by } = await target();
      return { result: await call('select_option', { ref, values: [step.value ?? ''] }), by };
    }
    case 'check':
    case 'uncheck': {
      const { ref, by } = await target();
      return { result: await call('check', { ref, checked: step.type === 'check' }), by };
    }
    case 'press':
    case 'keyUp':
      return { result: await call('press_key', { keys: step.key ?? 'Enter' }), by: 'keys' };
    case 'keyDown':
      // Its keyUp presses the key (a Recorder recording that did not merge the two).
      return { result: null, by: 'keys' };
    case 'upload': {
      const path = step.fileName ? options.files?.[step.fileName] : undefined;
      if (!path)
        throw new StepFailure(`it uploads "${step.fileName ?? 'a file'}": give the file to use (its path) when running the skill.`);
      const { ref, by } = await target();
      return { result: await call('upload_file', { ref, name: step.fileName, path }), by };
    }
    case 'scroll': {
      if (step.locators?.length) {
        const { ref, by } = await target();
        return { result: await call('scroll', { direction: 'to', ref }), by };
      }
      return {
        result: await call('scroll', { direction: (step.y ?? 0) > 0 ? 'down' : 'up', amount: Math.max(1, Math.abs(step.y ?? 0)) }),
        by: 'page',
      };
    }
    case 'switchTab':
      return { result: await call('switch_tab', { tab: String((step.tab ?? 0) + 1) }), by: 'tab' };
    case 'close':
      return { result: await call('close_tab', {}), by: 'tab' };
    case 'waitForElement': {
      const { by } = await target();
      return { result: null, by };
    }
    case 'setViewport':
    case 'emulateNetworkConditions':
      // The person's own window and network: replay leaves them as they are.
      return { result: null, by: 'skipped' };
    case 'waitForExpression':
    case 'customStep':
      throw new StepFailure('Wayfinder does not run page scripts from a recording; rewrite this step as a direct command.');
  }
}

async function waitForExpectations(tab: Tab, expectations: SkillExpect[], timeoutMs: number): Promise<void> {
  for (const expectation of expectations) {
    if (expectation.kind === 'text') {
      await tab.waitFor({ kind: 'text', text: expectation.value }, timeoutMs).catch(() => {
        throw new StepFailure(`the page never showed "${expectation.value}".`);
      });
    } else if (expectation.kind === 'url') {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const { url } = await tab.info();
        if (urlMatches(url, expectation)) break;
        if (Date.now() > deadline)
          throw new StepFailure(`it should lead to an address with ${expectation.value}, and the tab is at ${url}.`);
        await tab.waitFor({ kind: 'navigation' }, Math.min(1_000, Math.max(1, deadline - Date.now()))).catch(() => undefined);
      }
    } else if (expectation.locators?.length && expectation.state === 'hidden') {
      // Gone: looked for now and again until it is (waiting for it to appear would take the whole timeout).
      const deadline = Date.now() + timeoutMs;
      while ((await tab.locate(expectation.locators)).ref !== null) {
        if (Date.now() > deadline) throw new StepFailure('what it should leave hidden is still there.');
        await tab.waitFor({ kind: 'time', ms: 100 });
      }
    } else if (expectation.locators?.length) {
      if ((await tab.locate(expectation.locators, { timeoutMs })).ref === null)
        throw new StepFailure('what it should leave on the page is not there.');
    }
  }
}

function urlMatches(url: string, expectation: Extract<SkillExpect, { kind: 'url' }>): boolean {
  if (expectation.match === 'exact') return url === expectation.value;
  if (expectation.match === 'prefix') return url.startsWith(expectation.value);
  return url.includes(expectation.value);
}
