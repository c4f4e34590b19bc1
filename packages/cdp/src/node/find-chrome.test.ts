import { describe, expect, it } from 'vitest';
import { chromeCandidates, findChrome } from './find-chrome';

// Where the launcher looks on each platform, checked against pretend file systems.

const installed =
  (...paths: string[]) =>
  (path: string) =>
    paths.includes(path);

describe('findChrome', () => {
  it('takes CHROMIUM_PATH (or CHROME_PATH) first, and says clearly when it points at nothing', () => {
    expect(findChrome({ env: { CHROMIUM_PATH: '/x/chrome' }, isExecutable: installed('/x/chrome', '/usr/lib/chromium/chromium') })).toBe(
      '/x/chrome',
    );
    expect(findChrome({ platform: 'linux', env: { CHROME_PATH: '/y/chrome' }, isExecutable: installed('/y/chrome') })).toBe('/y/chrome');
    expect(() => findChrome({ env: { CHROMIUM_PATH: '/nonexistent/chrome' }, isExecutable: installed() })).toThrow(
      'CHROMIUM_PATH is /nonexistent/chrome, but no browser can be run from there.',
    );
  });

  it("Linux: Google Chrome before Chromium, Debian's real binary before its wrapper, then the PATH", () => {
    const env = { PATH: '/home/me/bin:/usr/bin' };
    expect(
      findChrome({
        platform: 'linux',
        env,
        isExecutable: installed('/usr/bin/chromium', '/usr/lib/chromium/chromium', '/opt/google/chrome/chrome'),
      }),
    ).toBe('/opt/google/chrome/chrome');
    expect(findChrome({ platform: 'linux', env, isExecutable: installed('/usr/bin/chromium', '/usr/lib/chromium/chromium') })).toBe(
      '/usr/lib/chromium/chromium',
    );
    expect(findChrome({ platform: 'linux', env, isExecutable: installed('/home/me/bin/chromium-browser') })).toBe(
      '/home/me/bin/chromium-browser',
    );
    expect(findChrome({ platform: 'linux', env, isExecutable: installed('/usr/bin/google-chrome-stable', '/usr/bin/chromium') })).toBe(
      '/usr/bin/google-chrome-stable',
    );
  });

  it('macOS: the apps in /Applications, then in ~/Applications', () => {
    const chrome = '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome';
    const mine = '/Users/me/Applications/Chromium.app/Contents/MacOS/Chromium';
    expect(findChrome({ platform: 'darwin', env: {}, home: '/Users/me', isExecutable: installed(chrome, mine) })).toBe(chrome);
    expect(findChrome({ platform: 'darwin', env: {}, home: '/Users/me', isExecutable: installed(mine) })).toBe(mine);
    expect(chromeCandidates('darwin', {}, '/Users/me')).toContain(
      '/Applications/Google Chrome Canary.app/Contents/MacOS/Google Chrome Canary',
    );
  });

  it('Windows: per-user installs, then Program Files (both), for Chrome, its channels and Chromium', () => {
    const env = {
      LOCALAPPDATA: 'C:\\Users\\me\\AppData\\Local',
      PROGRAMFILES: 'C:\\Program Files',
      'PROGRAMFILES(X86)': 'C:\\Program Files (x86)',
    };
    const system = 'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe';
    const user = 'C:\\Users\\me\\AppData\\Local\\Google\\Chrome\\Application\\chrome.exe';
    expect(findChrome({ platform: 'win32', env, isExecutable: installed(system, user) })).toBe(user);
    expect(findChrome({ platform: 'win32', env, isExecutable: installed(system) })).toBe(system);
    expect(chromeCandidates('win32', env, '')).toContain('C:\\Program Files (x86)\\Google\\Chrome\\Application\\chrome.exe');
    expect(chromeCandidates('win32', env, '')).toContain('C:\\Users\\me\\AppData\\Local\\Google\\Chrome SxS\\Application\\chrome.exe');
  });

  it('says how to get a browser on each platform when none is installed', () => {
    expect(() => findChrome({ platform: 'linux', env: { PATH: '/usr/bin' }, isExecutable: installed() })).toThrow(
      /No Chrome or Chromium was found on this computer\. Install Chrome or Chromium \(Debian and Ubuntu: apt-get install -y chromium\), or set CHROMIUM_PATH/,
    );
    expect(() => findChrome({ platform: 'darwin', env: {}, home: '/Users/me', isExecutable: installed() })).toThrow(
      /set CHROMIUM_PATH to the executable inside the \.app/,
    );
    expect(() => findChrome({ platform: 'win32', env: {}, isExecutable: installed() })).toThrow(/set CHROMIUM_PATH to chrome\.exe/);
  });
});
