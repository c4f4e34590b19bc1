import type { TabRegistry } from '@wayfinder/cdp/extension';
import { newTaskState, type MemoryAccess, type ResearchPort, type SkillLibrary, type TaskState } from '@wayfinder/core';
import type { AttachedFile, Conversation, Db } from '../../lib/db';
import { taskView, type ParsedRequest, type Status, type TaskView } from '../../lib/messages';
import type { CurrentRedaction } from '../../lib/redaction';
import { rolesFor } from '../../lib/models';
import { describeChoice, loadSettings } from '../../lib/settings';
import { BODY_TASK_MODEL } from '../../lib/skill-messages';
import type { PanelHub } from '../panel-hub';
import { newId, type PendingRequests } from '../pending';
import { conversationHistory } from './conversation-history';
import { judgeDownload } from './downloads';
import { LiveTasks } from './live';
import { TaskOutcomes } from './outcomes';
import { taskSafety } from './policy';
import { continueTask, resumeUnfinished } from './resume';
import { launch, type RunServices, type TaskBody } from './run';

// Starts, stops, pauses and resumes tasks in the worker: what the panel asks of tasks.
// The truth — conversations, task state after every step, the timeline, what a task waits
// for — is in IndexedDB; what lives here is only what cannot be stored (live.ts). One
// task's wiring is run.ts, how it ends outcomes.ts, going on after a restart resume.ts.

type StartRequest = Extract<ParsedRequest, { type: 'task.start' }>;

/** The worker's services tasks use (the background's root makes them). */
export interface TaskServices {
  db: () => Promise<Db>;
  hub: PanelHub;
  pending: PendingRequests;
  /** The worker's record of the tabs the extension opened (each task's browser shares it). */
  registry: TabRegistry;
  /** The person's memory, for the memory tools and the task's record (memory/service.ts). */
  memory?: () => Promise<MemoryAccess | null>;
  /** The person's skills, for list_skills and run_skill (lib/skills-db.ts). */
  skills?: () => Promise<SkillLibrary | null>;
  /** Searching and (opted in) history, for search_web, search_youtube and get_history (research/port.ts). */
  research?: () => Promise<ResearchPort | null>;
  /** The worker's one redaction (lib/redaction.ts), handed to every task and its policy. */
  redaction: CurrentRedaction;
}

function titleOf(task: string): string {
  const line = task.split('\n')[0]?.trim() ?? '';
  return line.length > 60 ? `${line.slice(0, 59)}…` : line || 'New chat';
}

export class TaskLauncher {
  private readonly live = new LiveTasks();
  private readonly run: RunServices;

  constructor(services: TaskServices) {
    const none = () => Promise.resolve(null);
    this.run = {
      ...services,
      live: this.live,
      outcomes: new TaskOutcomes(services.db, services.hub),
      memory: services.memory ?? none,
      skills: services.skills ?? none,
      research: services.research ?? none,
    };
  }

  async status(): Promise<Status> {
    const settings = await loadSettings();
    let modelProblem: string | null = null;
    try {
      rolesFor(settings);
    } catch (error) {
      modelProblem = error instanceof Error ? error.message : String(error);
    }
    const running = this.live.all();
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
    const db = await this.run.db();
    const now = Date.now();
    let conversation: Conversation | null = null;
    if (request.conversationId) {
      conversation = await db.conversation(request.conversationId);
      if (!conversation) throw new Error('That conversation no longer exists; start a new chat.');
    }
    const history = conversation ? await conversationHistory(db, conversation.taskIds) : '';
    conversation ??= { id: newId('c'), title: titleOf(request.task), createdAt: now, updatedAt: now, taskIds: [] };
    const state = newTaskState(newId('t'), request.task, request.mode, now);
    const attached = request.attachments.map((a): AttachedFile => ({ name: a.name, kind: a.image ? 'image' : a.audio ? 'audio' : 'text' }));
    const view = await this.record(conversation, state, models.actor.label, attached);
    launch(
      {
        taskId: state.id,
        conversationId: conversation.id,
        settings,
        models,
        task: request.task,
        mode: request.mode,
        history,
        includePage: request.includePage,
        attachments: request.attachments,
        ...(await taskSafety(this.run.redaction)),
      },
      this.run,
    );
    return { taskId: state.id, conversationId: conversation.id, view };
  }

  /**
   * Starts a task whose work is `body` (a skill's replay), in a new conversation, shown in the
   * panel like any task; it needs no model.
   */
  async startBody(title: string, body: TaskBody): Promise<{ taskId: string; conversationId: string; view: TaskView }> {
    if (this.live.size) throw new Error('Another task is running; stop it or wait for it to finish first.');
    const settings = await loadSettings();
    const now = Date.now();
    const conversation: Conversation = { id: newId('c'), title: titleOf(title), createdAt: now, updatedAt: now, taskIds: [] };
    const state = newTaskState(newId('t'), title, 'act', now);
    const view = await this.record(conversation, state, BODY_TASK_MODEL);
    launch(
      {
        taskId: state.id,
        conversationId: conversation.id,
        settings,
        models: null,
        task: title,
        mode: 'act',
        history: '',
        includePage: false,
        body,
        ...(await taskSafety(this.run.redaction)),
      },
      this.run,
    );
    return { taskId: state.id, conversationId: conversation.id, view };
  }

  /** Stores a new task in its conversation and shows it in the panels as running. */
  private async record(conversation: Conversation, state: TaskState, model: string, attached: AttachedFile[] = []): Promise<TaskView> {
    const db = await this.run.db();
    conversation.taskIds.push(state.id);
    conversation.updatedAt = state.createdAt;
    await db.putConversation(conversation);
    await db.putTask({
      id: state.id,
      conversationId: conversation.id,
      state,
      pending: null,
      model,
      ...(attached.length ? { attached } : {}),
    });
    // As stored (file names pass the one redaction too).
    const view = taskView(state, {
      conversationId: conversation.id,
      model,
      pending: null,
      events: [],
      attached: (await db.task(state.id))?.attached,
    });
    this.run.hub.broadcast({ type: 'task', taskId: state.id, conversationId: conversation.id, status: 'running', view });
    return view;
  }

  async stop(taskId: string): Promise<boolean> {
    const live = this.live.get(taskId);
    if (live) {
      live.controller.abort();
      this.run.pending.declineAll(taskId);
      return true;
    }
    // Not running in this worker (it stopped and the task could not resume): record the stop.
    const record = await (await this.run.db()).task(taskId);
    if (!record || (record.state.status !== 'running' && record.state.status !== 'waiting')) return false;
    await this.run.outcomes.stopped(record);
    return true;
  }

  /** Holds a running task before its next step, or lets it go on; false when it is not running here. */
  pause(taskId: string, paused: boolean): boolean {
    const live = this.live.pause(taskId, paused);
    if (!live) return false;
    this.run.hub.broadcast({ type: 'task', taskId, conversationId: live.conversationId, status: 'running', update: { paused } });
    return paused;
  }

  isPaused(taskId: string): boolean {
    return this.live.get(taskId)?.paused ?? false;
  }

  /** Goes on with a task that ended, from its saved state (resume.ts). */
  resumeTask(taskId: string): Promise<TaskView> {
    return continueTask(taskId, this.run);
  }

  /** Tasks the last worker left running: go on with them, or mark them interrupted (resume.ts). */
  resumeUnfinished(): Promise<void> {
    return resumeUnfinished(this.run);
  }

  /** Whether a download may be kept while a task runs (downloads.ts); null when no task runs. */
  judgeDownload(url: string, filename: string): Promise<boolean | null> {
    return judgeDownload(this.live, url, filename);
  }
}
