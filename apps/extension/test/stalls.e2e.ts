import { sequentialScript } from '@wayfinder/core';
import { STALL_PATHS, STALL_SCRIPT } from '@wayfinder/gym';
import { describe, expect, it } from 'vitest';
import { finishedTurn, latestEvents, modelSuite, runInPanel } from './env';

// A page that stalls its renderer (issue 29 §4), through the side panel: a careless model
// that keeps reading a page that no longer answers must not keep the task "Working…" for a
// deadline per step. The first call that gets no answer is followed by a trivial check
// before the next step; a page that fails it ends the task, saying what to do.

const suite = modelSuite();

const careless = sequentialScript(STALL_SCRIPT);

describe('a page that stops responding ends the task with a clear message', () => {
  for (const [what, path] of [
    ['a very deep DOM', STALL_PATHS.deep],
    ['a dialog storm open before the task', STALL_PATHS.dialogs],
  ] as const) {
    it(`on ${what}`, async () => {
      await suite.useModel(careless);
      await suite.site(path);
      const panel = await suite.panel();
      await runInPanel(panel, 'Read the page.');
      const turn = await finishedTurn(panel, 300_000);
      expect(await turn.getAttribute('data-status')).toBe('failed');
      await expect.poll(() => turn.innerText()).toContain('The page stopped responding');
      expect(await turn.innerText()).not.toContain('Read every notice and every tent.');

      const events = await latestEvents(panel);
      // Ended at the first stall: not one deadline per step of the careless script.
      const calls = events.filter((e) => e.type === 'tool-call');
      expect(calls.length).toBeLessThanOrEqual(2);
      expect(events.filter((e) => e.type === 'done')).toEqual([expect.objectContaining({ success: false })]);
      expect(String(events.find((e) => e.type === 'error')?.message)).toMatch(/^The page stopped responding \(.+ got no answer in time/);
    }, 320_000);
  }
});
