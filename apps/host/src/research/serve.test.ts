import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HostSessions } from '@wayfinder/bridge';
import { Redaction } from '@wayfinder/core';
import { afterEach, describe, expect, it } from 'vitest';
import { openHostStore } from '../store';
import { ResearchStore } from '../store/research';
import { researchDue, serveResearch } from './serve';

// The schedule inside `wayfinder serve`: off until research.everyMinutes is set, then a run
// each time that many minutes have passed.

const homes: string[] = [];
afterEach(() => {
  for (const home of homes.splice(0)) rmSync(home, { recursive: true, force: true });
});

describe('the research schedule', () => {
  it('is off at 0 (the default), due once the period has passed', () => {
    expect(researchDue(0, 0, 10 * 24 * 60 * 60_000)).toBe(false);
    expect(researchDue(60, 0, 59 * 60_000)).toBe(false);
    expect(researchDue(60, 0, 60 * 60_000)).toBe(true);
  });

  it('serve runs research when it is due (here: no interests yet, which it says)', async () => {
    const home = mkdtempSync(join(tmpdir(), 'wayfinder-schedule-'));
    homes.push(home);
    const config = join(home, 'config.json');
    writeFileSync(config, JSON.stringify({ research: { everyMinutes: 60 } }));
    const lines: string[] = [];
    let clock = 0;
    const env = { WAYFINDER_HOME: home, WAYFINDER_CONFIG: config, WAYFINDER_SUMMARISER_MODEL: 'ollama:x' };
    const research = serveResearch(
      env,
      (line) => lines.push(line),
      5,
      () => clock,
    );
    research.attach({ router: { connected: () => [], sessions: new HostSessions(), research: null }, secret: 's' });
    clock = 61 * 60_000;
    await expect
      .poll(() => lines, { timeout: 2_000 })
      .toContain('research: There are no interests to research yet: add one with wayfinder interests add "<topic>".');
    research.stop();
  });

  it('counts from the last run kept in the data file, so a serve restarted within the period does not reset it', async () => {
    const home = mkdtempSync(join(tmpdir(), 'wayfinder-schedule-'));
    homes.push(home);
    const config = join(home, 'config.json');
    writeFileSync(config, JSON.stringify({ research: { everyMinutes: 60 } }));
    const env = { WAYFINDER_HOME: home, WAYFINDER_CONFIG: config, WAYFINDER_SUMMARISER_MODEL: 'ollama:x' };
    const hour = 60 * 60_000;
    // Yesterday's serve ran research at 10:00 and was stopped.
    const store = openHostStore(env);
    new ResearchStore(store.db, new Redaction()).recordRun(10 * hour, 3, 12);
    store.close();
    // Today's serve starts at 10:30: not due yet (a schedule that counted from its own start would wait until 11:30 —
    // and never run if serve restarts every half hour).
    const lines: string[] = [];
    let clock = 10.5 * hour;
    const research = serveResearch(
      env,
      (line) => lines.push(line),
      5,
      () => clock,
    );
    research.attach({ router: { connected: () => [], sessions: new HostSessions(), research: null }, secret: 's' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(lines.filter((l) => l.startsWith('research:'))).toEqual([]);
    clock = 11 * hour + 60_000;
    await expect
      .poll(() => lines, { timeout: 2_000 })
      .toContain('research: There are no interests to research yet: add one with wayfinder interests add "<topic>".');
    research.stop();
  });
});
