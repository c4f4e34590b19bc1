import { SCRIPT, wireScript } from '@wayfinder/core';
import { checkTask, solutionPath, taskById, type Brain } from '@wayfinder/gym';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { agentRequests, finishedTurn, modelSuite, runInPanel } from './env';

// Chrome stops extension workers. A task whose worker is stopped mid-step must resume when
// the worker wakes — or, where it cannot (a plan), be shown as interrupted — with its
// history kept either way.

const suite = modelSuite();

async function stopWorkers(page: Page): Promise<void> {
  const cdp = await suite.env.context.newCDPSession(page);
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  await cdp.detach();
}

async function resumeAlarm(page: Page): Promise<boolean> {
  return page.evaluate(async () => (await chrome.alarms.get('wayfinder-resume')) !== undefined);
}

it('the worker stopped mid-task: the task resumes when it wakes and finishes, nothing lost', async () => {
  const script = SCRIPT.parse(JSON.parse(readFileSync(solutionPath('shop-lantern'), 'utf8')));
  const s = await suite.useModel(wireScript(script), { delayMs: 500 });
  await suite.site('/shop');
  const panel = await suite.panel();
  await runInPanel(panel, taskById('shop-lantern').instruction);
  await expect.poll(() => agentRequests(s).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
  // While a task runs, an alarm stands ready to wake a stopped worker.
  expect(await resumeAlarm(panel)).toBe(true);
  await stopWorkers(panel);

  const turn = await finishedTurn(panel, 40_000);
  expect(await turn.getAttribute('data-status')).toBe('done');
  expect(await checkTask(taskById('shop-lantern'), suite.env.gym.url)).toMatchObject({ ok: true });
  const steps = turn.getByRole('list', { name: 'Steps' });
  expect(await steps.innerText()).toMatch(/Resumed after the browser restarted the agent \(step \d+/);
  // The steps before the stop are still in the timeline.
  expect(await steps.locator('li[data-tool]').first().getAttribute('data-tool')).toBe('type_text');
  // Once nothing runs, nothing keeps the worker alive, and no debugger stays attached.
  await expect.poll(() => resumeAlarm(panel)).toBe(false);
  await expect.poll(() => panel.getByRole('status', { name: 'Status' }).innerText()).toContain('Debugger not attached');
});

it('a plan cut off by a stopped worker is shown as interrupted, its steps kept', async () => {
  const brain: Brain = (messages) => {
    const text = JSON.stringify(messages);
    if (text.includes("Wayfinder's planner"))
      return { calls: [{ name: 'propose_plan', input: { steps: ['Think it over', 'Then think again'], message: 'Slow plan.' } }] };
    return { calls: [{ name: 'think', input: { thought: `thinking ${messages.length}` } }] };
  };
  const s = await suite.useModel(brain, { delayMs: 400 });
  await suite.site('/feed');
  const panel = await suite.panel();
  await runInPanel(panel, 'Think slowly.', 'Plan');
  await panel.getByRole('region', { name: 'Proposed plan' }).getByRole('button', { name: 'Approve' }).click();
  const before = agentRequests(s).length;
  await expect.poll(() => agentRequests(s).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(before + 2);
  await stopWorkers(panel);
  const turn = await finishedTurn(panel, 30_000);
  expect(await turn.getAttribute('data-status')).toBe('interrupted');
  expect(await turn.getByRole('region', { name: 'Answer' }).innerText()).toContain(
    'The browser restarted the agent in the middle of this plan',
  );
  expect(await turn.getByRole('list', { name: 'Plan' }).innerText()).toContain('Think it over');
  expect(await turn.getByRole('list', { name: 'Steps' }).locator('li[data-tool="think"]').count()).toBeGreaterThan(0);
});
