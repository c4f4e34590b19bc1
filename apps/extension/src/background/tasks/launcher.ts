import { allowTab, guardNetwork, releaseNetwork } from './network-rules';
import { ExtensionBrowser, type TabRegistry } from '@wayfinder/cdp/extension';
import {
  ALL_TOOLS,
  changesNothing,
  newTaskState,
  redactEverywhere,
  redactSecrets,
  runTask,
  type AgentEvent,
  type Attachment,
  type ConfirmAnswer,
  type ConfirmRequest,
  SafetyPolicy,
  SecretVault,
  type DialogDecision,
  type Secret,
  type SiteRule,
  type DialogInfo,
  type MemoryAccess,
  type ModelRoles,
  type ResearchPort,
  type SkillLibrary,
  type TaskMode,
  type TaskState,
} from '@wayfinder/core';
import type { Conversation, Db, PendingRequest } from '../../lib/db';
import { taskView, type ParsedRequest, type Status, type TaskView } from '../../lib/messages';
import { rolesFor } from '../../lib/models';
import { withPageSummariser } from './page-summary';
import { loadSecrets, loadSites, setSite } from '../../lib/safety-store';
import { describeChoice, loadSettings, type Settings } from '../../lib/settings';
import { BODY_TASK_MODEL } from '../../lib/skill-messages';
import { conversationHistory } from './conversation-history';
import { keepAlive } from './keepalive';
import type { PanelHub } from '../panel-hub';
import { confirmCard, newId, type PendingRequests } from '../pending';
import { TimelineRecorder } from './timeline-recorder';

// Starts, stops and resumes tasks in the worker. The truth — conversations, task state
// after every step, the timeline, what a task waits for — is in IndexedDB; what lives here
// is only what cannot be stored: the running promise, its abort controller and its
// debugger sessions. A restarted worker resumes from the store.

type StartRequest = Extract<ParsedRequest, { type: 'task.start' }>;

/**
 * Work done in a task's place instead of the agent (a skill's replay: skills-replay.ts), with
 * the task's own browser, policy, secrets and confirmations; it returns the task's result.
 */
export type TaskBody = (parts: {
  browser: ExtensionBrowser;
  policy: SafetyPolicy;
  secrets: SecretVault;
  signal: AbortSignal;
  confirm: (request: ConfirmRequest & { tool: string; input: unknown }) => Promise<ConfirmAnswer>;
  onEvent: (event: AgentEvent) => void;
}) => Promise<{ success: boolean; summary: string }>;

interface LiveTask {
  id: string;
  conversationId: string;
  controller: AbortController;
  browser: ExtensionBrowser;
  /** Held between steps by the person; `release` lets the held step go on. */
  paused: boolean;
  release: (() => void) | null;
}

interface Launch {
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
  secrets: SecretVault;
  /** Done instead of the agent (then `models` is not used). */
  body?: TaskBody;
}

/** Tools that change the page (they work in a tab and change something): their results get a picture in the timeline. */
const ACTIONS = new Set(ALL_TOOLS.filter((t) => t.needs.includes('tab') && !changesNothing(t.effects)).map((t) => t.name));

function titleOf(task: string): string {
  const line = task.split('\n')[0]?.trim() ?? '';
  return line.length > 60 ? `${line.slice(0, 59)}…` : line || 'New chat';
}

/**
 * The person's policy, new for each task or host session (sites used and counts are its
 * own), from their site rules and secrets; "always" and "never" answers become site rules.
 */
export function personalPolicy(sites: SiteRule[], stored: Secret[]): { policy: SafetyPolicy; secrets: SecretVault } {
  const secrets = new SecretVault(stored);
  const policy = new SafetyPolicy({ sites, secrets, remember: (site, decision) => setSite(site, decision) });
  return { policy, secrets };
}

/** A task's policy and the stored secrets, as stored now. */
async function safety(): Promise<{ policy: SafetyPolicy; secrets: SecretVault }> {
  return personalPolicy(await loadSites(), await loadSecrets());
}

/** What the panel shows of a task its launcher just started. */
function startedView(state: TaskState, conversationId: string, model: string): TaskView {
  return taskView(state, { conversationId, model, pending: null, events: [] });
}

/** How long after a task ends a download is still taken for its page's doing. */
const DOWNLOAD_GRACE_MS = 5_000;

export class TaskLauncher {
  private readonly live = new Map<string, LiveTask>();
  /** When the last task ended (downloads its pages started arrive a moment later). */
  private lastEnded = 0;

  constructor(
    private readonly db: () => Promise<Db>,
    private readonly hub: PanelHub,
    private readonly pending: PendingRequests,
    /** The worker's record of the tabs the extension opened (each task's browser shares it). */
    private readonly registry: TabRegistry,
    /** The person's memory, for the memory tools and the task's record (background/memory.ts). */
    private readonly memory: () => Promise<MemoryAccess | null> = () => Promise.resolve(null),
    /** The person's skills, for list_skills and run_skill (lib/skills-db.ts). */
    private readonly skills: () => Promise<SkillLibrary | null> = () => Promise.resolve(null),
    /** Searching and (opted in) history, for search_web, search_youtube and get_history (research-port.ts). */
    private readonly research: () => Promise<ResearchPort | null> = () => Promise.resolve(null),
  ) {}

  async status(): Promise<Status> {
    const settings = await loadSettings();
    let modelProblem: string | null = null;
    try {
      rolesFor(settings);
    } catch (error) {
      modelProblem = error instanceof Error ? error.message : String(error);
    }
    const running = [...this.live.values()];
    return {
      runningTaskId: running[0]?.id ?? null,
      attachedTabs: running.flatMap((t) => t.browser.attachedTabs),
      model: describeChoice(settings, settings.roles.actor),
      modelProblem,
    };
  }

  async start(request: StartRequest): Promise<{ taskId: string; conversationId: string; view: TaskView }> {
    const settings = await loadSettings();
    const models = rolesFor(settings, request.model ?? undefined);
    const db = await this.db();
    const now = Date.now();
    let conversation: Conversation | null = null;
    if (request.conversationId) {
      conversation = await db.conversation(request.conversationId);
      if (!conversation) throw new Error('That conversation no longer exists; start a new chat.');
    }
    const history = conversation ? await conversationHistory(db, conversation.taskIds) : '';
    conversation ??= { id: newId('c'), title: titleOf(request.task), createdAt: now, updatedAt: now, taskIds: [] };
    const state = newTaskState(newId('t'), request.task, request.mode, now);
    conversation.taskIds.push(state.id);
    conversation.updatedAt = now;
    await db.putConversation(conversation);
    await db.putTask({ id: state.id, conversationId: conversation.id, state, pending: null, model: models.actor.label });
    const view = startedView(state, conversation.id, models.actor.label);
    this.hub.broadcast({ type: 'task', taskId: state.id, conversationId: conversation.id, status: 'running', view });
    this.launch({
      taskId: state.id,
      conversationId: conversation.id,
      settings,
      models,
      task: request.task,
      mode: request.mode,
      history,
      includePage: request.includePage,
      attachments: request.attachments,
      ...(await safety()),
    });
    return { taskId: state.id, conversationId: conversation.id, view };
  }

  async stop(taskId: string): Promise<boolean> {
    const live = this.live.get(taskId);
    if (live) {
      live.controller.abort();
      this.pending.declineAll(taskId);
      return true;
    }
    // Not running in this worker (it stopped and the task could not resume): record the stop.
    const db = await this.db();
    const record = await db.task(taskId);
    if (!record || (record.state.status !== 'running' && record.state.status !== 'waiting')) return false;
    const state: TaskState = { ...record.state, status: 'stopped', result: { success: false, summary: 'Stopped by the user.' } };
    await db.putTask({ ...record, pending: null, state });
    this.pushEnded(record.conversationId, state);
    return true;
  }

  /**
   * Starts a task whose work is `body` (a skill's replay), in a new conversation, shown in the
   * panel like any task; it needs no model.
   */
  async startBody(title: string, body: TaskBody): Promise<{ taskId: string; conversationId: string; view: TaskView }> {
    if (this.live.size) throw new Error('Another task is running; stop it or wait for it to finish first.');
    const settings = await loadSettings();
    const db = await this.db();
    const now = Date.now();
    const conversation: Conversation = { id: newId('c'), title: titleOf(title), createdAt: now, updatedAt: now, taskIds: [] };
    const state = newTaskState(newId('t'), title, 'act', now);
    conversation.taskIds.push(state.id);
    await db.putConversation(conversation);
    await db.putTask({ id: state.id, conversationId: conversation.id, state, pending: null, model: BODY_TASK_MODEL });
    const view = startedView(state, conversation.id, BODY_TASK_MODEL);
    this.hub.broadcast({ type: 'task', taskId: state.id, conversationId: conversation.id, status: 'running', view });
    this.launch({
      taskId: state.id,
      conversationId: conversation.id,
      settings,
      models: null,
      task: title,
      mode: 'act',
      history: '',
      includePage: false,
      body,
      ...(await safety()),
    });
    return { taskId: state.id, conversationId: conversation.id, view };
  }

  /** Holds a running task before its next step, or lets it go on; false when it is not running here. */
  pause(taskId: string, paused: boolean): boolean {
    const live = this.live.get(taskId);
    if (!live) return false;
    live.paused = paused;
    if (!paused) {
      live.release?.();
      live.release = null;
    }
    this.hub.broadcast({ type: 'task', taskId, conversationId: live.conversationId, status: 'running', update: { paused } });
    return paused;
  }

  isPaused(taskId: string): boolean {
    return this.live.get(taskId)?.paused ?? false;
  }

  /**
   * Goes on with a task that ended (failed, stopped, interrupted) from its saved state, in
   * its conversation; the model is told the person asked to continue. A plan cannot.
   */
  async resumeTask(taskId: string): Promise<TaskView> {
    const db = await this.db();
    const record = await db.task(taskId);
    if (!record) throw new Error('That task no longer exists.');
    const { state } = record;
    if (this.live.has(taskId) || state.status === 'running' || state.status === 'waiting') throw new Error('That task is still running.');
    if (state.mode === 'plan') throw new Error('A plan cannot go on from where it stopped; use Retry to run it again.');
    if (!state.messages.length) throw new Error('That task had not started; use Retry to run it again.');
    if (this.live.size) throw new Error('Another task is running; stop it or wait for it to finish first.');
    const settings = await loadSettings();
    const models = rolesFor(settings);
    const resumed: TaskState = { ...state, status: 'running', updatedAt: Date.now() };
    await db.putTask({ ...record, pending: null, state: resumed, model: models.actor.label });
    const view = taskView(resumed, {
      conversationId: record.conversationId,
      model: models.actor.label,
      pending: null,
      events: await db.events(taskId),
    });
    this.hub.broadcast({ type: 'task', taskId, conversationId: record.conversationId, status: 'running', update: { ...view } });
    this.launch({
      taskId,
      conversationId: record.conversationId,
      // The steps it took count; it gets a full allowance more.
      settings: { ...settings, agent: { ...settings.agent, maxSteps: state.step + settings.agent.maxSteps } },
      models,
      task: state.task,
      mode: state.mode,
      history: '',
      includePage: true,
      resume: state,
      continuing: true,
      ...(await safety()),
    });
    return view;
  }

  /** Tasks the last worker left running: go on with them (or say why not). */
  async resumeUnfinished(): Promise<void> {
    const db = await this.db();
    for (const record of await db.unfinishedTasks()) {
      if (this.live.has(record.id)) continue;
      const settings = await loadSettings();
      let models: ModelRoles;
      try {
        if (record.model === BODY_TASK_MODEL)
          throw new Error('a skill replay does not go on by itself; run the skill again from the Skills page.');
        models = rolesFor(settings);
      } catch (error) {
        const message = `The browser restarted the agent and it could not go on: ${error instanceof Error ? error.message : String(error)}`;
        await db.putTask({
          ...record,
          pending: null,
          state: {
            ...record.state,
            status: 'interrupted',
            error: { code: 'interrupted', message },
            result: { success: false, summary: message },
          },
        });
        continue;
      }
      await db.setPending(record.id, null);
      this.launch({
        taskId: record.id,
        conversationId: record.conversationId,
        settings,
        models,
        task: record.state.task,
        mode: record.state.mode,
        history: '',
        includePage: true,
        resume: record.state,
        ...(await safety()),
      });
    }
  }

  /** Tells the panels how a task ended, from what is stored. */
  private pushEnded(conversationId: string, state: TaskState): void {
    this.hub.broadcast({
      type: 'task',
      taskId: state.id,
      conversationId,
      status: state.status,
      update: {
        status: state.status,
        step: state.step,
        result: state.result,
        error: state.error,
        usage: state.usage,
        plan: state.plan,
        pending: null,
      },
    });
  }

  /**
   * Whether a download may be kept: while a task runs, its policy decides (the person is
   * asked in the panel); null when no task runs (the person's own downloads).
   */
  async judgeDownload(url: string, filename: string): Promise<boolean | null> {
    for (const live of this.live.values()) {
      const verdict = await live.browser.download(url, filename);
      if (verdict !== null) return verdict;
    }
    // Chrome reports a download a moment after it starts: one that arrives as a task winds
    // down or just after it ended was started by the task's page, and nobody is left to ask.
    if (this.live.size || Date.now() - this.lastEnded < DOWNLOAD_GRACE_MS) return false;
    return null;
  }

  private launch(run: Launch): void {
    const browser = new ExtensionBrowser(
      { tabs: chrome.tabs, debugger: chrome.debugger },
      { registry: this.registry, inputMode: run.settings.agent.inputMode, onAttachedChange: () => this.hub.pushStatus(), allowTab },
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
    const redact = (text: string) => run.secrets.redact(redactSecrets(text));
    const timeline = new TimelineRecorder(this.db, this.hub, {
      taskId: run.taskId,
      conversationId: run.conversationId,
      browser,
      pictured: ACTIONS,
      screenshots: run.settings.agent.screenshots,
      redact,
    });
    // What the person is asked is stored and shown: a page's address or dialog may hold a secret.
    const ask = (request: PendingRequest) => this.pending.ask(run.taskId, redactEverywhere(request, redact), signal);
    this.live.set(run.taskId, live);
    keepAlive(true);
    const rules = guardNetwork().catch((error: unknown) => console.error('wayfinder: could not set the network rules', error));
    browser.setDialogPolicy((dialog) => this.dialog(ask, dialog));
    this.hub.pushStatus();
    const finish = async () => {
      // A question the page raised as the task ended (a download, a request) has nobody left to answer it.
      this.pending.declineAll(run.taskId);
      await timeline.settled();
      await browser.detachAll().catch(() => undefined);
      this.live.delete(run.taskId);
      this.lastEnded = Date.now();
      keepAlive(this.live.size > 0);
      await rules;
      if (!this.live.size) await releaseNetwork().catch(() => undefined);
      const record = await (await this.db()).task(run.taskId);
      if (record) this.pushEnded(run.conversationId, record.state);
      this.hub.pushStatus();
    };
    // The network rules are in place before the task's first request.
    const memory = this.memory().catch((error: unknown) => {
      console.error('wayfinder: memory could not be opened; the task runs without it', error);
      return null;
    });
    const confirm = async (request: ConfirmRequest & { tool: string; input: unknown }): Promise<ConfirmAnswer> => {
      const answer = await ask(confirmCard(request));
      return answer.kind === 'confirm' ? answer.answer : 'deny';
    };
    const onEvent = (event: AgentEvent) => timeline.record(event);
    const library = this.skills().catch(() => null);
    const searching = this.research().catch((error: unknown) => {
      console.error('wayfinder: research could not be set up; the task runs without it', error);
      return null;
    });
    Promise.all([this.db(), memory, rules, library, searching])
      .then(([db, access, , skills, research]): Promise<unknown> =>
        run.body
          ? this.runBody(run.body, { browser, policy: run.policy, secrets: run.secrets, signal, confirm, onEvent }, run.taskId)
          : runTask({
              task: run.task,
              mode: run.mode,
              taskId: run.taskId,
              browser,
              models: run.models ?? rolesFor(run.settings),
              ...withPageSummariser(run.settings, run.models),
              store: db,
              policy: run.policy,
              secrets: run.secrets,
              signal,
              maxSteps: run.settings.agent.maxSteps,
              history: run.history,
              includePage: run.includePage,
              ...(run.attachments?.length ? { attachments: run.attachments } : {}),
              ...(access ? { memory: access } : {}),
              ...(skills ? { skills } : {}),
              ...(research ? { research } : {}),
              ...(run.resume ? { resume: run.resume, continuing: run.continuing ?? false } : {}),
              betweenSteps: () => this.held(live),
              onEvent,
              askUser: async (question) => {
                const answer = await ask({ id: newId('r'), kind: 'question', question });
                return answer.kind === 'question' ? answer.text : '';
              },
              approvePlan: async (steps, message) => {
                const answer = await ask({ id: newId('r'), kind: 'plan', steps, message });
                return answer.kind === 'plan'
                  ? { approved: answer.approved, ...(answer.steps ? { steps: answer.steps } : {}) }
                  : { approved: false };
              },
              confirm,
            }),
      )
      .then(finish, async (error: unknown) => {
        console.error('wayfinder: a task failed outside the agent loop', error);
        const db = await this.db();
        const record = await db.task(run.taskId);
        if (record) {
          const message = `The task failed unexpectedly: ${error instanceof Error ? error.message : String(error)}`;
          await db.putTask({
            ...record,
            pending: null,
            state: {
              ...record.state,
              status: 'failed',
              error: { code: 'unexpected', message },
              result: { success: false, summary: message },
            },
          });
        }
        await finish();
      })
      .catch((error: unknown) => console.error('wayfinder: could not finish a task', error));
  }

  /** Does a task's body and stores how it ended (a stop ends it as stopped). */
  private async runBody(body: TaskBody, parts: Parameters<TaskBody>[0], taskId: string): Promise<void> {
    let status: TaskState['status'];
    let result: { success: boolean; summary: string };
    try {
      result = await body(parts);
      status = result.success ? 'done' : 'failed';
    } catch (error) {
      if (!parts.signal.aborted) throw error;
      result = { success: false, summary: 'Stopped by the user.' };
      status = 'stopped';
    }
    parts.onEvent({ type: 'done', success: result.success, summary: result.summary, steps: 0 });
    const db = await this.db();
    const record = await db.task(taskId);
    if (record) await db.putTask({ ...record, pending: null, state: { ...record.state, status, result, updatedAt: Date.now() } });
  }

  /** Resolves when the task may take its next step: at once, or when resumed or stopped. */
  private held(live: LiveTask): Promise<void> {
    if (!live.paused || live.controller.signal.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      live.release = resolve;
      live.controller.signal.addEventListener('abort', () => resolve(), { once: true });
    });
  }

  private async dialog(ask: (request: PendingRequest) => ReturnType<PendingRequests['ask']>, dialog: DialogInfo): Promise<DialogDecision> {
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
}
