// bench/hub: what the bridge costs and what an MCP client pays. (1) A trivial call's round
// trip on loopback, through RemoteBrowser → WebSocket → DeviceEndpoint → Chromium and over a
// bare Peer; (2) tab.snapshot() through the bridge against the same tab driven directly, on
// saved real pages; (3) tokens of browser_navigate + browser_snapshot from `wayfinder mcp`
// against Playwright MCP, both attached to one Chromium; (4) how soon the real extension is
// back on a hub after its service worker was stopped (reconnect.ts). Prints tables; writes JSON.
//   npm run bench:hub -- [--json FILE] [--corpus DIR] [--calls N] [--pages N] [--snapshot-pages N] [--runs N] [--reconnects N] [--keep DIR]
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { NodeBrowser } from '@wayfinder/cdp/node';
import { median, round } from '../lib/stats';
import { table } from '../lib/table';
import { measureRoundTrips, measureSnapshots, startBridge, type RoundTrips, type SnapshotTimes } from './bridge';
import { measureMcpTokens, type McpPageRow } from './mcp-tokens';
import { LOCAL_ONLY_FLAGS, openPages } from './pages';
import { measureReconnects, type ReconnectTimes } from './reconnect';
import { atMost, GOALS, hubTargets, latency, overhead, ratio } from './targets';

const USAGE =
  'Usage: npm run bench:hub -- [--json FILE] [--corpus DIR] [--calls N] [--pages N] [--snapshot-pages N] [--runs N] [--reconnects N] [--keep DIR]';

interface Options {
  json: string | null;
  corpus: string | null;
  calls: number;
  pages: number;
  snapshotPages: number;
  runs: number;
  reconnects: number;
  keep: string | null;
}

function parseArgs(argv: string[]): Options {
  const options: Options = { json: null, corpus: null, calls: 300, pages: 10, snapshotPages: 5, runs: 15, reconnects: 7, keep: null };
  const count = (value: string, least: number) => Math.max(least, Math.floor(Number(value)) || least);
  for (let i = 0; i < argv.length; i += 2) {
    const [arg, value] = [argv[i], argv[i + 1]];
    if (arg === '--json' && value) options.json = value;
    else if (arg === '--corpus' && value) options.corpus = resolve(value);
    else if (arg === '--calls' && value) options.calls = count(value, 200);
    else if (arg === '--pages' && value) options.pages = count(value, 1);
    else if (arg === '--snapshot-pages' && value) options.snapshotPages = count(value, 1);
    else if (arg === '--runs' && value) options.runs = count(value, 1);
    else if (arg === '--reconnects' && value) options.reconnects = count(value, 5);
    else if (arg === '--keep' && value) options.keep = resolve(value);
    else {
      console.error(`Unknown or incomplete option ${arg ?? ''}.\n${USAGE}`);
      process.exit(2);
    }
  }
  return options;
}

interface Measured {
  from: string;
  trips: RoundTrips;
  snapshots: SnapshotTimes[];
  mcp: McpPageRow[];
  reconnects: ReconnectTimes;
}

async function measure(options: Options): Promise<Measured> {
  console.log(`bench/hub: reconnects of the built extension, ${options.reconnects} rounds, then one left to its alarm…`);
  const reconnects = await measureReconnects(options.reconnects, true, (line) => console.log(line));
  const source = await openPages(options.corpus);
  try {
    console.log(`bench/hub: pages from ${source.from}`);
    const chromium = await NodeBrowser.launch({ args: LOCAL_ONLY_FLAGS, navigationTimeoutMs: 60_000 });
    let trips: RoundTrips;
    let snapshots: SnapshotTimes[];
    try {
      const rig = await startBridge(chromium);
      try {
        const first = source.pages[0];
        if (first) await rig.bridged.navigate(first.url);
        console.log(`  round trips: ${options.calls} calls each after 50 warm-up calls…`);
        trips = await measureRoundTrips(rig, 50, options.calls);
        const snapshotPages = source.pages.slice(0, options.snapshotPages);
        console.log(`  snapshots: ${snapshotPages.length} pages, ${options.runs} runs each way…`);
        snapshots = await measureSnapshots(rig, snapshotPages, options.runs);
        await rig.remote.close();
      } finally {
        await rig.close();
      }
    } finally {
      await chromium.close();
    }
    const mcpPages = source.pages.slice(0, options.pages);
    console.log(`  MCP: ${mcpPages.length} pages, wayfinder mcp then Playwright MCP…`);
    if (options.keep) mkdirSync(options.keep, { recursive: true });
    const mcp = await measureMcpTokens(mcpPages, (line) => console.log(line), options.keep);
    return { from: source.from, trips, snapshots, mcp, reconnects };
  } finally {
    await source.close();
  }
}

function summarise(m: Measured) {
  const both = m.mcp.flatMap((r) => (r.ours && r.playwright ? [{ page: r.page, ours: r.ours, playwright: r.playwright }] : []));
  const total = (side: 'ours' | 'playwright') => both.reduce((n, r) => n + r[side].navigate.tokens + r[side].snapshot.tokens, 0);
  const oursTokens = total('ours');
  const playwrightTokens = total('playwright');
  const oursFull = both.reduce((n, r) => n + r.ours.navigate.tokens + (r.ours.full?.tokens ?? NaN), 0);
  const snapshotOverhead = (mode: 'viewport' | 'full') => {
    const rows = m.snapshots.filter((s) => s.mode === mode);
    return overhead(
      rows.flatMap((s) => s.bridged),
      rows.flatMap((s) => s.direct),
    );
  };
  const spread = (ms: number[]) => ({ median: round(median(ms)), max: round(Math.max(...ms)) });
  const r = m.reconnects;
  return {
    pagesFrom: m.from,
    reconnect: {
      rounds: r.wakeToConnectedMs.length,
      wokenEarly: r.wokenEarly,
      stopToDisconnect: spread(r.stopToDisconnectMs),
      wakeToAnswer: spread(r.wakeToAnswerMs),
      wakeToConnected: spread(r.wakeToConnectedMs),
      alarmOnly: r.alarmOnlyMs === null ? null : round(r.alarmOnlyMs),
    },
    roundTrip: {
      tabInfoBridged: latency(m.trips.bridgedInfo),
      peerEcho: latency(m.trips.echo),
      tabInfoDirect: latency(m.trips.directInfo),
    },
    snapshot: { viewport: snapshotOverhead('viewport'), full: snapshotOverhead('full') },
    mcpTokens: {
      pages: both.length,
      ours: oursTokens,
      playwright: playwrightTokens,
      ratio: ratio(oursTokens, playwrightTokens),
      oursNavigate: both.reduce((n, r) => n + r.ours.navigate.tokens, 0),
      oursSnapshot: both.reduce((n, r) => n + r.ours.snapshot.tokens, 0),
      playwrightNavigate: both.reduce((n, r) => n + r.playwright.navigate.tokens, 0),
      playwrightSnapshot: both.reduce((n, r) => n + r.playwright.snapshot.tokens, 0),
      // Not the target: our navigate + a full-page snapshot, like for like with Playwright's whole-page one.
      oursWithFullSnapshot: oursFull,
      oursFullRatio: ratio(oursFull, playwrightTokens),
      errors: m.mcp.filter((r) => !r.ours || !r.playwright || [r.ours, r.playwright].some((s) => s.navigate.isError || s.snapshot.isError))
        .length,
    },
    snapshotPages: m.snapshots.map((s) => ({ page: s.page, mode: s.mode, bytes: s.bytes, ...overhead(s.bridged, s.direct) })),
    mcpPages: m.mcp.map((r) => ({
      page: r.page,
      ours: r.ours
        ? {
            navigate: r.ours.navigate.tokens,
            snapshot: r.ours.snapshot.tokens,
            fullSnapshot: r.ours.full?.tokens ?? null,
            fullSnapshotCut: r.ours.full?.cut ?? false,
          }
        : null,
      playwright: r.playwright ? { navigate: r.playwright.navigate.tokens, snapshot: r.playwright.snapshot.tokens } : null,
    })),
  };
}

function report(m: Measured, summary: ReturnType<typeof summarise>): void {
  const rc = summary.reconnect;
  console.log(
    `\nReconnect after the service worker was stopped (ms, ${rc.rounds} rounds${rc.wokenEarly ? `, ${rc.wokenEarly} woken early and left out` : ''})`,
  );
  console.log(
    table(
      ['from → to', 'median', 'max'],
      [
        ['stop → the hub saw the disconnect', rc.stopToDisconnect.median, rc.stopToDisconnect.max],
        ['wake (a runtime message) → the worker answered', rc.wakeToAnswer.median, rc.wakeToAnswer.max],
        ['wake → the hub welcomed the device again', rc.wakeToConnected.median, rc.wakeToConnected.max],
        ['stop → back by the extension’s alarm alone (once)', rc.alarmOnly ?? NaN, rc.alarmOnly ?? NaN],
      ],
    ),
  );
  console.log(
    'The wake is what any event does (a page, a message, the alarm); with nothing to wake it, the alarm does within 30 s. ' +
      'The target is wake → welcomed, so it covers the worker starting, reading its pairing, dialling and the hub checking the token.',
  );

  const rt = summary.roundTrip;
  console.log(`\nRound trip on loopback (ms, ${rt.tabInfoBridged.calls} calls each)`);
  console.log(
    table(
      ['call', 'p50', 'p95', 'max'],
      [
        ['tab.info through the bridge', rt.tabInfoBridged.p50, rt.tabInfoBridged.p95, rt.tabInfoBridged.max],
        ['bare Peer echo', rt.peerEcho.p50, rt.peerEcho.p95, rt.peerEcho.max],
        ['tab.info direct (no bridge)', rt.tabInfoDirect.p50, rt.tabInfoDirect.p95, rt.tabInfoDirect.max],
      ],
    ),
  );

  console.log('\ntab.snapshot() through the bridge vs direct (median ms)');
  console.log(
    table(
      ['page', 'mode', 'KB on the wire', 'bridge', 'direct', 'added'],
      m.snapshots.map((s) => {
        const o = overhead(s.bridged, s.direct);
        return [s.page, s.mode, round(s.bytes / 1024, 1), o.bridgedMs, o.directMs, o.addedMs];
      }),
    ),
  );
  const sv = summary.snapshot;
  console.log(
    `All pages: viewport ${sv.viewport.bridgedMs} vs ${sv.viewport.directMs} ms (+${sv.viewport.addedMs}, ×${sv.viewport.factor}); ` +
      `full ${sv.full.bridgedMs} vs ${sv.full.directMs} ms (+${sv.full.addedMs}, ×${sv.full.factor}).`,
  );

  console.log('\nTokens per browser_navigate + browser_snapshot (o200k), wayfinder mcp vs Playwright MCP');
  console.log(
    table(
      ['page', 'ours nav', 'ours snap', 'ours total', 'pw nav', 'pw snap', 'pw total', 'ratio', 'ours full snap', 'cut', 'full ratio'],
      m.mcp.map((r) => {
        const ours = r.ours ? r.ours.navigate.tokens + r.ours.snapshot.tokens : NaN;
        const pw = r.playwright ? r.playwright.navigate.tokens + r.playwright.snapshot.tokens : NaN;
        return [
          r.page,
          r.ours?.navigate.tokens ?? NaN,
          r.ours?.snapshot.tokens ?? NaN,
          ours,
          r.playwright?.navigate.tokens ?? NaN,
          r.playwright?.snapshot.tokens ?? NaN,
          pw,
          ratio(ours, pw),
          r.ours?.full?.tokens ?? NaN,
          r.ours?.full?.cut ? 'cut' : '',
          ratio((r.ours?.navigate.tokens ?? NaN) + (r.ours?.full?.tokens ?? NaN), pw),
        ];
      }),
    ),
  );
  const t = summary.mcpTokens;
  console.log(
    `All ${t.pages} pages: ours ${t.ours} (navigate ${t.oursNavigate}, snapshot ${t.oursSnapshot}), ` +
      `Playwright MCP ${t.playwright} (navigate ${t.playwrightNavigate}, snapshot ${t.playwrightSnapshot}); ratio ${t.ratio}` +
      `${t.errors ? `; ${t.errors} page(s) with an error or missing` : ''}. ` +
      `With a full-page snapshot instead (like for like, not the target): ${t.oursWithFullSnapshot}, ratio ${t.oursFullRatio}` +
      ` (a "cut" full snapshot stopped at our server's output cap, so it is a floor).`,
  );
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const started = performance.now();
  const measured = await measure(options);
  const summary = summarise(measured);
  report(measured, summary);
  const targets = hubTargets({ roundTripP50Ms: summary.roundTrip.tabInfoBridged.p50, mcpTokenRatio: summary.mcpTokens.ratio }, [
    atMost('reconnect after the worker stopped (ms)', summary.reconnect.wakeToConnected.median, GOALS.reconnectMs),
  ]);
  console.log(
    `\n${table(
      ['target', 'value', 'goal', ''],
      targets.map((t) => [t.name, t.value, t.goal, t.met ? 'met' : 'MISSED']),
    )}`,
  );
  console.log(`\n${round((performance.now() - started) / 1000, 1)} s.`);
  if (options.json) {
    const file = resolve(options.json);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify({ summary, targets }, null, 2)}\n`);
    console.log(`Wrote ${file}.`);
  }
}

await main();
