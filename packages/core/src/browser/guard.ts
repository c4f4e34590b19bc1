import type { Browser, RequestGuard } from './port';

// The one place a request guard is put on a browser (docs/ARCHITECTURE.md, "Every page load
// through the guard"): for the browser's life (`guardBrowser`, a host opening a browser for
// the person's work), or for one piece of work (`withRequestGuard`, a task's loop), after
// which the guard before it is back — never none where there was one. Lint allows
// `setRequestGuard` nowhere else.

type Guarded = Pick<Browser, 'setRequestGuard'>;

/** The guard each browser has now, as set here. */
const current = new WeakMap<Guarded, RequestGuard | null>();

async function put(browser: Guarded, guard: RequestGuard | null): Promise<void> {
  current.set(browser, guard);
  // eslint-disable-next-line no-restricted-syntax -- the one place a guard is set
  await browser.setRequestGuard(guard);
}

/** Puts `guard` on the browser for its life: every request its tabs make is judged (a host's browser, before its first page). */
export async function guardBrowser(browser: Guarded, guard: RequestGuard): Promise<void> {
  await put(browser, guard);
}

/** Runs `work` with `guard` judging every request the browser's tabs make; the guard before it is back after. */
export async function withRequestGuard<T>(browser: Guarded, guard: RequestGuard, work: () => Promise<T>): Promise<T> {
  const before = current.get(browser) ?? null;
  await put(browser, guard);
  try {
    return await work();
  } finally {
    await put(browser, before).catch(() => undefined);
  }
}
