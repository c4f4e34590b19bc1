import type { AgentEvent } from '@wayfinder/core/ui';
import { useState } from 'react';

// A step's details, behind a disclosure: first what a person can check — what it did, what
// was typed or chosen, where the page went, how long it took — and, behind a second one, the
// technical record: the tool, each input, what it said back and the data it recorded, as
// "key: value" lines (nested data flattened to dotted keys). Long values are cut, with a
// button to see all of them.

const CUT = 160;
const MAX_DEPTH = 3;

type Line = [key: string, value: string];

/** Page text in our sentences is marked for the model; here it reads as quoted words. */
function unmark(text: string): string {
  return text.replaceAll('<page-text>', '“').replaceAll('</page-text>', '”');
}

function scalar(value: unknown): string | null {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return unmark(value);
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return null;
}

/** One object on one line: "a: 1, b: two". */
function inline(value: unknown): string {
  const plain = scalar(value);
  if (plain !== null) return plain;
  if (Array.isArray(value)) return value.map(inline).join(', ');
  if (typeof value === 'object' && value !== null)
    return Object.entries(value)
      .map(([k, v]) => `${k}: ${inline(v)}`)
      .join(', ');
  return '';
}

export function detailLines(prefix: string, value: unknown, depth = 0): Line[] {
  const plain = scalar(value);
  if (plain !== null) return [[prefix, plain]];
  if (Array.isArray(value)) {
    if (!value.length) return [[prefix, '(none)']];
    if (value.every((v) => scalar(v) !== null)) return [[prefix, value.map(inline).join(', ')]];
    return value.map((v, i): Line => [`${prefix} ${i + 1}`, inline(v)]);
  }
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value);
    if (!entries.length) return [];
    if (depth >= MAX_DEPTH) return [[prefix, inline(value)]];
    return entries.flatMap(([k, v]) => detailLines(prefix ? `${prefix}.${k}` : k, v, depth + 1));
  }
  return [[prefix, String(value)]];
}

function Value({ text }: { text: string }) {
  const [all, setAll] = useState(false);
  if (text.length <= CUT) return <>{text}</>;
  return (
    <>
      {all ? text : `${text.slice(0, CUT - 1)}…`}{' '}
      <button type="button" className="link-button" aria-expanded={all} onClick={() => setAll(!all)}>
        {all ? 'Show less' : `Show all (${text.length.toLocaleString()} characters)`}
      </button>
    </>
  );
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.fromEntries(Object.entries(value)) : {};
}

/** A tool's sentence without the element refs it names for the model: "Clicked e12 (button “Add”)" → "Clicked button “Add”". */
export function withoutRefs(text: string): string {
  return unmark(text)
    .replace(/\b(?:e|f\d+e)\d+ \(([^()]*)\)/g, '$1')
    .replace(/\s*\[(?:e|f\d+e)\d+\]/g, '');
}

/** What a person can check of a step: what it did, what went in, where the page went, how long it took. */
export function personLines(
  call: Extract<AgentEvent, { type: 'tool-call' }>,
  result: Extract<AgentEvent, { type: 'tool-result' }> | null,
): Line[] {
  const input = record(call.input);
  const lines: Line[] = [];
  if (result) lines.push([result.ok ? 'What happened' : 'What failed', withoutRefs(result.summary)]);
  const said = (key: string, label: string) => {
    const value = input[key];
    if (typeof value === 'string' && value) lines.push([label, unmark(value)]);
    else if (Array.isArray(value) && value.length) lines.push([label, value.map(inline).join(', ')]);
  };
  said('text', 'Typed');
  said('values', 'Chose');
  said('keys', 'Keys');
  said('url', 'Address');
  said('query', 'Looked for');
  const outcome = record(record(result?.data).outcome);
  if (outcome.navigated === true && typeof outcome.url === 'string') lines.push(['Page went to', outcome.url]);
  if (Array.isArray(outcome.newTabs) && outcome.newTabs.length) lines.push(['New tabs', outcome.newTabs.map(inline).join(', ')]);
  if (result) lines.push(['Took', `${result.ms.toLocaleString()} ms`]);
  return lines;
}

function Lines({ lines }: { lines: Line[] }) {
  return (
    <dl>
      {lines.map(([key, value], i) => (
        <div key={i}>
          <dt>{key}</dt>
          <dd>
            <Value text={value} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function StepDetails({
  call,
  result,
}: {
  call: Extract<AgentEvent, { type: 'tool-call' }>;
  result: Extract<AgentEvent, { type: 'tool-result' }> | null;
}) {
  const technical: Line[] = [['Tool', call.name], ...detailLines('', call.input).map(([k, v]): Line => [`Input ${k}`.trim(), v])];
  if (result) {
    technical.push(['Result', `${result.ok ? '' : 'failed: '}${unmark(result.summary)}`], ['Took', `${result.ms.toLocaleString()} ms`]);
    technical.push(...detailLines('', result.data));
  }
  return (
    <details className="step-details">
      <summary>
        Details<span className="sr-only"> of step {call.step}</span>
      </summary>
      <Lines lines={personLines(call, result)} />
      <details className="technical">
        <summary>Technical details</summary>
        <Lines lines={technical} />
      </details>
    </details>
  );
}
