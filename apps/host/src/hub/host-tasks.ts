import { researchSettings } from '../research/config';
import type { HostConversation, HostTaskEntry, HostTaskOutcome } from '@wayfinder/bridge';
import { guardBrowser, runTask, type AgentEvent } from '@wayfinder/core';
import type { Env } from '../io';
import { resolveModels } from '../models';
import { openRuntime } from '../runtime';
import { openHostStore, type TaskSummary } from '../store';
import type { SqliteTaskStore } from '../store/tasks';
import type { TaskHost, TaskRun } from './tasks';

// The TaskHost `wayfinder serve` gives its hub: each task a browser asks for runs as
// `wayfinder run` runs one — the model from WAYFINDER_MODEL (the command interpreter when
// none is set), the person's config and site rules, memory, skills — and is kept in the
// host's store with the browser that asked and its events, so `wayfinder history` and
// every browser see it. Each task opens the runtime (runtime.ts), so the config is read for
// each: an edit applies to the next one. Its events, what is kept and what goes to the
// browsers pass the runtime's one redaction.

function entry(t: TaskSummary): HostTaskEntry {
  const ended = t.status !== 'running' && t.status !== 'waiting';
  return {
    taskId: t.id,
    task: t.task,
    mode: t.mode,
    status: t.status,
    startedAt: t.createdAt,
    finishedAt: ended ? t.updatedAt : null,
    device: t.device,
    summary: t.summary,
  };
}

/** Keeps a task's events in order; the model's streamed words as one item per step. */
class EventLog {
  private text = '';
  private textStep = 0;
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly tasks: SqliteTaskStore,
    private readonly taskId: string,
    private readonly redact: (text: string) => string,
  ) {}

  add(event: AgentEvent): void {
    if (event.type === 'text-delta') {
      this.text += event.delta;
      this.textStep = event.step;
      return;
    }
    const items: AgentEvent[] = [];
    // Redacted again as a whole: a secret could come split across two pieces of the stream.
    if (this.text) items.push({ type: 'text-delta', step: this.textStep, delta: this.redact(this.text) });
    this.text = '';
    items.push(event);
    this.chain = this.chain.then(async () => {
      for (const item of items) await this.tasks.addEvent(this.taskId, item);
    });
  }

  /** Resolves when everything added is stored (a store that failed costs only the stored conversation). */
  settled(): Promise<void> {
    return this.chain.catch(() => undefined);
  }
}

export function hostTasks(env: Env): TaskHost {
  const read = <T>(work: (tasks: SqliteTaskStore) => T): T => {
    const store = openHostStore(env);
    try {
      return work(store.tasks);
    } finally {
      store.close();
    }
  };
  return {
    history: (limit) => read((tasks) => tasks.history(limit).map(entry)),
    conversation: (taskId): HostConversation | null =>
      read((tasks) => {
        const found = tasks.summary(taskId);
        return found ? { task: entry(found), items: tasks.events(taskId) } : null;
      }),
    run: (run) => runOne(env, run),
  };
}

async function runOne(env: Env, run: TaskRun): Promise<HostTaskOutcome> {
  // A config or model that cannot be used is thrown: the hub ends the task with its message.
  const models = resolveModels(undefined, env);
  const runtime = openRuntime({ env }, { command: 'serve', memory: 'optional', research: researchSettings });
  const { redaction, memory } = runtime;
  const policy = runtime.policy();
  const log = memory ? new EventLog(memory.store.tasks, run.taskId, redaction.apply) : null;
  // Everything sent to the browsers or kept is redacted, as `wayfinder run` prints it.
  const onEvent = (raw: AgentEvent) => {
    const event = redaction.value(raw);
    log?.add(event);
    run.onEvent(event);
  };
  if (runtime.memoryProblem)
    onEvent({ type: 'notice', step: 0, message: `${runtime.memoryProblem} This task runs without memory and is not kept.` });
  try {
    // The start page is the person's choice (the page they asked from); where it goes then is judged like any page.
    await guardBrowser(run.browser, runtime.guard({ policy, start: run.url, ask: run.confirm }));
    if (run.url) await (await run.browser.activeTab()).navigate(run.url);
    const result = await runTask({
      task: run.task,
      mode: run.mode,
      taskId: run.taskId,
      browser: run.browser,
      models,
      signal: run.signal,
      onEvent,
      policy,
      secrets: runtime.secrets,
      redaction,
      confirm: run.confirm,
      ...(memory ? { store: memory.store.tasks.forDevice(run.device), memory: memory.access } : {}),
      skills: runtime.skills,
      // search_web / search_youtube when the config names search pages; get_history from the asking browser (its opt-in).
      research: runtime.researchPort(run.browser, run.history),
    });
    return {
      success: result.success,
      status: result.status,
      summary: redaction.text(result.summary),
      steps: result.steps,
      error: result.error ? { code: result.error.code, message: redaction.text(result.error.message) } : null,
    };
  } catch (error) {
    // The hub shows a failure's message in every browser: it may name the page (and a secret in its address).
    throw new Error(redaction.text(error instanceof Error ? error.message : String(error)), { cause: error });
  } finally {
    await log?.settled();
    runtime.close();
  }
}
