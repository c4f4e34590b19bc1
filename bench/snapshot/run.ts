// bench/snapshot: our viewport and full snapshots against Playwright's aria snapshot, side
// by side in one browser, on saved real pages served from 127.0.0.1 with every other
// request blocked. Prints a table and writes JSON. Usage:
//   npm run bench:snapshot -- [--corpus DIR] [--json FILE] [--runs N] [--limit N]
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { NodeBrowser, type NodePage } from '@wayfinder/cdp/node';
import { startGym } from '@wayfinder/gym';
import { estimateLines } from '@wayfinder/page';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { chromium, type Page } from 'playwright-core';
import { round, summarize } from '../lib/stats';
import { serveDirectory } from '../lib/static-server';
import { table } from '../lib/table';
import { ariaPairs, coverage, type Pair } from './aria';

interface Options {
  corpus: string | null;
  json: string;
  runs: number;
  limit: number;
}

function parseArgs(argv: string[]): Options {
  const options: Options = { corpus: null, json: 'bench/results/snapshot.json', runs: 3, limit: Infinity };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = argv[i + 1];
    if (arg === '--corpus' && value) options.corpus = resolve(value);
    else if (arg === '--json' && value) options.json = value;
    else if (arg === '--runs' && value) options.runs = Math.max(1, Number(value));
    else if (arg === '--limit' && value) options.limit = Math.max(1, Number(value));
    else {
      console.error(
        `Unknown or incomplete option ${arg ?? ''}.\nUsage: npm run bench:snapshot -- [--corpus DIR] [--json FILE] [--runs N] [--limit N]`,
      );
      process.exit(2);
    }
    i++;
  }
  return options;
}

interface Measure {
  tokens: number;
  ms: number;
  refs: number;
}

interface PageResult {
  page: string;
  ours_full: Measure & { inPageMs: number; estimateRatio: number };
  ours_viewport: Measure & { inPageMs: number; truncated: boolean };
  playwright_aria: Measure;
  extract_ms: number;
  coverage: number;
  missed: Pair[];
  full_vs_aria_token_ratio: number;
}

async function timed<T>(runs: number, fn: () => Promise<T>): Promise<{ value: T; ms: number }> {
  await fn(); // warm: installs the script, fills caches
  const times: number[] = [];
  let value: T | undefined;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    value = await fn();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  if (value === undefined) throw new Error('no runs');
  return { value, ms: times[Math.floor(times.length / 2)] ?? NaN };
}

async function blockExternal(page: NodePage): Promise<void> {
  await page.session.send('Fetch.enable', { patterns: [{ urlPattern: '*' }] });
  page.session.on('Fetch.requestPaused', (event) => {
    const local = /^(https?:\/\/127\.0\.0\.1[:/]|data:|blob:|about:)/.test(event.request.url);
    const reply = local
      ? page.session.send('Fetch.continueRequest', { requestId: event.requestId })
      : page.session.send('Fetch.failRequest', { requestId: event.requestId, errorReason: 'BlockedByClient' });
    reply.catch(() => undefined);
  });
}

async function settle(page: NodePage): Promise<void> {
  // "load plus a short settle": let late layout and timers run.
  await new Promise((r) => setTimeout(r, 300));
  await page.session.send('Runtime.evaluate', { expression: 'scrollTo(0, 0)' });
}

async function findPlaywrightPage(pages: () => Page[], url: string): Promise<Page> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const page = pages().find((p) => p.url() === url);
    if (page) return page;
    if (Date.now() > deadline) throw new Error(`Playwright never saw the page ${url}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function measurePage(url: string, name: string, browser: NodeBrowser, pwPages: () => Page[], runs: number): Promise<PageResult> {
  const page = await browser.newPage();
  try {
    await blockExternal(page);
    await page.navigate(url);
    await settle(page);
    const pw = await findPlaywrightPage(pwPages, url);

    const full = await timed(runs, () => page.script.snapshot({ mode: 'full', maxTokens: 10_000_000 }));
    const viewport = await timed(runs, () => page.script.snapshot({ mode: 'viewport' }));
    const aria = await timed(runs, () => pw.locator('body').ariaSnapshot({ timeout: 60_000 }));
    const extract = await timed(1, () => page.script.extract());

    const fullTokens = countTokens(full.value.text);
    const ariaTokens = countTokens(aria.value);
    const theirs = ariaPairs(aria.value);
    const cov = coverage(
      theirs,
      full.value.refs.map((r) => ({ role: r.role, name: r.name })),
    );
    return {
      page: name,
      ours_full: {
        tokens: fullTokens,
        ms: round(full.ms),
        refs: full.value.refs.length,
        inPageMs: round(full.value.stats.ms),
        estimateRatio: round(estimateLines(full.value.text) / Math.max(1, fullTokens)),
      },
      ours_viewport: {
        tokens: countTokens(viewport.value.text),
        ms: round(viewport.ms),
        refs: viewport.value.refs.length,
        inPageMs: round(viewport.value.stats.ms),
        truncated: viewport.value.stats.truncated,
      },
      playwright_aria: { tokens: ariaTokens, ms: round(aria.ms), refs: theirs.length },
      extract_ms: round(extract.ms),
      coverage: round(cov.fraction, 4),
      missed: cov.missed.slice(0, 20),
      full_vs_aria_token_ratio: round(fullTokens / Math.max(1, ariaTokens), 4),
    };
  } finally {
    await browser.closeTab(page.id);
  }
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const defaultCorpus = resolve('../shared/corpus/pages');
  const corpus = options.corpus ?? (existsSync(defaultCorpus) ? defaultCorpus : null);
  const gym = corpus ? null : await startGym();
  const server = corpus ? await serveDirectory(corpus) : null;
  const targets: { name: string; url: string }[] =
    corpus && server
      ? readdirSync(corpus)
          .filter((f) => f.endsWith('.html'))
          .sort()
          .map((f) => ({ name: f, url: `${server.url}/${f}` }))
      : [
          '/shop',
          '/shop/p/trail-tent-2p',
          '/signup',
          '/admin/login',
          '/widgets',
          '/feed',
          '/articles/leave-no-trace.html',
          '/articles/night-hiking.html',
          '/traps/',
        ].map((p) => ({ name: p, url: `${gym?.url ?? ''}${p}` }));
  const selected = targets.slice(0, options.limit);
  console.log(
    `bench/snapshot: ${selected.length} pages from ${corpus ?? 'the gym (no corpus found)'}, ${options.runs} warm runs each, 1280×800\n`,
  );

  const browser = await NodeBrowser.launch({ navigationTimeoutMs: 60_000 });
  const endpoint = browser.wsEndpoint;
  if (!endpoint) throw new Error('The launched browser has no DevTools endpoint.');
  const pw = await chromium.connectOverCDP(endpoint);
  const results: PageResult[] = [];
  try {
    const context = pw.contexts()[0];
    if (!context) throw new Error('Playwright found no browser context.');
    for (const target of selected) {
      try {
        const result = await measurePage(target.url, target.name, browser, () => context.pages(), options.runs);
        results.push(result);
        process.stdout.write(
          `  ${target.name.padEnd(36)} aria ${String(result.playwright_aria.tokens).padStart(6)}  full ${String(result.ours_full.tokens).padStart(6)}  viewport ${String(result.ours_viewport.tokens).padStart(5)}  coverage ${result.coverage.toFixed(3)}\n`,
        );
      } catch (error) {
        console.error(`  ${target.name}: skipped (${error instanceof Error ? error.message : String(error)})`);
      }
    }
  } finally {
    await pw.close().catch(() => undefined);
    await browser.close();
    await server?.close();
    await gym?.close();
  }
  if (!results.length) throw new Error('No page could be measured.');

  const col = (f: (r: PageResult) => number) => results.map(f);
  const summary = {
    ours_full: {
      tokens: summarize(col((r) => r.ours_full.tokens)),
      ms: summarize(col((r) => r.ours_full.ms)),
      coverage: { median: summarize(col((r) => r.coverage)).median, min: round(Math.min(...col((r) => r.coverage)), 4) },
    },
    ours_viewport: { tokens: summarize(col((r) => r.ours_viewport.tokens)), ms: summarize(col((r) => r.ours_viewport.ms)) },
    playwright_aria: { tokens: summarize(col((r) => r.playwright_aria.tokens)), ms: summarize(col((r) => r.playwright_aria.ms)) },
    full_vs_aria_token_ratio_median: summarize(col((r) => r.full_vs_aria_token_ratio)).median,
    extra: {
      ours_full_in_page_ms: summarize(col((r) => r.ours_full.inPageMs)),
      ours_viewport_in_page_ms: summarize(col((r) => r.ours_viewport.inPageMs)),
      extract_ms: summarize(col((r) => r.extract_ms)),
      token_estimate_over_actual_min: round(Math.min(...col((r) => r.ours_full.estimateRatio))),
      viewport_truncated_pages: results.filter((r) => r.ours_viewport.truncated).length,
    },
  };

  const s = summary;
  console.log(
    `\n${table(
      ['method', 'tokens median', 'tokens p90', 'tokens max', 'ms median', 'ms p90', 'ms max'],
      [
        [
          'ours_full',
          s.ours_full.tokens.median,
          s.ours_full.tokens.p90,
          s.ours_full.tokens.max,
          s.ours_full.ms.median,
          s.ours_full.ms.p90,
          s.ours_full.ms.max,
        ],
        [
          'ours_viewport',
          s.ours_viewport.tokens.median,
          s.ours_viewport.tokens.p90,
          s.ours_viewport.tokens.max,
          s.ours_viewport.ms.median,
          s.ours_viewport.ms.p90,
          s.ours_viewport.ms.max,
        ],
        [
          'playwright_aria',
          s.playwright_aria.tokens.median,
          s.playwright_aria.tokens.p90,
          s.playwright_aria.tokens.max,
          s.playwright_aria.ms.median,
          s.playwright_aria.ms.p90,
          s.playwright_aria.ms.max,
        ],
      ],
    )}`,
  );
  const targetsTable: (string | number)[][] = [
    [
      'full/aria token ratio, median',
      s.full_vs_aria_token_ratio_median,
      '≤ 0.5',
      s.full_vs_aria_token_ratio_median <= 0.5 ? 'met' : 'MISSED',
    ],
    ['full coverage, median', s.ours_full.coverage.median, '≥ 0.95', s.ours_full.coverage.median >= 0.95 ? 'met' : 'MISSED'],
    ['viewport tokens, median', s.ours_viewport.tokens.median, '≤ 600', s.ours_viewport.tokens.median <= 600 ? 'met' : 'MISSED'],
    ['viewport tokens, max', s.ours_viewport.tokens.max, '≤ 2000', s.ours_viewport.tokens.max <= 2000 ? 'met' : 'MISSED'],
    ['snapshot ms (full), median', s.ours_full.ms.median, '≤ 30', s.ours_full.ms.median <= 30 ? 'met' : 'MISSED'],
    ['snapshot ms (full), p90', s.ours_full.ms.p90, '≤ 100', s.ours_full.ms.p90 <= 100 ? 'met' : 'MISSED'],
    ['snapshot ms (viewport), median', s.ours_viewport.ms.median, '≤ 30', s.ours_viewport.ms.median <= 30 ? 'met' : 'MISSED'],
    ['snapshot ms (viewport), p90', s.ours_viewport.ms.p90, '≤ 100', s.ours_viewport.ms.p90 <= 100 ? 'met' : 'MISSED'],
  ];
  console.log(`\n${table(['target', 'value', 'goal', ''], targetsTable)}`);
  console.log(
    `\nAlso: coverage min ${s.ours_full.coverage.min}; extract() ms median ${s.extra.extract_ms.median} / p90 ${s.extra.extract_ms.p90}; in-page ms full ${s.extra.ours_full_in_page_ms.median}, viewport ${s.extra.ours_viewport_in_page_ms.median}; budget estimate/actual o200k tokens, min over pages ${s.extra.token_estimate_over_actual_min}.`,
  );

  mkdirSync(dirname(resolve(options.json)), { recursive: true });
  writeFileSync(options.json, JSON.stringify({ corpus: corpus ?? 'gym', runs: options.runs, pages: results, summary }, null, 2));
  console.log(`\nWrote ${options.json}`);
}

main().catch((error: unknown) => {
  console.error(`bench/snapshot failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
