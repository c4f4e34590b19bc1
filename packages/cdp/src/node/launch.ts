import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ChromeNotFoundError, executable, findChrome } from './find-chrome';

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
/** How long a browser with a kept profile may take to close by itself. */
const KEPT_PROFILE_CLOSE_MS = 5_000;

function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/** Resolves when no process of the group is left, or after `ms`. */
async function groupGone(pid: number, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    try {
      process.kill(-pid, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
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
  /** The browser to run, instead of the one found (CHROMIUM_PATH, then the usual installs). */
  executablePath?: string;
  timeoutMs?: number;
}

export interface LaunchedBrowser {
  wsEndpoint: string;
  process: ChildProcess;
  userDataDir: string;
  close(): Promise<void>;
}

/** An executable the person named: it must exist and be runnable. */
function givenChrome(path: string): string {
  if (executable(path)) return path;
  throw new ChromeNotFoundError(`No browser can be run from ${path}; give the path of the Chrome or Chromium executable.`);
}

/**
 * A profile another Chrome holds (its SingletonLock names a live process on this machine)
 * would hand our launch to that browser and leave us nothing to drive: say so instead.
 */
function profileFree(dir: string): void {
  let holder: string;
  try {
    holder = readlinkSync(join(dir, 'SingletonLock'));
  } catch {
    return;
  }
  const pid = Number(/-(\d+)$/.exec(holder)?.[1]);
  if (!Number.isInteger(pid) || pid <= 0) return;
  try {
    process.kill(pid, 0);
  } catch {
    return;
  }
  throw new Error(
    `The browser profile at ${dir} is in use by another browser (process ${pid}), perhaps another Wayfinder; close it, or use another profile.`,
  );
}

export function launchChromium(options: LaunchOptions = {}): Promise<LaunchedBrowser> {
  const executable = options.executablePath ? givenChrome(options.executablePath) : findChrome();
  if (options.userDataDir) profileFree(options.userDataDir);
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
    // A kept profile is written as the browser shuts down (its network process writes the cookies last): a browser
    // asked to close (Browser.close) gets time to finish, and its helpers to exit, before anything is killed.
    if (!temporary && !exited) await Promise.race([exitedPromise, new Promise((resolve) => setTimeout(resolve, KEPT_PROFILE_CLOSE_MS))]);
    if (!exited) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exitedPromise;
      clearTimeout(killer);
    }
    if (pid !== undefined) {
      if (!temporary) await groupGone(pid, KEPT_PROFILE_CLOSE_MS);
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
