import { BrowserError } from '../browser/errors';
import { siteOf } from '../browser/hosts';
import type { MemoryAccess } from '../memory/types';
import { ModelError } from '../model/errors';
import { Redaction } from '../policy/redaction';
import { ALLOW_ALL, type ConfirmAnswer } from '../policy/types';
import { SiteSkills } from '../skills/library';
import { startingCapabilities } from '../tools/offer';
import { ALL_TOOLS, ToolRegistry } from '../tools/registry';
import { DEFAULT_RENDER, type RenderOptions } from '../tools/response';
import { TabSession } from '../tools/session';
import type { AgentEvent, PlanStep } from './events';
import { ActLoop, DEFAULT_MAX_STEPS, HARD_MAX_STEPS, type LoopHost, type LoopOutcome } from './loop';
import { attachedMedia, opening, type Attachment } from './opening';
import { runPlan } from './plan';
import { TaskRecord } from './record';
import type { PlanDecision, RunOptions } from './options';

export type { PlanDecision, RunOptions };
import { ACT_SYSTEM, ASK_SYSTEM } from './prompts';
import { answerInterruptedCalls, upgradeSavedMessages } from './resume';
import { MemoryStore, newTaskState, type TaskState } from './state';

export type { Attachment };

// Running a task: act (one loop), plan (a planner proposes steps, the host approves or
// edits them, an executor loop carries out each with earlier results in view), or ask
// (read-only tools, the page's content attached, the answer is the reply).

export interface TaskResult {
  taskId: string;
  success: boolean;
  summary: string;
  status: TaskState['status'];
  steps: number;
  usage: { inputTokens: number; outputTokens: number };
  error: { code: string; message: string } | null;
  plan: PlanStep[] | null;
  /** The model's own summary when the record contradicts it (a declined payment it says it made); `summary` says what happened. */
  claim: string | null;
}

function newId(): string {
  return `t${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
}

/** Addresses a tool's data names (an action's outcome, the page read). */
function urlsIn(data: unknown): string[] {
  if (typeof data !== 'object' || data === null) return [];
  const found: string[] = [];
  for (const [key, value] of Object.entries(data)) {
    if (key === 'url' && typeof value === 'string' && /^https?:/i.test(value)) found.push(value);
    else if (typeof value === 'object' && value !== null && !Array.isArray(value)) found.push(...urlsIn(value));
  }
  return found;
}

/** What an ended task leaves in memory: the task, what came of it, the sites it used. */
async function leaveRecord(memory: MemoryAccess, state: TaskState, visited: Set<string>, redaction: Redaction): Promise<void> {
  const sites = [...new Set([...visited].map((url) => siteOf(url)).filter(Boolean))];
  // Kept, and read by later tasks: written through the one redaction like every sink.
  await memory.tasks.addTaskRecord(
    redaction.value({
      taskId: state.id,
      task: state.task,
      summary: state.result?.summary ?? '',
      success: state.result?.success ?? false,
      status: state.status,
      sites,
      endedAt: Date.now(),
    }),
  );
}

/** What the model reads when the person asks it to go on with a task that ended. */
function continueText(ended: string | undefined): string {
  const why = ended ? ` It had ended with: ${JSON.stringify(ended.slice(0, 300))}.` : '';
  return `The person asked you to continue this task from where it stopped.${why} The page may have changed meanwhile: look at it before acting, then go on with the task.`;
}

export async function runTask(options: RunOptions): Promise<TaskResult> {
  const mode = options.resume?.mode ?? options.mode ?? 'act';
  const maxSteps = Math.min(options.maxSteps ?? DEFAULT_MAX_STEPS, HARD_MAX_STEPS);
  const store = options.store ?? new MemoryStore();
  const signal = options.signal ?? new AbortController().signal;
  // The addresses the task's tools reported: the sites its record names.
  const visited = new Set<string>();
  // What the person declined: the result is reconciled with it before it is shown (record.ts).
  const record = new TaskRecord();
  const emit = (event: AgentEvent) => {
    record.note(event);
    if (event.type === 'tool-result') for (const url of urlsIn(event.data)) visited.add(url);
    options.onEvent?.(event);
  };
  const base = options.render ?? DEFAULT_RENDER;
  // eslint-disable-next-line no-restricted-syntax -- a host that gives no redaction gets one of the task's own
  const redaction = options.redaction ?? new Redaction(options.secrets);
  const vault = options.secrets ?? (redaction.secrets.size ? redaction.secrets : null);
  // Every result is redacted by the one redaction, whatever else the host's render does.
  const render: RenderOptions = { ...base, redact: (text) => redaction.text(base.redact(text)) };
  const state: TaskState = options.resume
    ? { ...options.resume, status: 'running', messages: upgradeSavedMessages(options.resume.messages) }
    : newTaskState(options.taskId ?? newId(), options.task, mode);
  const save = async (s: TaskState) => {
    s.updatedAt = Date.now();
    // What is kept passes the same redaction as what is shown (a value typed into a password field, a card number).
    await store.saveTask(redaction.value(s));
  };
  const host: LoopHost = {
    browser: options.browser,
    models: options.models,
    registry: new ToolRegistry(ALL_TOOLS),
    policy: options.policy ?? ALLOW_ALL,
    signal,
    render,
    emit,
    save,
    askUser: options.askUser ?? (() => Promise.resolve('(No one is available to answer; decide without it, or finish with done.)')),
    confirm: options.confirm ?? (() => Promise.resolve<ConfirmAnswer>('deny')),
    ...(options.answerWithinMs ? { answerWithinMs: options.answerWithinMs } : {}),
    secrets: vault,
    ...(options.betweenSteps ? { betweenSteps: options.betweenSteps } : {}),
    ...(options.memory ? { memory: options.memory } : {}),
    ...(options.skills ? { skills: new SiteSkills(options.skills) } : {}),
    ...(options.research ? { research: options.research } : {}),
    ...(options.summarisePage ? { summarisePage: options.summarisePage } : {}),
  };
  // What the tools may use, as the host gives it (tools/offer.ts decides from it what is offered).
  const has = await startingCapabilities(
    { memory: options.memory ?? null, skills: options.skills ?? null, research: options.research ?? null },
    mode,
  );
  const offer = {
    has,
    mode: mode === 'ask' ? ('ask' as const) : ('act' as const),
    set: options.tools ?? (options.models.actor.allTools ? 'all' : 'core'),
  };
  const facts = options.memory ? await options.memory.facts.listFacts().catch(() => []) : [];
  emit({ type: 'task-start', taskId: state.id, task: state.task, mode, model: options.models.actor.label });
  // An act or ask conversation (fresh or resumed): one loop in the task's own tab session.
  const actLoop = () =>
    new ActLoop(host, {
      state,
      offer,
      maxSteps,
      tabs: new TabSession(options.browser),
      textAnswers: mode === 'ask',
    }).go();

  let outcome: LoopOutcome;
  try {
    if (options.resume && mode === 'plan') {
      const message =
        'The browser restarted the agent in the middle of this plan; a plan cannot pick up where it stopped. Its steps so far are kept: run it again to go on.';
      outcome = { success: false, summary: message, error: { code: 'interrupted', message } };
    } else if (options.resume) {
      const repaired = answerInterruptedCalls(state.messages);
      const marked = repaired ? `, ${repaired} interrupted call${repaired === 1 ? '' : 's'} marked` : '';
      if (options.continuing) {
        const ended = options.resume.result?.summary;
        state.messages.push({
          role: 'user',
          content: [{ type: 'text', text: continueText(ended) }],
        });
        emit({ type: 'notice', step: state.step, message: `Continuing from step ${state.step}${marked}.` });
      } else
        emit({ type: 'notice', step: state.step, message: `Resumed after the browser restarted the agent (step ${state.step}${marked}).` });
      await save(state);
      outcome = await actLoop();
    } else if (mode === 'plan') outcome = await runPlan(options, host, state, { maxSteps, render, offer, facts, record });
    else {
      const system = mode === 'ask' ? ASK_SYSTEM : ACT_SYSTEM;
      const first = await opening(options.browser, options.task, mode, render, {
        history: options.history,
        includePage: options.includePage,
        secrets: vault,
        attachments: options.attachments,
        facts,
        skills: host.skills,
      });
      state.messages = [
        { role: 'system', content: system },
        { role: 'user', content: [{ type: 'text', text: first }, ...attachedMedia(options.attachments, options.models.actor)] },
      ];
      await save(state);
      outcome = await actLoop();
    }
  } catch (error) {
    const failure = ModelError.isInstance(error) || BrowserError.isInstance(error) ? error : null;
    const code = signal.aborted ? 'stopped' : (failure?.code ?? 'unexpected');
    const message = signal.aborted ? 'Stopped by the user.' : error instanceof Error ? error.message : String(error);
    outcome = { success: false, summary: message, error: { code, message } };
  }

  // The model may say it succeeded after the person declined what the task needed: what happened comes first.
  const reconciled = record.reconcile(outcome.success, outcome.summary);
  outcome = { ...outcome, success: reconciled.success, summary: reconciled.summary };
  state.status =
    outcome.error?.code === 'stopped'
      ? 'stopped'
      : outcome.error?.code === 'interrupted'
        ? 'interrupted'
        : outcome.success
          ? 'done'
          : 'failed';
  state.result = { success: outcome.success, summary: outcome.summary, ...(reconciled.claim !== null ? { claim: reconciled.claim } : {}) };
  state.error = outcome.error;
  await save(state);
  if (outcome.error && outcome.error.code !== 'stopped') emit({ type: 'error', code: outcome.error.code, message: outcome.error.message });
  if (options.memory) await leaveRecord(options.memory, state, visited, redaction).catch(() => undefined);
  emit({
    type: 'done',
    success: outcome.success,
    summary: outcome.summary,
    steps: state.step,
    ...(reconciled.claim !== null ? { claim: reconciled.claim } : {}),
  });
  return {
    taskId: state.id,
    success: outcome.success,
    summary: outcome.summary,
    status: state.status,
    steps: state.step,
    usage: state.usage,
    error: outcome.error,
    plan: state.plan,
    claim: reconciled.claim,
  };
}
