// bench/memory, through the `wayfinder` command as a person runs it: the corpus added with
// one `wayfinder memory add *.html` (pages/s, browser start included), then every paraphrase
// question asked with its own `wayfinder memory search "…" -k 3 --json` process (wall-clock
// ms, Node's start included) and scored on whether the expected page is in the top three.
// Two question sets, reported apart: paraphrases.json (ours: what the searcher was tuned on)
// and paraphrases-heldout.json (written by a helper session that read no memory code).
// Needs the built command (npm run build:host). run.ts runs it after the in-process parts;
//   npx tsx bench/memory/cli.ts [--corpus DIR] [--json FILE]
// runs it alone.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { percentile, round } from '../lib/stats';
import { table } from '../lib/table';

const HERE = dirname(fileURLToPath(import.meta.url));
const BIN = resolve(HERE, '../../apps/host/bin/wayfinder.mjs');
export const CLI_GOALS = { ingestPagesPerS: 20, searchMedianMs: 150, paraphraseRecallAt3: 0.95 };
const SETS = [
  { name: 'ours', file: 'paraphrases.json' },
  { name: 'held-out', file: 'paraphrases-heldout.json' },
] as const;

interface Paraphrase {
  id: string;
  expected: string;
  mix: string;
  question: string;
}

interface Asked extends Paraphrase {
  set: string;
  /** 1-based place of the expected page in the top three; null when it is not there. */
  rank: number | null;
  top3: string[];
  ms: number;
}

export interface Target {
  name: string;
  value: number;
  goal: string;
  met: boolean;
}

function loadParaphrases(path: string): Paraphrase[] {
  const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
  const list: unknown = typeof parsed === 'object' && parsed !== null && 'queries' in parsed ? parsed.queries : null;
  if (!Array.isArray(list)) throw new Error(`${path} has no "queries" list.`);
  return list.map((entry: unknown, i) => {
    const e = new Map<string, unknown>(typeof entry === 'object' && entry !== null ? Object.entries(entry) : []);
    const [id, expected, mix, question] = ['id', 'expected', 'mix', 'question'].map((k) => e.get(k));
    if (typeof id !== 'string' || typeof expected !== 'string' || typeof mix !== 'string' || typeof question !== 'string')
      throw new Error(`${path}: question ${i + 1} needs string id, expected, mix and question.`);
    return { id, expected, mix, question };
  });
}

function wayfinder(home: string, args: string[]): { stdout: string; stderr: string; status: number | null; ms: number } {
  const started = performance.now();
  const run = spawnSync(process.execPath, [BIN, ...args], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, WAYFINDER_HOME: home },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return { stdout: run.stdout, stderr: run.stderr, status: run.status, ms: performance.now() - started };
}

const SEARCH = (stdout: string): string[] => {
  const parsed: unknown = JSON.parse(stdout);
  const results: unknown = typeof parsed === 'object' && parsed !== null && 'results' in parsed ? parsed.results : [];
  return Array.isArray(results)
    ? results.map((r: unknown) => (typeof r === 'object' && r !== null && 'url' in r && typeof r.url === 'string' ? basename(r.url) : ''))
    : [];
};

export interface CliBench {
  summary: Record<string, unknown>;
  targets: Target[];
  /** What to print. */
  report: string;
}

export function benchCli(corpus: string): CliBench {
  const home = mkdtempSync(join(tmpdir(), 'wayfinder-bench-cli-'));
  try {
    const pages = readdirSync(corpus)
      .filter((f) => /\.html?$/i.test(f))
      .sort()
      .map((f) => join(corpus, f));
    const added = wayfinder(home, ['memory', 'add', ...pages, '--json']);
    const lines = added.stdout
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((l): unknown => JSON.parse(l));
    const stored = lines.filter((l) => typeof l === 'object' && l !== null && 'ok' in l && l.ok === true).length;
    if (stored < pages.length - 2) throw new Error(`wayfinder memory add kept ${stored} of ${pages.length} pages:\n${added.stderr}`);
    const pagesPerS = round(pages.length / (added.ms / 1000));

    const asked: Asked[] = [];
    for (const set of SETS)
      for (const q of loadParaphrases(join(HERE, set.file))) {
        const run = wayfinder(home, ['memory', 'search', q.question, '-k', '3', '--json']);
        if (run.status !== 0) throw new Error(`wayfinder memory search failed for ${q.id}: ${run.stderr}`);
        const top3 = SEARCH(run.stdout);
        const at = top3.indexOf(q.expected);
        asked.push({ ...q, set: set.name, rank: at < 0 ? null : at + 1, top3, ms: run.ms });
      }
    const ms = asked.map((a) => a.ms).sort((a, b) => a - b);
    const recall = (list: Asked[], at: number) =>
      list.length ? list.filter((a) => a.rank !== null && a.rank <= at).length / list.length : NaN;
    const bySet = Object.fromEntries(
      SETS.map(({ name }) => {
        const list = asked.filter((a) => a.set === name);
        const mixes = [...new Set(list.map((a) => a.mix))];
        return [
          name,
          {
            questions: list.length,
            recall_at_1: round(recall(list, 1), 3),
            recall_at_3: round(recall(list, 3), 3),
            by_mix: Object.fromEntries(
              mixes.map((m) => [
                m,
                {
                  questions: list.filter((a) => a.mix === m).length,
                  recall_at_3: round(
                    recall(
                      list.filter((a) => a.mix === m),
                      3,
                    ),
                    3,
                  ),
                },
              ]),
            ),
          },
        ];
      }),
    );
    const median = round(percentile(ms, 50));
    const summary = {
      ingest: { pages: pages.length, stored, seconds: round(added.ms / 1000), pages_per_s: pagesPerS },
      search: { processes: ms.length, p50_ms: median, p95_ms: round(percentile(ms, 95)), max_ms: round(ms.at(-1) ?? NaN) },
      paraphrases: bySet,
    };
    const recallOf = (name: string) => asked.filter((a) => a.set === name);
    const targets: Target[] = [
      {
        name: 'cli_ingest_pages_per_s',
        value: pagesPerS,
        goal: `>= ${CLI_GOALS.ingestPagesPerS}`,
        met: pagesPerS >= CLI_GOALS.ingestPagesPerS,
      },
      { name: 'cli_search_median_ms', value: median, goal: `<= ${CLI_GOALS.searchMedianMs}`, met: median <= CLI_GOALS.searchMedianMs },
      ...SETS.map(({ name }) => {
        const value = round(recall(recallOf(name), 3), 3);
        return {
          name: `cli_paraphrase_recall_at_3_${name === 'ours' ? 'ours' : 'heldout'}`,
          value,
          goal: `>= ${CLI_GOALS.paraphraseRecallAt3}`,
          met: value >= CLI_GOALS.paraphraseRecallAt3,
        };
      }),
    ];
    const misses = asked
      .filter((a) => a.rank === null)
      .map((a) => `  ${a.set} ${a.id} [${a.mix}] ${a.question}\n    want ${a.expected}; got ${a.top3.join(', ') || 'nothing'}`);
    const report = [
      `Through the command (each search its own process, Node's start included; embedder: the default hash):`,
      table(
        ['what', 'n', 'value', 'unit'],
        [
          ['memory add, the corpus in one command', pages.length, pagesPerS, 'pages/s'],
          ['memory search, median', ms.length, median, 'ms'],
          ['memory search, p95', ms.length, round(percentile(ms, 95)), 'ms'],
        ],
      ),
      '',
      table(
        ['paraphrase set', 'mix', 'questions', 'recall@3'],
        SETS.flatMap(({ name }) => {
          const s = bySet[name];
          return s
            ? [
                [name, 'all', s.questions, s.recall_at_3],
                ...Object.entries(s.by_mix).map(([mix, m]): (string | number)[] => [name, mix, m.questions, m.recall_at_3]),
              ]
            : [];
        }),
      ),
      `Paraphrase misses (${misses.length}):\n${misses.join('\n') || '  none'}`,
    ].join('\n');
    return { summary, targets, report };
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const argv = process.argv.slice(2);
  const at = (name: string) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const result = benchCli(resolve(at('--corpus') ?? '../shared/corpus/pages'));
  console.log(result.report);
  console.log(
    `\n${table(
      ['target', 'value', 'goal', ''],
      result.targets.map((t) => [t.name, t.value, t.goal, t.met ? 'met' : 'MISSED']),
    )}`,
  );
  const json = at('--json');
  if (json) {
    mkdirSync(dirname(resolve(json)), { recursive: true });
    writeFileSync(json, JSON.stringify({ summary: result.summary, targets: result.targets }, null, 2));
    console.log(`Wrote ${json}`);
  }
}
