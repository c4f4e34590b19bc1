import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  CLOSE,
  DEFAULT_PORT,
  parseHello,
  Peer,
  PROTOCOL_VERSION,
  type DeviceHello,
  type IncomingCall,
  type Refused,
  type RefusalCode,
  type Welcome,
} from '@wayfinder/bridge';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { HubError } from '../errors';
import type { CredentialStore } from '../store/credentials';
import { VERSION } from '../version';
import { deviceOriginProblem, hostAllowed } from './admission';
import { frameText } from './frames';
import { processAlive, readHubFile, removeHubFile, writeHubFile } from './hub-file';
import { PairingCodes } from './pairing';
import { Router, type DeviceLink, type LocalLink } from './router';
import { HubTasks, type TaskHost } from './tasks';
import { HubResearch, type ResearchHost } from './research';

// The hub `wayfinder serve` runs: a WebSocket server on 127.0.0.1 that the extension dials
// out to, and that other host processes reach as local clients. It admits a connection by
// its first frame (a hello) and its headers, then hands it to a Peer; the Router does the
// rest. Every refusal is logged: a refused device is someone trying the person's browser.

export interface HubOptions {
  /** $WAYFINDER_HOME: hub.json goes there. */
  home: string;
  credentials: CredentialStore;
  /** 0 picks a free port (tests). */
  port?: number;
  /** Connections, disconnections, refusals: one line each. */
  log: (line: string) => void;
  /** Each new pairing code. */
  onCode: (code: string) => void;
  helloMs?: number;
  pingMs?: number;
  /** Runs tasks browsers ask the host for (`host.task`): the host's model, rules and store. Without it they are refused. */
  tasks?: TaskHost;
  /** How long a task waits for its browser to reconnect (tests). */
  taskGraceMs?: number;
  /** Answers browsers' research calls (`feed.*`, `interests.*`, `research.run`, `watch.*`). Without it they are refused. */
  research?: ResearchHost;
  /** Plain HTTP requests (the feed page); true when answered. The Host header is already checked. Anything else gets 426. */
  http?: (req: IncomingMessage, res: ServerResponse, port: number) => boolean;
}

/** Large enough for a full-page screenshot, small enough not to be a way to exhaust memory. */
const MAX_FRAME = 64 * 1024 * 1024;

const time = () => new Date().toISOString().slice(11, 19);
const sameSecret = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export class Hub {
  readonly secret = randomBytes(32).toString('base64url');
  readonly router: Router;
  readonly codes: PairingCodes;
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME });
  private readonly server: Server;
  private listening = 0;

  private constructor(private readonly options: HubOptions) {
    this.router = new Router(options.credentials, (line) => this.note(line));
    if (options.tasks)
      this.router.tasks = new HubTasks(
        options.tasks,
        this.router.sessions,
        () => this.router.connected(),
        (line) => this.note(line),
        options.taskGraceMs,
      );
    if (options.research)
      this.router.research = new HubResearch(
        options.research,
        () => this.router.connected(),
        (line) => this.note(line),
      );
    this.codes = new PairingCodes(options.onCode);
    this.server = createServer((req, res) => {
      // The same DNS-rebinding check as for sockets: a page that renamed itself 127.0.0.1 sends its own Host.
      if (options.http && hostAllowed(req.headers.host, this.listening) && options.http(req, res, this.listening)) return;
      res.writeHead(426, { 'content-type': 'text/plain' }).end('The Wayfinder hub speaks WebSocket only.\n');
    });
    this.server.on('upgrade', (req, socket, head) => {
      const port = this.listening;
      if (!hostAllowed(req.headers.host, port)) {
        this.note(
          `refused ${req.socket.remoteAddress ?? '?'}: Host header "${req.headers.host ?? ''}" is not this hub's (a web page's DNS rebinding?)`,
        );
        socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
        return;
      }
      this.wss.handleUpgrade(req, socket, head, (ws) => this.admit(ws, req));
    });
  }

  /** Starts listening and writes hub.json; refuses when another hub of this home is running. */
  static async start(options: HubOptions): Promise<Hub> {
    const other = readHubFile(options.home);
    if (other && other.pid !== process.pid && processAlive(other.pid))
      throw new HubError(`wayfinder serve is already running (process ${other.pid}, port ${other.port}); stop it first, or use it.`);
    const hub = new Hub(options);
    const wanted = options.port ?? DEFAULT_PORT;
    await new Promise<void>((resolve, reject) => {
      hub.server.once('error', (error: NodeJS.ErrnoException) =>
        reject(
          error.code === 'EADDRINUSE'
            ? new HubError(`Port ${wanted} on 127.0.0.1 is in use (is wayfinder serve already running?); pick another with --port.`)
            : error,
        ),
      );
      hub.server.listen(wanted, '127.0.0.1', () => resolve());
    });
    const address = hub.server.address();
    hub.listening = typeof address === 'object' && address ? (address satisfies AddressInfo).port : wanted;
    writeHubFile(options.home, { port: hub.listening, pid: process.pid, secret: hub.secret });
    return hub;
  }

  get port(): number {
    return this.listening;
  }

  get url(): string {
    return `ws://127.0.0.1:${this.listening}`;
  }

  /** Closes every connection, stops listening and removes hub.json. */
  async close(): Promise<void> {
    removeHubFile(this.options.home, this.secret);
    await this.router.tasks?.stopAll();
    this.router.stop();
    for (const client of this.wss.clients) client.close(CLOSE.bye, 'the hub stopped');
    await new Promise<void>((resolve) => {
      const done = setTimeout(() => {
        for (const client of this.wss.clients) client.terminate();
        resolve();
      }, 1_000);
      done.unref();
      this.server.close(() => {
        clearTimeout(done);
        resolve();
      });
      this.server.closeAllConnections();
    });
  }

  private note(line: string): void {
    this.options.log(`${time()} ${line}`);
  }

  private refuse(ws: WebSocket, who: string, code: RefusalCode, message: string, why: string, close: number = CLOSE.refused): void {
    this.note(`refused ${who}: ${why}`);
    const frame: Refused = { type: 'refused', code, message };
    ws.send(JSON.stringify(frame), () => ws.close(close, code));
  }

  /** The first frame decides: a hello within the time, that passes its role's checks. */
  private admit(ws: WebSocket, req: IncomingMessage): void {
    const origin = req.headers.origin;
    const from = `${req.socket.remoteAddress ?? '?'}${origin ? ` from ${origin}` : ''}`;
    const timer = setTimeout(
      () => this.refuse(ws, from, 'malformed', 'No hello within 5 s.', 'no hello in time'),
      this.options.helloMs ?? 5_000,
    );
    ws.once('close', () => clearTimeout(timer));
    ws.once('message', (data: RawData) => {
      clearTimeout(timer);
      const hello = parseHello(frameText(data));
      if (!hello) return this.refuse(ws, from, 'malformed', 'The first frame must be a hello of this protocol.', 'not a hello');
      const who = `${hello.role} "${hello.label}" (${from})`;
      if (hello.protocolVersion !== PROTOCOL_VERSION)
        return this.refuse(
          ws,
          who,
          'version',
          `This hub speaks protocol ${PROTOCOL_VERSION}, not ${hello.protocolVersion}: update Wayfinder (the extension or the command) so both match.`,
          `protocol ${hello.protocolVersion}`,
          CLOSE.version,
        );
      if (hello.role === 'local') {
        if (origin !== undefined)
          return this.refuse(ws, who, 'origin', 'Local clients send no Origin.', 'a local hello with an Origin header');
        if (!sameSecret(hello.token, this.secret)) return this.refuse(ws, who, 'bad-token', 'Wrong local secret.', 'wrong local secret');
        return this.welcomeLocal(ws, hello.label);
      }
      const problem = deviceOriginProblem(origin);
      if (problem !== null || origin === undefined)
        return this.refuse(ws, who, 'origin', 'Only the Wayfinder extension may connect as a browser.', problem ?? 'no origin');
      this.admitDevice(ws, hello, origin, who);
    });
  }

  private admitDevice(ws: WebSocket, hello: DeviceHello, origin: string, who: string): void {
    const { credentials } = this.options;
    if (hello.pairingCode !== undefined) {
      const check = this.codes.check(hello.pairingCode);
      if (check !== 'ok') {
        const message =
          check === 'expired'
            ? 'That pairing code has expired; enter the new code wayfinder serve shows now.'
            : check === 'burnt'
              ? 'Too many wrong codes: that code no longer works; enter the new code wayfinder serve shows now.'
              : 'Wrong pairing code; check the code wayfinder serve shows and try again.';
        return this.refuse(ws, who, 'bad-code', message, `pairing code ${check}`);
      }
      const { credential, token } = credentials.issue('device', hello.label, { origin });
      this.note(`Paired ${hello.label} (${credential.id.slice(0, 8)}), the extension at ${origin}`);
      return this.welcomeDevice(ws, { id: credential.id, label: hello.label, origin }, token);
    }
    const known = hello.deviceId ? credentials.get(hello.deviceId) : null;
    if (!known || known.kind !== 'device' || !hello.token)
      return this.refuse(
        ws,
        who,
        'bad-token',
        'This browser is not paired with this host: pair it again with a code from wayfinder serve.',
        'unknown device',
      );
    if (known.revokedAt !== null)
      return this.refuse(
        ws,
        who,
        'revoked',
        'This browser was removed from this host; pair it again to reconnect.',
        'revoked device',
        CLOSE.revoked,
      );
    const verified = credentials.verify('device', hello.token);
    if (verified?.id !== known.id)
      return this.refuse(
        ws,
        who,
        'bad-token',
        'The device token is not valid: pair this browser again with a code from wayfinder serve.',
        'wrong token',
      );
    if (known.origin !== origin)
      return this.refuse(
        ws,
        who,
        'origin',
        'This token belongs to another extension.',
        `token of ${known.origin ?? 'no origin'} sent from ${origin}`,
      );
    this.welcomeDevice(ws, { id: known.id, label: known.label, origin });
  }

  private welcomeDevice(ws: WebSocket, device: { id: string; label: string; origin: string }, token?: string): void {
    const welcome: Welcome = {
      type: 'welcome',
      protocolVersion: PROTOCOL_VERSION,
      deviceId: device.id,
      label: device.label,
      hub: { version: VERSION },
    };
    if (token) welcome.token = token;
    ws.send(JSON.stringify(welcome));
    let link: DeviceLink | null = null;
    const peer = this.peerOver(ws, (call) => (link ? this.router.fromDevice(link)(call) : Promise.reject(new Error('not ready'))));
    link = { ...device, peer };
    this.router.addDevice(link);
    this.note(`connected: ${device.label} (${device.id.slice(0, 8)})`);
    const current = link;
    ws.on('close', () => {
      if (this.router.removeDevice(current)) this.note(`disconnected: ${device.label} (${device.id.slice(0, 8)})`);
    });
  }

  private welcomeLocal(ws: WebSocket, label: string): void {
    const welcome: Welcome = { type: 'welcome', protocolVersion: PROTOCOL_VERSION, deviceId: 'local', label, hub: { version: VERSION } };
    ws.send(JSON.stringify(welcome));
    const local: LocalLink = { label, peer: this.peerOver(ws, (call) => this.router.fromLocal(local)(call)), owned: new Set() };
    ws.on('close', () => this.router.removeLocal(local));
  }

  private peerOver(ws: WebSocket, handle: (call: IncomingCall) => Promise<unknown>): Peer {
    const peer: Peer = new Peer(ws, {
      handle,
      ...(this.options.pingMs !== undefined ? { pingMs: this.options.pingMs } : {}),
      onDead: () => peer.close(CLOSE.dead, 'no answer to pings'),
    });
    ws.on('message', (data: RawData) => peer.receive(frameText(data)));
    ws.on('close', (code) => peer.closed(`closed (${code})`));
    return peer;
  }
}
