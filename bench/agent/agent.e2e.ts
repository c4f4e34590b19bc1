import { NodeBrowser } from '@wayfinder/cdp/node';
import { startGym, TASKS, type Gym } from '@wayfinder/gym';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runAgentBench } from './agent-bench';

// The bench's scripted run as a regression test: every task in the gym's manifest has a
// scripted solution, and each passes the gym's checker through the real loop and driver.
// (Timings are the benchmark's business, not this test's.)

let gym: Gym;
let browser: NodeBrowser;
beforeAll(async () => {
  gym = await startGym();
  browser = await NodeBrowser.launch();
});
afterAll(async () => {
  await browser.close();
  await gym.close();
});

it("every gym task's scripted solution passes its checker", async () => {
  const result = await runAgentBench({ model: 'scripted', gym, browser, env: {} });
  expect(result.skipped).toEqual([]);
  expect(result.rows.filter((r) => !r.ok).map((r) => `${r.id}: ${r.reason} (${r.summary})`)).toEqual([]);
  expect(result.rows.map((r) => r.id)).toEqual(TASKS.map((t) => t.id));
  // Every step was measured.
  expect(result.steps.length).toBe(result.rows.reduce((n, r) => n + r.steps, 0));
}, 180_000);
