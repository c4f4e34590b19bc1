import type { TaskView } from '../../lib/messages';
import { costOf } from '../../lib/pricing';
import { Markdown } from '../markdown';
import { PendingCard } from './Cards';
import { Timeline } from './Timeline';

// One task in a conversation: what was asked, its plan, its steps, what it waits for, and
// its answer with the tokens (and cost) it took.

const LIVE = new Set(['running', 'waiting']);

export function Turn({ task }: { task: TaskView }) {
  const live = LIVE.has(task.status);
  const failed = !live && task.result !== null && !task.result.success;
  const tokens = task.usage.inputTokens + task.usage.outputTokens;
  const cost = costOf(task.model, task.usage.inputTokens, task.usage.outputTokens);
  return (
    <article className="turn" aria-label={`Task: ${task.task}`} data-status={task.status}>
      <div className="ask">
        <span className="muted">{task.mode === 'act' ? 'Do' : task.mode === 'plan' ? 'Plan' : 'Ask'}:</span> {task.task}
      </div>
      {task.plan && (
        <ol className="plan-steps" aria-label="Plan">
          {task.plan.map((step, i) => (
            <li key={i} data-status={step.status}>
              <span>{step.status === 'done' ? '✓' : step.status === 'failed' ? '✗' : step.status === 'running' ? '▸' : '·'}</span>{' '}
              {step.text}
              {step.result && <span className="muted"> — {step.result}</span>}
            </li>
          ))}
        </ol>
      )}
      <Timeline events={task.events} final={!live && task.mode === 'ask'} />
      {task.pending && <PendingCard taskId={task.id} request={task.pending} />}
      {live && !task.pending && (
        <p className="muted" role="status">
          Working… step {task.step}
        </p>
      )}
      {!live && task.result && (
        <div className={`answer${failed ? ' failed' : ''}`} role="region" aria-label="Answer">
          {task.status === 'stopped' ? <p className="warn">Stopped.</p> : <Markdown text={task.result.summary} />}
        </div>
      )}
      {!live && task.status === 'interrupted' && !task.result && (
        <p className="warn">Interrupted when the browser restarted the agent; its history is kept.</p>
      )}
      {!live && (
        <p className="usage">
          {task.step} step{task.step === 1 ? '' : 's'} · {tokens.toLocaleString()} tokens{cost ? ` · ${cost}` : ''}
          {task.model ? ` · ${task.model}` : ''}
        </p>
      )}
    </article>
  );
}
