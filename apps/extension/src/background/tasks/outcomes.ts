import type { TaskState } from '@wayfinder/core';
import type { Db, TaskRecord } from '../../lib/db';
import type { PanelHub } from '../panel-hub';

// How a task's end is kept and shown: every ending — done or failed by the agent, a
// skill's replay, stopped, failed outside the agent loop, or cut off by a worker restart —
// is written to the task's stored state first, and the panels are told from what is stored.

export class TaskOutcomes {
  constructor(
    private readonly db: () => Promise<Db>,
    private readonly hub: PanelHub,
  ) {}

  /** Tells the panels how a task ended, from what is stored. */
  push(conversationId: string, state: TaskState): void {
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

  /** A task's run is over here: the panels are told what the store says of it. */
  async ended(taskId: string, conversationId: string): Promise<void> {
    const record = await (await this.db()).task(taskId);
    if (record) this.push(conversationId, record.state);
  }

  /** A task not running in this worker (it stopped and the task could not resume) is stopped: recorded and shown. */
  async stopped(record: TaskRecord): Promise<void> {
    const state: TaskState = { ...record.state, status: 'stopped', result: { success: false, summary: 'Stopped by the user.' } };
    await (await this.db()).putTask({ ...record, pending: null, state });
    this.push(record.conversationId, state);
  }

  /** Work done in a task's place (a skill's replay) ended so. */
  async bodyEnded(
    taskId: string,
    status: TaskState['status'],
    result: { success: boolean; summary: string },
    done: { steps: number; plan: TaskState['plan'] },
  ): Promise<void> {
    const db = await this.db();
    const record = await db.task(taskId);
    if (record)
      await db.putTask({
        ...record,
        pending: null,
        state: { ...record.state, status, result, step: done.steps, plan: done.plan ?? record.state.plan, updatedAt: Date.now() },
      });
  }

  /** A task failed outside the agent loop (which records its own failures). */
  async failed(taskId: string, error: unknown): Promise<void> {
    const db = await this.db();
    const record = await db.task(taskId);
    if (!record) return;
    const message = `The task failed unexpectedly: ${error instanceof Error ? error.message : String(error)}`;
    await db.putTask({
      ...record,
      pending: null,
      state: { ...record.state, status: 'failed', error: { code: 'unexpected', message }, result: { success: false, summary: message } },
    });
  }

  /** A task the last worker left running cannot go on (`reason` says why). */
  async interrupted(record: TaskRecord, reason: string): Promise<void> {
    const message = `The browser restarted the agent and it could not go on: ${reason}`;
    await (
      await this.db()
    ).putTask({
      ...record,
      pending: null,
      state: {
        ...record.state,
        status: 'interrupted',
        error: { code: 'interrupted', message },
        result: { success: false, summary: message },
      },
    });
  }
}
