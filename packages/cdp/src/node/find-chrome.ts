import { accessSync, constants, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, join } from 'node:path';
import { CodedError } from '@wayfinder/core/errors';

// Finds a Chrome or Chromium already on this computer (we never download one): the path
// the person gave, then the usual install locations of each platform and the PATH, the
// way well-kept launchers do it. Stable Chrome first, then its other channels, then
// Chromium.

export interface FindChromeOptions {
  platform?: NodeJS.Platform;
  env?: Record<string, string | undefined>;
  home?: string;
  /** Whether a file is there and can be run (injectable for tests). */
  isExecutable?: (path: string) => boolean;
}

export class ChromeNotFoundError extends CodedError<'chrome-not-found'> {
  static override readonly marker = Symbol.for('wayfinder.chrome-not-found.error');
  override readonly name = 'ChromeNotFoundError';

  constructor(message: string) {
    super('chrome-not-found', message, false);
  }
}

/** Whether a file is there and can be run. */
export function executable(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    if (process.platform !== 'win32') accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

const LINUX_NAMES = [
  'google-chrome-stable',
  'google-chrome',
  'google-chrome-beta',
  'google-chrome-unstable',
  'chromium',
  'chromium-browser',
];

/** Where to look, in order of preference, for one platform. */
export function chromeCandidates(platform: NodeJS.Platform, env: Record<string, string | undefined>, home: string): string[] {
  if (platform === 'darwin') {
    const apps = ['Google Chrome', 'Google Chrome Beta', 'Google Chrome Dev', 'Google Chrome Canary', 'Chromium'];
    return ['/Applications', join(home, 'Applications')].flatMap((root) => apps.map((app) => `${root}/${app}.app/Contents/MacOS/${app}`));
  }
  if (platform === 'win32') {
    const roots = [env.LOCALAPPDATA, env.PROGRAMFILES, env['PROGRAMFILES(X86)'], env.ProgramW6432].filter((r): r is string => Boolean(r));
    const installs = [
      'Google\\Chrome\\Application',
      'Google\\Chrome Beta\\Application',
      'Google\\Chrome Dev\\Application',
      'Google\\Chrome SxS\\Application',
      'Chromium\\Application',
    ];
    // Windows paths are joined by hand: this code may be tested on another platform.
    return installs.flatMap((install) => roots.map((root) => `${root.replace(/\\+$/, '')}\\${install}\\chrome.exe`));
  }
  // Linux and the BSDs: known locations (Debian's real binary before its shell wrapper,
  // which adds flags of its own), then whatever the PATH holds under the usual names.
  const known = [
    '/opt/google/chrome/chrome',
    '/opt/google/chrome-beta/chrome',
    '/opt/google/chrome-unstable/chrome',
    '/usr/lib/chromium/chromium',
    '/usr/lib/chromium-browser/chromium-browser',
    '/snap/bin/chromium',
  ];
  const onPath = (env.PATH ?? '')
    .split(delimiter)
    .filter(Boolean)
    .flatMap((dir) => LINUX_NAMES.map((name) => join(dir, name)));
  return [...known, ...onPath];
}

function notFoundHelp(platform: NodeJS.Platform): string {
  if (platform === 'darwin')
    return 'Install Google Chrome (https://www.google.com/chrome/) or Chromium, or set CHROMIUM_PATH to the executable inside the .app.';
  if (platform === 'win32') return 'Install Google Chrome (https://www.google.com/chrome/), or set CHROMIUM_PATH to chrome.exe.';
  return 'Install Chrome or Chromium (Debian and Ubuntu: apt-get install -y chromium), or set CHROMIUM_PATH to its executable.';
}

/** The browser to launch: $CHROMIUM_PATH (or $CHROME_PATH), else the first installed one. */
export function findChrome(options: FindChromeOptions = {}): string {
  const platform = options.platform ?? process.platform;
  const env = options.env ?? process.env;
  const isExecutable = options.isExecutable ?? executable;
  for (const name of ['CHROMIUM_PATH', 'CHROME_PATH'] as const) {
    const given = env[name];
    if (!given) continue;
    if (!isExecutable(given))
      throw new ChromeNotFoundError(
        `${name} is ${given}, but no browser can be run from there. Point it at the Chrome or Chromium executable.`,
      );
    return given;
  }
  const candidates = chromeCandidates(platform, env, options.home ?? homedir());
  const found = candidates.find((path) => isExecutable(path));
  if (found) return found;
  throw new ChromeNotFoundError(`No Chrome or Chromium was found on this computer. ${notFoundHelp(platform)}`);
}
