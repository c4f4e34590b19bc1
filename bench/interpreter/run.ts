// bench/interpreter: the command interpreter on a phrasing set of its own — direct
// commands as people write them, over the gym's phrasing pages, run in real headless
// Chromium through the real agent loop and tools. Success is the gym's state.
//   npm run bench:interpreter -- [--json FILE] [--only TEXT] [--verbose] [--set heldout|fresh|fresh2]
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { NodeBrowser } from '@wayfinder/cdp/node';
import { startGym } from '@wayfinder/gym';
import { round } from '../lib/stats';
import { table } from '../lib/table';
import { runPhrasing, type Outcome } from './phrasing-bench';
import type { Phrasing } from './phrasing-kit';
import { PHRASINGS } from './phrasings';
import { FRESH_PHRASINGS } from './phrasings-fresh';
import { FRESH2_PHRASINGS } from './phrasings-fresh2';
import { HELDOUT_PHRASINGS } from './phrasings-heldout';

const GOAL = 95;

const options = { json: '', only: '', verbose: false, set: 'main' };
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  const [arg, value] = [argv[i], argv[i + 1]];
  if (arg === '--json' && value) {
    options.json = value;
    i++;
  } else if (arg === '--only' && value) {
    options.only = value;
    i++;
  } else if (arg === '--set' && (value === 'main' || value === 'heldout' || value === 'fresh' || value === 'fresh2')) {
    options.set = value;
    i++;
  } else if (arg === '--verbose') options.verbose = true;
  else {
    console.error(
      `Unknown or incomplete option ${arg ?? ''}.\nUsage: npm run bench:interpreter -- [--json FILE] [--only TEXT] [--verbose] [--set main|heldout|fresh|fresh2]`,
    );
    process.exit(2);
  }
}

const SETS: Record<string, Phrasing[]> = { main: PHRASINGS, heldout: HELDOUT_PHRASINGS, fresh: FRESH_PHRASINGS, fresh2: FRESH2_PHRASINGS };
const set = (SETS[options.set] ?? PHRASINGS).filter((p) => !options.only || p.command.includes(options.only) || p.form === options.only);
console.log(`bench/interpreter: ${set.length} instructions over the gym's phrasing pages…`);
const started = performance.now();
const gym = await startGym();
const browser = await NodeBrowser.launch();
const outcomes: Outcome[] = [];
try {
  for (const phrasing of set) {
    const outcome = await runPhrasing(browser, gym, phrasing);
    outcomes.push(outcome);
    const { ok, summary } = outcome;
    if (!ok || options.verbose)
      console.log(`${ok ? 'ok  ' : 'FAIL'} [${phrasing.form}] ${phrasing.page}: ${phrasing.command}\n      ${summary}`);
  }
} finally {
  await browser.close();
  await gym.close();
}

const rate = (list: Outcome[]) => (list.length ? round((100 * list.filter((o) => o.ok).length) / list.length, 1) : 0);
const forms = [...new Set(outcomes.map((o) => o.phrasing.form))];
const perForm = Object.fromEntries(forms.map((f) => [f, rate(outcomes.filter((o) => o.phrasing.form === f))]));
console.log('');
console.log(
  table(
    ['form', 'instructions', 'succeeded', 'success %'],
    [
      ...forms.map((f) => {
        const list = outcomes.filter((o) => o.phrasing.form === f);
        return [f, list.length, list.filter((o) => o.ok).length, rate(list)];
      }),
      ['overall', outcomes.length, outcomes.filter((o) => o.ok).length, rate(outcomes)],
    ],
  ),
);
const overall = rate(outcomes);
console.log(
  `\nSuccess rate ${overall} % (goal ≥ ${GOAL} %): ${overall >= GOAL ? 'met' : 'NOT met'}. ${round((performance.now() - started) / 1000, 1)} s.`,
);
if (options.json) {
  const summary = { instructions: outcomes.length, succeeded: outcomes.filter((o) => o.ok).length, successRate: overall, perForm };
  const targets = [{ name: 'success rate ≥ 95 %', value: overall, goal: `>= ${GOAL} %`, met: overall >= GOAL }];
  const file = resolve(options.json);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify({ summary, targets }, null, 2)}\n`);
  console.log(`Wrote ${file}.`);
}
