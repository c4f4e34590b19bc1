import { RotateCcw, StepForward } from 'lucide-react';
import type { TaskMode } from '@wayfinder/core/ui';
import type { TaskView } from '../../lib/messages';
import { SaveFavourite } from './SaveFavourite';

// Under a task: keep it as a favourite, and once it has ended, run it again (same words,
// same mode, in this conversation) — "Retry" when it failed — or, for a failed act or ask
// task, continue it from where it stopped.

const ENDED = new Set(['done', 'failed', 'stopped', 'interrupted']);

function modeOf(mode: string): TaskMode {
  return mode === 'plan' || mode === 'ask' ? mode : 'act';
}

export function TaskActions({
  task,
  onRunAgain,
  onContinue,
  busy = false,
}: {
  task: TaskView;
  onRunAgain: (task: string, mode: TaskMode) => void;
  /** Given for a task that can go on from where it stopped. */
  onContinue?: (() => void) | undefined;
  /** Another task is running: Run again waits. */
  busy?: boolean;
}) {
  const mode = modeOf(task.mode);
  const failed = task.result !== null && !task.result.success;
  const wait = busy ? 'Wait for the running task to end' : undefined;
  return (
    <div className="task-actions">
      <SaveFavourite text={task.task} mode={mode} label="Save as favourite" />
      {ENDED.has(task.status) && (
        <button
          type="button"
          className="icon-text"
          disabled={busy}
          title={wait ?? (failed ? 'Run this task again from the start' : 'Run this task again')}
          onClick={() => onRunAgain(task.task, mode)}
        >
          <RotateCcw aria-hidden size={16} /> {failed ? 'Retry' : 'Run again'}
        </button>
      )}
      {ENDED.has(task.status) && onContinue && (
        <button type="button" className="icon-text" disabled={busy} title={wait ?? 'Go on from where it stopped'} onClick={onContinue}>
          <StepForward aria-hidden size={16} /> Continue
        </button>
      )}
    </div>
  );
}
