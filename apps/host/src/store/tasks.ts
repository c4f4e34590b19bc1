import type { DatabaseSync } from 'node:sqlite';
import type { AgentEvent, Redaction, Store, TaskMemoryStore, TaskRecord, TaskState } from '@wayfinder/core';
import { inTransaction, settle } from './db';
import { matchExpression } from './fts-query';

// The CLI's tasks: each one's whole state (core's Store, written after every step) and the
// short record a finished task leaves for the agent to recall (TaskMemoryStore). With the
// runtime's redaction, everything written — states (the task is the history's title),
// events, records — passes it here, whoever hands it over.

/** A task as `wayfinder history` lists it. */
export interface TaskSummary {
  id: string;
  task: string;
  mode: string;
  status: string;
  summary: string | null;
  createdAt: number;
  updatedAt: number;
  /** The browser that asked the host to run it (host.task); null when started on the host. */
  device: string | null;
}

function parseState(text: unknown): TaskState | null {
  if (typeof text !== 'string') return null;
  try {
    const parsed: unknown = JSON.parse(text);
    // Written by saveTask from a TaskState; a row another program damaged reads as missing.
    return isTaskState(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

function isTaskState(value: unknown): value is TaskState {
  return typeof value === 'object' && value !== null && 'id' in value && 'task' in value && 'messages' in value && 'status' in value;
}

function toSummary(r: Record<string, unknown>): TaskSummary {
  return {
    id: String(r.id),
    task: String(r.task),
    mode: String(r.mode),
    status: String(r.status),
    summary: typeof r.summary === 'string' ? r.summary : null,
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
    device: typeof r.device === 'string' ? r.device : null,
  };
}

function parseEvent(text: unknown): AgentEvent | null {
  if (typeof text !== 'string') return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return isAgentEvent(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

// Written by addEvent from an AgentEvent; only its shape's marker is checked on the way back.
function isAgentEvent(value: unknown): value is AgentEvent {
  return typeof value === 'object' && value !== null && 'type' in value && typeof value.type === 'string';
}

function toRecord(r: Record<string, unknown>): TaskRecord {
  let sites: string[] = [];
  try {
    const parsed: unknown = JSON.parse(String(r.sites));
    if (Array.isArray(parsed)) sites = parsed.filter((s): s is string => typeof s === 'string');
  } catch {
    // No sites rather than no record.
  }
  return {
    taskId: String(r.task_id),
    task: String(r.task),
    summary: String(r.summary),
    success: Number(r.success) === 1,
    status: String(r.status),
    sites,
    endedAt: Number(r.ended_at),
  };
}

export class SqliteTaskStore implements Store, TaskMemoryStore {
  private readonly redact: <T>(value: T) => T;

  constructor(
    private readonly db: DatabaseSync,
    redaction?: Redaction,
  ) {
    this.redact = redaction ? (value) => redaction.value(value) : (value) => value;
  }

  saveTask(state: TaskState): Promise<void> {
    return this.save(state, null);
  }

  /** core's Store for a task a browser asked for: each save also says which browser (`device`, its label). */
  forDevice(device: string): Store {
    return {
      saveTask: (state) => this.save(state, device),
      loadTask: (id) => this.loadTask(id),
      listTasks: () => this.listTasks(),
    };
  }

  private save(raw: TaskState, device: string | null): Promise<void> {
    return settle(() => {
      const state = this.redact(raw);
      this.db
        .prepare(
          `INSERT INTO tasks (id, task, mode, status, summary, created_at, updated_at, state, device) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT (id) DO UPDATE SET task = excluded.task, mode = excluded.mode, status = excluded.status, summary = excluded.summary,
             updated_at = excluded.updated_at, state = excluded.state, device = coalesce(excluded.device, tasks.device)`,
        )
        .run(
          state.id,
          state.task,
          state.mode,
          state.status,
          state.result?.summary ?? state.error?.message ?? null,
          state.createdAt,
          state.updatedAt,
          JSON.stringify(state),
          device,
        );
      return;
    });
  }

  loadTask(id: string): Promise<TaskState | null> {
    return settle(() => {
      return parseState(this.db.prepare('SELECT state FROM tasks WHERE id = ?').get(id)?.state);
    });
  }

  /** Newest first. */
  listTasks(): Promise<TaskState[]> {
    return settle(() => {
      const states = this.db
        .prepare('SELECT state FROM tasks ORDER BY created_at DESC, rowid DESC')
        .all()
        .map((r) => parseState(r.state));
      return states.filter((s): s is TaskState => s !== null);
    });
  }

  /** The newest tasks without their histories (which can be long), for `wayfinder history`. */
  history(limit: number): TaskSummary[] {
    return this.db
      .prepare(
        'SELECT id, task, mode, status, summary, created_at, updated_at, device FROM tasks ORDER BY created_at DESC, rowid DESC LIMIT ?',
      )
      .all(limit)
      .map(toSummary);
  }

  /** One task without its history; null when there is none of that id. */
  summary(id: string): TaskSummary | null {
    const row = this.db.prepare('SELECT id, task, mode, status, summary, created_at, updated_at, device FROM tasks WHERE id = ?').get(id);
    return row ? toSummary(row) : null;
  }

  /** Adds one event to a task's stored conversation (events are kept in the order added). */
  addEvent(taskId: string, item: AgentEvent): Promise<void> {
    return settle(() => {
      this.db
        .prepare('INSERT INTO task_events (task_id, seq, item) SELECT ?, coalesce(max(seq), 0) + 1, ? FROM task_events WHERE task_id = ?')
        .run(taskId, JSON.stringify(this.redact(item)), taskId);
      return;
    });
  }

  /** A task's stored events, in order (written by addEvent from AgentEvents; a damaged row is left out). */
  events(taskId: string): AgentEvent[] {
    const items: AgentEvent[] = [];
    for (const row of this.db.prepare('SELECT item FROM task_events WHERE task_id = ? ORDER BY seq').all(taskId)) {
      const item = parseEvent(row.item);
      if (item) items.push(item);
    }
    return items;
  }

  addTaskRecord(raw: TaskRecord): Promise<void> {
    return settle(() => {
      const record = this.redact(raw);
      // One record per task: a task that ends again (resumed) replaces its record. Deleted
      // first, not INSERT OR REPLACE, which would skip the trigger that updates the index.
      inTransaction(this.db, () => {
        this.db.prepare('DELETE FROM task_records WHERE task_id = ?').run(record.taskId);
        this.db
          .prepare('INSERT INTO task_records (task_id, task, summary, success, status, sites, ended_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
          .run(
            record.taskId,
            record.task,
            record.summary,
            record.success ? 1 : 0,
            record.status,
            JSON.stringify(record.sites),
            record.endedAt,
          );
      });
      return;
    });
  }

  searchTaskRecords(query: string, k: number): Promise<TaskRecord[]> {
    return settle(() => {
      const match = matchExpression(query);
      const rows = match
        ? this.db
            .prepare(
              `SELECT r.* FROM task_records_fts JOIN task_records r ON r.seq = task_records_fts.rowid
               WHERE task_records_fts MATCH ? ORDER BY bm25(task_records_fts), r.ended_at DESC LIMIT ?`,
            )
            .all(match, k)
        : this.db.prepare('SELECT * FROM task_records ORDER BY ended_at DESC, seq DESC LIMIT ?').all(k);
      return rows.map(toRecord);
    });
  }

  /** True when no task has left a record. */
  hasRecords(): boolean {
    return Boolean(this.db.prepare('SELECT 1 FROM task_records LIMIT 1').get());
  }
}
