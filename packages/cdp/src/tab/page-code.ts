import { BrowserError } from '@wayfinder/core';
import type { Protocol } from 'devtools-protocol';
import type { CdpSession } from '../connection';
import { CdpError } from '../errors';
import type { NavigationWatch } from './navigation';
import { answerExpression, MAX_RESULT_CHARS, pageCodeExpression, SOURCE_URL, stopExpression } from './page-code-helpers';

/** The browser's clock and ours differ by a few ms: an answer this close to the limit came from the limit. */
const TIMER_SLACK_MS = 25;

// Runs a page-code snippet (execute_page_code) in the tab's main frame, in a world of its
// own, under a hard time limit: Runtime.evaluate's own timeout stops a snippet stuck in a
// loop before its first await; a race stops waiting for one stuck later, tells its helpers
// and timers to stop, and, when the page does not even answer that (a loop after an
// await), terminates the script running there. A syntax error is found by parsing
// first, so nothing runs. A navigation the snippet causes is its outcome, not a failure.

export const CODE_WORLD = 'wayfinder-code';
/** The binding the helpers ask for trusted input through (given to the code world only, never the page's). */
const BINDING = '__wayfinderTrustedInput';
/** How long stopping a timed-out run may take before the running script is terminated. */
const STOP_WAIT_MS = 500;

let runs = 0;

/** The debugger's input, for the helpers' clicks and typing; null in DOM-event mode. */
export interface TrustedInput {
  /** Presses the left button at a point of the viewport (`hidden`: the tab draws no frames, so the pointer jumps there). */
  click(x: number, y: number, hidden: boolean): Promise<void>;
  /** Replaces the focused field's selection with `text` (empty: deletes it). */
  insert(text: string): Promise<void>;
}

type Request =
  | { run: string; seq: number; op: 'click'; x: number; y: number; hidden: boolean }
  | { run: string; seq: number; op: 'insert'; text: string };

function parseRequest(payload: string): Request | null {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || !('run' in value) || !('seq' in value) || !('op' in value)) return null;
  const { run, seq, op } = value;
  if (typeof run !== 'string' || typeof seq !== 'number') return null;
  if (op === 'click' && 'x' in value && 'y' in value && typeof value.x === 'number' && typeof value.y === 'number')
    return { run, seq, op, x: value.x, y: value.y, hidden: 'hidden' in value && value.hidden === true };
  if (op === 'insert' && 'text' in value && typeof value.text === 'string') return { run, seq, op, text: value.text };
  return null;
}

interface Ran {
  summary: string;
  value: string | null;
}

type Result = { ok: true; json: string | null } | { ok: false; error: string; stack: string };

function isResult(value: unknown): value is Result {
  if (typeof value !== 'object' || value === null || !('ok' in value)) return false;
  if (value.ok === true) return 'json' in value && (value.json === null || typeof value.json === 'string');
  return value.ok === false && 'error' in value && typeof value.error === 'string' && 'stack' in value && typeof value.stack === 'string';
}

/** The snippet's own line (1-based) an error points at, read from a stack or exception details. */
function snippetLine(line: number | undefined, firstLine: number): string {
  return line !== undefined && line >= firstLine ? ` (line ${line - firstLine + 1} of the code)` : '';
}

function stackLine(stack: string, firstLine: number): string {
  const at = new RegExp(`${SOURCE_URL.replace(/\./g, '\\.')}:(\\d+):\\d+`).exec(stack);
  return at?.[1] ? snippetLine(Number(at[1]) - 1, firstLine) : '';
}

function isContextGone(error: unknown): boolean {
  return (
    CdpError.isInstance(error) && /context was destroyed|Cannot find context|navigated or closed|Execution context/i.test(error.message)
  );
}

function exceptionText(details: Protocol.Runtime.ExceptionDetails): string {
  return details.exception?.description?.split('\n')[0] ?? details.text;
}

export async function runPageCode(
  session: CdpSession,
  frameId: string,
  watch: NavigationWatch,
  trusted: TrustedInput | null,
  code: string,
  timeoutMs: number,
): Promise<Ran> {
  const runId = `r${++runs}`;
  const { expression, firstLine } = pageCodeExpression(code, runId, trusted ? BINDING : null, timeoutMs);
  // Made (or found again) on every call: a new document has no world until asked.
  const { executionContextId } = await session.send('Page.createIsolatedWorld', {
    frameId,
    worldName: CODE_WORLD,
    grantUniveralAccess: false,
  });
  if (trusted) {
    // By context id, as the recorder does: by name it would need the Runtime domain enabled, which pages can detect.
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- by name (its replacement) misses new documents without Runtime.enable
    await session.send('Runtime.addBinding', { name: BINDING, executionContextId });
  }
  // Parsed inside a function that is never called: a syntax error is reported and nothing runs (Runtime.compileScript would need the Runtime domain enabled, which pages can detect).
  const parsed = await session.send('Runtime.evaluate', {
    expression: `(function () {\n${expression}\n})`,
    contextId: executionContextId,
    returnByValue: true,
  });
  if (parsed.exceptionDetails) {
    throw new BrowserError(
      'bad-argument',
      `The code did not run: ${exceptionText(parsed.exceptionDetails)}${snippetLine(parsed.exceptionDetails.lineNumber, firstLine + 1)}. Fix it and try again.`,
      false,
    );
  }
  const off = trusted ? serveTrustedInput(session, executionContextId, runId, trusted) : () => undefined;
  try {
    return await evaluate(session, executionContextId, watch, expression, firstLine, runId, timeoutMs);
  } finally {
    off();
  }
}

/** Does the helpers' trusted input, one request at a time, and gives each its answer. */
function serveTrustedInput(session: CdpSession, contextId: number, runId: string, trusted: TrustedInput): () => void {
  let queue = Promise.resolve();
  return session.on('Runtime.bindingCalled', ({ name, payload, executionContextId }) => {
    if (name !== BINDING || executionContextId !== contextId) return;
    const request = parseRequest(payload);
    if (!request || request.run !== runId) return;
    queue = queue.then(async () => {
      let problem: string | null = null;
      try {
        if (request.op === 'click') await trusted.click(request.x, request.y, request.hidden);
        else await trusted.insert(request.text);
      } catch (error) {
        problem = `The browser could not ${request.op === 'click' ? 'click there' : 'type the text'}: ${error instanceof Error ? error.message : String(error)}`;
      }
      // A click that navigated took the world with it: nobody is left to answer.
      await session
        .send('Runtime.evaluate', { expression: answerExpression(runId, request.seq, problem), contextId })
        .catch(() => undefined);
    });
  });
}

async function evaluate(
  session: CdpSession,
  executionContextId: number,
  watch: NavigationWatch,
  expression: string,
  firstLine: number,
  runId: string,
  timeoutMs: number,
): Promise<Ran> {
  const began = Date.now();
  const evaluation = session
    .sendWithTimeout(
      'Runtime.evaluate',
      { expression, contextId: executionContextId, awaitPromise: true, returnByValue: true, timeout: timeoutMs, userGesture: true },
      timeoutMs + 30_000,
    )
    .then(
      (reply) => ({ reply }),
      (error: unknown) => ({ error }),
    );
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  const settled = await Promise.race([evaluation, limit]);
  clearTimeout(timer);

  const navigated = () => watch.started || watch.committed;
  const ranOut = () =>
    new BrowserError(
      'timeout',
      `The code ran out of time (${timeoutMs} ms) and was stopped; what it did before that stays done. Make it shorter, wait with waitForElement, or allow more time (timeoutMs, at most 30000).`,
      false,
    );
  if (settled === 'timeout') {
    if (navigated()) return { summary: 'The code started a navigation and the page went on to load the next one.', value: null };
    await stop(session, executionContextId, runId);
    throw ranOut();
  }
  // Runtime.evaluate's own timeout (the same limit) may answer before the timer above: with an
  // "Internal error", or with no value and no exception. Either way the time ran out.
  const timeUp = () => Date.now() - began >= timeoutMs - TIMER_SLACK_MS;
  if ('error' in settled) {
    if (isContextGone(settled.error) || navigated())
      return { summary: 'The code ran until the page navigated away; what it would have returned was lost with the page.', value: null };
    if (timeUp()) {
      await stop(session, executionContextId, runId);
      throw ranOut();
    }
    throw settled.error;
  }
  const { reply } = settled;
  if (reply.exceptionDetails) {
    // Runtime.evaluate's own timeout ends a snippet stuck before its first await.
    if (/terminated|Execution was terminated/i.test(reply.exceptionDetails.exception?.description ?? reply.exceptionDetails.text))
      throw ranOut();
    throw new BrowserError('bad-argument', `The code threw ${exceptionText(reply.exceptionDetails)}. Fix it and try again.`, false);
  }
  const result: unknown = reply.result.value;
  if (!isResult(result)) {
    if (timeUp()) throw ranOut();
    throw new BrowserError('unexpected', 'The code ran, but its result could not be read back.', false);
  }
  if (!result.ok) {
    if (/The time limit ran out/.test(result.error)) throw ranOut();
    throw new BrowserError(
      'bad-argument',
      `The code threw ${result.error}${stackLine(result.stack, firstLine)}. Fix it and try again.`,
      false,
    );
  }
  const value = result.json === null ? null : result.json.slice(0, MAX_RESULT_CHARS + 80);
  return { summary: value === null ? 'The code ran (it returned nothing).' : 'The code ran and returned a value.', value };
}

/** Tells a timed-out run to stop; if the page does not answer (a script stuck in a loop), terminates what runs there. */
async function stop(session: CdpSession, contextId: number, runId: string): Promise<void> {
  const told = await session
    .sendWithTimeout('Runtime.evaluate', { expression: stopExpression(runId), contextId }, STOP_WAIT_MS)
    .then(() => true)
    .catch((error: unknown) => !(CdpError.isInstance(error) && error.code === 'timeout'));
  if (!told) await session.send('Runtime.terminateExecution').catch(() => undefined);
}
