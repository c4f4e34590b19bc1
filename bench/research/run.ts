// bench/research: research runs over the gym (its search engine, news site and video site)
// in a real Chromium, each page summarised by a model server speaking the OpenAI wire
// format (a scripted brain; its reported usage is the prompt's characters / 4 + 25). Reports
// discoveries per minute (wall time of the whole run: searches, page loads, summaries) and
// model tokens per discovery (every summary call of the run, duplicates included).
//   npm run bench:research -- [--json FILE] [--rounds N]
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { NodeBrowser } from '@wayfinder/cdp/node';
import { browserSearch, createModelSlot, guardBrowser, parseModelSpec, SitePermissions } from '@wayfinder/core';
import { startGym, startOpenAICompatible } from '@wayfinder/gym';
import { researchGuard } from '../../apps/host/src/research/browser';
import { researchRun } from '../../apps/host/src/research/run';
import { openDatabase } from '../../apps/host/src/store/db';
import { ResearchStore } from '../../apps/host/src/store/research';
import { openRuntime } from '../../apps/host/src/runtime';
import { median, round } from '../lib/stats';
import { table } from '../lib/table';

const GOALS = { discoveriesPerMinute: 10, tokensPerDiscovery: 2500 };
const INTERESTS = ['trail running', 'ultralight tents', 'sourdough'];

function parseArgs(argv: string[]): { json: string | null; rounds: number } {
  const options: { json: string | null; rounds: number } = { json: null, rounds: 3 };
  for (let i = 0; i < argv.length; i += 2) {
    const [arg, value] = [argv[i], argv[i + 1]];
    if (arg === '--json' && value) options.json = value;
    else if (arg === '--rounds' && value && Number.isInteger(Number(value)) && Number(value) > 0) options.rounds = Number(value);
    else {
      console.error(`Unknown or incomplete option ${arg ?? ''}.\nUsage: npm run bench:research -- [--json FILE] [--rounds N]`);
      process.exit(2);
    }
  }
  return options;
}

interface Round {
  discoveries: number;
  visited: number;
  duplicates: number;
  skipped: number;
  seconds: number;
  tokens: number;
  summaryCalls: number;
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  console.log(`bench/research: ${options.rounds} runs over the gym, interests ${INTERESTS.join(', ')}…`);
  const gym = await startGym();
  const browser = await NodeBrowser.launch();
  const summariser = await startOpenAICompatible(() => ({ text: 'A short, faithful summary of the page.' }));
  const slot = createModelSlot(parseModelSpec(`openai-compatible:${summariser.url}#mock-gpt`), {});
  const sites = new SitePermissions([
    { site: '127.0.0.1', decision: 'allow' },
    { site: 'tracker.test', decision: 'block' },
  ]);
  await guardBrowser(browser, researchGuard(sites, new Set()));
  const rounds: Round[] = [];
  try {
    for (let r = 0; r < options.rounds; r++) {
      const home = mkdtempSync(join(tmpdir(), 'wayfinder-bench-research-'));
      const db = openDatabase(join(home, 'wayfinder.db'));
      const store = new ResearchStore(
        db,
        openRuntime({ env: { WAYFINDER_HOME: home, WAYFINDER_CONFIG: join(home, 'config.json') } }, { command: 'bench' }).redaction,
      );
      for (const topic of INTERESTS) store.addInterest(topic);
      const before = summariser.requests.length;
      const started = performance.now();
      const outcome = await researchRun(store.listInterests(), {
        browser,
        search: browserSearch(browser, { searchUrl: `${gym.url}/search?q=%s`, videoUrl: `${gym.url}/videos/results?search_query=%s` }),
        summariser: slot,
        store,
        sites,
        limits: { pagesPerRun: 20, pagesPerSite: 20, siteGapMs: 0 },
        signal: new AbortController().signal,
      });
      const seconds = (performance.now() - started) / 1000;
      const calls = summariser.requests.slice(before);
      const tokens = calls.reduce((n, c) => n + Math.ceil(JSON.stringify(c.body.messages).length / 4) + 25, 0);
      rounds.push({
        discoveries: outcome.discoveries,
        visited: outcome.visited,
        duplicates: outcome.duplicates,
        skipped: outcome.skipped.length,
        seconds,
        tokens,
        summaryCalls: calls.length,
      });
      console.log(`  run ${r + 1}: ${outcome.discoveries} discoveries, ${outcome.visited} pages, ${round(seconds, 1)} s`);
      db.close();
      rmSync(home, { recursive: true, force: true });
    }
  } finally {
    await summariser.close();
    await browser.close();
    await gym.close();
  }
  const perMinute = rounds.map((r) => (r.discoveries / r.seconds) * 60);
  const perDiscovery = rounds.map((r) => (r.discoveries ? r.tokens / r.discoveries : Infinity));
  const summary = {
    runs: rounds.length,
    discoveriesPerRun: median(rounds.map((r) => r.discoveries)),
    pagesPerRun: median(rounds.map((r) => r.visited)),
    duplicatesPerRun: median(rounds.map((r) => r.duplicates)),
    discoveriesPerMinute: round(median(perMinute), 1),
    tokensPerDiscovery: Math.round(median(perDiscovery)),
    secondsPerRun: round(median(rounds.map((r) => r.seconds)), 1),
  };
  console.log('');
  console.log(
    table(
      [
        'run',
        'discoveries',
        'pages read',
        'duplicates',
        'sites skipped',
        'seconds',
        'discoveries/min',
        'summary calls',
        'tokens',
        'tokens/discovery',
      ],
      rounds.map((r, i) => [
        i + 1,
        r.discoveries,
        r.visited,
        r.duplicates,
        r.skipped,
        round(r.seconds, 1),
        round(perMinute[i] ?? 0, 1),
        r.summaryCalls,
        r.tokens,
        Math.round(perDiscovery[i] ?? 0),
      ]),
    ),
  );
  console.log('');
  console.log(
    `Median: ${summary.discoveriesPerMinute} discoveries a minute (goal >= ${GOALS.discoveriesPerMinute}), ` +
      `${summary.tokensPerDiscovery} summariser tokens a discovery (goal <= ${GOALS.tokensPerDiscovery}), ${summary.secondsPerRun} s a run.`,
  );
  if (options.json) {
    const targets = [
      {
        name: 'discoveries_per_minute',
        value: summary.discoveriesPerMinute,
        goal: `>= ${GOALS.discoveriesPerMinute}`,
        met: summary.discoveriesPerMinute >= GOALS.discoveriesPerMinute,
      },
      {
        name: 'tokens_per_discovery',
        value: summary.tokensPerDiscovery,
        goal: `<= ${GOALS.tokensPerDiscovery}`,
        met: summary.tokensPerDiscovery <= GOALS.tokensPerDiscovery,
      },
    ];
    const file = resolve(options.json);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify({ summary, targets }, null, 2)}\n`);
    console.log(`Wrote ${file}.`);
  }
}

await main();
