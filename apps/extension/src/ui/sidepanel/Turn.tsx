import { useState } from 'react';
import { AudioLines, CircleCheck, CircleDashed, CircleMinus, CircleX, Image, LoaderCircle, Paperclip, Pause, Play } from 'lucide-react';
import { splitClaim, type PlanStep, type TaskMode } from '@wayfinder/core/ui';
import { ask, type TaskView } from '../../lib/messages';
import { costOf } from '../../lib/pricing';
import { isSkillReplay } from '../../lib/skill-messages';
import { CopyButton, Markdown } from '../markdown';
import { PendingCard } from './Cards';
import { Progress, usedModel } from './Progress';
import { TaskActions } from './TaskActions';
import { Timeline } from './Timeline';
import { RateAnswer } from './RateAnswer';

// One task in a conversation: what was asked, its plan as a live checklist, its steps,
// what it waits for, and its answer with the tokens (and cost) it took. A running task can
// be paused between steps; an ended one that failed can be retried or continued.

const LIVE = new Set(['running', 'waiting']);
const MODE_LABEL: Record<string, string> = { act: 'Do', plan: 'Plan', ask: 'Ask' };

const STEP_STATE: Record<PlanStep['status'], { icon: typeof CircleCheck; label: string }> = {
  pending: { icon: CircleDashed, label: 'to do' },
  running: { icon: LoaderCircle, label: 'in progress' },
  done: { icon: CircleCheck, label: 'done' },
  failed: { icon: CircleX, label: 'failed' },
  skipped: { icon: CircleMinus, label: 'skipped' },
};

function PlanChecklist({ plan }: { plan: PlanStep[] }) {
  return (
    <ol className="checklist" aria-label="Plan">
      {plan.map((step, i) => {
        const { icon: Icon, label } = STEP_STATE[step.status];
        return (
          <li key={i} data-status={step.status}>
            <Icon aria-hidden size={16} className={step.status === 'running' ? 'spin' : undefined} />
            <span>
              <span className="sr-only">
                Step {i + 1}, {label}:{' '}
              </span>
              {step.text}
              {step.result && step.status !== 'running' && <span className="muted"> — {step.result}</span>}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/** The model's label without the server's address (it is in the options; here it is noise). */
function modelName(label: string): string {
  return label.replace(/ at https?:\/\/\S+$/, '');
}

export interface TurnActions {
  /** Runs a task's text again, as a new task in this conversation. */
  retry: (task: string, mode: TaskMode) => void;
  /** Shows a problem with one of the task's buttons. */
  problem: (message: string) => void;
  /** A task is running: Run again and Continue wait. */
  busy: boolean;
}

/**
 * What the task came to: what happened, and — when the record contradicts the model (it said
 * it paid after the person declined the payment: docs/0040-outcome-reconciled.md) — the
 * model's words apart, marked as its claim.
 */
function Outcome({ result }: { result: NonNullable<TaskView['result']> }) {
  const { happened, claim } = splitClaim(result);
  return (
    <>
      <Markdown text={happened} />
      {claim !== null && (
        <p className="claim" aria-label="The model’s claim">
          <span className="muted">The model said (not what happened):</span> “{claim}”
        </p>
      )}
    </>
  );
}

/** The events without the model's `done` calls and their results (a plan step's end, shown by its checklist). */
function withoutDone(events: TaskView['events']): TaskView['events'] {
  return events.filter((e) => !((e.event.type === 'tool-call' || e.event.type === 'tool-result') && e.event.name === 'done'));
}

export function Turn({ task, actions }: { task: TaskView; actions: TurnActions }) {
  const [busy, setBusy] = useState(false);
  const live = LIVE.has(task.status);
  const failed = !live && task.result !== null && !task.result.success;
  const tokens = task.usage.inputTokens + task.usage.outputTokens;
  // The command interpreter uses no model: no tokens, no cost to show.
  // A host task's tokens are counted on the host (`wayfinder history`), not here.
  const counted = usedModel(task) && !task.host;
  const cost = counted && !failed ? costOf(task.model, task.usage.inputTokens, task.usage.outputTokens) : null;
  // The reason it failed is the answer; the same words are not repeated as the last step.
  const events =
    failed && task.result
      ? task.events.filter((e, i) => !(i >= task.events.length - 3 && e.event.type === 'error' && e.event.message === task.result?.summary))
      : task.events;
  const send = async (request: Parameters<typeof ask>[0]) => {
    setBusy(true);
    const reply = await ask(request);
    setBusy(false);
    if (!reply.ok) actions.problem(reply.error);
  };
  // A skill's replay is no agent to continue: Retry runs it again.
  const canContinue = failed && task.mode !== 'plan' && task.step > 0 && !isSkillReplay(task.model);
  return (
    <article className="turn" aria-label={`Task: ${task.task}`} data-status={task.status}>
      <div className="ask">
        <span className="muted">{MODE_LABEL[task.mode] ?? 'Do'}:</span> {task.task}
        {task.attached && (
          <ul className="attachments sent" aria-label="Sent with it">
            {task.attached.map((f, i) => (
              <li key={`${f.name}-${i}`}>
                {f.kind === 'image' ? (
                  <Image aria-hidden size={14} />
                ) : f.kind === 'audio' ? (
                  <AudioLines aria-hidden size={14} />
                ) : (
                  <Paperclip aria-hidden size={14} />
                )}
                <span className="clip" title={f.name}>
                  {f.name}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
      {task.host && (
        <p className="muted small host-mark" aria-label="Where it runs">
          On the host{task.host.device ? ` · from ${task.host.device}` : ''}
        </p>
      )}
      {task.plan && <PlanChecklist plan={task.plan} />}
      {/* A plan's steps end with the checklist's own marks: their "Finished" lines would only repeat them. */}
      <Timeline events={task.mode === 'plan' ? withoutDone(events) : events} final={!live && task.mode === 'ask'} />
      {live && task.pending && <PendingCard taskId={task.id} request={task.pending} />}
      {live && !task.pending && task.host && <Progress task={task} paused={false} />}
      {live && !task.pending && !task.host && (
        <Progress task={task} paused={task.paused}>
          <button
            type="button"
            disabled={busy}
            onClick={() => void send({ type: 'task.pause', taskId: task.id, paused: !task.paused })}
            aria-label={task.paused ? 'Resume' : 'Pause'}
            title={task.paused ? 'Let the task go on' : 'Hold the task before its next step'}
          >
            {task.paused ? <Play aria-hidden size={16} /> : <Pause aria-hidden size={16} />}
            {task.paused ? 'Resume' : 'Pause'}
          </button>
        </Progress>
      )}
      {!live && task.result && (
        <div className={`answer${failed ? ' failed' : ''}`} role="region" aria-label="Answer">
          {task.status === 'stopped' ? (
            <p className="warn">Stopped.</p>
          ) : (
            <>
              <Outcome result={task.result} />
              <CopyButton text={task.result.summary} label="Copy answer" className="copy-answer" />
              {/* A failed task has no answer to rate (its reason is shown instead). */}
              {!task.host && !failed && <RateAnswer taskId={task.id} conversationId={task.conversationId} />}
            </>
          )}
        </div>
      )}
      {!live && task.status === 'interrupted' && !task.result && (
        <p className="warn">Interrupted when the browser restarted the agent; its history is kept.</p>
      )}
      {!live && (
        <p className="usage">
          {task.step} step{task.step === 1 ? '' : 's'}
          {counted ? ` · ${tokens.toLocaleString()} tokens` : ''}
          {cost ? ` · ${cost}` : ''}
          {task.model ? ` · ${modelName(task.model)}` : ''}
        </p>
      )}
      {!live && !task.host && (
        <TaskActions
          task={task}
          busy={actions.busy}
          onRunAgain={actions.retry}
          onContinue={canContinue ? () => void send({ type: 'task.continue', taskId: task.id }) : undefined}
        />
      )}
    </article>
  );
}
