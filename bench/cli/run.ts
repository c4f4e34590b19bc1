// bench/cli: how fast the `wayfinder` command starts, as a person runs it.
//   npm run bench:cli -- [--json FILE] [--runs N]
// Times the built command (apps/host/bin/wayfinder.mjs, the same file the package installs)
// from spawn to exit: --help and --version, warm (Node's compile cache filled by an earlier
// run, as on every run after the first) and cold (the cache turned off).
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, round, summarize } from '../lib/stats';
import { table } from '../lib/table';

const BIN = join(dirname(fileURLToPath(import.meta.url)), '../../apps/host/bin/wayfinder.mjs');
const HELP_GOAL_MS = 300;

const options = { json: '', runs: 10 };
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i += 2) {
  const [arg, value] = [argv[i], argv[i + 1]];
  if (arg === '--json' && value) options.json = value;
  else if (arg === '--runs' && value && Number.isInteger(Number(value)) && Number(value) > 0) options.runs = Number(value);
  else {
    console.error(`Unknown or incomplete option ${arg ?? ''}.\nUsage: npm run bench:cli -- [--json FILE] [--runs N]`);
    process.exit(2);
  }
}

function timeOnce(args: string[], cold: boolean): number {
  const env = { ...process.env, ...(cold ? { NODE_DISABLE_COMPILE_CACHE: '1' } : {}) };
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, [BIN, ...args], { env, encoding: 'utf8' });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (result.status !== 0) throw new Error(`wayfinder ${args.join(' ')} failed (exit ${String(result.status)}): ${result.stderr}`);
  return ms;
}

const cases = [
  { name: 'help_warm', args: ['--help'], cold: false },
  { name: 'help_cold', args: ['--help'], cold: true },
  { name: 'version_warm', args: ['--version'], cold: false },
  { name: 'run_help_warm', args: ['run', '--help'], cold: false },
];
const samples = new Map<string, number[]>();
for (const c of cases) {
  timeOnce(c.args, c.cold); // fills the compile cache for the warm cases; the cold ones ignore it
  samples.set(
    c.name,
    Array.from({ length: options.runs }, () => timeOnce(c.args, c.cold)),
  );
}

const summary = Object.fromEntries([...samples].map(([name, values]) => [name, summarize(values)]));
console.log(`wayfinder start-up, ${options.runs} runs each (ms, spawn to exit, Node ${process.version})\n`);
console.log(
  table(
    ['case', 'median', 'p90', 'max'],
    [...samples].map(([name, values]) => [name, ...Object.values(summarize(values))]),
  ),
);

// The target: `wayfinder --help` median ≤ 0.3 s. Judged on the slower, cold start.
const helpCold = round(median(samples.get('help_cold') ?? []));
const targets = [{ name: 'help_startup_ms_median', value: helpCold, goal: `<= ${HELP_GOAL_MS}`, met: helpCold <= HELP_GOAL_MS }];
console.log(`\nTarget: wayfinder --help median ${helpCold} ms cold (goal ≤ ${HELP_GOAL_MS} ms): ${targets[0]?.met ? 'met' : 'NOT met'}`);
if (options.json) {
  mkdirSync(dirname(resolve(options.json)), { recursive: true });
  writeFileSync(options.json, JSON.stringify({ summary, targets }, null, 2));
  console.log(`Wrote ${options.json}`);
}
