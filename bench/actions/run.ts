// bench/actions: how long actions take end to end through the driver (core's Tab port,
// Node WebSocket transport, real Chromium) on gym pages: actionability, trusted input,
// waiting for what the action started, and the report. Prints a table and writes JSON.
//   npm run bench:actions -- [--json FILE] [--runs N]
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { requestGuard, SafetyPolicy, withRequestGuard, type PageSnapshot, type Tab } from '@wayfinder/core';
import { NodeBrowser } from '@wayfinder/cdp/node';
import { startGym } from '@wayfinder/gym';
import { round, summarize } from '../lib/stats';
import { table } from '../lib/table';

interface Options {
  json: string;
  runs: number;
}

function parseArgs(argv: string[]): Options {
  const options: Options = { json: 'bench/results/actions.json', runs: 30 };
  for (let i = 0; i < argv.length; i += 2) {
    const [arg, value] = [argv[i], argv[i + 1]];
    if (arg === '--json' && value) options.json = value;
    else if (arg === '--runs' && value) options.runs = Math.max(3, Number(value));
    else {
      console.error(`Unknown or incomplete option ${arg ?? ''}.\nUsage: npm run bench:actions -- [--json FILE] [--runs N]`);
      process.exit(2);
    }
  }
  return options;
}

function refOf(snapshot: PageSnapshot, role: string, name: string): string {
  const ref = snapshot.refs.find((r) => r.role === role && r.name === name)?.ref;
  if (!ref) throw new Error(`bench: no ${role} "${name}" on ${snapshot.url}`);
  return ref;
}

async function measure(runs: number, op: (i: number) => Promise<unknown>): Promise<number[]> {
  await op(-1);
  await op(-2);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await op(i);
    times.push(performance.now() - started);
  }
  return times;
}

function text(length: number, seed: number): string {
  const words = ['trail', 'ridge', 'summit', 'cairn', 'meadow', 'switchback', 'tarn', 'col'];
  let out = '';
  for (let i = 0; out.length < length; i++) out += `${words[(i + seed) % words.length] ?? 'x'} `;
  return out.slice(0, length);
}

/**
 * A click on the widgets page ("Increase trips"), plain and then with every request of the
 * tab put to the real safety policy (issue 19's interception), with the snapshot read after
 * each plain click. bench:safety reports the guarded median as the cost of interception.
 */
export async function measureClicks(
  browser: NodeBrowser,
  tab: Tab,
  gymUrl: string,
  runs: number,
): Promise<{ click: number[]; guarded: number[]; snapshotAfter: number[] }> {
  await tab.navigate(`${gymUrl}/widgets`);
  const increase = refOf(await tab.snapshot(), 'button', 'Increase trips');
  const after: number[] = [];
  const click = await measure(runs, async () => {
    await tab.act(increase, { kind: 'click' });
    const started = performance.now();
    await tab.snapshot({ diff: true });
    after.push(performance.now() - started);
  });
  const policy = new SafetyPolicy();
  policy.begin(gymUrl);
  const guarded = await withRequestGuard(
    browser,
    requestGuard(policy, () => Promise.resolve('deny')),
    () => measure(runs, () => tab.act(increase, { kind: 'click' })),
  );
  return { click, guarded, snapshotAfter: after.slice(2) };
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const gym = await startGym();
  const browser = await NodeBrowser.launch();
  const results = new Map<string, number[]>();
  try {
    const tab: Tab = await browser.openTab(`${gym.url}/signup`);
    let s = await tab.snapshot();
    const name = refOf(s, 'textbox', 'Full name');
    results.set('type20', await measure(options.runs, (i) => tab.act(name, { kind: 'type', text: text(20, i) })));
    results.set('type200', await measure(options.runs, (i) => tab.act(name, { kind: 'type', text: text(200, i) })));

    const clicks = await measureClicks(browser, tab, gym.url, options.runs);
    results.set('click', clicks.click);
    results.set('snapshot_after_action', clicks.snapshotAfter);
    results.set('click_guarded', clicks.guarded);

    s = await tab.snapshot({ mode: 'full' });
    const colour = refOf(s, 'combobox', 'Favourite colour');
    const colours = ['Green', 'Blue', 'Orange', 'Purple'];
    results.set(
      'select',
      await measure(options.runs, (i) => tab.act(colour, { kind: 'select', values: [colours[(i + 4) % 4] ?? 'Green'] })),
    );

    await tab.navigate(`${gym.url}/shop`);
    await tab.waitFor({ kind: 'text', text: '24 products' });
    results.set(
      'scroll',
      await measure(options.runs, (i) => tab.act(null, { kind: 'scroll', direction: i % 2 ? 'up' : 'down', amount: 400 })),
    );

    const pages = ['/articles/night-hiking.html', '/signup'];
    results.set('navigate', await measure(options.runs, (i) => tab.navigate(`${gym.url}${pages[(i + 2) % 2] ?? '/signup'}`)));
  } finally {
    await browser.close();
    await gym.close();
  }

  const order = ['click', 'click_guarded', 'type20', 'type200', 'select', 'scroll', 'navigate', 'snapshot_after_action'];
  const summary: Record<string, { median: number; p90: number }> = {};
  for (const key of order) {
    const s = summarize(results.get(key) ?? []);
    summary[key] = { median: s.median, p90: s.p90 };
  }
  const goals: Record<string, number> = { click: 60, click_guarded: 60, type200: 150 };
  const targets = Object.entries(goals).map(([key, goal]) => {
    const value = summary[key]?.median ?? NaN;
    return { name: `${key}_median_ms`, value, goal: `<= ${goal}`, met: value <= goal };
  });
  console.log(
    `bench/actions: ${options.runs} timed runs each after 2 warm-ups; end to end through the Tab port (Node transport, headless Chromium)\n`,
  );
  console.log(
    table(
      ['action', 'median ms', 'p90 ms', 'target (median)', ''],
      order.map((key) => {
        const s = summary[key] ?? { median: NaN, p90: NaN };
        const goal = goals[key];
        return [key, s.median, s.p90, goal === undefined ? '' : `≤ ${goal}`, goal === undefined ? '' : s.median <= goal ? 'met' : 'MISSED'];
      }),
    ),
  );
  mkdirSync(dirname(resolve(options.json)), { recursive: true });
  writeFileSync(
    options.json,
    JSON.stringify(
      { runs: options.runs, summary, targets, samples: Object.fromEntries([...results].map(([k, v]) => [k, v.map((x) => round(x))])) },
      null,
      2,
    ),
  );
  console.log(`\nWrote ${options.json}`);
}

// Run as a command (npm run bench:actions), not when another bench imports measureClicks.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(`bench/actions failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
