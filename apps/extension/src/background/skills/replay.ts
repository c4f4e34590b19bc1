import {
  byHandQuestion,
  createModelSlot,
  DEFAULT_RENDER,
  makeToolContext,
  parseModelSpec,
  normalizeAddress,
  playSkill,
  repairModelFrom,
  repairQuestion,
  siteOf,
  runTask,
  TabSession,
  ToolRegistry,
  ToolRunner,
  withRequestGuard,
  describeStep,
  fillInputs,
  type AgentEvent,
  type PlanStep,
  type PlayResult,
  type RepairOptions,
  type RunHooks,
  type Skill,
  type ToolCallRequest,
  type ToolContext,
  type ToolResult,
  type ToolRunnerOptions,
} from '@wayfinder/core';
import { stepByHand } from '@wayfinder/cdp';
import type { ExtensionBrowser } from '@wayfinder/cdp/extension';
import { logError } from '../../lib/log';
import { slotFor } from '../../lib/models';
import { loadSecrets } from '../../lib/safety-store';
import { loadSettings } from '../../lib/settings';
import type { TaskBody } from '../tasks/run';

// A skill replayed as a task: the task launcher gives it the task's own browser, policy,
// the worker's one redaction (its secrets fill the steps) and confirmations (asked in the
// panel), so a skill never skips what a model's call would be asked; core's playSkill does
// each step through a ToolRunner with no model, under its gate's request guard.
// Each tool call it makes shows in the task's timeline like an agent's, and the skill's steps
// as a live checklist (the panel's plan view): done, doing, failed with why, not reached.
// Repair on drift is on, as in `wayfinder skill run` (docs/0026): a drifted target is found
// again by its names, else picked by the main model when one is set up (shown the page fenced
// and redacted); a fix to a skill marked risky is asked about first, through the runner's gate
// (a card in the panel, like every question of the task).

/** A ToolRunner whose calls show in the timeline as an agent's do. */
class TimelineRunner extends ToolRunner {
  private calls = 0;

  constructor(
    options: ToolRunnerOptions,
    private readonly emit: (event: AgentEvent) => void,
    private readonly step: () => number,
  ) {
    super(options);
  }

  override async run(call: ToolCallRequest, context: ToolContext, offered?: readonly string[], hooks: RunHooks = {}): Promise<ToolResult> {
    const id = `skill-${++this.calls}`;
    const step = this.step();
    const started = Date.now();
    // Told once the policy has looked at the call (a value it types into a password field is then hidden in the record).
    const result = await super.run(call, context, offered, {
      announce: () => {
        hooks.announce?.();
        this.emit({ type: 'tool-call', step, id, name: call.name, input: call.input });
      },
    });
    this.emit({
      type: 'tool-result',
      step,
      id,
      name: call.name,
      ok: !result.isError,
      summary: result.text.split('\n')[0]?.slice(0, 240) ?? '',
      ms: Date.now() - started,
      data: result.data,
      ...(result.display === null ? {} : { display: result.display }),
    });
    return result;
  }
}

export interface SkillRunRequest {
  skill: Skill;
  inputs: Record<string, string>;
  /** In the tab the person last used, or a new tab. */
  where: 'current' | 'new';
  /** Told how the replay ended (the Skills page's "last run", and a repaired skill written back). */
  finished: (result: PlayResult) => Promise<void>;
}

export function skillBody(request: SkillRunRequest): TaskBody {
  const { skill } = request;
  return async ({ browser, policy, redaction, signal, confirm, answerWithinMs, onEvent }) => {
    let step = 0;
    const runner = new TimelineRunner(
      {
        registry: new ToolRegistry(),
        policy,
        render: { ...DEFAULT_RENDER, redact: redaction.apply },
        confirm,
        answerWithinMs,
        onEvent,
      },
      onEvent,
      () => step,
    );
    if (request.where === 'new') await browser.openTab();
    const first = skill.steps.find((s) => s.type === 'navigate')?.url;
    // The skill's own start is where the task begins (a new site after it is still asked about).
    if (first) policy.begin(normalizeAddress(first));
    const context = makeToolContext({
      browser,
      tabs: new TabSession(browser),
      signal,
      fillSecrets: (text) => redaction.secrets.fill(text),
    });
    const secretNames = (await loadSecrets()).map((s) => s.name);
    const repair = await repairOptions(skill, runner, context, redaction, browser);
    const plan: PlanStep[] = planLines(skill, request.inputs).map((text) => ({ text, status: 'pending' }));
    const mark = (index: number, status: PlanStep['status'], result?: string) => {
      const step = plan[index];
      if (!step) return;
      plan[index] = { ...step, status, ...(result ? { result } : {}) };
      onEvent({ type: 'plan-step', index, step: plan[index], plan: [...plan] });
    };
    const result: PlayResult = await withRequestGuard(
      browser,
      (pageRequest) => runner.request(pageRequest),
      () =>
        playSkill(skill, runner, context, {
          inputs: request.inputs,
          secretNames,
          repair,
          signal,
          // A step whose line the person rewrote is done as that direct command, by the command interpreter (no model).
          interpret: async (instruction, stepSignal) => {
            const done = await runTask({
              task: instruction,
              mode: 'act',
              browser,
              models: { actor: createModelSlot(parseModelSpec('command')) },
              maxSteps: 10,
              policy,
              secrets: redaction.secrets,
              redaction,
              confirm,
              answerWithinMs,
              signal: stepSignal ?? signal,
            });
            return { ok: done.success, message: done.summary };
          },
          onStep: (event) => {
            if (event.type === 'step-start') {
              step = event.index + 1;
              onEvent({ type: 'step-start', step });
              mark(event.index, 'running');
            } else if (event.type === 'step-done') mark(event.index, 'done', event.unverified);
            else if (event.type === 'step-repairing')
              onEvent({ type: 'notice', step, message: `Step ${event.index + 1} drifted; ${REPAIRING[event.by]}…` });
            else if (event.type === 'step-repaired')
              onEvent({
                type: 'notice',
                step,
                message: `Step ${event.index + 1} drifted and was ${event.by === 'model' ? 'picked by the model' : 'found again'}: ${event.to}`,
              });
            else {
              // Failed: the checklist says why in a few words; the answer below says it whole.
              mark(event.index, 'failed', event.message.replace(/^Step \d+ \(.*?\) could not be done: /, ''));
              for (let later = event.index + 1; later < plan.length; later++) mark(later, 'skipped');
            }
          },
        }),
    );
    await request.finished(result).catch((error: unknown) => logError('wayfinder: could not keep how the skill ran', error));
    return {
      success: result.ok,
      // The last tool result is written for a model (page text fenced): the person reads how many steps were done.
      summary: result.ok
        ? result.unverified.length
          ? result.message
          : `Done: all ${result.total} steps of "${skill.name}".`
        : failedSummary(skill, result),
      steps: result.done,
    };
  };
}

const REPAIRING: Record<'find' | 'model' | 'person', string> = {
  find: 'trying the element found by its names',
  model: "trying the model's pick",
  person: 'waiting for it to be done by hand',
};

/**
 * How a drifted step is repaired here: by name; by the main model when one is set up (the
 * command interpreter picks nothing); by the person's hand (a card in the panel: they do the
 * step in the page and press Done, and the element they used is kept); a fix to a skill that
 * is not low-risk asked through the gate first.
 */
async function repairOptions(
  skill: Skill,
  runner: ToolRunner,
  context: ToolContext,
  redaction: Parameters<TaskBody>[0]['redaction'],
  browser: ExtensionBrowser,
): Promise<RepairOptions> {
  const siteNow = async () => {
    const tab = await context.tab().catch(() => null);
    return siteOf((await tab?.info().catch(() => null))?.url ?? '') || 'this site';
  };
  const repair: RepairOptions = {
    byHand: async (request, signal) => {
      const tab = await browser.tab(Number((await context.tab()).id));
      const site = await siteNow();
      const locators = await stepByHand(browser.forRecording(), tab, async () => {
        const verdict = await runner.gate.confirm(
          { question: byHandQuestion(request), kind: 'tool', site, choices: 'done' },
          'repair_skill',
          { step: request.index + 1, by: 'person' },
        );
        return verdict.allowed;
      });
      signal?.throwIfAborted();
      return locators;
    },
    approve: async (fix) => {
      const site = await siteNow();
      const verdict = await runner.gate.confirm(
        {
          question: repairQuestion(fix),
          kind: 'tool',
          site,
          choices: 'once',
        },
        'repair_skill',
        { step: fix.step, by: fix.by, to: fix.to },
      );
      return verdict.allowed;
    },
  };
  const settings = await loadSettings();
  const choice = settings.roles.actor;
  if (choice.provider === 'command') return repair;
  try {
    repair.model = repairModelFrom(slotFor(settings, choice), redaction);
  } catch (error) {
    // A model not set up right: repair by name only (the task's own start says what is wrong with it).
    logError(`wayfinder: no model repair for "${skill.name}"`, error);
  }
  return repair;
}

/**
 * A failed replay as the person reads it in the panel: which step, why, what was done before
 * it, and what they can do from here (no command lines: this is the browser).
 */
function failedSummary(skill: Skill, result: PlayResult): string {
  const before = result.done === 0 ? 'Nothing was done before it.' : `Steps 1–${result.done} were done.`;
  const drifted = /nothing on the page matches it|no single element/.test(result.message);
  const next = drifted
    ? `Do step ${result.done + 1} yourself in the page and go on by hand, or open "${skill.name}" on the Skills page and rewrite that step's line in plain words: a rewritten line is done as a direct command.`
    : 'Look at the page, then Retry, or finish it by hand.';
  return `${result.message} ${before} ${next}`;
}

/** The skill's steps as lines with this run's inputs in them (a secret stays its name; a missing input, its placeholder). */
function planLines(skill: Skill, inputs: Record<string, string>): string[] {
  try {
    return fillInputs(skill, inputs, (name) => `{{secret:${name}}}`).map(describeStep);
  } catch {
    // An input missing: the replay says so itself; the checklist shows the steps as written.
    return skill.steps.map(describeStep);
  }
}
