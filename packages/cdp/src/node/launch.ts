import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Launches Debian's Chromium (never a downloaded browser) with a DevTools port, for the
// host, the tests and the benchmarks.

export const CHROMIUM_FLAGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--no-default-browser-check',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--disable-dev-shm-usage', '--password-store=basic', '--use-mock-keychain',
];

// The real binary first: Debian's /usr/bin/chromium is a shell wrapper that adds flags of its own.
const CANDIDATES = ['/usr/lib/chromium/chromium', '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

export function findChromium(): string {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH is ${fromEnv}, but no file is there.`);
    return fromEnv;
  }
  const found = CANDIDATES.find((path) => existsSync(path));
  if (!found) throw new Error('Chromium was not found. Install it (apt-get install -y chromium) or set CHROMIUM_PATH to its executable.');
  return found;
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
  const executable = findChromium();
  const temporary = !options.userDataDir;
  const userDataDir = options.userDataDir ?? mkdtempSync(join(tmpdir(), 'wayfinder-chromium-'));
  const args = [
    ...CHROMIUM_FLAGS,
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
  const exitedPromise = new Promise<void>((resolve) => child.once('exit', () => {
    exited = true;
    resolve();
  }));
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
      reject(new Error(`Chromium (${executable}) did not open its DevTools port within ${timeoutMs} ms. Its last output:\n${stderr.slice(-2000)}`));
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
      reject(new Error(`Could not start Chromium at ${executable}: ${error.message}`, { cause: error }));
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Chromium exited (code ${code}) before it was ready. Its output:\n${stderr.slice(-2000)}`));
    });
  });
}
