import { NodeBrowser } from '@wayfinder/cdp/node';
import { startGym, type Gym } from '@wayfinder/gym';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { benchTasks, runSkillsBench } from './skills-bench';

// The skills bench on one task as a regression test: the lantern task recorded from its
// scripted solution replays on the original shop with no repair, and on the drifted shop
// (?drift=1) with repair by name and no model; the gym's checker says yes both times.

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

it('records the lantern task once and replays it on the original and the drifted shop without a model', async () => {
  const [row] = await runSkillsBench({
    browser,
    gym,
    tasks: benchTasks().filter((t) => t.id === 'shop-lantern'),
    variants: ['original', 'drift'],
  });
  expect(row?.steps).toBeGreaterThanOrEqual(5);
  const original = row?.runs.original;
  const drift = row?.runs.drift;
  expect(original, original?.reason).toMatchObject({ ok: true, repairs: [], modelCalls: 0 });
  expect(original?.stepMs).toHaveLength(row?.steps ?? 0);
  // The drifted search box (a combobox now, named only by aria-label) is found again by its name.
  expect(drift, drift?.reason).toMatchObject({ ok: true, modelCalls: 0 });
  expect(drift?.repairs.map((r) => r.by)).toEqual(['find']);
}, 30_000);
