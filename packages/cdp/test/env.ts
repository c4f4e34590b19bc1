// Driver test environment: a gym on fresh ports and a launched Chromium behind core's
// Browser port. Outcomes are read the way a checker would: from the gym's server state.
import type { PageSnapshot, Tab } from '@wayfinder/core';
import { NodeBrowser, type NodeBrowserOptions } from '@wayfinder/cdp/node';
import { ADMIN_PASSWORD, ADMIN_USERNAME, fetchState, startContentServer, startGym, type Gym, type GymSnapshot } from '@wayfinder/gym';

export interface DriverEnv {
  gym: Gym;
  /** Serves this HTML body from a scratch server; returns its URL. */
  show(body: string): string;
  browser: NodeBrowser;
  state(): Promise<GymSnapshot>;
  /** Polls the gym's state until `check` holds (actions post to the server asynchronously). */
  stateUntil(check: (state: GymSnapshot) => boolean, timeoutMs?: number): Promise<GymSnapshot>;
  close(): Promise<void>;
}

export async function openDriverEnv(options: NodeBrowserOptions = {}): Promise<DriverEnv> {
  const gym = await startGym();
  const content = await startContentServer();
  const browser = await NodeBrowser.launch(options);
  const state = () => fetchState(gym.url);
  return {
    gym,
    browser,
    state,
    show: (body) => content.show(body),
    stateUntil: async (check, timeoutMs = 5000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const current = await state();
        if (check(current)) return current;
        if (Date.now() > deadline) throw new Error(`The gym's state never matched; last: ${JSON.stringify(current).slice(0, 600)}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    close: async () => {
      await browser.close();
      await gym.close();
      await content.close();
    },
  };
}

export function ref(snapshot: PageSnapshot, role: string, name: string | RegExp): string {
  const entry = snapshot.refs.find((r) => r.role === role && (typeof name === 'string' ? r.name === name : name.test(r.name)));
  if (!entry) throw new Error(`No ${role} named ${String(name)} in:\n${snapshot.text}`);
  return entry.ref;
}

/** The error an action fails with (a test fails if it does not fail). */
export async function failure(promise: Promise<unknown>): Promise<{ code: string; message: string; retryable: boolean }> {
  try {
    await promise;
  } catch (error) {
    if (typeof error === 'object' && error !== null && 'code' in error && 'message' in error && 'retryable' in error) {
      return { code: String(error.code), message: String(error.message), retryable: error.retryable === true };
    }
    throw error;
  }
  throw new Error('Expected the action to fail, but it succeeded.');
}

/** A new tab signed in to the gym admin, on its first page of users. */
export async function signedInAdmin(env: DriverEnv): Promise<Tab> {
  const tab = await env.browser.openTab(`${env.gym.url}/admin/login`);
  const s = await tab.snapshot();
  await tab.act(ref(s, 'textbox', 'Username'), { kind: 'type', text: ADMIN_USERNAME });
  await tab.act(ref(s, 'textbox', 'Password'), { kind: 'type', text: ADMIN_PASSWORD });
  const outcome = await tab.act(ref(s, 'button', 'Sign in'), { kind: 'click' });
  if (!outcome.navigated) await tab.waitFor({ kind: 'navigation' });
  await tab.waitFor({ kind: 'text', text: 'Page 1 of 4' });
  return tab;
}
