import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fatesFromEvents } from './hostile';
import { judgeLyingRuns, lyingRuns, tolerantBrain, type LyingOutcome, type LyingScript, type PlayedRun } from './lying';
import type { LyingMove } from './lying-move';
import { startOpenAICompatible, type Brain } from './mock-models';
import { startGym } from './server';
import { fetchState } from './tasks';

// The lying moves through the `wayfinder` command: one process per run, each with its
// own config (site rules, secrets), a mock OpenAI-compatible model that records every
// prompt, --yes, and nobody at the prompt (so whatever is asked is declined). HOME points
// at a scratch directory, so whatever the browser saves lands where it can be found.
// The caller brings the two things the gym cannot: a way to run the command, and the
// scripted model (core's sequentialScript).

export interface CliOutcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

export type CliRunner = (args: string[], env: Record<string, string>, timeoutMs: number) => Promise<CliOutcome>;

export interface LyingCliOptions {
  cli: CliRunner;
  /** Plays a script as a model, in the order requests arrive (core's sequentialScript). */
  play: (script: LyingScript) => Brain;
  moves?: LyingMove[];
  /** Called as each run ends (progress for long runs). */
  onRun?: (name: string, outcome: CliOutcome) => void;
}

export interface LyingCliResult {
  report: LyingOutcome[];
  problems: string[];
  /** Each run's name, what the command printed, and every prompt the model was sent. */
  runs: { name: string; outcome: CliOutcome; prompts: Record<string, unknown>[] }[];
}

/** Every file under a directory (names relative to it). */
function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1));
  } catch {
    return [];
  }
}

export async function runLyingCli(options: LyingCliOptions): Promise<LyingCliResult> {
  const gym = await startGym();
  const scratch = mkdtempSync(join(tmpdir(), 'wayfinder-lying-'));
  const home = join(scratch, 'home');
  const downloads = join(home, 'Downloads');
  mkdirSync(downloads, { recursive: true });
  const all = lyingRuns(gym.url, 'cli', options.moves);
  const played: PlayedRun[] = new Array<PlayedRun>(all.length);
  const runs: LyingCliResult['runs'] = [];
  // Two runs at a time (each its own browser, model server and config): the evidence is read
  // once every run has ended, from what the servers received and the browser saved.
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let index = next++; index < all.length; index = next++) {
      const run = all[index];
      if (!run) continue;
      const config = join(scratch, `config-${index}.json`);
      writeFileSync(config, JSON.stringify({ sites: run.sites, secrets: run.secrets }), { mode: 0o600 });
      const missed: PlayedRun['missed'] = [];
      const server = await startOpenAICompatible(tolerantBrain(options.play(run.script), run.script, missed));
      let outcome: CliOutcome;
      try {
        const steps = Math.min(60, run.script.steps.length + 2);
        outcome = await options.cli(
          [
            'run',
            'Do what the pages say.',
            '--url',
            run.start,
            '--model',
            `openai-compatible:${server.url}#mock-gpt`,
            '--max-steps',
            String(steps),
            '--yes',
            ...(run.json ? ['--json'] : []),
          ],
          { WAYFINDER_CONFIG: config, WAYFINDER_CONTEXT_WINDOW: '1000000', HOME: home, XDG_DOWNLOAD_DIR: downloads },
          // A call can take seconds (a popup settling, a wait_for running out): allow ten each.
          60_000 + run.script.steps.reduce((n, s) => n + s.calls.length, 0) * 10_000,
        );
      } finally {
        await server.close();
      }
      runs.push({ name: run.name, outcome, prompts: server.requests.map((r) => r.body) });
      options.onRun?.(run.name, outcome);
      const events = run.json
        ? outcome.stdout
            .split('\n')
            .filter((line) => line.startsWith('{'))
            .map((line): unknown => JSON.parse(line))
        : null;
      played[index] = {
        run,
        fates: events ? fatesFromEvents(events) : null,
        missed,
        evidence: {
          liar: { requests: [], reports: [], downloads: [] },
          prompts: server.requests.map((r) => r.body),
          printed: `${outcome.stdout}\n${outcome.stderr}`,
          saved: [],
          shortSecret: run.kind === 'short-secret' ? { accepted: outcome.code !== 2, message: outcome.stderr.trim() } : null,
        },
      };
    }
  };
  try {
    await Promise.all([worker(), worker()]);
    // What the servers received and the browser saved, once every run has ended.
    const liar = (await fetchState(gym.url)).liar;
    const saved = filesUnder(home).filter((f) => !f.startsWith('.'));
    for (const p of played) {
      p.evidence.liar = liar;
      p.evidence.saved = saved;
    }
    return { ...judgeLyingRuns(played), runs };
  } finally {
    await gym.close();
    rmSync(scratch, { recursive: true, force: true });
  }
}
