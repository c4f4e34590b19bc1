import type { NodeBrowser } from '@wayfinder/cdp/node';
import { createModelSlot, parseModelSpec, runTask, settingsFromEnv } from '@wayfinder/core';
import { fetchState, type Gym } from '@wayfinder/gym';
import type { Phrasing } from './phrasings';

// One phrasing through the real path: a fresh gym state, the page in a real tab, the
// command interpreter as `wayfinder run` builds it with no model, the agent loop and its
// tools; then the gym's state decides.

export interface Outcome {
  phrasing: Phrasing;
  ok: boolean;
  /** What the interpreter said at the end. */
  summary: string;
}

export async function runPhrasing(browser: NodeBrowser, gym: Gym, phrasing: Phrasing): Promise<Outcome> {
  gym.reset();
  const before = await browser.tabs();
  await browser.openTab(`${gym.url}/phrasing/${phrasing.page}`);
  for (const old of before) await browser.closeTab(old.id).catch(() => undefined);
  const actor = createModelSlot(parseModelSpec('command'), settingsFromEnv({}));
  const run = await runTask({ task: phrasing.command, browser, models: { actor } });
  return { phrasing, ok: phrasing.check(await fetchState(gym.url)), summary: run.summary };
}
