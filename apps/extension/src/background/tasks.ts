import { ExtensionBrowser } from '@wayfinder/cdp/extension';
import { ALL_TOOLS, runTask, SafetyPolicy, SecretVault, type AgentEvent, type DialogDecision, type DialogInfo, type ModelRoles, type TaskMode, type TaskState } from '@wayfinder/core';
import type { Conversation, Db, PendingRequest, TimelineItem } from '../lib/db';
import type { PanelMessage, ParsedRequest, Status } from '../lib/messages';
import { describeChoice, rolesFor } from '../lib/models';
import { loadSettings, type Settings } from '../lib/settings';
import { loadSecrets, loadSites, setSite } from '../lib/safety-store';
import { conversationHistory } from './history';
import { keepAlive } from './keepalive';

// Runs tasks in the worker. The truth — conversations, task state after every step, the
// timeline, what a task waits for — is in IndexedDB; what lives here is only what cannot be
// stored: the running promise, its abort controller, its debugger sessions, and the
// callbacks waiting for the person's answers. A restarted worker resumes from the store.

type StartRequest = Extract<ParsedRequest, { type: 'task.start' }>;
type Answer = Extract<ParsedRequest, { type: 'task.answer' }>['answer'];

interface LiveTask {
  id: string;
  conversationId: string;
  controller: AbortController;
  browser: ExtensionBrowser;
  waiters: Map<string, (answer: Answer) => void>;
  /** Streamed text of the current step, stored as one item when the step's model call ends. */
  text: string;
  /** Writes and thumbnails, in order. */
  chain: Promise<void>;
}

interface Launch {
  taskId: string;
  conversationId: string;
  settings: Settings;
  models: ModelRoles;
  task: string;
  mode: TaskMode;
  history: string;
  includePage: boolean;
  resume?: TaskState;
  policy: SafetyPolicy;
  secrets: SecretVault;
}

const ACTIONS = new Set(ALL_TOOLS.filter((t) => t.risk !== 'observe').map((t) => t.name));

function newId(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e9).toString(36)}`;
}

function titleOf(task: string): string {
  const line = task.split('\n')[0]?.trim() ?? '';
  return line.length > 60 ? `${line.slice(0, 59)}…` : line || 'New chat';
}

function initialState(id: string, task: string, mode: TaskMode): TaskState {
  const now = Date.now();
  return { id, task, mode, status: 'running', step: 0, messages: [], unlockedTools: [], plan: null, result: null, error: null, usage: { inputTokens: 0, outputTokens: 0 }, createdAt: now, updatedAt: now };
}

/** The answer that lets a waiting task go on when it is stopped. */
function declined(kind: PendingRequest['kind']): Answer {
  if (kind === 'question') return { kind: 'question', text: '(The task was stopped.)' };
  if (kind === 'plan') return { kind: 'plan', approved: false };
  if (kind === 'confirm') return { kind: 'confirm', answer: 'deny' };
  return { kind: 'dialog', accept: false };
}

/** A task's policy (its own: sites used and counts are per task) and the stored secrets. */
async function safety(): Promise<{ policy: SafetyPolicy; secrets: SecretVault }> {
  const secrets = new SecretVault(await loadSecrets());
  const policy = new SafetyPolicy({ sites: await loadSites(), secrets, remember: (site, decision) => setSite(site, decision) });
  return { policy, secrets };
}

export class TaskManager {
  private readonly live = new Map<string, LiveTask>();
  private readonly panels = new Set<chrome.runtime.Port>();

  constructor(private readonly db: () => Promise<Db>) {}

  // — side panels

  addPanel(port: chrome.runtime.Port): void {
    this.panels.add(port);
    port.onDisconnect.addListener(() => this.panels.delete(port));
    this.status().then((status) => this.send(port, { type: 'status', status })).catch((error: unknown) => console.error('wayfinder: status for a new panel failed', error));
  }

  private send(port: chrome.runtime.Port, message: PanelMessage): void {
    try {
      port.postMessage(message);
    } catch {
      this.panels.delete(port);
    }
  }

  private broadcast(message: PanelMessage): void {
    for (const port of [...this.panels]) this.send(port, message);
  }

  private broadcastStatus(): void {
    this.status().then((status) => this.broadcast({ type: 'status', status })).catch((error: unknown) => console.error('wayfinder: status update failed', error));
  }

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

  // — starting, stopping, answering

  async start(request: StartRequest): Promise<{ taskId: string; conversationId: string }> {
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
    const taskId = newId('t');
    conversation.taskIds.push(taskId);
    conversation.updatedAt = now;
    await db.putConversation(conversation);
    await db.putTask({ id: taskId, conversationId: conversation.id, state: initialState(taskId, request.task, request.mode), pending: null });
    this.launch({ taskId, conversationId: conversation.id, settings, models, task: request.task, mode: request.mode, history, includePage: request.includePage, ...(await safety()) });
    return { taskId, conversationId: conversation.id };
  }

  async stop(taskId: string): Promise<boolean> {
    const live = this.live.get(taskId);
    if (!live) {
      // Not running in this worker (it stopped and the task could not resume): record the stop.
      const db = await this.db();
      const record = await db.task(taskId);
      if (!record || (record.state.status !== 'running' && record.state.status !== 'waiting')) return false;
      await db.putTask({ ...record, pending: null, state: { ...record.state, status: 'stopped', result: { success: false, summary: 'Stopped by the user.' } } });
      this.broadcast({ type: 'task', taskId, conversationId: record.conversationId, status: 'stopped' });
      return true;
    }
    live.controller.abort();
    const db = await this.db();
    const pending = (await db.task(taskId))?.pending;
    for (const [id, waiter] of live.waiters) waiter(declined(pending?.id === id ? pending.kind : 'question'));
    return true;
  }

  answer(taskId: string, requestId: string, answer: Answer): boolean {
    const waiter = this.live.get(taskId)?.waiters.get(requestId);
    if (!waiter) return false;
    waiter(answer);
    return true;
  }

  /** Tasks the last worker left running: go on with them (or say why not). */
  async resumeUnfinished(): Promise<void> {
    const db = await this.db();
    for (const record of await db.unfinishedTasks()) {
      if (this.live.has(record.id)) continue;
      const settings = await loadSettings();
      let models: ModelRoles;
      try {
        models = rolesFor(settings);
      } catch (error) {
        const message = `The browser restarted the agent and it could not go on: ${error instanceof Error ? error.message : String(error)}`;
        await db.putTask({ ...record, pending: null, state: { ...record.state, status: 'interrupted', error: { code: 'interrupted', message }, result: { success: false, summary: message } } });
        continue;
      }
      await db.setPending(record.id, null);
      this.launch({ taskId: record.id, conversationId: record.conversationId, settings, models, task: record.state.task, mode: record.state.mode, history: '', includePage: true, resume: record.state, ...(await safety()) });
    }
  }

  // — running

  private launch(run: Launch): void {
    const browser = new ExtensionBrowser({ tabs: chrome.tabs, debugger: chrome.debugger }, { inputMode: run.settings.agent.inputMode, onAttachedChange: () => this.broadcastStatus() });
    const live: LiveTask = { id: run.taskId, conversationId: run.conversationId, controller: new AbortController(), browser, waiters: new Map(), text: '', chain: Promise.resolve() };
    this.live.set(run.taskId, live);
    keepAlive(true);
    browser.setDialogPolicy((dialog) => this.dialog(live, dialog));
    this.broadcast({ type: 'task', taskId: run.taskId, conversationId: run.conversationId, status: 'running' });
    this.broadcastStatus();
    const finish = async (status: string) => {
      await live.chain.catch(() => undefined);
      await browser.detachAll().catch(() => undefined);
      this.live.delete(run.taskId);
      keepAlive(this.live.size > 0);
      this.broadcast({ type: 'task', taskId: run.taskId, conversationId: run.conversationId, status });
      this.broadcastStatus();
    };
    this.db().then((db) => runTask({
      task: run.task, mode: run.mode, taskId: run.taskId, browser, models: run.models, store: db, policy: run.policy, secrets: run.secrets,
      signal: live.controller.signal, maxSteps: run.settings.agent.maxSteps, history: run.history, includePage: run.includePage,
      ...(run.resume ? { resume: run.resume } : {}),
      onEvent: (event) => this.onEvent(live, event, run.settings),
      askUser: async (question) => {
        const answer = await this.request(live, { id: newId('r'), kind: 'question', question });
        return answer.kind === 'question' ? answer.text : '';
      },
      approvePlan: async (steps, message) => {
        const answer = await this.request(live, { id: newId('r'), kind: 'plan', steps, message });
        return answer.kind === 'plan' ? { approved: answer.approved, ...(answer.steps ? { steps: answer.steps } : {}) } : { approved: false };
      },
      confirm: async (request) => {
        const answer = await this.request(live, { id: newId('r'), kind: 'confirm', question: request.question, tool: request.tool, site: request.site, choices: request.choices, reason: request.kind });
        return answer.kind === 'confirm' ? answer.answer : 'deny';
      },
    })).then((result) => finish(result.status), async (error: unknown) => {
      console.error('wayfinder: a task failed outside the agent loop', error);
      const db = await this.db();
      const record = await db.task(run.taskId);
      if (record) {
        const message = `The task failed unexpectedly: ${error instanceof Error ? error.message : String(error)}`;
        await db.putTask({ ...record, pending: null, state: { ...record.state, status: 'failed', error: { code: 'unexpected', message }, result: { success: false, summary: message } } });
      }
      await finish('failed');
    }).catch((error: unknown) => console.error('wayfinder: could not finish a task', error));
  }

  /** Records and relays an event; streamed text is stored once per step. */
  private onEvent(live: LiveTask, event: AgentEvent, settings: Settings): void {
    this.broadcast({ type: 'timeline', taskId: live.id, conversationId: live.conversationId, item: event });
    if (event.type === 'text-delta') {
      live.text += event.delta;
      return;
    }
    const items: TimelineItem[] = [];
    if (live.text) {
      items.push({ type: 'text-delta', step: 'step' in event && typeof event.step === 'number' ? event.step : 0, delta: live.text });
      live.text = '';
    }
    items.push(event);
    live.chain = live.chain.then(async () => {
      const db = await this.db();
      for (const item of items) await db.addEvent(live.id, item);
      if (event.type === 'tool-result' && event.ok && settings.agent.screenshots && ACTIONS.has(event.name)) await this.thumbnail(live, event.step);
    }).catch((error: unknown) => console.error('wayfinder: could not record the timeline', error));
  }

  private async thumbnail(live: LiveTask, step: number): Promise<void> {
    try {
      const tab = await live.browser.activeTab();
      const shot = await tab.screenshot({ format: 'jpeg', quality: 50, scale: 0.3 });
      const item: TimelineItem = { type: 'thumbnail', step, data: shot.data, mimeType: shot.mimeType };
      await (await this.db()).addEvent(live.id, item);
      this.broadcast({ type: 'timeline', taskId: live.id, conversationId: live.conversationId, item });
    } catch {
      // A page that closed or navigated away: no picture for this step.
    }
  }

  /** Puts a question to the person (through the panel) and waits for the answer. */
  private async request(live: LiveTask, pending: PendingRequest): Promise<Answer> {
    const db = await this.db();
    await db.setPending(live.id, pending);
    this.broadcast({ type: 'pending', taskId: live.id, request: pending });
    if (live.controller.signal.aborted) return declined(pending.kind);
    const answer = await new Promise<Answer>((resolve) => live.waiters.set(pending.id, resolve));
    live.waiters.delete(pending.id);
    await db.setPending(live.id, null);
    this.broadcast({ type: 'pending', taskId: live.id, request: null });
    return answer;
  }

  private async dialog(live: LiveTask, dialog: DialogInfo): Promise<DialogDecision> {
    if (dialog.type === 'alert') return { accept: true };
    const question = dialog.type === 'beforeunload' ? 'The page asks to confirm leaving (it may have unsaved changes).' : `The page asks: "${dialog.message}"`;
    const answer = await this.request(live, { id: newId('r'), kind: 'dialog', question, dialogType: dialog.type });
    if (answer.kind !== 'dialog') return { accept: false };
    return answer.text !== undefined && dialog.type === 'prompt' ? { accept: answer.accept, promptText: answer.text } : { accept: answer.accept };
  }
}
