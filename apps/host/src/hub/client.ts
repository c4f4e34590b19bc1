import { HostSessions, Peer, PROTOCOL_VERSION, type LocalHello } from '@wayfinder/bridge';
import { WebSocket } from 'ws';
import { HubError } from '../errors';
import { frameText } from './frames';
import { readHubFile } from './hub-file';

// How other host processes (`wayfinder run --browser extension`, `wayfinder mcp
// --extension`, `wayfinder devices`) reach the person's browser: through the running hub,
// as a local client, with the secret in hub.json. The browser's calls back to the host
// (`host.request`, `host.dialog`) arrive here and go to the session's RemoteBrowser.

export interface HubClient {
  peer: Peer;
  sessions: HostSessions;
  close(): void;
}

export const NO_HUB = 'No hub is running: start `wayfinder serve` (it keeps the connection to your browser), then run this again.';

export async function connectHub(home: string, label = 'wayfinder'): Promise<HubClient> {
  const file = readHubFile(home);
  if (!file) throw new HubError(NO_HUB);
  const ws = new WebSocket(`ws://127.0.0.1:${file.port}`, { maxPayload: 64 * 1024 * 1024 });
  const sessions = new HostSessions();
  const peer = await new Promise<Peer>((resolve, reject) => {
    const fail = (error: Error) => {
      ws.terminate();
      reject(error);
    };
    ws.once('error', (error: NodeJS.ErrnoException) => fail(error.code === 'ECONNREFUSED' ? new HubError(NO_HUB) : error));
    ws.once('close', (code) => fail(new HubError(`The hub closed the connection (${code}). ${NO_HUB}`)));
    ws.once('open', () => {
      const hello: LocalHello = { type: 'hello', role: 'local', protocolVersion: PROTOCOL_VERSION, token: file.secret, label };
      ws.send(JSON.stringify(hello));
    });
    ws.once('message', (data) => {
      let frame: unknown;
      try {
        frame = JSON.parse(frameText(data));
      } catch {
        frame = null;
      }
      const type: unknown = typeof frame === 'object' && frame !== null ? Reflect.get(frame, 'type') : undefined;
      if (type !== 'welcome') {
        const message: unknown = typeof frame === 'object' && frame !== null ? Reflect.get(frame, 'message') : undefined;
        fail(new HubError(`The hub refused this connection: ${typeof message === 'string' ? message : 'no reason given'}`));
        return;
      }
      ws.removeAllListeners('close');
      ws.removeAllListeners('error');
      const created: Peer = new Peer(ws, { handle: sessions.handle, onDead: () => created.close(4408, 'no answer to pings') });
      ws.on('message', (more) => created.receive(frameText(more)));
      ws.on('close', (code) => created.closed(`the hub closed the connection (${code})`));
      ws.on('error', () => undefined);
      resolve(created);
    });
  });
  return { peer, sessions, close: () => peer.close(1000, 'done') };
}
