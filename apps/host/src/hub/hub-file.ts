import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { HubFile } from '@wayfinder/bridge';

// $WAYFINDER_HOME/hub.json: where the running hub listens and the secret other host
// processes (run, mcp, devices) prove themselves with. Readable by the person only; removed
// when the hub stops, unless another hub has written its own since.

export function hubFilePath(home: string): string {
  return join(home, 'hub.json');
}

export function writeHubFile(home: string, file: HubFile): void {
  mkdirSync(home, { recursive: true, mode: 0o700 });
  const path = hubFilePath(home);
  writeFileSync(path, `${JSON.stringify(file)}\n`, { mode: 0o600 });
  // An older file keeps its mode through writeFileSync.
  chmodSync(path, 0o600);
}

export function readHubFile(home: string): HubFile | null {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(hubFilePath(home), 'utf8'));
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const port: unknown = Reflect.get(value, 'port');
  const pid: unknown = Reflect.get(value, 'pid');
  const secret: unknown = Reflect.get(value, 'secret');
  if (typeof port !== 'number' || typeof pid !== 'number' || typeof secret !== 'string') return null;
  return { port, pid, secret };
}

/** Removes the file if it is still this hub's. */
export function removeHubFile(home: string, secret: string): void {
  if (readHubFile(home)?.secret === secret) rmSync(hubFilePath(home), { force: true });
}

/** Whether a process with this id is running (a hub.json left by a crashed hub names a dead one). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error instanceof Error && 'code' in error && error.code === 'EPERM';
  }
}
