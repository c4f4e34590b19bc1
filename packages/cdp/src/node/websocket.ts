import WebSocket from 'ws';
import { Connection } from '../connection';
import type { CdpTransport } from '../transport';

// The Node transport: a CDP WebSocket, to a browser we launched or to any endpoint the
// user gives (`http://host:port` of a browser started with --remote-debugging-port, a
// `ws://` URL from a browser farm).

export async function resolveEndpoint(endpoint: string): Promise<string> {
  if (/^wss?:\/\//i.test(endpoint)) return endpoint;
  if (!/^https?:\/\//i.test(endpoint)) {
    throw new Error(
      `"${endpoint}" is not a CDP endpoint; give http://host:port (a browser started with --remote-debugging-port) or a ws:// URL.`,
    );
  }
  const url = new URL('/json/version', endpoint);
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  } catch (error) {
    throw new Error(
      `Could not reach a browser at ${url.href} (${error instanceof Error ? error.message : String(error)}); is it running with --remote-debugging-port?`,
      { cause: error },
    );
  }
  if (!response.ok) throw new Error(`${url.href} answered ${response.status}; expected the browser's /json/version.`);
  const body: unknown = await response.json();
  const ws = typeof body === 'object' && body !== null && 'webSocketDebuggerUrl' in body ? body.webSocketDebuggerUrl : undefined;
  if (typeof ws !== 'string') throw new Error(`${url.href} did not name a webSocketDebuggerUrl; is this a Chromium DevTools endpoint?`);
  return ws;
}

export function connectWebSocket(url: string): Promise<CdpTransport> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { perMessageDeflate: false, maxPayload: 512 * 1024 * 1024 });
    const transport: CdpTransport = {
      send: (message) => socket.send(message),
      onmessage: null,
      onclose: null,
      close: () => socket.close(),
    };
    socket.on('message', (data: WebSocket.RawData) => transport.onmessage?.(rawToString(data)));
    socket.on('close', (code: number) => transport.onclose?.(`socket closed (code ${code})`));
    socket.once('open', () => resolve(transport));
    socket.once('error', (error: Error) =>
      reject(new Error(`Could not connect to the browser at ${url}: ${error.message}`, { cause: error })),
    );
  });
}

function rawToString(data: WebSocket.RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return data.toString('utf8');
}

/** Connects to `http://host:port` or `ws://...`. */
export async function connect(endpoint: string): Promise<Connection> {
  return new Connection(await connectWebSocket(await resolveEndpoint(endpoint)));
}
