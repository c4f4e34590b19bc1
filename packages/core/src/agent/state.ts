import type { Prompt } from '../model/spec';
import type { PlanStep, TaskMode } from './events';

// A task's state, written after every step, so a host can persist it and a restart loses
// nothing: the history, where it is, what it used.

export type TaskStatus = 'running' | 'waiting' | 'done' | 'failed' | 'stopped' | 'interrupted';

export interface TaskState {
  id: string;
  task: string;
  mode: TaskMode;
  status: TaskStatus;
  step: number;
  messages: Prompt;
  unlockedTools: string[];
  plan: PlanStep[] | null;
  /** `claim`: the model's own words when the record contradicts them (summary then says what happened). */
  result: { success: boolean; summary: string; claim?: string } | null;
  error: { code: string; message: string } | null;
  usage: { inputTokens: number; outputTokens: number };
  createdAt: number;
  updatedAt: number;
}

/** A task that has not taken a step yet. */
export function newTaskState(id: string, task: string, mode: TaskMode, now = Date.now()): TaskState {
  return {
    id,
    task,
    mode,
    status: 'running',
    step: 0,
    messages: [],
    unlockedTools: [],
    plan: null,
    result: null,
    error: null,
    usage: { inputTokens: 0, outputTokens: 0 },
    createdAt: now,
    updatedAt: now,
  };
}

/** Where task state goes: IndexedDB in the extension, SQLite in the host, memory in tests. */
export interface Store {
  saveTask(state: TaskState): Promise<void>;
  loadTask(id: string): Promise<TaskState | null>;
  listTasks(): Promise<TaskState[]>;
}

export class MemoryStore implements Store {
  private readonly tasks = new Map<string, TaskState>();

  saveTask(state: TaskState): Promise<void> {
    this.tasks.set(state.id, structuredClone(state));
    return Promise.resolve();
  }

  loadTask(id: string): Promise<TaskState | null> {
    const state = this.tasks.get(id);
    return Promise.resolve(state ? structuredClone(state) : null);
  }

  listTasks(): Promise<TaskState[]> {
    return Promise.resolve([...this.tasks.values()].map((s) => structuredClone(s)));
  }
}
