import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HostSessions } from '@wayfinder/bridge';
import { afterEach, describe, expect, it } from 'vitest';
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
});
