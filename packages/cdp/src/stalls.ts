import type { CdpSession, Connection } from './connection';

// A page that stalls its renderer (a very deep DOM, a dialog storm, a script that never
// yields) makes every call into it wait out its deadline (30 s a protocol call), and a
// model that keeps calling would keep a task "Working…" for as long as it has steps. Both
// hosts' browsers keep one of these: a call into a page that got no answer is noted, and
// when the loop next asks (Browser.stalled, before each step) the page is given a trivial
// call; a page that does not answer that either has stalled, and the task ends saying so.

/** How long a page that left a call unanswered gets to answer a trivial one. */
export const STALL_PROBE_MS = 5_000;

/** The sentence a task ends with when its page stopped responding. */
export function stallMessage(method: string): string {
  return `The page stopped responding (${method} got no answer in time, nor a simple check ${STALL_PROBE_MS / 1000} s later), so the task ended. A dialog (alert, confirm) may be open in the tab, or a script may be keeping the page busy: answer or close the dialog, or reload or close the tab, then run the task again.`;
}

export class StallWatch {
  /** The page (by the browser's own key) whose call went unanswered since the last check, and which call it was. */
  private unanswered: { key: string; method: string } | null = null;

  /** A call into the page `key` got no answer within its deadline. */
  readonly note = (key: string, method: string): void => {
    this.unanswered ??= { key, method };
  };

  /** Notes every call on `connection` that runs out of time, keyed by `keyOf` its session (null: not a page's). */
  watch(connection: Connection, keyOf: (sessionId: string) => string | null): () => void {
    return connection.onTimeout((method, sessionId) => {
      const key = keyOf(sessionId);
      if (key !== null) this.note(key, method);
    });
  }

  /**
   * The sentence to end the task with when a page that left a call unanswered still does not
   * answer `answers` (the browser's trivial call, within STALL_PROBE_MS); null when nothing
   * went unanswered or the page answers now (it was only slow).
   */
  async check(answers: (key: string, ms: number) => Promise<boolean>): Promise<string | null> {
    const stalled = this.unanswered;
    this.unanswered = null;
    if (!stalled || (await answers(stalled.key, STALL_PROBE_MS))) return null;
    return stallMessage(stalled.method);
  }
}

/** Whether a page answers a trivial call (its session, once there is one) within `ms`: the check both browsers make. */
export function pageAnswers(session: Promise<CdpSession>, ms: number): Promise<boolean> {
  return answersWithin(async (left) => (await session).sendWithTimeout('Runtime.evaluate', { expression: '0' }, left), ms);
}

/** Whether `send` answers within `ms` (false when it fails or runs out of time). */
export async function answersWithin(send: (ms: number) => Promise<unknown>, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  const probe = send(ms).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([probe, late]);
  } finally {
    clearTimeout(timer);
  }
}
