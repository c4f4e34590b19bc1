import {
  BridgeError,
  hostConversationParams,
  hostHistoryParams,
  hostStopParams,
  hostTaskParams,
  RemoteBrowser,
  TASK_EVENT,
  HISTORY_RECENT,
  type HistoryRecent,
  type HostConversation,
  type HostSessions,
  type HostTaskEntry,
  type HostTaskOutcome,
  type BridgeLink,
  type CallOptions,
  type HostTaskStarted,
  type IncomingCall,
  type TaskEventData,
} from '@wayfinder/bridge';
import type { AgentEvent, Browser, ConfirmAnswer, ConfirmRequest, HistorySignal } from '@wayfinder/core';
import type { z } from 'zod';
import type { DeviceLink } from './links';

// The host's agent, asked from a browser (`host.task`): the task runs here, with the host's
// model, rules and store (the injected TaskHost: `wayfinder serve` builds it from the
// config), in a host session the hub opens in the browser that asked. Its questions go to
// that browser's side panel; its events go to every connected browser, so each shows the
// same conversation. One task at a time per browser; any paired browser may stop it. A
// browser that reconnects (its worker restarted) keeps its task: the session is reopened
// over the new connection; one gone for longer than a grace period has its task stopped.

/** One task to run, as the hub hands it to the TaskHost. */
export interface TaskRun {
  taskId: string;
  task: string;
  mode: 'act' | 'ask';
  url?: string;
  /** The label of the browser that asked. */
  device: string;
  /** A host session in that browser. */
  browser: Browser;
  /** Asks the person in that browser's side panel. */
  confirm: (request: ConfirmRequest & { tool: string; input: unknown }) => Promise<ConfirmAnswer>;
  signal: AbortSignal;
  /** Each event as it happens (the TaskHost redacts and stores it first). */
  onEvent: (event: AgentEvent) => void;
  /** That browser's recent history (site and title only), which it gives only when the person opted in there. */
  history: (days: number, limit: number) => Promise<HistorySignal[]>;
}

/** What the hub needs to run and list tasks; it loads no config itself. */
export interface TaskHost {
  /** Runs one task to its end (a failure to start is thrown). */
  run(run: TaskRun): Promise<HostTaskOutcome>;
  history(limit: number): HostTaskEntry[];
  conversation(taskId: string): HostConversation | null;
}

export const TASK_METHODS = ['host.task', 'host.stop', 'host.history', 'host.conversation'] as const;

interface Running {
  taskId: string;
  task: string;
  device: string;
  stop: AbortController;
  done: Promise<void>;
  /** Set while the browser is disconnected: stops the task unless it is back in time. */
  grace: ReturnType<typeof setTimeout> | null;
}

/** How long a task waits for its browser to come back after a dropped connection. */
export const TASK_GRACE_MS = 15_000;

function parsed<T>(schema: z.ZodType<T>, method: string, params: unknown, needs: string): T {
  const result = schema.safeParse(params ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new BridgeError(
    'bad-params',
    `${method} needs ${needs}${issue ? ` (${issue.path.join('.') || 'params'}: ${issue.message})` : ''}.`,
    false,
  );
}

function newTaskId(): string {
  return `h${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
}

export class HubTasks {
  /** Running tasks, by the id of the device that asked. */
  private readonly running = new Map<string, Running>();
  /** Calls waiting for their device to reconnect, by device id. */
  private readonly waiting = new Map<string, Set<() => void>>();

  constructor(
    private readonly host: TaskHost,
    private readonly sessions: HostSessions,
    private readonly devices: () => DeviceLink[],
    private readonly log: (line: string) => void,
    private readonly graceMs = TASK_GRACE_MS,
  ) {}

  static handles(method: string): boolean {
    return TASK_METHODS.some((m) => m === method);
  }

  /** A device's `host.task`, `host.stop`, `host.history` or `host.conversation`. */
  async handle(device: DeviceLink, call: IncomingCall): Promise<unknown> {
    switch (call.method) {
      case 'host.task':
        return this.start(device, call.params);
      case 'host.stop': {
        const { taskId } = parsed(hostStopParams, call.method, call.params, '{ taskId }');
        return { stopped: this.stop(taskId, device.label) };
      }
      case 'host.history': {
        const { limit } = parsed(hostHistoryParams, call.method, call.params, '{ limit? } (1 to 200)');
        return this.host.history(limit);
      }
      case 'host.conversation': {
        const { taskId } = parsed(hostConversationParams, call.method, call.params, '{ taskId }');
        const found = this.host.conversation(taskId);
        if (!found) throw new BridgeError('not-found', `The host keeps no task ${taskId}; host.history lists the ones it has.`, false);
        return found;
      }
      default:
        throw new BridgeError('unknown-method', `The host answers no ${call.method}.`, false);
    }
  }

  /** A device's connection ended: unless it is back (a newer connection) within the grace period, its task stops. */
  deviceGone(deviceId: string): void {
    const running = this.running.get(deviceId);
    if (!running || running.grace || this.current(deviceId)) return;
    running.grace = setTimeout(() => {
      running.grace = null;
      if (this.current(deviceId)) return;
      this.log(`host task ${running.taskId} stopped: ${running.device} did not come back`);
      running.stop.abort();
    }, this.graceMs);
    running.grace.unref();
  }

  private current(deviceId: string): DeviceLink | undefined {
    return this.devices().find((d) => d.id === deviceId);
  }

  /** A device is connected (again): calls of its task waiting for it go on. */
  deviceBack(deviceId: string): void {
    for (const wake of [...(this.waiting.get(deviceId) ?? [])]) wake();
  }

  /** The device's connection now, or once it is back within the grace period; undefined when it is not. */
  private reachable(deviceId: string): Promise<DeviceLink | undefined> {
    const now = this.current(deviceId);
    if (now) return Promise.resolve(now);
    const waiting = this.waiting.get(deviceId) ?? new Set<() => void>();
    this.waiting.set(deviceId, waiting);
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        waiting.delete(wake);
        if (!waiting.size) this.waiting.delete(deviceId);
        resolve(this.current(deviceId));
      };
      const timer = setTimeout(wake, this.graceMs);
      waiting.add(wake);
    });
  }

  /** Calls to the device's current connection: a browser that reconnects (its worker restarted) gets the rest of its task. */
  private linkTo(deviceId: string, label: string): BridgeLink {
    const reachable = (id: string) => this.reachable(id);
    return {
      async call<T>(method: string, params: unknown, options?: CallOptions): Promise<T> {
        const link = await reachable(deviceId);
        if (!link) throw new BridgeError('disconnected', `${label} is not connected to the host; ${method} was not sent.`, true);
        return link.peer.call<T>(method, params, options);
      },
    };
  }

  /** The hub stops: every task is stopped, and waited for (briefly). */
  async stopAll(): Promise<void> {
    const all = [...this.running.values()];
    for (const run of all) run.stop.abort();
    await Promise.race([Promise.all(all.map((r) => r.done)), new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
  }

  private async start(device: DeviceLink, params: unknown): Promise<HostTaskStarted> {
    const { task, mode, url } = parsed(hostTaskParams, 'host.task', params, '{ task, mode?: "act" | "ask", url? }');
    const busy = this.running.get(device.id);
    if (busy)
      throw new BridgeError(
        'busy',
        `The host is already running a task from this browser ("${busy.task.slice(0, 80)}"); stop it or wait for it to end, then send this one again.`,
        false,
      );
    const taskId = newTaskId();
    let finish: () => void = () => undefined;
    const running: Running = {
      taskId,
      task,
      device: device.label,
      stop: new AbortController(),
      done: new Promise<void>((resolve) => (finish = resolve)),
      grace: null,
    };
    // Taken before the browser session opens: a second host.task meanwhile is refused too.
    this.running.set(device.id, running);
    let browser: RemoteBrowser;
    try {
      browser = await RemoteBrowser.open(this.linkTo(device.id, device.label), this.sessions, 'host task');
    } catch (error) {
      this.running.delete(device.id);
      finish();
      throw error;
    }
    this.log(`host task ${taskId} from ${device.label}: ${task.slice(0, 80)}`);
    // After this call's answer has gone out: the device knows the id before the first event.
    setImmediate(() => {
      void this.runOne(device, running, { task, mode, ...(url ? { url } : {}) }, browser).finally(() => finish());
    });
    return { taskId };
  }

  private async runOne(
    device: DeviceLink,
    running: Running,
    asked: { task: string; mode: 'act' | 'ask'; url?: string },
    browser: RemoteBrowser,
  ): Promise<void> {
    const { taskId } = running;
    let outcome: HostTaskOutcome;
    try {
      outcome = await this.host.run({
        taskId,
        ...asked,
        device: device.label,
        browser,
        confirm: browser.confirmInBrowser(),
        signal: running.stop.signal,
        onEvent: (event) => this.broadcast({ taskId, device: device.label, task: asked.task, event }),
        history: async (days, limit) =>
          (await this.linkTo(device.id, device.label).call<HistoryRecent>(HISTORY_RECENT, { days, limit })).items,
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      outcome = { success: false, status: 'failed', summary: message, steps: 0, error: { code: 'start', message } };
    } finally {
      await browser.close();
      if (running.grace) clearTimeout(running.grace);
      if (this.running.get(device.id) === running) this.running.delete(device.id);
    }
    this.log(`host task ${taskId} ended: ${outcome.status}`);
    this.broadcast({ taskId, device: device.label, task: asked.task, result: outcome });
  }

  /** Stops a running task (from any paired browser); false when no task of that id runs. */
  private stop(taskId: string, by: string): boolean {
    const found = [...this.running.values()].find((r) => r.taskId === taskId);
    if (!found) return false;
    this.log(`host task ${taskId} stopped from ${by}`);
    found.stop.abort();
    return true;
  }

  /** To every connected browser: each one shows the conversation. */
  private broadcast(data: TaskEventData): void {
    for (const link of this.devices()) if (link.peer.open) link.peer.emit(TASK_EVENT, data);
  }
}
