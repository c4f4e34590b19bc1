import { useEffect, useState, type ReactNode } from 'react';
import type { TaskView } from '../../lib/messages';
import { isSkillReplay } from '../../lib/skill-messages';

// A running task's progress line: a spinner, the step, the time since it started (ticking
// each second) and, when a model is doing the work, the tokens used so far. The command
// interpreter is no model: it uses no tokens, so none are shown for it.

/** The actor's label core gives the command interpreter (core's providers.ts; a unit test holds the two together). */
export const COMMAND_INTERPRETER_LABEL = 'command interpreter';

/** Whether a model did the task's work (so its token count means something). */
export function usedModel(task: Pick<TaskView, 'model'>): boolean {
  return task.model !== '' && task.model !== COMMAND_INTERPRETER_LABEL && !isSkillReplay(task.model);
}

/** Tokens used so far: the latest usage the task reported while running, or its saved total. */
export function tokensSoFar(task: Pick<TaskView, 'usage' | 'events'>): number {
  const saved = task.usage.inputTokens + task.usage.outputTokens;
  for (let i = task.events.length - 1; i >= 0; i--) {
    const event = task.events[i]?.event;
    if (event?.type === 'usage') return Math.max(saved, event.totalInput + event.totalOutput);
  }
  return saved;
}

/** "0:07", "12:30", "1:02:03". */
export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * Shown while a task runs. `startedAt` defaults to the task's first event (or when this
 * line first showed); `paused`: the task waits before its next step; `children` go at the
 * end of the line (a Pause button). Only the step is a live region: the clock would be read
 * out every second.
 */
/** The plan step under way (1-based): the running one, else the first not yet done. */
function planStepNow(plan: NonNullable<TaskView['plan']>): number {
  const running = plan.findIndex((s) => s.status === 'running');
  if (running >= 0) return running + 1;
  const next = plan.findIndex((s) => s.status === 'pending');
  return next >= 0 ? next + 1 : plan.length;
}

export function Progress({
  task,
  startedAt,
  paused = false,
  children,
}: {
  task: Pick<TaskView, 'step' | 'model' | 'usage' | 'events' | 'status'> & { plan?: TaskView['plan'] };
  startedAt?: number;
  paused?: boolean;
  children?: ReactNode;
}) {
  const [shownAt] = useState(() => Date.now());
  const now = useNow();
  const start = startedAt ?? task.events[0]?.at ?? shownAt;
  const tokens = usedModel(task) ? tokensSoFar(task) : null;
  const doing = paused
    ? 'Paused before the next step.'
    : task.status === 'waiting'
      ? 'Waiting for you'
      : task.plan?.length
        ? // A plan counts its own steps, as its checklist does (not the agent's turns inside them).
          `Working… step ${planStepNow(task.plan)} of ${task.plan.length}`
        : task.step
          ? `Working… step ${task.step}`
          : 'Starting…';
  return (
    <div className="progress">
      {!paused && <span className="spinner" aria-hidden="true" />}
      <span role="status">{doing}</span>
      <span className="muted grow">
        {' · '}
        <span className="elapsed">{formatElapsed(now - start)}</span>
        <span className="sr-only"> elapsed</span>
        {tokens !== null && <span className="tokens"> · {tokens.toLocaleString()} tokens</span>}
      </span>
      {children}
    </div>
  );
}
