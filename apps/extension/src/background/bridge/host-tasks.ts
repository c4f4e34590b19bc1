import { TASK_EVENT, type HostConversation, type HostTaskEntry, type HostTaskOutcome, type HostTaskStarted } from '@wayfinder/bridge';
import type { AgentEvent } from '@wayfinder/core';
import { z } from 'zod';
import { HOST_CONVERSATION_PREFIX, HOST_MODEL_LABEL } from '../../lib/bridge-messages';
import type { Conversation } from '../../lib/db';
import { logWarn } from '../../lib/log';
import type { ConversationSummary, TaskView } from '../../lib/messages';
import type { CurrentRedaction } from '../../lib/redaction';
import type { PanelHub } from '../panel-hub';

// Tasks the host's agent runs (docs/0028-bridge.md, "Tasks asked from the browser"), shown
// in the panel as conversations of one task each: `host.task` starts one, `host.stop`
// stops it, and every step arrives as a `task.event` (for this browser's tasks and for
// other browsers' alike), turned into the panel's own messages (timeline items, a task's
// start and end). The truth is on the host (`host.history`, `host.conversation`); what is
// kept here is only the views of tasks seen since this worker started, so a timeline can
// grow step by step. A dropped connection ends the tasks it was following, saying so. What
// the host sends passes this worker's one redaction before the panels show it (the host
// redacts with its own secrets; the person's stored here may be others).

/** The client's call to the host (client.ts). */
export type HostCall = <T>(method: string, params: unknown, deadlineMs?: number) => Promise<T>;

export const DROPPED = 'The connection to the host dropped; the task may go on there. Open it from History once connected again.';

const LIVE = new Set(['running', 'waiting']);
const HISTORY_MS = 5_000;

// The hub is ours, but what crosses a socket is checked: only the fields read here.
const eventData = z.object({
  taskId: z.string().max(100),
  device: z.string().max(200),
  task: z.string().max(20_000),
  event: z
    .object({ type: z.string().max(40) })
    .loose()
    .optional(),
  result: z
    .object({
      success: z.boolean(),
      status: z.string().max(40),
      summary: z.string(),
      steps: z.number(),
      error: z.object({ code: z.string(), message: z.string() }).nullable(),
    })
    .optional(),
});

/** A checked event is one of core's AgentEvents (the host sends nothing else under `event`). */
function isAgentEvent(value: { type: string }): value is AgentEvent {
  return typeof value.type === 'string';
}

export function hostConversationId(taskId: string): string {
  return `${HOST_CONVERSATION_PREFIX}${taskId}`;
}

function hostView(taskId: string, task: string, mode: string, device: string | null, status = 'running'): TaskView {
  return {
    id: taskId,
    conversationId: hostConversationId(taskId),
    task,
    mode,
    status,
    step: 0,
    result: null,
    error: null,
    usage: { inputTokens: 0, outputTokens: 0 },
    plan: null,
    model: HOST_MODEL_LABEL,
    pending: null,
    paused: false,
    events: [],
    host: { device },
  };
}

function stepOf(event: AgentEvent): number | null {
  return 'step' in event && typeof event.step === 'number' ? event.step : null;
}

/** How a task ended, as the panel's task fields. */
function ended(outcome: HostTaskOutcome): Pick<TaskView, 'status' | 'result' | 'error' | 'step'> {
  return {
    status: outcome.status,
    result: { success: outcome.success, summary: outcome.summary },
    error: outcome.error,
    step: outcome.steps,
  };
}

export class HostTasks {
  private readonly views = new Map<string, TaskView>();
  /** Events from the host, handled in the order they came (each waits for the redaction). */
  private events: Promise<void> = Promise.resolve();

  constructor(
    private readonly call: HostCall,
    private readonly hub: PanelHub,
    /** Whether the client is connected now (no host history otherwise). */
    private readonly connected: () => boolean,
    /** This browser's name on the host (its tasks are marked "from" it). */
    private readonly label: () => Promise<string>,
    /** The worker's one redaction (lib/redaction.ts). */
    private readonly redaction: CurrentRedaction,
  ) {}

  async start(task: string, mode: 'act' | 'ask'): Promise<{ taskId: string; conversationId: string; view: TaskView }> {
    const { taskId } = await this.call<HostTaskStarted>('host.task', { task, mode });
    // The hub answers before the first event; one that came first made the view already.
    const view = this.views.get(taskId) ?? hostView(taskId, task, mode, await this.label());
    this.views.set(taskId, view);
    return { taskId, conversationId: view.conversationId, view };
  }

  async stop(taskId: string): Promise<boolean> {
    const { stopped } = await this.call<{ stopped: boolean }>('host.stop', { taskId });
    return stopped;
  }

  /** The host's tasks as conversations; none when not connected (or the host keeps none for browsers). */
  async history(): Promise<ConversationSummary[]> {
    if (!this.connected()) return [];
    let entries: HostTaskEntry[];
    try {
      // The panel's list waits for it: a host slow to answer is left out, not waited for.
      entries = await this.call<HostTaskEntry[]>('host.history', { limit: 50 }, HISTORY_MS);
    } catch (error) {
      logWarn('wayfinder: the host did not list its tasks', error);
      return [];
    }
    const redaction = await this.redaction();
    return redaction.value(entries).map((e) => ({
      id: hostConversationId(e.taskId),
      title: e.task.split('\n')[0]?.slice(0, 60) || 'Host task',
      createdAt: e.startedAt,
      updatedAt: e.finishedAt ?? e.startedAt,
      taskIds: [e.taskId],
      lastStatus: e.status,
      host: { device: e.device },
    }));
  }

  /** One host conversation, as stored on the host (with what this worker saw of it live, when newer). */
  async open(conversationId: string): Promise<{ conversation: Conversation; tasks: TaskView[] }> {
    const taskId = conversationId.slice(HOST_CONVERSATION_PREFIX.length);
    const { task, items } = (await this.redaction()).value(await this.call<HostConversation>('host.conversation', { taskId }));
    const seen = this.views.get(taskId);
    const view: TaskView =
      seen && LIVE.has(seen.status)
        ? seen
        : {
            ...hostView(taskId, task.task, task.mode, task.device, task.status),
            events: items.map((event) => ({ taskId, at: task.startedAt, event })),
            step: items.reduce((n, e) => Math.max(n, stepOf(e) ?? 0), 0),
            ...(task.summary !== null && !LIVE.has(task.status)
              ? { result: { success: task.status === 'done', summary: task.summary } }
              : {}),
          };
    // Still running (asked before this worker started): its next events add to this view.
    if (LIVE.has(view.status)) this.views.set(taskId, view);
    const conversation: Conversation = {
      id: conversationId,
      title: task.task.slice(0, 60),
      createdAt: task.startedAt,
      updatedAt: task.finishedAt ?? task.startedAt,
      taskIds: [taskId],
    };
    return { conversation, tasks: [view] };
  }

  /** A hub event: a host task's step or its outcome, to every open panel (redacted, in order). */
  onEvent(name: string, raw: unknown): void {
    if (name !== TASK_EVENT) return;
    const parsed = eventData.safeParse(raw);
    if (!parsed.success) {
      logWarn('wayfinder: a task.event that is not one', raw);
      return;
    }
    this.events = this.events
      .then(async () => this.show((await this.redaction()).value(parsed.data)))
      .catch((error: unknown) => logWarn('wayfinder: could not show a host task’s event', error));
  }

  private show(data: z.infer<typeof eventData>): void {
    let view = this.views.get(data.taskId);
    if (!view) {
      view = hostView(data.taskId, data.task, 'act', data.device);
      this.views.set(data.taskId, view);
      this.hub.broadcast({ type: 'task', taskId: view.id, conversationId: view.conversationId, status: 'running', view });
    } else if (view.host?.device === null) {
      view.host = { device: data.device };
    }
    if (data.result) this.update(view, ended(data.result));
    else if (data.event && isAgentEvent(data.event)) this.step(view, data.event);
  }

  /** The connection ended: tasks still running are shown as cut off, not left spinning. */
  dropped(): void {
    for (const view of this.views.values()) {
      if (!LIVE.has(view.status)) continue;
      this.update(view, {
        status: 'interrupted',
        result: { success: false, summary: DROPPED },
        error: { code: 'disconnected', message: DROPPED },
      });
    }
  }

  private step(view: TaskView, event: AgentEvent): void {
    // Events again after a drop: the task went on on the host.
    if (view.status === 'interrupted') this.update(view, { status: 'running', result: null, error: null });
    const step = stepOf(event);
    view.events.push({ taskId: view.id, at: Date.now(), event });
    if (step !== null) view.step = Math.max(view.step, step);
    this.hub.broadcast({ type: 'timeline', taskId: view.id, conversationId: view.conversationId, item: event });
  }

  private update(view: TaskView, update: Partial<TaskView>): void {
    Object.assign(view, update);
    this.hub.broadcast({ type: 'task', taskId: view.id, conversationId: view.conversationId, status: view.status, update });
  }
}
