// What a command works with: the process's streams, environment and Ctrl+C, passed in so
// tests and the demo can give their own.

export type Env = Record<string, string | undefined>;

export interface Output {
  write(text: string): unknown;
  isTTY?: boolean;
}

export interface Io {
  stdin: NodeJS.ReadableStream;
  stdout: Output;
  stderr: Output;
  env: Env;
  /** Where Ctrl+C is heard; the run stops at the first, quits at the second. */
  onInterrupt(handler: () => void): () => void;
  /**
   * What long work is doing now, on one line of the terminal that the next replaces (null
   * clears it); nothing when stderr is not a terminal. The text is made printable here and
   * is the caller's to redact.
   */
  status?(text: string | null): void;
}

/** A status line on a terminal stream: one line, rewritten in place, cut to the terminal's width. */
export function statusLine(out: NodeJS.WriteStream): (text: string | null) => void {
  let shown = false;
  return (text) => {
    if (text === null) {
      if (shown) out.write('\r\u001b[2K');
      shown = false;
      return;
    }
    const width = Math.max(20, (out.columns || 80) - 1);
    const flat = printable(text).replace(/\s+/g, ' ');
    out.write(`\r\u001b[2K${flat.length > width ? `${flat.slice(0, width - 1)}…` : flat}`);
    shown = true;
  };
}

// What a terminal would act on rather than show: escape sequences (CSI, OSC, DCS and the rest,
// in 7- and 8-bit form), other control characters (carriage return, backspace, bell) and bidi
// controls. In a page's text they could move the cursor, rewrite a line or reorder what the
// person reads at a prompt.
/* eslint-disable no-control-regex -- control characters are what these find */
const SEQUENCE =
  /\u001b\[[0-?]*[ -/]*[@-~]|\u009b[0-?]*[ -/]*[@-~]|(?:\u001b[\]PX^_]|[\u0090\u0098\u009d-\u009f])[^\u0007\u001b\u009c]*(?:\u0007|\u001b\\|\u009c)?|\u001b[ -/]*[0-~]?/g;
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
/** The colour codes the timeline paints with (timeline.ts), and only those. */
const OUR_COLOURS = /(\u001b\[(?:1|2|22|31|32|33|36|39)m)/;
/* eslint-enable no-control-regex */

/** Text as a terminal shows it, never acts on it: no escape sequences or control characters but line breaks and tabs. */
export function printable(text: string): string {
  return text.replace(SEQUENCE, '').replace(CONTROL, '');
}

/** A copy of a value with every string in it printable, however deep (keys kept). */
export function printableValue<T>(value: T): T;
export function printableValue(value: unknown): unknown {
  if (typeof value === 'string') return printable(value);
  if (Array.isArray(value)) return value.map((item: unknown) => printableValue(item));
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, printableValue(item)]));
  return value;
}

/**
 * Everything the CLI writes goes through here. Data is made printable before it is coloured
 * (timeline.ts); this is the last guard for whatever was not: only our own colour codes
 * pass, and only when colour is on.
 */
export function guardedOutput(out: Output, colour: boolean): Output {
  const write = (text: string) =>
    out.write(
      colour
        ? text
            .split(OUR_COLOURS)
            .map((part, i) => (i % 2 ? part : printable(part)))
            .join('')
        : printable(text),
    );
  return out.isTTY === undefined ? { write } : { write, isTTY: out.isTTY };
}

/**
 * Whether to colour what goes to this stream, as other command-line tools decide: FORCE_COLOR
 * (set, and not 0 or false) says yes even into a pipe; NO_COLOR (set, not empty) says no; else
 * only a terminal is coloured.
 */
export function colourFor(out: Output, env: Env): boolean {
  const force = env.FORCE_COLOR;
  if (force !== undefined) return force !== '0' && force.toLowerCase() !== 'false';
  if (env.NO_COLOR) return false;
  return Boolean(out.isTTY);
}

/** The real process: its streams, environment and signals. */
export function processIo(): Io {
  const handlers: (() => void)[] = [];
  let interrupts = 0;
  const onSignal = () => {
    interrupts++;
    const handler = handlers.at(-1);
    // Nothing to stop gracefully, or asked twice: quit (the exit hook reaps browsers we started).
    if (!handler || interrupts > 1) process.exit(130);
    handler();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return {
    stdin: process.stdin,
    stdout: guardedOutput(process.stdout, colourFor(process.stdout, process.env)),
    stderr: guardedOutput(process.stderr, colourFor(process.stderr, process.env)),
    env: process.env,
    ...(process.stderr.isTTY ? { status: statusLine(process.stderr) } : {}),
    onInterrupt: (handler) => {
      handlers.push(handler);
      return () => {
        const at = handlers.indexOf(handler);
        if (at >= 0) handlers.splice(at, 1);
      };
    },
  };
}
