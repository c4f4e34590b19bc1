import { ExtensionBrowser, type TabRegistry } from '@wayfinder/cdp/extension';
import {
  ALL_TOOLS,
  changesNothing,
  runTask,
  type AgentEvent,
  type PlanStep,
  type Attachment,
  type ConfirmAnswer,
  type ConfirmRequest,
  type DialogDecision,
  type DialogInfo,
  type MemoryAccess,
  type ModelRoles,
  type Redaction,
  type ResearchPort,
  type SafetyPolicy,
  type SkillLibrary,
  type TaskMode,
  type TaskState,
} from '@wayfinder/core';
import type { Db, PendingRequest } from '../../lib/db';
import { logError } from '../../lib/log';
import type { CurrentRedaction } from '../../lib/redaction';
import { rolesFor } from '../../lib/models';
import type { Settings } from '../../lib/settings';
import type { PanelHub } from '../panel-hub';
import { confirmCard, newId, type PendingRequests } from '../pending';
import { keepAlive } from './keepalive';
import type { LiveTask, LiveTasks } from './live';
import { allowTab, guardNetwork, releaseNetwork } from './network-rules';
import type { TaskOutcomes } from './outcomes';
import { withPageSummariser } from './page-summary';
import { TimelineRecorder } from './timeline-recorder';

// One task's run, wired: its own browser (sharing the worker's tab registry), the network
// rules while it runs, the person's policy and the worker's one redaction, its questions and
// confirmations as cards in the panel (redacted), the timeline recorder, memory, skills and research; then
// the agent (or a skill's replay in its place), and an ending that is always recorded.

/**
 * Work done in a task's place instead of the agent (a skill's replay: skills/replay.ts), with
 * the task's own browser, policy, redaction (its secrets too) and confirmations; it returns the task's result.
 */
export type TaskBody = (parts: {
  browser: ExtensionBrowser;
  policy: SafetyPolicy;
  redaction: Redaction;
  signal: AbortSignal;
  confirm: (request: ConfirmRequest & { tool: string; input: unknown }, withdrawn?: AbortSignal) => Promise<ConfirmAnswer>;
  /** A confirmation nobody answers within this long is declined (the settings' agent.answerWithinSec). */
  answerWithinMs: number;
  onEvent: (event: AgentEvent) => void;
}) => Promise<{ success: boolean; summary: string; /** Steps it did (a skill's replayed steps). */ steps?: number }>;

/** What one run of a task needs: how it was asked, and the policy it runs under. */
export interface Launch {
  taskId: string;
  conversationId: string;
  settings: Settings;
  /** Null for a task done by `body`. */
  models: ModelRoles | null;
  task: string;
  mode: TaskMode;
  history: string;
  includePage: boolean;
  attachments?: Attachment[];
  resume?: TaskState;
  /** With `resume`: the person asked to go on with a task that had ended. */
  continuing?: boolean;
  policy: SafetyPolicy;
  /** The worker's one redaction (lib/redaction.ts): what the model reads, the saved state, the timeline. */
  redaction: Redaction;
  /** Done instead of the agent (then `models` is not used). */
  body?: TaskBody;
}

/** The worker's services a run uses. */
export interface RunServices {
  db: () => Promise<Db>;
  hub: PanelHub;
  pending: PendingRequests;
  /** The worker's record of the tabs the extension opened (each task's browser shares it). */
  registry: TabRegistry;
  live: LiveTasks;
  outcomes: TaskOutcomes;
  /** The person's memory, for the memory tools and the task's record (memory/service.ts). */
  memory: () => Promise<MemoryAccess | null>;
  /** The person's skills, for list_skills and run_skill (lib/skills-db.ts). */
  skills: () => Promise<SkillLibrary | null>;
  /** Searching and (opted in) history, for search_web, search_youtube and get_history (research/port.ts). */
  research: () => Promise<ResearchPort | null>;
  /** The worker's one redaction, as the person's secrets are now. */
  redaction: CurrentRedaction;
}

/** Tools that change the page: their results get a picture in the timeline. */
const ACTIONS = new Set(ALL_TOOLS.filter((t) => t.needs.includes('tab') && !changesNothing(t.effects)).map((t) => t.name));

/** Starts a task's run in this worker; it ends by itself (done, failed, stopped), always recorded. */
export function launch(run: Launch, services: RunServices): void {
  const { hub, pending, live: running, outcomes } = services;
  const browser = new ExtensionBrowser(
    { tabs: chrome.tabs, debugger: chrome.debugger },
    { registry: services.registry, inputMode: run.settings.agent.inputMode, onAttachedChange: () => hub.pushStatus(), allowTab },
  );
  const live: LiveTask = {
    id: run.taskId,
    conversationId: run.conversationId,
    controller: new AbortController(),
    browser,
    paused: false,
    release: null,
  };
  const signal = live.controller.signal;
  const timeline = new TimelineRecorder(services.db, hub, {
    taskId: run.taskId,
    conversationId: run.conversationId,
    browser,
    pictured: ACTIONS,
    screenshots: run.settings.agent.screenshots,
    redaction: run.redaction,
  });
  // What the person is asked is stored and shown, redacted (pending.ts): a page's address or dialog may hold a secret.
  const ask = (request: PendingRequest, withdrawn?: AbortSignal) =>
    pending.ask(run.taskId, request, withdrawn ? AbortSignal.any([signal, withdrawn]) : signal);
  // Nobody answering within this long is a "no" (the gate marks its own questions so; the others are withdrawn here).
  const answerWithinMs = run.settings.agent.answerWithinSec * 1000;
  const askInTime = (request: PendingRequest) => ask(request, AbortSignal.timeout(answerWithinMs));
  running.add(live);
  keepAlive(true);
  const rules = guardNetwork().catch((error: unknown) => logError('wayfinder: could not set the network rules', error));
  browser.setDialogPolicy((dialog) => askAboutDialog(askInTime, dialog));
  hub.pushStatus();
  const finish = async () => {
    // A question the page raised as the task ended (a download, a request) has nobody left to answer it.
    pending.declineAll(run.taskId);
    await timeline.settled();
    await browser.detachAll().catch(() => undefined);
    running.remove(run.taskId);
    keepAlive(running.size > 0);
    await rules;
    if (!running.size) await releaseNetwork().catch(() => undefined);
    await outcomes.ended(run.taskId, run.conversationId);
    hub.pushStatus();
  };
  // The network rules are in place before the task's first request.
  const memory = services.memory().catch((error: unknown) => {
    logError('wayfinder: memory could not be opened; the task runs without it', error);
    return null;
  });
  // A question the gate withdraws (the loop ended with it open) leaves the panel at once.
  const confirm = async (request: ConfirmRequest & { tool: string; input: unknown }, withdrawn?: AbortSignal): Promise<ConfirmAnswer> => {
    const answer = await ask(confirmCard(request), withdrawn);
    return answer.kind === 'confirm' ? answer.answer : 'deny';
  };
  const onEvent = (event: AgentEvent) => timeline.record(event);
  const library = services.skills().catch(() => null);
  const searching = services.research().catch((error: unknown) => {
    logError('wayfinder: research could not be set up; the task runs without it', error);
    return null;
  });
  Promise.all([services.db(), memory, rules, library, searching])
    .then(([db, access, , skills, research]): Promise<unknown> =>
      run.body
        ? runBody(
            run.body,
            { browser, policy: run.policy, redaction: run.redaction, signal, confirm, answerWithinMs, onEvent },
            run.taskId,
            outcomes,
          )
        : runTask({
            task: run.task,
            mode: run.mode,
            taskId: run.taskId,
            browser,
            models: run.models ?? rolesFor(run.settings),
            ...withPageSummariser(run.settings, run.models),
            store: db,
            policy: run.policy,
            secrets: run.redaction.secrets,
            redaction: run.redaction,
            signal,
            maxSteps: run.settings.agent.maxSteps,
            history: run.history,
            includePage: run.includePage,
            ...(run.attachments?.length ? { attachments: run.attachments } : {}),
            ...(access ? { memory: access } : {}),
            ...(skills ? { skills } : {}),
            ...(research ? { research } : {}),
            ...(run.resume ? { resume: run.resume, continuing: run.continuing ?? false } : {}),
            betweenSteps: () => running.held(live),
            onEvent,
            askUser: async (question) => {
              const answer = await askInTime({ id: newId('r'), kind: 'question', question });
              return answer.kind === 'question' ? answer.text : '(Nobody answered in time; decide without it, or finish with done.)';
            },
            approvePlan: async (steps, message) => {
              const answer = await askInTime({ id: newId('r'), kind: 'plan', steps, message });
              return answer.kind === 'plan'
                ? { approved: answer.approved, ...(answer.steps ? { steps: answer.steps } : {}) }
                : { approved: false };
            },
            confirm,
            answerWithinMs,
          }),
    )
    .then(finish, async (error: unknown) => {
      logError('wayfinder: a task failed outside the agent loop', error);
      await outcomes.failed(run.taskId, error);
      await finish();
    })
    .catch((error: unknown) => logError('wayfinder: could not finish a task', error));
}

/** Does a task's body and stores how it ended (a stop ends it as stopped). */
async function runBody(body: TaskBody, parts: Parameters<TaskBody>[0], taskId: string, outcomes: TaskOutcomes): Promise<void> {
  let status: TaskState['status'];
  let result: { success: boolean; summary: string; steps?: number };
  // Its checklist (a skill's steps) is kept with the task, as an agent's plan is.
  let plan: PlanStep[] | null = null;
  const onEvent = (event: AgentEvent) => {
    if (event.type === 'plan-step') plan = event.plan;
    parts.onEvent(event);
  };
  try {
    result = await body({ ...parts, onEvent });
    status = result.success ? 'done' : 'failed';
  } catch (error) {
    if (!parts.signal.aborted) throw error;
    result = { success: false, summary: 'Stopped by the user.' };
    status = 'stopped';
  }
  parts.onEvent({ type: 'done', success: result.success, summary: result.summary, steps: result.steps ?? 0 });
  await outcomes.bodyEnded(taskId, status, { success: result.success, summary: result.summary }, { steps: result.steps ?? 0, plan });
}

/** A page's dialog during a task: an alert is accepted; anything else is the person's to answer in the panel. */
async function askAboutDialog(
  ask: (request: PendingRequest) => ReturnType<PendingRequests['ask']>,
  dialog: DialogInfo,
): Promise<DialogDecision> {
  if (dialog.type === 'alert') return { accept: true };
  const question =
    dialog.type === 'beforeunload'
      ? 'The page asks to confirm leaving (it may have unsaved changes).'
      : `The page asks: "${dialog.message}"`;
  const answer = await ask({ id: newId('r'), kind: 'dialog', question, dialogType: dialog.type });
  if (answer.kind !== 'dialog') return { accept: false };
  return answer.text !== undefined && dialog.type === 'prompt'
    ? { accept: answer.accept, promptText: answer.text }
    : { accept: answer.accept };
}
