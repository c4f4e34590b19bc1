import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { Peer, PROTOCOL_VERSION, type IncomingCall } from '@wayfinder/bridge';
import { WebSocket } from 'ws';
import { frameText } from '../src/hub/frames';
import { Hub, type HubOptions } from '../src/hub/hub';
import { CredentialStore } from '../src/store/credentials';
import { openDatabase } from '../src/store/db';

// A hub started in-process for a test (its own WAYFINDER_HOME, a free port), and fake
// browsers: `ws` clients that send the headers a browser would (an extension's Origin, a
// web page's, none) and, once welcomed, answer calls through a Peer.

export const EXTENSION = `chrome-extension://${'abcdefghijklmnop'.repeat(2)}`;
export const OTHER_EXTENSION = `chrome-extension://${'ponmlkjihgfedcba'.repeat(2)}`;

export interface TestHub {
  hub: Hub;
  home: string;
  db: DatabaseSync;
  credentials: CredentialStore;
  codes: string[];
  logs: string[];
  stop(): Promise<void>;
}

/** `more`: further options, given the hub's home (what runs the tasks browsers ask for, …). */
export async function startTestHub(more?: (home: string) => Pick<HubOptions, 'tasks' | 'taskGraceMs'>): Promise<TestHub> {
  const home = mkdtempSync(join(tmpdir(), 'wayfinder-hub-'));
  const db = openDatabase(join(home, 'wayfinder.db'));
  const credentials = new CredentialStore(db);
  const codes: string[] = [];
  const logs: string[] = [];
  const hub = await Hub.start({
    home,
    credentials,
    port: 0,
    log: (line) => logs.push(line),
    onCode: (code) => codes.push(code),
    helloMs: 1_000,
    ...more?.(home),
  });
  return {
    hub,
    home,
    db,
    credentials,
    codes,
    logs,
    stop: async () => {
      await hub.close();
      db.close();
      rmSync(home, { recursive: true, force: true });
    },
  };
}

export interface Dialled {
  ws: WebSocket;
  /** The hub's first answer (welcome or refused). */
  first: Record<string, unknown>;
  /** The close code, when the hub closes the socket. */
  closed: Promise<number>;
  /** Frames that came after the first, before anyone answered them (a call sent right after the welcome). */
  backlog: string[];
  /** The listener keeping them (answerWith takes over from it). */
  keep: (data: WebSocket.RawData) => void;
}

/** Opens a socket to the hub with these headers, sends `hello`, and waits for the first answer. */
export function dial(url: string, hello: unknown, origin?: string): Promise<Dialled> {
  const ws = new WebSocket(url, origin === undefined ? {} : { origin });
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    ws.once('error', reject);
    ws.once('open', () => ws.send(JSON.stringify(hello)));
    const backlog: string[] = [];
    let first: Record<string, unknown> | null = null;
    // The welcome and the hub's first call can arrive together: what follows the welcome is kept.
    const keep = (data: WebSocket.RawData) => {
      if (first) {
        backlog.push(frameText(data));
        return;
      }
      const parsed: unknown = JSON.parse(frameText(data));
      first = typeof parsed === 'object' && parsed !== null ? Object.fromEntries(Object.entries(parsed)) : {};
      resolve({ ws, first, closed, backlog, keep });
    };
    ws.on('message', keep);
  });
}

export function deviceHello(fields: Record<string, unknown>): Record<string, unknown> {
  return { type: 'hello', role: 'device', protocolVersion: PROTOCOL_VERSION, label: 'Test Chrome', capabilities: ['browser'], ...fields };
}

/** A welcomed device socket answering calls with `handle` (and told the hub's events, with `onEvent`). */
export function answerWith(
  dialled: Dialled,
  handle: (call: IncomingCall) => Promise<unknown>,
  onEvent?: (name: string, data: unknown) => void,
): Peer {
  const peer = new Peer(dialled.ws, { handle, pingMs: 0, ...(onEvent ? { onEvent } : {}) });
  dialled.ws.off('message', dialled.keep);
  for (const text of dialled.backlog.splice(0)) peer.receive(text);
  dialled.ws.on('message', (data) => peer.receive(frameText(data)));
  dialled.ws.on('close', () => peer.closed('closed'));
  return peer;
}

/** Pairs a fake device; returns its id and token and the open socket. */
export async function pair(hub: TestHub, label: string, origin = EXTENSION): Promise<{ id: string; token: string; dialled: Dialled }> {
  const code = hub.codes.at(-1) ?? '';
  const dialled = await dial(hub.hub.url, deviceHello({ pairingCode: code, label }), origin);
  const id = dialled.first.deviceId;
  const token = dialled.first.token;
  if (dialled.first.type !== 'welcome' || typeof id !== 'string' || typeof token !== 'string')
    throw new Error(`pairing failed: ${JSON.stringify(dialled.first)}`);
  return { id, token, dialled };
}
