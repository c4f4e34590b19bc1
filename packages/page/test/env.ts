// Test environment for page-script suites: a gym on fresh ports, real headless Chromium,
// one page. Setup actions (filling a field, clicking Next) run in the page's own world, as
// a person's would; what is asserted is what the page script reports.
import { NodeBrowser, type NodePage } from '@wayfinder/cdp/node';
import { startContentServer, startGym, type Gym } from '@wayfinder/gym';
import type { SnapshotOptions, SnapshotResult } from '@wayfinder/page';

export interface Env {
  gym: Gym;
  /** Serves this HTML from the test's own content server (127.0.0.1) and opens it. */
  show(html: string): Promise<void>;
  browser: NodeBrowser;
  page: NodePage;
  goto(path: string): Promise<void>;
  /** Evaluates an expression in the page's main world and returns its value. */
  run<T = unknown>(expression: string): Promise<T>;
  /** Polls a main-world expression until it is truthy (no fixed sleeps). */
  until(expression: string, timeoutMs?: number): Promise<void>;
  snapshot(options?: SnapshotOptions): Promise<SnapshotResult>;
  close(): Promise<void>;
}

export async function openEnv(): Promise<Env> {
  const gym = await startGym();
  const content = await startContentServer();
  const browser = await NodeBrowser.launch();
  const page = await browser.newPage();
  const run = async <T>(expression: string): Promise<T> => {
    const result = await page.session.send('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true });
    if (result.exceptionDetails)
      throw new Error(`In the page: ${result.exceptionDetails.exception?.description ?? result.exceptionDetails.text}`);
    // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- test helper: the caller names the type of its own expression
    return result.result.value as T;
  };
  const until = async (expression: string, timeoutMs = 10_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (await run<boolean>(`Boolean(${expression})`)) return;
      if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for: ${expression}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };
  return {
    gym,
    browser,
    page,
    run,
    until,
    goto: async (path) => {
      await page.navigate(gym.url + path);
    },
    show: async (html) => {
      await page.navigate(content.show(html));
    },
    snapshot: (options) => page.script.snapshot(options),
    close: async () => {
      await browser.close();
      await gym.close();
      await content.close();
    },
  };
}

/** The line of a snapshot that mentions a ref, for readable assertions. */
export function lineOf(snapshot: SnapshotResult, ref: string): string {
  return (
    snapshot.text
      .split('\n')
      .find((line) => line.includes(`[${ref}]`))
      ?.trim() ?? ''
  );
}

/** The ref of the first control with this role and name. */
export function refOf(snapshot: SnapshotResult, role: string, name: string | RegExp): string {
  const entry = snapshot.refs.find((r) => r.role === role && (typeof name === 'string' ? r.name === name : name.test(r.name)));
  if (!entry) throw new Error(`No ${role} named ${String(name)} in the snapshot:\n${snapshot.text}`);
  return entry.ref;
}
