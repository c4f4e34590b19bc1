import { allows, type AgentEvent, type Redaction, type TaskResult } from '@wayfinder/core';
import { colourFor, printable, printableValue, type Output } from './io';

// What a run looks like in the terminal: one line per tool call with its result, tokens
// per step, notices, the plan, and a last line that says how it went. `--json` prints the
// events themselves, one per line, for scripts. Both write every string they are given
// through the runtime's one redaction (addresses, titles, questions, results may hold a
// secret; there is no printer without it); the timeline also makes it printable (no escape
// sequences from a page) before it adds its own colours.

export interface Printer {
  header(lines: { model: string; mode: string; task: string; page: string }): void;
  event(event: AgentEvent): void;
  result(result: TaskResult, ms: number): void;
  /** Something for the person to read that is not an agent event (errors before the run, prompts). */
  note(text: string): void;
}

type Paint = (text: string) => string;

function painter(enabled: boolean) {
  const code =
    (open: number, close: number): Paint =>
    (text) =>
      enabled ? `\x1b[${open}m${text}\x1b[${close}m` : text;
  return { dim: code(2, 22), bold: code(1, 22), red: code(31, 39), green: code(32, 39), yellow: code(33, 39), cyan: code(36, 39) };
}

/** 1234 → "1.2k". */
export function tokens(n: number): string {
  return n >= 1000 ? `${(n / 1000).toFixed(1)}k` : String(n);
}

function oneLine(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** Tool arguments as key=value pairs, short. */
export function formatArgs(input: unknown): string {
  if (typeof input !== 'object' || input === null) return oneLine(String(input), 100);
  return oneLine(
    Object.entries(input)
      .map(([key, value]) => `${key}=${JSON.stringify(value ?? null)}`)
      .join(' '),
    100,
  );
}

export class TimelinePrinter implements Printer {
  private readonly paint: ReturnType<typeof painter>;
  /** Redacted and printable: what every string from a run becomes before it is shown. */
  private readonly clean: (text: string) => string;
  private pendingText = '';
  private stepTokens: string | null = null;
  private estimated = false;

  constructor(
    private readonly out: Output,
    private readonly options: { color?: boolean; redaction: Redaction },
  ) {
    this.paint = painter(options.color ?? colourFor(out, process.env));
    this.clean = (text) => printable(options.redaction.text(text));
  }

  /** A value from a run as it may be shown: every string redacted and printable, however deep. */
  private shown<T>(value: T): T {
    return printableValue(this.options.redaction.value(value));
  }

  private line(text: string): void {
    this.out.write(`${text}\n`);
  }

  header(lines: { model: string; mode: string; task: string; page: string }): void {
    const { model, mode, task, page } = this.shown(lines);
    const p = this.paint;
    this.line(`${p.bold('wayfinder')} ${p.dim('·')} ${model} ${p.dim('·')} ${mode} mode`);
    this.line(`${p.dim('task')}  ${task}`);
    this.line(`${p.dim('page')}  ${page}`);
    this.line('');
  }

  note(text: string): void {
    this.line(this.clean(text));
  }

  private flushText(): void {
    // Cleaned as a whole: a secret or an escape sequence could come split across pieces of the stream.
    const text = this.clean(this.pendingText);
    if (text.trim()) this.line(`    ${this.paint.dim(`“${oneLine(text, 300)}”`)}`);
    this.pendingText = '';
  }

  event(raw: AgentEvent): void {
    const p = this.paint;
    if (raw.type === 'text-delta') {
      this.pendingText += raw.delta;
      return;
    }
    const event = this.shown(raw);
    switch (event.type) {
      case 'task-start':
      case 'step-start':
        return;
      case 'usage':
        this.flushText();
        this.stepTokens = `${tokens(event.inputTokens)} tokens${event.estimated ? '*' : ''}`;
        this.estimated ||= event.estimated;
        return;
      case 'tool-call': {
        const tag = this.stepTokens ? `  ${p.dim(this.stepTokens)}` : '';
        this.stepTokens = null;
        this.line(`${p.cyan(String(event.step).padStart(3))}  ${p.bold(event.name)} ${formatArgs(event.input)}${tag}`);
        return;
      }
      case 'tool-result': {
        const mark = event.ok ? p.green('✓') : p.red('✗');
        this.line(`     ${mark} ${oneLine(event.display ?? event.summary, 240)} ${p.dim(`${event.ms} ms`)}`);
        return;
      }
      case 'notice':
        this.flushText();
        this.line(`     ${p.yellow('!')} ${event.display ?? event.message}`);
        return;
      case 'plan-proposed':
        this.line(`${p.bold('Plan')}${event.message ? `: ${event.message}` : ''}`);
        event.steps.forEach((step, i) => this.line(`  ${i + 1}. ${step}`));
        return;
      case 'plan-step': {
        const status = event.step.status;
        if (status === 'running') this.line(`\n${p.bold(`Step ${event.index + 1}:`)} ${event.step.text}`);
        else if (status === 'done' || status === 'failed')
          this.line(`${status === 'done' ? p.green('  ✓ step done') : p.red('  ✗ step failed')}: ${oneLine(event.step.result ?? '', 200)}`);
        return;
      }
      case 'confirmation-answered':
        this.line(
          `     ${event.withdrawn ? p.dim('– taken down: the task was stopped') : event.unanswered ? p.red('✗ declined: nobody answered in time') : !allows(event.answer) ? p.red('✗ declined') : p.green(`✓ allowed ${event.answer === 'always' ? '(always)' : event.answer === 'task' ? 'for this task' : 'once'}`)}`,
        );
        return;
      case 'confirmation-needed':
      case 'question':
        // The prompt that follows shows these.
        return;
      case 'error':
        this.flushText();
        return;
      case 'done':
        this.flushText();
        return;
    }
  }

  result(raw: TaskResult, ms: number): void {
    const result = this.shown(raw);
    const p = this.paint;
    const usage = `${tokens(result.usage.inputTokens)} tokens in, ${tokens(result.usage.outputTokens)} out${this.estimated ? ' (* estimated)' : ''}`;
    const facts = p.dim(`${result.steps} step${result.steps === 1 ? '' : 's'} · ${(ms / 1000).toFixed(1)} s · ${usage}`);
    this.line('');
    if (result.success) this.line(`${p.green('✓ Done')}  ${facts}`);
    else if (result.status === 'stopped') this.line(`${p.yellow('■ Stopped')}  ${facts}`);
    // The model said it succeeded; the record says otherwise (core/agent/record.ts): what happened comes first.
    else if (result.claim) this.line(`${p.red('✗ Not done')} (the model's claim does not match what happened)  ${facts}`);
    else this.line(`${p.red('✗ Failed')}${result.error ? ` (${result.error.code})` : ''}  ${facts}`);
    this.line(result.summary);
  }
}

// JSON.stringify escapes C0 controls but leaves DEL, C1 controls (an 8-bit CSI), bidi controls
// and line separators as they are; escaped too, a line of --json is safe on a terminal and still
// the same data.
const UNSAFE_IN_JSON = /[\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g;

export class JsonPrinter implements Printer {
  constructor(
    private readonly out: Output,
    private readonly notes: Output,
    private readonly redaction: Redaction,
  ) {}

  private words: Extract<AgentEvent, { type: 'text-delta' }> | null = null;

  private emit(value: unknown): void {
    const line = JSON.stringify(this.redaction.value(value)).replace(
      UNSAFE_IN_JSON,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
    this.out.write(`${line}\n`);
  }

  header(lines: { model: string; mode: string; task: string; page: string }): void {
    this.emit({ type: 'run', ...lines });
  }

  event(event: AgentEvent): void {
    if (event.type === 'text-delta') {
      if (this.words?.step === event.step) this.words.delta += event.delta;
      else {
        this.flushWords();
        this.words = { ...event };
      }
      return;
    }
    this.flushWords();
    this.emit(event);
  }

  /** The model's streamed words go out as one event per step, redacted whole: a secret split between pieces is still found. */
  private flushWords(): void {
    if (this.words) this.emit(this.words);
    this.words = null;
  }

  result(result: TaskResult, ms: number): void {
    this.flushWords();
    this.emit({ type: 'result', ...result, ms });
  }

  note(text: string): void {
    this.notes.write(`${printable(this.redaction.text(text))}\n`);
  }
}
