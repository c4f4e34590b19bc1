import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { STALL_PATHS, STALL_SCRIPT } from '@wayfinder/gym';
import { expect, it } from 'vitest';
import { explain, runCli, useGym } from './cli';

// A page that stalls its renderer (issue 29 §4), through `wayfinder run`: a careless model
// that keeps reading a very deep page must not wait out a deadline per step (it took three
// minutes, until the loop guard stopped it): the first call that gets no answer is followed
// by a trivial check, and a page that fails it ends the task, saying what to do.

const gym = useGym();

it('a very deep page that stops answering ends the task at its first silent call, with what to do', async () => {
  const script = join(tmpdir(), `wayfinder-stall-${process.pid}.json`);
  writeFileSync(script, JSON.stringify(STALL_SCRIPT));
  try {
    const run = await runCli(['run', 'Read the page', '--url', `${gym.url}${STALL_PATHS.deep}`, '--model', `script:${script}`, '--json'], {
      timeoutMs: 240_000,
    });
    expect(run.code, explain(run)).toBe(1);
    expect(run.result, explain(run)).toMatchObject({ success: false, error: { code: 'timeout' } });
    expect(String(run.result?.summary)).toMatch(/^The page stopped responding \(.+ got no answer in time, nor a simple check 5 s later\)/);
    // Ended at the first silent call: not one deadline per step of the careless script.
    expect(run.events.filter((e) => e.type === 'tool-call').length).toBeLessThanOrEqual(2);
  } finally {
    rmSync(script, { force: true });
  }
}, 260_000);
