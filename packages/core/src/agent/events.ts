import type { ConfirmationEvent } from '../runner/runner';

// What an agent run tells its host, as it happens: for timelines in the terminal and the
// side panel, and for --json output. Plain data.

export type TaskMode = 'act' | 'plan' | 'ask';

export interface PlanStep {
  text: string;
  status: 'pending' | 'running' | 'done' | 'failed' | 'skipped';
  result?: string;
}

export type AgentEvent =
  | { type: 'task-start'; taskId: string; task: string; mode: TaskMode; model: string }
  | { type: 'step-start'; step: number }
  | { type: 'text-delta'; step: number; delta: string }
  | { type: 'tool-call'; step: number; id: string; name: string; input: unknown }
  /** `summary` is the gist of what the model read; `display`, when set, is what a person should read instead (no advice meant for the model). */
  | {
      type: 'tool-result';
      step: number;
      id: string;
      name: string;
      ok: boolean;
      summary: string;
      ms: number;
      data: Record<string, unknown>;
      display?: string;
    }
  | { type: 'usage'; step: number; inputTokens: number; outputTokens: number; totalInput: number; totalOutput: number; estimated: boolean }
  /** `display`, when set, is the notice in words for the person (`message` may be advice written for the model). */
  | { type: 'notice'; step: number; message: string; display?: string }
  | { type: 'plan-proposed'; steps: string[]; message: string }
  /** A plan step started or ended; `plan` is the whole approved plan as of now (a live checklist needs no other source). */
  | { type: 'plan-step'; index: number; step: PlanStep; plan: PlanStep[] }
  | ConfirmationEvent
  | { type: 'question'; question: string }
  /** `summary` says what happened; `claim`, when set, is what the model said instead (the record contradicts it). */
  | { type: 'done'; success: boolean; summary: string; steps: number; claim?: string }
  | { type: 'error'; code: string; message: string };
