import type { CurrentRedaction } from './redaction';

// The worker's console lines: an error's message can quote a page, a task or an address, so
// what follows a line's own words passes the one redaction first (lib/redaction.ts). The
// background root names the redaction at start-up (`logThrough`); before that, or where
// there is none (tests of other parts), only the line's own words are written.

type Level = 'error' | 'warn' | 'info';

let redaction: CurrentRedaction | null = null;

/** Every line logged from now on passes this redaction (the root's, at every start of the worker). */
export function logThrough(current: CurrentRedaction): void {
  redaction = current;
}

function describe(detail: unknown): string {
  if (detail instanceof Error) return detail.stack ?? `${detail.name}: ${detail.message}`;
  if (typeof detail === 'string') return detail;
  try {
    // Undefined (and functions) have no JSON.
    const json: unknown = JSON.stringify(detail);
    return typeof json === 'string' ? json : String(detail);
  } catch {
    return String(detail);
  }
}

function write(level: Level, what: string, detail: unknown, given: boolean): void {
  const current = redaction;
  if (!given) {
    console[level](what);
    return;
  }
  if (!current) {
    console[level](`${what} (details withheld: no redaction yet)`);
    return;
  }
  const line = `${what}: ${describe(detail)}`;
  current().then(
    (r) => console[level](r.text(line)),
    () => console[level](`${what} (details withheld: the secrets could not be read)`),
  );
}

/** `what` (our own words), then what went wrong, redacted. */
export function logError(what: string, ...detail: [unknown?]): void {
  write('error', what, detail[0], detail.length > 0);
}

export function logWarn(what: string, ...detail: [unknown?]): void {
  write('warn', what, detail[0], detail.length > 0);
}

export function logInfo(what: string, ...detail: [unknown?]): void {
  write('info', what, detail[0], detail.length > 0);
}
