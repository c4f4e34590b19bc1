import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode, type SyntheticEvent } from 'react';
import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { offersTask, type ConfirmAnswer } from '@wayfinder/core/ui';
import type { PendingRequest } from '../../lib/db';
import { ask, declined, type Answer } from '../../lib/messages';

// What a task waits for from the person: approve a plan (editable, reorderable), allow an
// action, answer a question, or answer the page's own dialog. A card takes focus when it
// appears (and is announced: an alertdialog), Esc gives the safe answer, and after any
// answer focus goes back to where tasks are typed.

/** Where focus goes after an answer: the task box. */
function focusComposer(): void {
  document.getElementById('task')?.focus();
}

function useAnswer(taskId: string, request: PendingRequest) {
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const send = async (answer: Answer) => {
    setSending(true);
    const reply = await ask({ type: 'task.answer', taskId, requestId: request.id, answer });
    setSending(false);
    if (!reply.ok) setProblem(reply.error);
    else if (!reply.delivered) setProblem('The task is no longer waiting for this (it may have been stopped or restarted).');
    else focusComposer();
  };
  return { sending, problem, send };
}

/**
 * The frame every card shares: focused when it appears, Esc answers safely (and goes no
 * further, so it does not also stop the task), the problem shown when an answer fails.
 */
function Card({
  label,
  title,
  urgent,
  request,
  onEscape,
  problem,
  children,
  form,
}: {
  label: string;
  title: string;
  urgent: boolean;
  request: PendingRequest;
  onEscape: () => void;
  problem: string | null;
  children: ReactNode;
  form?: (event: SyntheticEvent) => void;
}) {
  const ref = useRef<HTMLElement & HTMLFormElement>(null);
  const titleId = useId();
  useEffect(() => {
    // A field inside (a question's answer) takes focus itself; otherwise the card does.
    const card = ref.current;
    if (!card) return;
    if (!card.contains(document.activeElement)) card.focus({ preventScroll: true });
    // The whole card in view when it fits — its answers too, not only its top (a narrow or zoomed panel).
    card.scrollIntoView({ block: 'nearest' });
  }, [request.id]);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    onEscape();
  };
  const props = {
    ref,
    className: 'card',
    tabIndex: -1,
    role: urgent ? 'alertdialog' : 'region',
    'aria-label': label,
    'aria-describedby': titleId,
    'data-request': request.id,
    onKeyDown,
  };
  const body = (
    <>
      <h3 id={titleId}>{title}</h3>
      {children}
      {problem && (
        <p className="bad" role="alert">
          {problem}
        </p>
      )}
    </>
  );
  return form ? (
    <form {...props} onSubmit={form}>
      {body}
    </form>
  ) : (
    <section {...props}>{body}</section>
  );
}

function PlanCard({ taskId, request }: { taskId: string; request: Extract<PendingRequest, { kind: 'plan' }> }) {
  const [steps, setSteps] = useState(request.steps);
  const { sending, problem, send } = useAnswer(taskId, request);
  const approve = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLOListElement>(null);
  // Approve is where the keyboard starts (after Card's own focus): one Enter away, not a Tab past every step.
  useEffect(() => approve.current?.focus(), [request.id]);
  const move = (from: number, to: number) =>
    setSteps((s) => {
      const next = [...s];
      const [item] = next.splice(from, 1);
      if (item !== undefined) next.splice(to, 0, item);
      return next;
    });
  return (
    <Card
      label="Proposed plan"
      title="Proposed plan"
      urgent={false}
      request={request}
      problem={problem}
      // Esc keeps the plan to edit (Cancel ends it): into its first step.
      onEscape={() => list.current?.querySelector('input')?.focus()}
    >
      {request.message && <p>{request.message}</p>}
      <ol className="plan-steps" ref={list}>
        {steps.map((step, i) => (
          <li key={i}>
            <span className="muted">{i + 1}.</span>
            <input
              aria-label={`Step ${i + 1}`}
              value={step}
              onChange={(e) => setSteps((s) => s.map((x, j) => (j === i ? e.target.value : x)))}
            />
            <button
              type="button"
              className="icon"
              aria-label={`Move step ${i + 1} up`}
              title="Move up"
              disabled={i === 0}
              onClick={() => move(i, i - 1)}
            >
              <ArrowUp aria-hidden size={16} />
            </button>
            <button
              type="button"
              className="icon"
              aria-label={`Move step ${i + 1} down`}
              title="Move down"
              disabled={i === steps.length - 1}
              onClick={() => move(i, i + 1)}
            >
              <ArrowDown aria-hidden size={16} />
            </button>
            <button
              type="button"
              className="icon"
              aria-label={`Remove step ${i + 1}`}
              title="Remove"
              onClick={() => setSteps((s) => s.filter((_, j) => j !== i))}
            >
              <Trash2 aria-hidden size={16} />
            </button>
          </li>
        ))}
      </ol>
      <div className="row wrap">
        <button type="button" onClick={() => setSteps((s) => [...s, ''])}>
          Add a step
        </button>
        <span className="grow" />
        <button type="button" disabled={sending} onClick={() => void send({ kind: 'plan', approved: false })}>
          Cancel
        </button>
        <button
          ref={approve}
          type="button"
          className="primary"
          disabled={sending || !steps.some((s) => s.trim())}
          onClick={() => void send({ kind: 'plan', approved: true, steps: steps.map((s) => s.trim()).filter(Boolean) })}
        >
          Approve
        </button>
      </div>
    </Card>
  );
}

function ConfirmCard({ taskId, request }: { taskId: string; request: Extract<PendingRequest, { kind: 'confirm' }> }) {
  const { sending, problem, send } = useAnswer(taskId, request);
  const answer = (value: ConfirmAnswer) => void send({ kind: 'confirm', answer: value });
  const site = request.choices === 'site';
  // Something the person does in the page first (a skill's step by hand): Done or Skip.
  const theirTurn = request.choices === 'done';
  // "Allow for this task": not this kind of question on this site again until the task ends (not for page code, read every time).
  const forTask = offersTask({ choices: request.choices, kind: request.reason });
  return (
    <Card
      label={theirTurn ? 'Your turn' : 'Confirmation needed'}
      title={site ? `Let Wayfinder use ${request.site}?` : theirTurn ? 'Do this step in the page' : 'Allow this action?'}
      urgent
      request={request}
      problem={problem}
      onEscape={() => answer('deny')}
    >
      {request.from && (
        <p className="from">
          From <strong>{request.from}</strong>, through the host on this computer
        </p>
      )}
      <p data-reason={request.reason}>{request.question}</p>
      <p className="muted">
        Site: {request.site || 'this page'} · Esc {theirTurn ? 'skips' : 'declines'}
      </p>
      <div className="row wrap">
        {theirTurn ? (
          <>
            <button type="button" disabled={sending} onClick={() => answer('deny')}>
              Skip
            </button>
            <span className="grow" />
            <button type="button" className="primary" disabled={sending} onClick={() => answer('once')}>
              Done
            </button>
          </>
        ) : site ? (
          <>
            <button type="button" disabled={sending} onClick={() => answer('deny')}>
              Not now
            </button>
            <button type="button" disabled={sending} onClick={() => answer('never')}>
              Never
            </button>
            <span className="grow" />
            <button type="button" disabled={sending} onClick={() => answer('always')}>
              Always allow
            </button>
            <button type="button" className="primary" disabled={sending} onClick={() => answer('once')}>
              Allow once
            </button>
          </>
        ) : (
          <>
            <button type="button" disabled={sending} onClick={() => answer('deny')}>
              Deny
            </button>
            <span className="grow" />
            {forTask && (
              <button type="button" disabled={sending} onClick={() => answer('task')}>
                Allow for this task
              </button>
            )}
            <button type="button" className="primary" disabled={sending} onClick={() => answer('once')}>
              Allow once
            </button>
          </>
        )}
      </div>
    </Card>
  );
}

function QuestionCard({ taskId, request }: { taskId: string; request: Extract<PendingRequest, { kind: 'question' }> }) {
  const [text, setText] = useState('');
  const { sending, problem, send } = useAnswer(taskId, request);
  return (
    <Card
      label="Question from Wayfinder"
      title="Wayfinder asks"
      urgent
      request={request}
      problem={problem}
      onEscape={() => void send(declined('question', false))}
      form={(e) => {
        e.preventDefault();
        void send({ kind: 'question', text });
      }}
    >
      <p>{request.question}</p>
      <div className="row">
        <input className="grow" aria-label="Your answer" value={text} onChange={(e) => setText(e.target.value)} autoFocus />
        <button type="submit" className="primary" disabled={sending}>
          Answer
        </button>
      </div>
    </Card>
  );
}

function DialogCard({ taskId, request }: { taskId: string; request: Extract<PendingRequest, { kind: 'dialog' }> }) {
  const [text, setText] = useState('');
  const { sending, problem, send } = useAnswer(taskId, request);
  return (
    <Card
      label="The page asks"
      title="The page asks"
      urgent
      request={request}
      problem={problem}
      onEscape={() => void send({ kind: 'dialog', accept: false })}
    >
      <p>{request.question}</p>
      {request.dialogType === 'prompt' && <input aria-label="Answer for the page" value={text} onChange={(e) => setText(e.target.value)} />}
      <div className="row">
        <button type="button" disabled={sending} onClick={() => void send({ kind: 'dialog', accept: false })}>
          Cancel
        </button>
        <span className="grow" />
        <button
          type="button"
          className="primary"
          disabled={sending}
          onClick={() => void send({ kind: 'dialog', accept: true, ...(request.dialogType === 'prompt' ? { text } : {}) })}
        >
          OK
        </button>
      </div>
    </Card>
  );
}

export function PendingCard({ taskId, request }: { taskId: string; request: PendingRequest }) {
  switch (request.kind) {
    case 'plan':
      return <PlanCard key={request.id} taskId={taskId} request={request} />;
    case 'confirm':
      return <ConfirmCard key={request.id} taskId={taskId} request={request} />;
    case 'question':
      return <QuestionCard key={request.id} taskId={taskId} request={request} />;
    case 'dialog':
      return <DialogCard key={request.id} taskId={taskId} request={request} />;
  }
}
