import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLOSE } from '@wayfinder/bridge';
import { solutionPath } from '@wayfinder/gym';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NO_HUB } from '../src/hub/client';
import { hubFilePath } from '../src/hub/hub-file';
import { BIN, cleanEnv, explain, runCli } from './cli';
import { deviceHello, dial, EXTENSION } from './hub-helpers';

// `wayfinder serve` and `wayfinder devices` as a person runs them: serve in its own
// process printing the code, a fake extension pairing with it, devices listing, renaming
// and revoking (which shuts the browser out at once), Ctrl+C stopping it cleanly.

let home: string;
let serve: ChildProcessWithoutNullStreams | null = null;
let out = '';

beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'wayfinder-serve-'));
  out = '';
});
afterEach(() => {
  if (serve && serve.exitCode === null) serve.kill('SIGKILL');
  serve = null;
  rmSync(home, { recursive: true, force: true });
});

const env = () => ({ WAYFINDER_HOME: home });

async function waitFor<T>(what: () => T | null, label: string): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = what();
    if (value !== null) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${label}; serve printed:\n${out}`);
}

async function startServe(): Promise<{ url: string; code: () => string }> {
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0'], {
    env: { ...cleanEnv(), ...env() },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  serve = child;
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const url = await waitFor(() => /listening on (ws:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1] ?? null, 'the listening line');
  const code = () => [...out.matchAll(/(?:enter code|next browser:) ([A-Z2-9]{4}-[A-Z2-9]{4})/g)].at(-1)?.[1] ?? '';
  await waitFor(() => code() || null, 'the pairing code');
  return { url, code };
}

describe('wayfinder serve and wayfinder devices', () => {
  it('pairs with the printed code; devices lists, renames and revokes (closing the live connection); Ctrl+C stops and removes hub.json', async () => {
    const { url, code } = await startServe();
    expect(out).toContain("In Wayfinder's Options → Connect to the host, enter code");
    expect(existsSync(hubFilePath(home))).toBe(true);
    const first = code();
    const device = await dial(url, deviceHello({ pairingCode: first, label: 'Laptop Chrome' }), EXTENSION);
    expect(device.first).toMatchObject({ type: 'welcome', label: 'Laptop Chrome' });
    await waitFor(() => (code() !== first ? true : null), 'a new code');
    await waitFor(
      () => (/Paired Laptop Chrome \(.{8}\)[^]*connected: Laptop Chrome \(.{8}\)/.test(out) ? true : null),
      'the connected line',
    );
    const page = await dial(url, deviceHello({ pairingCode: code() }), 'http://evil.example');
    expect(page.first).toMatchObject({ type: 'refused', code: 'origin' });
    await waitFor(() => (/refused device .*http:\/\/evil\.example.*a web page/.test(out) ? true : null), 'the refusal line');

    const listed = await runCli(['devices', 'list'], { env: env() });
    expect(listed.code, explain(listed)).toBe(0);
    expect(listed.stdout).toMatch(/^Laptop Chrome {2}[0-9a-f]{8} {2}paired \d{4}-\d\d-\d\d \d\d:\d\d {2}last seen now {2}connected$/m);
    const json = await runCli(['devices', 'list', '--json'], { env: env() });
    expect(JSON.parse(json.stdout)).toMatchObject({
      hubRunning: true,
      devices: [{ label: 'Laptop Chrome', connected: true, revoked: false }],
    });

    const renamed = await runCli(['devices', 'rename', 'laptop chrome', 'Work laptop'], { env: env() });
    expect(renamed.stdout).toMatch(/Renamed Laptop Chrome \(.{8}\) to Work laptop\./);
    const revoked = await runCli(['devices', 'revoke', 'Work laptop'], { env: env() });
    expect(revoked.code, explain(revoked)).toBe(0);
    expect(revoked.stdout).toMatch(/Revoked Work laptop \(.{8}\); its connection was closed\./);
    expect(await device.closed).toBe(CLOSE.revoked);
    const after = await runCli(['devices', 'list'], { env: env() });
    expect(after.stdout).toMatch(/^Work laptop .* revoked$/m);
    const missing = await runCli(['devices', 'revoke', 'Phone'], { env: env() });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('no device is called "Phone"');

    const running = serve;
    const exited = new Promise<number | null>((resolve) => running?.once('exit', (status) => resolve(status)));
    running?.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(existsSync(hubFilePath(home))).toBe(false);
    const stopped = await runCli(['devices', 'list'], { env: env() });
    expect(stopped.stdout).toMatch(/^Work laptop .* revoked$/m);
  });

  it('without a hub, devices list says the hub is not running, and run --browser extension says to start serve', async () => {
    const listed = await runCli(['devices', 'list'], { env: env() });
    expect(listed.stdout).toContain('No browsers are paired yet');
    const run = await runCli(['run', 'look around', '--model', `script:${solutionPath('shop-lantern')}`, '--browser', 'extension'], {
      env: env(),
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(NO_HUB);
  });

  it('run --browser extension:NAME with that browser not connected says which are', async () => {
    const { url, code } = await startServe();
    const device = await dial(url, deviceHello({ pairingCode: code(), label: 'Test Chrome' }), EXTENSION);
    expect(device.first.type).toBe('welcome');
    const run = await runCli(['run', 'look around', '--model', `script:${solutionPath('shop-lantern')}`, '--browser', 'extension:Phone'], {
      env: env(),
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/The browser "Phone" is not connected to the hub; connected: Test Chrome \(.{8}\)/);
    const bad = await runCli(['run', 'look around', '--browser', 'firefox'], { env: env() });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--browser must be chromium or extension[:DEVICE]');
  });
});
