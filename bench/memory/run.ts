// bench/memory: the vault end to end on the host's store. (a) Ingest: the 47 corpus pages
// opened in headless Chromium from 127.0.0.1, put through the page script's extract(), then
// Vault.ingest() with the default HashEmbedder into the host's SQLite store in a temp dir.
// (b) Search latency at 10,000 chunks: the store padded with generated pages (pad.ts), then
// vault.search(q, 3) timed over the query set, many times. (c) Recall on the query set
// (queries.json, see README.md). (d) The same through the `wayfinder` command (cli.ts): the
// corpus added in one `memory add`, each paraphrase question its own `memory search`.
// Prints tables and writes JSON.
//   npm run bench:memory -- [--corpus DIR] [--json FILE] [--chunks N] [--reps N] [--ingest-runs N] [--store sqlite|memory]
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HashEmbedder, InMemoryMemory, pageIngestInput, Vault, type IngestInput, type VaultStore } from '@wayfinder/core';
import { openHostStore } from '../../apps/host/src/store/index';
import { percentile, round, summarize } from '../lib/stats';
import { table } from '../lib/table';
import { benchCli } from './cli';
import { benchExtensionSearch, type ExtensionSearchResult } from './extension';
import { corpusFiles, extractCorpus, type ExtractedPage } from './extract';
import { PagePadder } from './pad';
import { loadQueries, scoreQueries, summarizeRecall, unverified, type QueryOutcome, type RecallSummary } from './score';

const HERE = dirname(fileURLToPath(import.meta.url));
const USAGE =
  'Usage: npm run bench:memory -- [--corpus DIR] [--json FILE] [--chunks N] [--reps N] [--ingest-runs N] [--store sqlite|memory] [--no-extension]';
const GOALS = { ingestPagesPerS: 20, searchP95Ms: 30, recallAt3: 0.9 };

interface Options {
  corpus: string;
  json: string;
  chunks: number;
  reps: number;
  ingestRuns: number;
  store: 'sqlite' | 'memory';
  /** Also time searches in the built extension's worker (its IndexedDB store). */
  extension: boolean;
}

function parseArgs(argv: string[]): Options {
  const options: Options = {
    corpus: resolve('../shared/corpus/pages'),
    json: 'bench/results/memory.json',
    chunks: 10_000,
    reps: 10,
    ingestRuns: 3,
    store: 'sqlite',
    extension: true,
  };
  const count = (value: string, min: number) => (Number.isInteger(Number(value)) && Number(value) >= min ? Number(value) : NaN);
  for (let i = 0; i < argv.length; i += 2) {
    const [arg, value] = [argv[i], argv[i + 1]];
    if (arg === '--no-extension') {
      options.extension = false;
      i--;
    } else if (arg === '--corpus' && value) options.corpus = resolve(value);
    else if (arg === '--json' && value) options.json = value;
    else if (arg === '--chunks' && value && count(value, 1)) options.chunks = count(value, 1);
    else if (arg === '--reps' && value && count(value, 1)) options.reps = count(value, 1);
    else if (arg === '--ingest-runs' && value && count(value, 1)) options.ingestRuns = count(value, 1);
    else if (arg === '--store' && (value === 'sqlite' || value === 'memory')) options.store = value;
    else {
      console.error(`Unknown or incomplete option ${arg ?? ''}.\n${USAGE}`);
      process.exit(2);
    }
  }
  return options;
}

/** A vault store to measure: the host's SQLite file in a temp dir (reopened as a new process would), or core's in-memory one. */
interface BenchStore {
  store: VaultStore;
  /** Closes and opens it again: the next search starts cold (SQLite loads its vectors). */
  reopen(): VaultStore;
  close(): void;
}

function openStore(kind: Options['store']): BenchStore {
  if (kind === 'memory') {
    const store = new InMemoryMemory();
    return { store, reopen: () => store, close: () => undefined };
  }
  const dir = mkdtempSync(join(tmpdir(), 'wayfinder-bench-memory-'));
  const path = join(dir, 'wayfinder.db');
  let host = openHostStore({}, { path });
  return {
    store: host.vault,
    reopen: () => {
      host.close();
      host = openHostStore({}, { path });
      return host.vault;
    },
    close: () => {
      host.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** What the host's `memory add <url>` stores for a page: core's one reading of extract(). */
function pageInput(page: ExtractedPage): IngestInput {
  return pageIngestInput(page.content, page.content.metadata.title || page.file);
}

interface IngestRun {
  stored: number;
  empty: string[];
  chunks: number;
  ms: number;
  pagesPerS: number;
}

async function ingestAll(vault: Vault, store: VaultStore, inputs: { file: string; input: IngestInput }[]): Promise<IngestRun> {
  let ms = 0;
  let stored = 0;
  const empty: string[] = [];
  for (const { file, input } of inputs) {
    const started = performance.now();
    const outcome = await vault.ingest(input);
    ms += performance.now() - started;
    if (outcome.stored) stored++;
    else empty.push(`${file} (${outcome.reason})`);
  }
  const { chunks } = await store.stats();
  return { stored, empty, chunks, ms, pagesPerS: stored / (ms / 1000) };
}

async function timeSearches(vault: Vault, questions: string[], reps: number): Promise<number[]> {
  for (const q of questions) await vault.search(q, 3); // warm: JIT, SQLite page cache
  const times: number[] = [];
  for (let r = 0; r < reps; r++)
    for (const q of questions) {
      const started = performance.now();
      await vault.search(q, 3);
      times.push(performance.now() - started);
    }
  return times;
}

function recallRows(label: string, s: RecallSummary): (string | number)[] {
  return [label, s.questions, round(s.recall_at_1, 3), round(s.recall_at_3, 3), round(s.mrr_at_10, 3)];
}

function missLines(outcomes: QueryOutcome[]): string[] {
  const rank = (r: number | null) => (r === null ? '–' : String(r));
  return outcomes
    .filter((o) => o.rankAt3 === null)
    .map(
      (o) =>
        `  ${o.id} [${o.kind}] ${o.expected}: "${o.question}"\n      top 3: ${o.top3.join(', ') || '(nothing)'}; expected page's rank by words alone ${rank(o.textRank)}, by vectors alone ${rank(o.vectorRank)} (of 50 chunks)`,
    );
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  if (!existsSync(options.corpus))
    throw new Error(`No corpus at ${options.corpus}: the query set is written for ../shared/corpus/pages; pass --corpus DIR.`);
  const queries = loadQueries(join(HERE, 'queries.json'));
  const files = corpusFiles(options.corpus);
  console.log(`bench/memory: ${files.length} pages from ${options.corpus}, ${queries.length} questions, store: ${options.store}\n`);

  // (a) Extraction (the browser's part), then ingest (the vault's part), timed apart.
  const pages = await extractCorpus(
    options.corpus,
    files,
    (p) => console.log(`  extracted ${p.file.padEnd(36)} ${String(p.content.content.length).padStart(6)} chars  ${round(p.extractMs)} ms`),
    (file, reason) => console.error(`  ${file}: skipped (${reason})`),
  );
  const stale = unverified(queries, pages);
  if (stale.length)
    throw new Error(
      `The query set does not match the pages as extracted; fix bench/memory/queries.json:\n${stale.map((s) => `  ${s.query.id}: ${s.reason}`).join('\n')}`,
    );
  const fileByUrl = new Map(pages.map((p) => [p.content.url, p.file]));
  const fileOf = (url: string) => fileByUrl.get(url) ?? url;
  const inputs = pages.map((page) => ({ file: page.file, input: pageInput(page) }));
  const embedder = new HashEmbedder();

  const bench = openStore(options.store);
  try {
    const vault = new Vault(bench.store, embedder);
    const runs: IngestRun[] = [await ingestAll(vault, bench.store, inputs)];
    for (let r = 1; r < options.ingestRuns; r++) {
      const spare = openStore(options.store);
      try {
        runs.push(await ingestAll(new Vault(spare.store, embedder), spare.store, inputs));
      } finally {
        spare.close();
      }
    }
    const first = runs[0];
    if (!first) throw new Error('No ingest run.');
    const ingestRate = summarize(runs.map((r) => r.pagesPerS));
    const corpusStats = await bench.store.stats();

    // (c) Recall over the corpus alone.
    const recallCorpus = await scoreQueries(queries, vault, bench.store, embedder, fileOf);

    // (b) Grow to the chunk target with generated pages, then time searches.
    const padder = new PagePadder(pages.map((p) => p.content.content));
    let padPages = 0;
    let padMs = 0;
    while ((await bench.store.stats()).chunks < options.chunks) {
      const input = padder.next();
      const started = performance.now();
      await vault.ingest(input);
      padMs += performance.now() - started;
      padPages++;
    }
    const bigStats = await bench.store.stats();
    const bigStore = bench.reopen();
    const reopened = new Vault(bigStore, embedder);
    const coldStarted = performance.now();
    await reopened.search(queries[0]?.question ?? 'memory', 3);
    const coldMs = performance.now() - coldStarted;
    // The machine is shared: the load while searches are timed says how far to trust the tail.
    const loadBefore = loadavg()[0] ?? NaN;
    const times = await timeSearches(
      reopened,
      queries.map((q) => q.question),
      options.reps,
    );
    const recallBig = await scoreQueries(queries, reopened, bigStore, embedder, fileOf);

    // (b') The same in the extension's worker, over its IndexedDB store.
    let extension: ExtensionSearchResult | null = null;
    if (options.extension) {
      console.log(`\nFilling the extension's store to ${options.chunks} chunks (built extension, headless Chromium) …`);
      extension = await benchExtensionSearch({
        texts: pages.map((p) => p.content.content),
        queries: queries.map((q) => q.question),
        chunks: options.chunks,
      });
    }

    const extractMs = pages.map((p) => p.extractMs);
    const corpus = summarizeRecall(recallCorpus);
    const big = summarizeRecall(recallBig);
    const latency = {
      searches: times.length,
      p50_ms: round(percentile(times, 50)),
      p95_ms: round(percentile(times, 95)),
      p99_ms: round(percentile(times, 99)),
      max_ms: round(Math.max(...times)),
      first_search_after_open_ms: round(coldMs),
      load_average_1m: { before: round(loadBefore), after: round(loadavg()[0] ?? NaN) },
    };
    const summary = {
      store: options.store,
      corpus_pages: files.length,
      extract: {
        pages: pages.length,
        ms: summarize(extractMs),
        total_s: round(extractMs.reduce((a, b) => a + b, 0) / 1000),
      },
      ingest: {
        timed_span:
          'Vault.ingest() per page: chunking, contacts chunk, HashEmbedder embedding, the store write; not opening pages or extract()',
        runs: runs.length,
        pages_stored: first.stored,
        not_stored: first.empty,
        chunks: corpusStats.chunks,
        chars: corpusStats.chars,
        first_run_ms: round(first.ms),
        pages_per_s: ingestRate,
        padding: {
          pages: padPages,
          pages_per_s: round(padPages / (padMs / 1000)),
          chunks_per_s: round((bigStats.chunks - corpusStats.chunks) / (padMs / 1000)),
        },
      },
      search_10k: { documents: bigStats.documents, chunks: bigStats.chunks, ...latency },
      search_10k_extension: extension ?? 'not measured (--no-extension)',
      recall_corpus: corpus,
      recall_10k: big,
    };
    const targets = [
      {
        name: 'ingest_pages_per_s',
        value: ingestRate.median,
        goal: `>= ${GOALS.ingestPagesPerS}`,
        met: ingestRate.median >= GOALS.ingestPagesPerS,
      },
      { name: 'search_p95_ms_10k', value: latency.p95_ms, goal: `<= ${GOALS.searchP95Ms}`, met: latency.p95_ms <= GOALS.searchP95Ms },
      ...(extension
        ? [
            {
              name: 'search_p95_ms_10k_extension_worker',
              value: extension.p95_ms,
              goal: `<= ${GOALS.searchP95Ms}`,
              met: extension.p95_ms <= GOALS.searchP95Ms,
            },
          ]
        : []),
      {
        name: 'recall_at_3',
        value: round(corpus.recall_at_3, 3),
        goal: `>= ${GOALS.recallAt3}`,
        met: corpus.recall_at_3 >= GOALS.recallAt3,
      },
    ];

    console.log(
      `\nIngest (${runs.length} runs, each into a fresh ${options.store} store; timed: Vault.ingest() only — chunking, contacts chunk, HashEmbedder, the store write; not the browser or extract()):`,
    );
    console.log(
      table(
        ['step', 'pages', 'chunks', 'median', 'p90', 'max', 'unit'],
        [
          ['extract() in Chromium', pages.length, 0, summary.extract.ms.median, summary.extract.ms.p90, summary.extract.ms.max, 'ms/page'],
          ['ingest, corpus', first.stored, corpusStats.chunks, ingestRate.median, ingestRate.p90, ingestRate.max, 'pages/s'],
          ['ingest, padding', padPages, bigStats.chunks - corpusStats.chunks, summary.ingest.padding.pages_per_s, NaN, NaN, 'pages/s'],
        ],
      ),
    );
    if (first.empty.length) console.log(`Not stored: ${first.empty.join(', ')}.`);
    console.log(
      `\nSearch, vault.search(q, 3) at ${bigStats.chunks} chunks / ${bigStats.documents} documents (${times.length} timed after a warm pass):`,
    );
    console.log(
      table(
        ['p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'first search after open ms'],
        [[latency.p50_ms, latency.p95_ms, latency.p99_ms, latency.max_ms, latency.first_search_after_open_ms]],
      ),
    );
    console.log(`Load average (1 min) while timing: ${latency.load_average_1m.before} before, ${latency.load_average_1m.after} after.`);
    if (extension) {
      console.log(
        `\nSearch in the extension's worker (memory.search round trips from an extension page) at ${extension.chunks} chunks / ${extension.documents} documents:`,
      );
      console.log(
        table(
          ['p50 ms', 'p95 ms', 'max ms', 'first search after a worker restart ms', 'fill s'],
          [[extension.p50_ms, extension.p95_ms, extension.max_ms, extension.first_search_after_restart_ms, extension.fill_s]],
        ),
      );
    } else console.log("\nSearch in the extension's worker: not measured (--no-extension).");
    console.log('\nRecall:');
    console.log(
      table(
        ['store', 'questions', 'recall@1', 'recall@3', 'MRR@10'],
        [recallRows(`corpus (${corpusStats.documents} pages)`, corpus), recallRows(`10k chunks (${bigStats.documents} docs)`, big)],
      ),
    );
    console.log(
      table(
        ['kind', 'questions', 'recall@3 corpus', 'recall@3 10k'],
        Object.entries(corpus.by_kind).map(([kind, k]) => [
          kind,
          k.questions,
          round(k.recall_at_3, 3),
          round(big.by_kind[kind]?.recall_at_3 ?? NaN, 3),
        ]),
      ),
    );
    const corpusMisses = missLines(recallCorpus);
    const bigMisses = missLines(recallBig);
    console.log(`\nMisses, corpus store (${corpusMisses.length}):\n${corpusMisses.join('\n') || '  none'}`);
    console.log(`Misses, 10k store (${bigMisses.length}):\n${bigMisses.join('\n') || '  none'}`);
    // Through the command, as a person runs it (cli.ts): its own targets, and the paraphrase sets.
    console.log('');
    const cli = benchCli(options.corpus);
    console.log(cli.report);
    targets.push(...cli.targets);
    console.log(
      `\n${table(
        ['target', 'value', 'goal', ''],
        targets.map((t) => [t.name, t.value, t.goal.replace('>=', '≥').replace('<=', '≤'), t.met ? 'met' : 'MISSED']),
      )}`,
    );

    mkdirSync(dirname(resolve(options.json)), { recursive: true });
    writeFileSync(
      options.json,
      JSON.stringify(
        {
          summary: { ...summary, cli: cli.summary },
          targets,
          queries: { corpus: recallCorpus, at_10k: recallBig },
          search_ms: times.map((t) => round(t)),
        },
        null,
        2,
      ),
    );
    console.log(`\nWrote ${options.json}`);
  } finally {
    bench.close();
  }
}

main().catch((error: unknown) => {
  console.error(`bench/memory failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
