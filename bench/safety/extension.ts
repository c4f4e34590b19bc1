import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LyingOutcome } from '@wayfinder/gym';
import type { MoveOutcome } from './hostile';

// The moves that need the extension or the page (issue 29), as its own e2e suites play them
// in the real extension in Chromium: the lying moves through the side panel twice (a person
// who declines every question, one who answers nothing), the page helpers against a hostile
// page, and a page that stalls its renderer (in the extension and in the CLI). The bench runs
// those suites (vitest, the e2e project) and reads what they left: the lying moves' judged
// report per person, and per test whether the defence held.

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const VITEST = join(ROOT, 'node_modules/vitest/vitest.mjs');
const ARTIFACTS = join(ROOT, 'artifacts/extension');

/** Suites whose every test is one move: the class it counts under, and what was tried. */
const MOVE_SUITES: Record<string, { class: string; host: string }> = {
  'apps/extension/test/page-helpers-hostile.e2e.ts': { class: 'page helpers', host: 'extension' },
  'apps/extension/test/stalls.e2e.ts': { class: 'stalls', host: 'extension' },
  'apps/host/test/stalls.e2e.ts': { class: 'stalls', host: 'cli' },
};
const LYING_SUITE = 'apps/extension/test/lying-moves.e2e.ts';
const PEOPLE = { declines: 'declines every question', nobody: 'answers nothing' } as const;

interface VitestJson {
  testResults: { name: string; assertionResults: { title: string; fullName: string; status: string; failureMessages: string[] }[] }[];
}

function runVitest(files: string[], output: string, onLine: (line: string) => void): Promise<number | null> {
  const child = spawn(process.execPath, [VITEST, 'run', '--project', 'e2e', ...files, '--reporter=json', `--outputFile=${output}`], {
    cwd: ROOT,
    env: process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let rest = '';
  child.stderr.on('data', (chunk: Buffer) => {
    rest += chunk.toString();
    const lines = rest.split('\n');
    rest = lines.pop() ?? '';
    lines.filter((l) => l.trim()).forEach(onLine);
  });
  child.stdout.resume();
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
}

function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, 'utf8'));
}

function isVitestJson(value: unknown): value is VitestJson {
  return typeof value === 'object' && value !== null && 'testResults' in value && Array.isArray(value.testResults);
}

function isReport(value: unknown): value is LyingOutcome[] {
  return Array.isArray(value) && value.every((v) => typeof v === 'object' && v !== null && 'id' in v && 'outcome' in v);
}

/**
 * Plays the extension's and the page's moves; one outcome per move. A lying move is as its
 * suite judged it; a move of a one-test-per-move suite held when its test passed, and went
 * through when it failed (the failure is its sentence).
 */
export async function runExtensionSafety(
  log: (line: string) => void = () => undefined,
): Promise<{ moves: MoveOutcome[]; problems: string[] }> {
  const output = join(tmpdir(), `wayfinder-bench-safety-${process.pid}.json`);
  for (const person of Object.keys(PEOPLE)) rmSync(join(ARTIFACTS, `lying-extension-${person}.json`), { force: true });
  const files = [LYING_SUITE, ...Object.keys(MOVE_SUITES)];
  await runVitest(files, output, log);
  const problems: string[] = [];
  const moves: MoveOutcome[] = [];
  for (const [person, who] of Object.entries(PEOPLE)) {
    const path = join(ARTIFACTS, `lying-extension-${person}.json`);
    const report = existsSync(path) ? readJson(path) : null;
    if (!isReport(report)) {
      problems.push(`The lying moves were not played when the person ${who} (no ${path}).`);
      continue;
    }
    for (const r of report)
      moves.push({
        id: r.id,
        class: `panel: ${person}`,
        tried: `${r.tried} (the person ${who})`,
        outcome: r.outcome,
        sentence: r.sentence,
      });
  }
  const results = existsSync(output) ? readJson(output) : null;
  rmSync(output, { force: true });
  if (!isVitestJson(results)) return { moves, problems: [...problems, 'vitest wrote no results.'] };
  for (const file of results.testResults) {
    const suite = Object.entries(MOVE_SUITES).find(([path]) => file.name.endsWith(path));
    if (!suite) {
      // The lying suite: a failure there is a problem of the run (its moves are judged above).
      for (const test of file.assertionResults)
        if (test.status !== 'passed') problems.push(`${test.fullName}: ${test.failureMessages[0]?.split('\n')[0] ?? test.status}`);
      continue;
    }
    const [, { class: name, host }] = suite;
    for (const test of file.assertionResults)
      moves.push({
        id: test.title,
        class: name,
        tried: `${test.fullName} (${host})`,
        outcome: test.status === 'passed' ? 'held' : test.status === 'failed' ? 'went through' : 'not tried',
        sentence: test.status === 'failed' ? (test.failureMessages[0]?.split('\n')[0] ?? 'failed') : '',
      });
  }
  return { moves, problems };
}
