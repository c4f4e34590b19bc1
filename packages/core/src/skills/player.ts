import type { LocateResult, Tab } from '../browser/port';
import { describeStep } from './describe';
import { fillInputs } from './inputs';
import { describeExpect, urlFits } from './postconditions';
import { applyFixes, describeLocators, findByNames, type RepairOptions, type StepFix } from './repair';
import type { Skill, SkillExpect, SkillLocator, SkillRepair, SkillStep } from './types';
import { CodedError } from '../errors';

/**
 * What the player needs of where steps run: the tab (to find targets and check what a step
 * should have done). The context is the caller's (the runner's ToolContext); the player only passes it on.
 */
export interface StepContext {
  tab(): Promise<Tab>;
}

/** What a step's call came to, as the player reads it (the runner's ToolResult is one). */
export interface StepResult {
  text: string;
  isError: boolean;
  data: Record<string, unknown>;
  display: string | null;
}

/** The gated path steps are played through (the ToolRunner: each step judged as a model's call would be). */
export interface StepCaller<C extends StepContext> {
  run(call: { name: string; input: unknown }, context: C): Promise<StepResult>;
}

// Replays a skill without a model: each step's target found again from its ranked locators
// (the tab's `locate`), then done through the ToolRunner — the same gated path as a model's
// tool call, so a skill never skips a confirmation, a site rule or the secrets rules — then
// its expectations waited for. A step a person rewrote runs as a direct command (the
// command interpreter, given by the host). A step whose target drifted is repaired when
// `repair` is given (repair.ts); the first step that cannot be done stops the replay with a
// sentence naming it and what was looked for.

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
  /** Repair on drift: present (even `{}`) turns it on — re-finding by name always, then the model and the person when given. */
  repair?: RepairOptions;
  onStep?: (event: StepEvent) => void;
  signal?: AbortSignal;
}

export type StepEvent =
  | { type: 'step-start'; index: number; line: string }
  | { type: 'step-done'; index: number; line: string; ms: number; by: string; unverified?: string }
  | { type: 'step-repairing'; index: number; line: string; problem: string; by: SkillRepair['by'] }
  | { type: 'step-repaired'; index: number; line: string; by: SkillRepair['by']; from: string; to: string }
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
  /** The fixes made on the way (empty when nothing drifted). */
  repairs: SkillRepair[];
  /**
   * Steps that did their part (the page moved on) but did not show what the recording
   * expected: reported, never retried — doing a submission again would submit twice. The
   * last step so: the replay is done, "but …"; an earlier one: the replay stops after it.
   */
  unverified: { step: number; line: string; message: string }[];
  /** The skill with those fixes (one version up, the repair log extended): what a host writes back. The same skill when none. */
  skill: Skill;
}

/**
 * Why a step failed: its target is gone (`target`), it did not do what it should (`expect`),
 * the policy or the person said no (`refused`: never repaired around), or anything else.
 */
type FailureKind = 'target' | 'expect' | 'refused' | 'other';

/** How long an element is looked for before the page is asked whether it is still loading. */
const QUICK_LOOK_MS = 1_500;

class StepFailure extends CodedError<FailureKind> {
  static override readonly marker = Symbol.for('wayfinder.skill-step.error');
  override readonly name = 'StepFailure';

  constructor(
    message: string,
    kind: FailureKind = 'other',
    /** The element the step acted on before it failed (a repair tries another). */
    readonly ref: string | null = null,
  ) {
    super(kind, message, false);
  }

  get kind(): FailureKind {
    return this.code;
  }
}

export async function playSkill<C extends StepContext>(
  skill: Skill,
  runner: StepCaller<C>,
  context: C,
  options: PlayOptions,
): Promise<PlayResult> {
  // Steps read no page state from their results (each finds its own target): the tools skip the snapshot after an action.
  context = { ...context, pageAfter: 'none' };
  const known = new Set(options.secretNames);
  const steps = fillInputs(skill, options.inputs ?? {}, (name) => (known.has(name) ? `{{secret:${name}}}` : null));
  if (options.startUrl) {
    const first = steps.findIndex((s) => s.type === 'navigate');
    const step = steps[first];
    if (step) steps[first] = { ...step, url: options.startUrl };
  }
  const timeoutMs = options.stepTimeoutMs ?? 10_000;
  const stepMs: number[] = [];
  const fixes: StepFix[] = [];
  const unverified: PlayResult['unverified'] = [];
  const finish = (ok: boolean, done: number, message: string): PlayResult => {
    const fixed = applyFixes(skill, fixes, options.repair?.now?.() ?? new Date());
    const caveat =
      ok && unverified.length ? `Done, but step ${unverified.map((u) => `${u.step} (${u.line}): ${u.message}`).join('; step ')}` : '';
    return {
      ok,
      done,
      total: steps.length,
      message: caveat || message,
      stepMs,
      repairs: fixed.repairs.slice(skill.repairs.length),
      unverified,
      skill: fixed,
    };
  };
  let last = '';
  for (const [index, step] of steps.entries()) {
    const line = describeStep(step);
    const started = Date.now();
    options.signal?.throwIfAborted();
    options.onStep?.({ type: 'step-start', index, line });
    try {
      let by: string;
      let caveat: string | null = null;
      try {
        ({ by, text: last, unverified: caveat } = await doStep(step, runner, context, options, timeoutMs, null));
      } catch (error) {
        if (!StepFailure.isInstance(error) || !options.repair || !canRepair(step, error)) throw error;
        const fix = await repairStep(skill, index, step, line, error, runner, context, options, options.repair, timeoutMs);
        fixes.push(fix.fix);
        ({ by, text: last } = fix);
      }
      const ms = Date.now() - started;
      stepMs.push(ms);
      if (caveat) unverified.push({ step: index + 1, line, message: caveat });
      options.onStep?.({ type: 'step-done', index, line, ms, by, ...(caveat ? { unverified: caveat } : {}) });
      // Steps after one that left the page somewhere unexpected would act on a page nobody recorded: the replay stops there.
      if (caveat && steps.slice(index + 1).some((s) => s.type !== 'scroll' && s.type !== 'waitForElement'))
        return finish(
          false,
          index + 1,
          `Step ${index + 1} (${line}) was done, but ${caveat} It was not done again (it may have sent something); the replay stopped there rather than go on from a page it did not expect.`,
        );
    } catch (error) {
      if (options.signal?.aborted) throw error;
      const message = `Step ${index + 1} (${line}) could not be done: ${error instanceof Error ? error.message : String(error)}`;
      options.onStep?.({ type: 'step-failed', index, line, message });
      return finish(false, index, message);
    }
  }
  return finish(true, steps.length, last || `Done: ${steps.length} steps.`);
}

/** A step with a target, that failed for its target or its expectations (never a refusal: that is an answer). */
function canRepair(step: SkillStep, failure: StepFailure): boolean {
  return !step.instruction && Boolean(step.locators?.length) && (failure.kind === 'target' || failure.kind === 'expect');
}

/** One step, with its target found from its locators, or the element given (`ref`, a repair's); then its expectations. */
async function doStep<C extends StepContext>(
  step: SkillStep,
  runner: StepCaller<C>,
  context: C,
  options: PlayOptions,
  timeoutMs: number,
  ref: string | null,
): Promise<{ by: string; text: string; ref: string | null; unverified: string | null }> {
  const before = step.expect?.length ? await (await context.tab()).info().catch(() => null) : null;
  const played = await playStep(step, runner, context, options, timeoutMs, ref);
  const { result, by } = played;
  if (result?.isError) {
    const refused = result.data.refused === 'policy' || result.data.refused === 'person';
    throw new StepFailure(result.display ?? result.text, refused ? 'refused' : 'other', played.ref);
  }
  const text = result ? (result.display ?? result.text) : '';
  if (step.expect?.length) {
    const tab = await context.tab();
    try {
      await waitForExpectations(tab, step.expect, timeoutMs, played.linkTo ?? null, before?.url ?? null);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      // The step did something (a new page, another address or title): it is done, and said not to have shown what was
      // expected — never failed and repaired, which would do it (a submission, a payment) a second time.
      const after = await tab.info().catch(() => null);
      const moved = result?.data.navigated === true || (before && after && (before.url !== after.url || before.title !== after.title));
      // A repair's element (`ref` given) that leads somewhere else was the wrong element: that is a failed repair.
      if (moved && ref === null) return { by, text, ref: played.ref, unverified: message };
      throw new StepFailure(message, 'expect', played.ref);
    }
  }
  return { by, text, ref: played.ref, unverified: null };
}

/**
 * Repairs a drifted step, in the issue's order: (1) the element found again by its names;
 * (2) the model's pick; (3) the person, by hand. A fix counts only when the step, done with
 * it, succeeds and its expectations hold. On a skill whose risk is not low, each fix is
 * asked about first.
 */
async function repairStep<C extends StepContext>(
  skill: Skill,
  index: number,
  step: SkillStep,
  line: string,
  failure: StepFailure,
  runner: StepCaller<C>,
  context: C,
  options: PlayOptions,
  repair: RepairOptions,
  timeoutMs: number,
): Promise<{ by: string; text: string; fix: StepFix }> {
  const from = describeLocators(step.locators);
  const tried: string[] = [];
  let problem = failure.message;
  const approved = async (by: SkillRepair['by'], to: string): Promise<boolean> => {
    if (skill.risk === 'low') return true;
    const yes = (await repair.approve?.({ skill: skill.name, step: index + 1, line, by, from, to })) ?? false;
    if (!yes) tried.push(`the ${by === 'find' ? 'match by name' : by === 'model' ? "model's pick" : 'fix'} (${to}) was not approved`);
    return yes;
  };
  /** Does the step with this element; its locators are read first (doing it may leave the page). */
  const attempt = async (by: 'find' | 'model', ref: string): Promise<{ by: string; text: string; fix: StepFix } | null> => {
    const tab = await context.tab();
    const locators = await tab.locatorsOf(ref).catch(() => []);
    const to = describeLocators(locators);
    if (!locators.length || !(await approved(by, to))) return null;
    options.onStep?.({ type: 'step-repairing', index, line, problem, by });
    try {
      const done = await doStep(step, runner, context, options, timeoutMs, ref);
      options.onStep?.({ type: 'step-repaired', index, line, by, from, to });
      return { by: `repaired (${by})`, text: done.text, fix: { index, by, from, to, locators } };
    } catch (error) {
      if (!StepFailure.isInstance(error) || error.kind === 'refused') throw error;
      problem = error.message;
      tried.push(`${by === 'find' ? 'the match by name' : "the model's pick"} (${to}): ${error.message}`);
      return null;
    }
  };

  const found = await findByNames(await context.tab(), step, failure.ref);
  const byName = found ? await attempt('find', found.ref) : null;
  if (byName) return byName;
  if (!found) tried.push('no single element on the page has the names it was recorded with');

  if (repair.model) {
    const tab = await context.tab();
    const snapshot = await tab.snapshot();
    const answer = await repair.model(
      { skill, index, step, line, problem, snapshot, screenshot: () => tab.screenshot({ format: 'jpeg', quality: 70 }) },
      options.signal,
    );
    const picked = answer && answer.ref !== failure.ref ? await attempt('model', answer.ref) : null;
    if (picked) return picked;
    if (!answer) tried.push('the model found no such element on the page');
  }

  if (repair.byHand && (await approved('person', 'what the person does'))) {
    options.onStep?.({ type: 'step-repairing', index, line, problem, by: 'person' });
    const locators = await repair.byHand({ index, line, problem }, options.signal);
    if (locators?.length) {
      if (step.expect?.length) await waitForExpectations(await context.tab(), step.expect, timeoutMs);
      const to = describeLocators(locators);
      options.onStep?.({ type: 'step-repaired', index, line, by: 'person', from, to });
      return { by: 'repaired (person)', text: 'Done by hand.', fix: { index, by: 'person', from, to, locators } };
    }
    tried.push('the person did not do it');
  }
  throw new StepFailure(`${failure.message} Repair: ${tried.join('; ')}.`, failure.kind, failure.ref);
}

async function playStep<C extends StepContext>(
  step: SkillStep,
  runner: StepCaller<C>,
  context: C,
  options: PlayOptions,
  timeoutMs: number,
  given: string | null,
): Promise<{ result: StepResult | null; by: string; ref: string | null; linkTo?: string | null }> {
  const call = (name: string, input: Record<string, unknown>) => runner.run({ name, input }, context);
  if (step.instruction) {
    if (!options.interpret) throw new StepFailure('it was rewritten as a direct command, and no command interpreter is available here.');
    const done = await options.interpret(step.instruction, options.signal);
    if (!done.ok) throw new StepFailure(done.message);
    return { result: null, by: 'command', ref: null };
  }
  const target = async (): Promise<{ ref: string; by: string }> => {
    if (given) return { ref: given, by: 'repair' };
    if (!step.locators?.length) throw new StepFailure('the recording has no way to find its target.');
    const found = await locateTarget(await context.tab(), step.locators, timeoutMs);
    if (found.ref === null)
      throw new StepFailure(
        `nothing on the page matches it any more (looked for ${found.tried.map((t) => `${t.by.kind} "${t.by.name ?? t.by.value}": ${t.matches}`).join('; ')}).`,
        'target',
      );
    return { ref: found.ref, by: found.by.kind };
  };
  /** Finds the target, then calls the tool on it (reading first where a link points, when that is what the step should lead to). */
  const on = async (name: string, input: (ref: string) => Record<string, unknown>) => {
    const { ref, by } = await target();
    const followsLink = step.expect?.some((e) => e.kind === 'url' && e.match === 'link');
    const linkTo = followsLink ? (await (await context.tab()).describe(ref).catch(() => null))?.href || null : null;
    return { result: await call(name, input(ref)), by, ref, linkTo };
  };
  const none = { ref: null };
  switch (step.type) {
    case 'navigate':
      return { result: await call('navigate', { url: step.url ?? '' }), by: 'address', ...none };
    case 'click':
    case 'doubleClick':
      return on('click', (ref) => ({ ref, ...(step.type === 'doubleClick' ? { double: true } : {}) }));
    case 'hover':
      return on('hover', (ref) => ({ ref }));
    case 'change':
      return on('type_text', (ref) => ({ ref, text: step.value ?? '' }));
    case 'select':
      return on('select_option', (ref) => ({ ref, values: [step.value ?? ''] }));
    case 'check':
    case 'uncheck':
      return on('check', (ref) => ({ ref, checked: step.type === 'check' }));
    case 'press':
    case 'keyUp': {
      // Where the key was pressed, when the recording knows: a hint (found at once or not at all), else wherever focus is.
      const at = given ?? (step.locators?.length ? (await (await context.tab()).locate(step.locators, { timeoutMs: 1_000 })).ref : null);
      return {
        result: await call('press_key', { keys: step.key ?? 'Enter', ...(at ? { ref: at } : {}) }),
        by: at ? 'keys at target' : 'keys',
        ref: at,
      };
    }
    case 'keyDown':
      // Its keyUp presses the key (a Recorder recording that did not merge the two).
      return { result: null, by: 'keys', ...none };
    case 'upload': {
      const path = step.fileName ? options.files?.[step.fileName] : undefined;
      if (!path)
        throw new StepFailure(`it uploads "${step.fileName ?? 'a file'}": give the file to use (its path) when running the skill.`);
      return on('upload_file', (ref) => ({ ref, name: step.fileName, path }));
    }
    case 'scroll': {
      if (step.locators?.length) return on('scroll', (ref) => ({ direction: 'to', ref }));
      return {
        result: await call('scroll', { direction: (step.y ?? 0) > 0 ? 'down' : 'up', amount: Math.max(1, Math.abs(step.y ?? 0)) }),
        by: 'page',
        ...none,
      };
    }
    case 'switchTab':
      return { result: await call('switch_tab', { tab: String((step.tab ?? 0) + 1) }), by: 'tab', ...none };
    case 'close':
      return { result: await call('close_tab', {}), by: 'tab', ...none };
    case 'waitForElement': {
      const { ref, by } = await target();
      return { result: null, by, ref };
    }
    case 'setViewport':
    case 'emulateNetworkConditions':
      // The person's own window and network: replay leaves them as they are.
      return { result: null, by: 'skipped', ...none };
    case 'waitForExpression':
    case 'customStep':
      throw new StepFailure('Wayfinder does not run page scripts from a recording; rewrite this step as a direct command.');
  }
}

/**
 * The step's element: looked for briefly, then — if the page is still fetching what it will
 * show — again once its requests have settled, up to the step's time. A page that is quiet
 * and lacks the element has drifted: saying so at once (and repairing) beats waiting out the
 * whole timeout.
 */
async function locateTarget(tab: Tab, locators: SkillLocator[], timeoutMs: number): Promise<LocateResult> {
  const started = Date.now();
  const first = await tab.locate(locators, { timeoutMs: Math.min(timeoutMs, QUICK_LOOK_MS) });
  if (first.ref !== null) return first;
  const left = () => Math.max(0, timeoutMs - (Date.now() - started));
  await tab.waitFor({ kind: 'network-idle', idleMs: 300 }, left()).catch(() => undefined);
  return tab.locate(locators, { timeoutMs: Math.min(left(), QUICK_LOOK_MS) });
}

async function waitForExpectations(
  tab: Tab,
  expectations: SkillExpect[],
  timeoutMs: number,
  linkTo: string | null = null,
  before: string | null = null,
): Promise<void> {
  for (const expectation of expectations) {
    if (expectation.kind === 'text') {
      await tab.waitFor({ kind: 'text', text: expectation.value }, timeoutMs).catch(() => {
        throw new StepFailure(`the page never showed "${expectation.value}".`);
      });
    } else if (expectation.kind === 'url') {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const { url } = await tab.info();
        if (urlFits(url, expectation, linkTo, before)) break;
        if (Date.now() > deadline)
          throw new StepFailure(
            `the page did not show ${linkTo ? `where its link points (${linkTo})` : describeExpect(expectation)}: the tab is at ${url}.`,
          );
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
