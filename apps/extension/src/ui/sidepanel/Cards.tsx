import { useState } from 'react';
import type { PendingRequest } from '../../lib/db';
import { ask, type Request } from '../../lib/messages';

// What a task waits for from the person: approve a plan (editable, reorderable), allow an
// action, answer a question, or answer the page's own dialog.

type Answer = Extract<Request, { type: 'task.answer' }>['answer'];

function useAnswer(taskId: string, requestId: string) {
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const send = async (answer: Answer) => {
    setSending(true);
    const reply = await ask({ type: 'task.answer', taskId, requestId, answer });
    setSending(false);
    if (!reply.ok) setProblem(reply.error);
    else if (!reply.delivered) setProblem('The task is no longer waiting for this (it may have been stopped or restarted).');
  };
  return { sending, problem, send };
}

function PlanCard({ taskId, request }: { taskId: string; request: Extract<PendingRequest, { kind: 'plan' }> }) {
  const [steps, setSteps] = useState(request.steps);
  const { sending, problem, send } = useAnswer(taskId, request.id);
  const move = (from: number, to: number) =>
    setSteps((s) => {
      const next = [...s];
      const [item] = next.splice(from, 1);
      if (item !== undefined) next.splice(to, 0, item);
      return next;
    });
  return (
    <section className="card" aria-label="Proposed plan">
      <h3>Proposed plan</h3>
      {request.message && <p>{request.message}</p>}
      <ol className="plan-steps">
        {steps.map((step, i) => (
          <li key={i}>
            <span className="muted">{i + 1}.</span>
            <input
              aria-label={`Step ${i + 1}`}
              value={step}
              onChange={(e) => setSteps((s) => s.map((x, j) => (j === i ? e.target.value : x)))}
            />
            <button type="button" aria-label={`Move step ${i + 1} up`} disabled={i === 0} onClick={() => move(i, i - 1)}>
              ↑
            </button>
            <button type="button" aria-label={`Move step ${i + 1} down`} disabled={i === steps.length - 1} onClick={() => move(i, i + 1)}>
              ↓
            </button>
            <button type="button" aria-label={`Remove step ${i + 1}`} onClick={() => setSteps((s) => s.filter((_, j) => j !== i))}>
              ✕
            </button>
          </li>
        ))}
      </ol>
      <div className="row">
        <button type="button" onClick={() => setSteps((s) => [...s, ''])}>
          Add a step
        </button>
        <span className="grow" />
        <button type="button" disabled={sending} onClick={() => void send({ kind: 'plan', approved: false })}>
          Cancel
        </button>
        <button
          type="button"
          className="primary"
          disabled={sending || !steps.some((s) => s.trim())}
          onClick={() => void send({ kind: 'plan', approved: true, steps: steps.map((s) => s.trim()).filter(Boolean) })}
        >
          Approve
        </button>
      </div>
      {problem && (
        <p className="bad" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}

function ConfirmCard({ taskId, request }: { taskId: string; request: Extract<PendingRequest, { kind: 'confirm' }> }) {
  const { sending, problem, send } = useAnswer(taskId, request.id);
  const answer = (value: 'once' | 'always' | 'never' | 'deny') => void send({ kind: 'confirm', answer: value });
  const site = request.choices === 'site';
  return (
    <section className="card" aria-label="Confirmation needed" data-reason={request.reason} data-request={request.id}>
      <h3>{site ? `Let Wayfinder use ${request.site}?` : 'Allow this action?'}</h3>
      <p>{request.question}</p>
      <p className="muted">
        Tool: {request.tool} · Site: {request.site || '(this page)'}
      </p>
      <div className="row">
        {site ? (
          <>
            <button type="button" disabled={sending} onClick={() => answer('never')}>
              Never
            </button>
            <button type="button" disabled={sending} onClick={() => answer('deny')}>
              Not now
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
            <button type="button" className="primary" disabled={sending} onClick={() => answer('once')}>
              Allow once
            </button>
          </>
        )}
      </div>
      {problem && (
        <p className="bad" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}

function QuestionCard({ taskId, request }: { taskId: string; request: Extract<PendingRequest, { kind: 'question' }> }) {
  const [text, setText] = useState('');
  const { sending, problem, send } = useAnswer(taskId, request.id);
  return (
    <form
      className="card"
      aria-label="Question from Wayfinder"
      onSubmit={(e) => {
        e.preventDefault();
        void send({ kind: 'question', text });
      }}
    >
      <h3>Wayfinder asks</h3>
      <p>{request.question}</p>
      <div className="row">
        <input className="grow" aria-label="Your answer" value={text} onChange={(e) => setText(e.target.value)} autoFocus />
        <button type="submit" className="primary" disabled={sending}>
          Answer
        </button>
      </div>
      {problem && (
        <p className="bad" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}

function DialogCard({ taskId, request }: { taskId: string; request: Extract<PendingRequest, { kind: 'dialog' }> }) {
  const [text, setText] = useState('');
  const { sending, problem, send } = useAnswer(taskId, request.id);
  return (
    <section className="card" aria-label="The page asks">
      <h3>The page asks</h3>
      <p>{request.question}</p>
      {request.dialogType === 'prompt' && <input aria-label="Answer for the page" value={text} onChange={(e) => setText(e.target.value)} />}
      <div className="row">
        <button type="button" disabled={sending} onClick={() => void send({ kind: 'dialog', accept: false })}>
          Cancel
        </button>
        <button
          type="button"
          className="primary"
          disabled={sending}
          onClick={() => void send({ kind: 'dialog', accept: true, ...(request.dialogType === 'prompt' ? { text } : {}) })}
        >
          OK
        </button>
      </div>
      {problem && (
        <p className="bad" role="alert">
          {problem}
        </p>
      )}
    </section>
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
