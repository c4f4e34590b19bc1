import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fetchState } from '@wayfinder/gym';
import { describe, expect, it } from 'vitest';
import { explain, runCli, useGym } from './cli';

// The outcome is what happened, not what the model claims (issue "The panel tells the truth"
// §1, for `wayfinder run`): a careless model clicks Pay, nobody allows it (stdin is closed, so
// the question is declined), and the model still says it paid.

const gym = useGym();

const CLAIM = 'Paid the membership fee with the card ending 4444.';

function careless(): string {
  const path = join(tmpdir(), `wayfinder-careless-${process.pid}.json`);
  writeFileSync(
    path,
    JSON.stringify({
      steps: [
        { calls: [{ tool: 'find', args: { query: 'Pay $20.00' } }] },
        { calls: [{ tool: 'click', args: { ref: '$ref(button "Pay $20.00")' } }] },
        { calls: [{ tool: 'done', args: { summary: CLAIM, success: true } }] },
      ],
    }),
  );
  return path;
}

describe('wayfinder run when the model claims what did not happen', () => {
  it('says what happened first, is not a success, exits 1, and keeps the claim as the model’s (human and --json)', async () => {
    const script = careless();
    try {
      const human = await runCli(['run', 'Pay the membership fee', '--url', `${gym.url}/widgets`, '--model', `script:${script}`]);
      expect(human.code, explain(human)).toBe(1);
      expect(human.stdout).toContain('✗ Not done');
      expect(human.stdout).toMatch(/You declined the payment, so nothing was paid\. \(The model said: “Paid the membership fee/);
      expect(human.stdout).not.toContain('✓ Done');

      const json = await runCli(['run', 'Pay the membership fee', '--url', `${gym.url}/widgets`, '--model', `script:${script}`, '--json']);
      expect(json.code, explain(json)).toBe(1);
      expect(json.result).toMatchObject({ success: false, claim: CLAIM });
      expect(String(json.result?.summary)).toMatch(/^You declined the payment/);
      expect(json.events.find((e) => e.type === 'done')).toMatchObject({ success: false, claim: CLAIM });
      expect((await fetchState(gym.url)).widgets.payments).toHaveLength(0);
    } finally {
      rmSync(script, { force: true });
    }
  }, 120_000);
});
