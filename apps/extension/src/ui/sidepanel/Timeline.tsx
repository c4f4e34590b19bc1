import { allows, type AgentEvent } from '@wayfinder/core/ui';
import { AlertTriangle, Check, Hand, Loader, X } from 'lucide-react';
import type { ReactNode } from 'react';
import type { EventRecord, TimelineItem } from '../../lib/db';
import { Markdown } from '../markdown';
import { Thumbnail } from './Lightbox';
import { StepDetails } from './StepDetails';
import { describeStep, type Part, type StepStatus } from './step-text';

// One task's steps as a person reads them: each tool call as a sentence ("Clicked **Add to
// cart**") with a mark for how it went, the technical detail behind "Details", pictures of
// the page after actions (small; they open full size), the model's own words, notices,
// confirmations and errors. Icons are decoration: each mark has words for screen readers.

type CallRow = {
  kind: 'call';
  call: Extract<AgentEvent, { type: 'tool-call' }>;
  result: Extract<AgentEvent, { type: 'tool-result' }> | null;
  thumbs: Extract<TimelineItem, { type: 'thumbnail' }>[];
};

type Row =
  | CallRow
  | { kind: 'text'; text: string; step: number }
  | { kind: 'notice'; message: string }
  | { kind: 'confirm'; text: string; allowed: boolean }
  | { kind: 'error'; message: string };

/** What a retry note is about, without its attempt and delay ("… Retrying (2) in 1.0 s."); null for other notes. */
function retryOf(message: string): string | null {
  const at = /\s*Retrying \(\d+\) in [\d.]+ s\.$/.exec(message);
  return at ? message.slice(0, at.index) : null;
}

const ANSWERED: Record<string, string> = {
  always: 'You allowed it on this site from now on',
  once: 'You allowed it once',
  task: 'You allowed it for this task',
  never: 'You declined, for this site from now on',
};

/** How a question was answered, as the timeline says it; `theirTurn`: a step the person was asked to do by hand. */
function confirmText(answer: string, question: string, unanswered: boolean, withdrawn: boolean, theirTurn: boolean): string {
  const what = withdrawn
    ? 'Taken down when the task was stopped (not answered)'
    : unanswered
      ? 'Nobody answered in time, so it was declined'
      : theirTurn
        ? answer === 'once'
          ? 'You did it by hand'
          : 'You skipped it'
        : (ANSWERED[answer] ?? 'You declined');
  return question ? `${what}: ${question}` : `${what}.`;
}

function rows(events: EventRecord[]): Row[] {
  const out: Row[] = [];
  const calls = new Map<string, CallRow>();
  let question = '';
  // A question whose answer is the person's own action (a skill's step by hand): Done or Skip.
  let theirTurn = false;
  for (const { event } of events) {
    if (event.type === 'tool-call') {
      const row: CallRow = { kind: 'call', call: event, result: null, thumbs: [] };
      calls.set(event.id, row);
      out.push(row);
    } else if (event.type === 'tool-result') {
      const row = calls.get(event.id);
      if (row) row.result = event;
    } else if (event.type === 'thumbnail') {
      const row = [...out].reverse().find((r): r is CallRow => r.kind === 'call' && r.call.step === event.step);
      row?.thumbs.push(event);
    } else if (event.type === 'text-delta' && event.delta.trim()) out.push({ kind: 'text', text: event.delta, step: event.step });
    else if (event.type === 'notice') {
      const message = event.display ?? event.message;
      // A model call retried again and again is one note, its latest attempt (not one per retry).
      const previous = out.at(-1);
      if (previous?.kind === 'notice' && retryOf(previous.message) !== null && retryOf(previous.message) === retryOf(message))
        previous.message = message;
      else out.push({ kind: 'notice', message });
    } else if (event.type === 'confirmation-needed') {
      question = event.question;
      theirTurn = event.choices === 'done';
    } else if (event.type === 'confirmation-answered') {
      out.push({
        kind: 'confirm',
        allowed: allows(event.answer),
        text: confirmText(event.answer, question, event.unanswered === true, event.withdrawn === true, theirTurn),
      });
      question = '';
    } else if (event.type === 'error') out.push({ kind: 'error', message: event.message });
  }
  return out;
}

const STATUS_WORDS: Record<StepStatus, string> = { ok: 'Done', failed: 'Failed', running: 'In progress' };

function StatusIcon({ status }: { status: StepStatus }) {
  if (status === 'ok') return <Check className="step-icon ok" size={15} aria-hidden="true" />;
  if (status === 'failed') return <X className="step-icon bad" size={15} aria-hidden="true" />;
  return <Loader className="step-icon running" size={15} aria-hidden="true" />;
}

function Sentence({ parts }: { parts: Part[] }) {
  return <>{parts.map((part, i) => (part.strong ? <strong key={i}>{part.text}</strong> : <span key={i}>{part.text}</span>))}</>;
}

/** A line with a decorative icon and words for screen readers in its place. */
function Marked({ icon, word, children }: { icon: ReactNode; word?: string; children: ReactNode }) {
  return (
    <div className="step-line">
      {icon}
      {word && <span className="sr-only">{word}: </span>}
      <span className="step-text">{children}</span>
    </div>
  );
}

function CallStep({ row }: { row: CallRow }) {
  const { call, result, thumbs } = row;
  const step = describeStep(call, result);
  return (
    <li data-tool={call.name} data-status={step.status} className="step">
      <Marked icon={<StatusIcon status={step.status} />} word={STATUS_WORDS[step.status]}>
        <Sentence parts={step.parts} />
      </Marked>
      {step.reason && (
        <p className="step-reason">
          <Sentence parts={step.reason} />
        </p>
      )}
      {thumbs.length > 0 && (
        <div className="thumbs">
          {thumbs.map((t, j) => (
            <Thumbnail key={j} src={`data:${t.mimeType};base64,${t.data}`} alt={`The page after step ${t.step}`} />
          ))}
        </div>
      )}
      <StepDetails call={call} result={result} />
    </li>
  );
}

export function Timeline({ events, final }: { events: EventRecord[]; final: boolean }) {
  const list = rows(events);
  if (!list.length) return null;
  return (
    <ol className="timeline" aria-label="Steps">
      {list.map((row, i) => {
        if (row.kind === 'text') {
          // The last words of a finished ask are the answer, shown below; earlier ones are the model thinking aloud.
          if (final && i === list.length - 1) return null;
          return (
            <li key={i} className="thought">
              <Markdown text={row.text} />
            </li>
          );
        }
        if (row.kind === 'notice')
          return (
            <li key={i} className="notice">
              <Marked icon={<AlertTriangle className="step-icon warn" size={15} aria-hidden="true" />} word="Note">
                {row.message}
              </Marked>
            </li>
          );
        if (row.kind === 'error')
          return (
            <li key={i} className="error">
              <Marked icon={<X className="step-icon bad" size={15} aria-hidden="true" />} word="Error">
                {row.message}
              </Marked>
            </li>
          );
        if (row.kind === 'confirm')
          return (
            <li key={i} className="confirm">
              <Marked
                icon={
                  row.allowed ? (
                    <Check className="step-icon ok" size={15} aria-hidden="true" />
                  ) : (
                    <Hand className="step-icon warn" size={15} aria-hidden="true" />
                  )
                }
              >
                {row.text}
              </Marked>
            </li>
          );
        return <CallStep key={i} row={row} />;
      })}
    </ol>
  );
}
