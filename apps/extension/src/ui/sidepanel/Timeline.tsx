import type { AgentEvent } from '@wayfinder/core/ui';
import type { EventRecord, TimelineItem } from '../../lib/db';
import { Markdown } from '../markdown';

// One task's steps: each tool call with a short argument summary and its result (details
// expand), pictures of the page after actions, the model's own words, notices and errors.

function argSummary(input: unknown): string {
  if (typeof input !== 'object' || input === null) return '';
  const text = Object.entries(input)
    .map(([k, v]) => `${k}=${typeof v === 'string' ? JSON.stringify(v.length > 40 ? `${v.slice(0, 39)}…` : v) : JSON.stringify(v)}`)
    .join(' ');
  return text.length > 90 ? `${text.slice(0, 89)}…` : text;
}

type Row =
  | {
      kind: 'call';
      call: Extract<AgentEvent, { type: 'tool-call' }>;
      result: Extract<AgentEvent, { type: 'tool-result' }> | null;
      thumbs: Extract<TimelineItem, { type: 'thumbnail' }>[];
    }
  | { kind: 'text'; text: string; step: number }
  | { kind: 'notice'; message: string }
  | { kind: 'confirm'; text: string; allowed: boolean }
  | { kind: 'error'; message: string };

function rows(events: EventRecord[]): Row[] {
  const out: Row[] = [];
  const calls = new Map<string, Extract<Row, { kind: 'call' }>>();
  for (const { event } of events) {
    if (event.type === 'tool-call') {
      const row: Extract<Row, { kind: 'call' }> = { kind: 'call', call: event, result: null, thumbs: [] };
      calls.set(event.id, row);
      out.push(row);
    } else if (event.type === 'tool-result') {
      const row = calls.get(event.id);
      if (row) row.result = event;
    } else if (event.type === 'thumbnail') {
      const row = [...out].reverse().find((r): r is Extract<Row, { kind: 'call' }> => r.kind === 'call' && r.call.step === event.step);
      row?.thumbs.push(event);
    } else if (event.type === 'text-delta' && event.delta.trim()) out.push({ kind: 'text', text: event.delta, step: event.step });
    else if (event.type === 'notice') out.push({ kind: 'notice', message: event.message });
    else if (event.type === 'confirmation-answered') {
      const allowed = event.answer === 'once' || event.answer === 'always';
      out.push({
        kind: 'confirm',
        allowed,
        text: `${allowed ? 'You allowed' : 'You declined'} ${event.tool}${event.answer === 'always' ? ' (always, for this site)' : event.answer === 'never' ? ' (never, for this site)' : ''}.`,
      });
    } else if (event.type === 'error') out.push({ kind: 'error', message: event.message });
  }
  return out;
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
            <li key={i} className="warn">
              ⚠ {row.message}
            </li>
          );
        if (row.kind === 'error')
          return (
            <li key={i} className="bad">
              ✗ {row.message}
            </li>
          );
        if (row.kind === 'confirm')
          return (
            <li key={i} className={row.allowed ? 'ok' : 'warn'}>
              {row.allowed ? '✓' : '✋'} {row.text}
            </li>
          );
        const { call, result, thumbs } = row;
        const mark = !result ? '…' : result.ok ? '✓' : '✗';
        return (
          <li key={i} data-tool={call.name}>
            <details>
              <summary>
                <span className="muted">{call.step}.</span> <span className="tool">{call.name}</span>{' '}
                <span className="muted">{argSummary(call.input)}</span>
                {result && (
                  <>
                    <br />
                    <span className={result.ok ? 'ok' : 'bad'}>{mark}</span> {result.summary} <span className="muted">{result.ms} ms</span>
                  </>
                )}
              </summary>
              <pre>{JSON.stringify({ input: call.input, ...(result ? { result: result.summary, data: result.data } : {}) }, null, 2)}</pre>
            </details>
            {thumbs.map((t, j) => (
              <img key={j} className="thumb" alt={`The page after step ${t.step}`} src={`data:${t.mimeType};base64,${t.data}`} />
            ))}
          </li>
        );
      })}
    </ol>
  );
}
