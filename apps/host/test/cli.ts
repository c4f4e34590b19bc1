import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SCRIPT, type Script } from '@wayfinder/core';
import { checkTask, solutionPath, startGym, taskById, type Gym } from '@wayfinder/gym';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';

// Runs `wayfinder` as a separate process, the way a person or a script would, and
// collects what it printed and how it exited.

const here = dirname(fileURLToPath(import.meta.url));
export const BIN = join(here, '../bin/wayfinder.mjs');
export const SCRIPTS = join(here, 'scripts');
/** What `npm start` runs. */
export const DEMO = join(here, '../dev/demo.ts');
/** What `npm run gym` runs. */
export const GYM_MAIN = join(here, '../../../gym/src/main.ts');

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
  /** With --json: the events printed, one per line. */
  events: Record<string, unknown>[];
  /** With --json: the last line, the run's result. */
  result: Record<string, unknown> | null;
}

// Settings from the developer's shell must not leak into tests.
const OURS = /^(WAYFINDER_|OPENAI_|ANTHROPIC_|GOOGLE_GENERATIVE_AI_|GEMINI_|MISTRAL_|OLLAMA_|GYM_PORT)/;

/** This process's environment without Wayfinder's and the providers' settings, and without colour. */
export function cleanEnv(): Record<string, string | undefined> {
  // A config file and a data folder of the test run's own (absent unless a test writes them), never the developer's.
  const config = join(tmpdir(), `wayfinder-test-config-${process.pid}.json`);
  const home = join(tmpdir(), `wayfinder-test-home-${process.pid}`);
  return {
    ...Object.fromEntries(Object.entries(process.env).filter(([key]) => !OURS.test(key))),
    NO_COLOR: '1',
    WAYFINDER_CONFIG: config,
    WAYFINDER_HOME: home,
    // A browser profile the test run's own (wayfinder mcp keeps one), never the developer's cache.
    XDG_CACHE_HOME: join(tmpdir(), `wayfinder-test-cache-${process.pid}`),
  };
}

/**
 * Any command as its own process, without blocking this one (a gym or hub a test starts
 * answers from here): what it printed and how it exited; killed after `timeoutMs`.
 */
export function runProcess(
  command: string,
  args: string[],
  options: { stdin?: string; env?: Record<string, string | undefined>; cwd?: string; timeoutMs?: number } = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(command, args, {
    env: options.env ?? cleanEnv(),
    ...(options.cwd ? { cwd: options.cwd } : {}),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin.end(options.stdin ?? '');
  const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 50_000);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

export async function runCli(
  args: string[],
  options: { stdin?: string; env?: Record<string, string>; timeoutMs?: number } = {},
): Promise<CliRun> {
  const { code, stdout, stderr } = await runProcess(process.execPath, [BIN, ...args], {
    ...options,
    env: { ...cleanEnv(), ...options.env },
  });
  const events = args.includes('--json')
    ? stdout
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l): Record<string, unknown> => {
          const parsed: unknown = JSON.parse(l);
          return typeof parsed === 'object' && parsed !== null ? Object.fromEntries(Object.entries(parsed)) : {};
        })
    : [];
  return { code, stdout, stderr, events, result: events.find((e) => e.type === 'result') ?? null };
}

/** Where test artifacts go (artifacts/ at the repository root, ignored by git). */
export function artifactPath(name: string): string {
  const dir = join(here, '../../../artifacts');
  mkdirSync(dir, { recursive: true });
  return join(dir, name);
}

/** A gym task's scripted solution. */
export function loadSolution(taskId: string): Script {
  return SCRIPT.parse(JSON.parse(readFileSync(solutionPath(taskId), 'utf8')));
}

/** A script made for one test (test/scripts). */
export function loadScript(name: string): Script {
  return SCRIPT.parse(JSON.parse(readFileSync(join(SCRIPTS, `${name}.json`), 'utf8')));
}

/** A one-line account of a run, for failure messages. */
export function explain(run: CliRun): string {
  return `exit ${String(run.code)}\n--- stdout\n${run.stdout.slice(-4000)}\n--- stderr\n${run.stderr.slice(-2000)}`;
}

/** Starts the gym for a test file, reset before each test, closed after the file. */
export function useGym() {
  let gym: Gym | undefined;
  beforeAll(async () => {
    gym = await startGym();
  });
  afterAll(async () => {
    await gym?.close();
  });
  beforeEach(() => {
    gym?.reset();
  });
  const current = (): Gym => {
    if (!gym) throw new Error('the gym has not started (useGym() must be called at the top of a test file)');
    return gym;
  };
  return {
    get url(): string {
      return current().url;
    },
    startOf: (taskId: string): string => `${current().url}${taskById(taskId).start}`,
    expectChecked: async (taskId: string, answer = ''): Promise<void> => {
      expect(await checkTask(taskById(taskId), current().url, answer)).toMatchObject({ ok: true });
    },
  };
}
