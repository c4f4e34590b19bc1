import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findChrome } from './find-chrome';

// Launches the Chrome or Chromium on this computer (never a downloaded browser) with a
// DevTools port, for the host, the tests and the benchmarks.

/** Flags for a browser that only Wayfinder drives: quiet, no first-run screens, no background traffic. */
export const CHROMIUM_FLAGS = [
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--no-default-browser-check',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
  '--password-store=basic',
  '--use-mock-keychain',
];

/**
 * Chrome's sandbox cannot start as root on Linux (containers, CI): only then is it turned
 * off, or when WAYFINDER_NO_SANDBOX=1 says so. A person's own session keeps it.
 */
export function sandboxFlags(env: Record<string, string | undefined> = process.env): string[] {
  const root = process.platform === 'linux' && process.getuid?.() === 0;
  return root || env.WAYFINDER_NO_SANDBOX === '1' ? ['--no-sandbox'] : [];
}

const running = new Set<number>();

function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

// A test run or CLI that dies without closing must not leave browsers behind.
process.once('exit', () => {
  for (const pid of running) killGroup(pid);
});

export interface LaunchOptions {
  headless?: boolean;
  width?: number;
  height?: number;
  args?: string[];
  /** A profile directory to keep; by default a temporary one is made and removed on close. */
  userDataDir?: string;
  timeoutMs?: number;
}

export interface LaunchedBrowser {
  wsEndpoint: string;
  process: ChildProcess;
  userDataDir: string;
  close(): Promise<void>;
}

export function launchChromium(options: LaunchOptions = {}): Promise<LaunchedBrowser> {
  const executable = findChrome();
  const temporary = !options.userDataDir;
  const userDataDir = options.userDataDir ?? mkdtempSync(join(tmpdir(), 'wayfinder-chromium-'));
  const args = [
    ...CHROMIUM_FLAGS,
    ...sandboxFlags(),
    ...(options.headless === false ? [] : ['--headless']),
    '--remote-debugging-port=0',
    `--user-data-dir=${userDataDir}`,
    `--window-size=${options.width ?? 1280},${options.height ?? 800}`,
    ...(options.args ?? []),
    'about:blank',
  ];
  // Its own process group, so closing can reap the helper processes too (they keep
  // writing the profile for a moment after the browser process exits).
  const child = spawn(executable, args, { stdio: ['ignore', 'ignore', 'pipe'], detached: true });
  const timeoutMs = options.timeoutMs ?? 30_000;
  const pid = child.pid;
  if (pid !== undefined) running.add(pid);

  let exited = false;
  const exitedPromise = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );
  const close = async () => {
    if (!exited) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exitedPromise;
      clearTimeout(killer);
    }
    if (pid !== undefined) {
      killGroup(pid);
      running.delete(pid);
    }
    if (temporary) rmSync(userDataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
  };

  return new Promise((resolve, reject) => {
    let stderr = '';
    const timer = setTimeout(() => {
      void close();
      reject(
        new Error(
          `The browser (${executable}) did not open its DevTools port within ${timeoutMs} ms. Its last output:\n${stderr.slice(-2000)}`,
        ),
      );
    }, timeoutMs);
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr += chunk;
      const match = /DevTools listening on (ws:\/\/\S+)/.exec(stderr);
      if (match?.[1]) {
        clearTimeout(timer);
        child.stderr.removeAllListeners('data');
        child.stderr.resume();
        resolve({ wsEndpoint: match[1], process: child, userDataDir, close });
      }
    });
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`Could not start the browser at ${executable}: ${error.message}`, { cause: error }));
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The browser (${executable}) exited (code ${code}) before it was ready. Its output:\n${stderr.slice(-2000)}`));
    });
  });
}
