// The bridge's own cost on loopback: a host (RemoteBrowser) and a browser end
// (DeviceEndpoint, answering with a launched Chromium under a SafetyPolicy) joined over a
// real WebSocket, as packages/bridge/test/bridge.e2e.ts joins them, and a second pair of
// bare Peers that only echo. The same tab is also driven directly (NodeBrowser), so the
// bridge's overhead is the difference on the same page.
import { SafetyPolicy, type Browser, type Tab } from '@wayfinder/core';
import type { NodeBrowser } from '@wayfinder/cdp/node';
import { DeviceEndpoint, HostSessions, Peer, RemoteBrowser, type BridgeLink, type DeviceSide, type PeerOptions } from '@wayfinder/bridge';
import { WebSocket, WebSocketServer } from 'ws';

export interface BridgeRig {
  /** The host's view of the browser, through the bridge. */
  remote: RemoteBrowser;
  /** The tab the host session works in, through the bridge and directly. */
  bridged: Tab;
  direct: Tab;
  /** A bare peer whose other end answers every call with its params. */
  echo: Peer;
  close(): Promise<void>;
}

interface Joined {
  host: Peer;
  device: Peer;
  sockets: WebSocket[];
}

/** Dials the server once and wraps both ends of the connection in Peers (no pings: the bench is short). */
async function join(server: WebSocketServer, port: number, host: PeerOptions, device: (self: () => Peer) => PeerOptions): Promise<Joined> {
  const accepted = new Promise<WebSocket>((resolve) => server.once('connection', resolve));
  const socket = new WebSocket(`ws://127.0.0.1:${port}`);
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const devicePeer: Peer = new Peer(socket, { ...device(() => devicePeer), pingMs: 0 });
  socket.on('message', (data: Buffer) => devicePeer.receive(data.toString()));
  socket.on('close', () => devicePeer.closed('socket closed'));
  const hostSocket = await accepted;
  const hostPeer = new Peer(hostSocket, { ...host, pingMs: 0 });
  hostSocket.on('message', (data: Buffer) => hostPeer.receive(data.toString()));
  hostSocket.on('close', () => hostPeer.closed('the browser went away'));
  return { host: hostPeer, device: devicePeer, sockets: [socket, hostSocket] };
}

export async function startBridge(chromium: NodeBrowser): Promise<BridgeRig> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const sockets: WebSocket[] = [];
  const endpoint = new DeviceEndpoint(bridgeSide(chromium));
  const close = async () => {
    await endpoint.closeAll().catch(() => undefined);
    for (const socket of sockets) socket.terminate();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  try {
    const sessions = new HostSessions();
    const device = await join(server, port, { handle: sessions.handle }, (self) => ({ handle: (call) => endpoint.handle(call, self()) }));
    sockets.push(...device.sockets);
    const echo = await join(server, port, {}, () => ({ handle: (call) => Promise.resolve(call.params) }));
    sockets.push(...echo.sockets);
    const link: BridgeLink = { call: (method, params, options) => device.host.call(method, params, options) };
    const remote = await RemoteBrowser.open(link, sessions, 'bench/hub');
    const bridged = await remote.activeTab();
    const direct = await chromium.switchTab(bridged.id);
    return { remote, bridged, direct, echo: echo.host, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** The browser end: the session works in a new tab of the launched Chromium; the person's rules allow this machine's pages and say no to any question. */
function bridgeSide(chromium: NodeBrowser): DeviceSide {
  return {
    openSession: async () => {
      const browser: Browser = chromium;
      await chromium.openTab('about:blank');
      // The session's guard is the device's (put on by the endpoint); closing leaves the browser to the next session.
      return { browser, close: () => Promise.resolve() };
    },
    policy: () => new SafetyPolicy({ sites: [{ site: '127.0.0.1', decision: 'allow' }] }),
    confirm: () => Promise.resolve('deny'),
  };
}

/** Runs `fn` `warm` times unmeasured, then `runs` times, and gives each measured run's ms. */
export async function timeCalls(warm: number, runs: number, fn: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < warm; i++) await fn();
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await fn();
    ms.push(performance.now() - started);
  }
  return ms;
}

export interface RoundTrips {
  /** tab.info through RemoteBrowser → WebSocket → DeviceEndpoint → Chromium. */
  bridgedInfo: number[];
  /** A bare Peer call answered with its params (the wire alone). */
  echo: number[];
  /** tab.info on the same tab without the bridge (Chromium's own share). */
  directInfo: number[];
}

export async function measureRoundTrips(rig: BridgeRig, warm: number, calls: number): Promise<RoundTrips> {
  const bridgedInfo = await timeCalls(warm, calls, () => rig.bridged.info());
  const echo = await timeCalls(warm, calls, () => rig.echo.call('echo', { n: 1 }));
  const directInfo = await timeCalls(warm, calls, () => rig.direct.info());
  return { bridgedInfo, echo, directInfo };
}

export interface SnapshotTimes {
  page: string;
  mode: 'viewport' | 'full';
  bridged: number[];
  direct: number[];
  /** Size of the snapshot as it crosses the wire (JSON). */
  bytes: number;
}

/** Opens each page through the bridge, then snapshots it in turn through the bridge and directly (one warm-up each). */
export async function measureSnapshots(rig: BridgeRig, pages: { name: string; url: string }[], runs: number): Promise<SnapshotTimes[]> {
  const rows: SnapshotTimes[] = [];
  for (const page of pages) {
    await rig.bridged.navigate(page.url);
    // "load plus a short settle", as bench/snapshot measures: late layout and timers run.
    await new Promise((r) => setTimeout(r, 300));
    for (const mode of ['viewport', 'full'] as const) {
      const request = { mode };
      const sample = await rig.bridged.snapshot(request);
      await rig.direct.snapshot(request);
      const bridged: number[] = [];
      const direct: number[] = [];
      // Alternated, so both paths see the same page state and machine load.
      for (let i = 0; i < runs; i++) {
        bridged.push(...(await timeCalls(0, 1, () => rig.bridged.snapshot(request))));
        direct.push(...(await timeCalls(0, 1, () => rig.direct.snapshot(request))));
      }
      rows.push({ page: page.name, mode, bridged, direct, bytes: JSON.stringify(sample).length });
    }
  }
  return rows;
}
