import {
  BridgeError,
  CAPABILITIES,
  CLOSE,
  Peer,
  PING_INTERVAL_MS,
  PROTOCOL_VERSION,
  type DeviceEndpoint,
  type DeviceHello,
  type Welcome,
} from '@wayfinder/bridge';
import { z } from 'zod';
import {
  defaultLabel,
  loadBridgeSettings,
  saveBridgeSettings,
  type BridgeConnection,
  type BridgeSettings,
  type BridgeState,
} from '../../lib/bridge-messages';
import type { HostQuestion } from './device';
import { logError, logWarn } from '../../lib/log';
import { CodedError } from '@wayfinder/core/errors';

// The extension's end of the bridge (docs/0028-bridge.md): it dials out to `wayfinder
// serve` on ws://127.0.0.1:PORT, says hello with its device token (or, once, a pairing
// code, for which the hub gives it a token), and after the welcome answers the host's
// calls through a DeviceEndpoint. The peer's pings every 20 s also keep this worker
// alive while connected. A dropped connection ends the host sessions and is dialled again
// with jittered backoff; when Chrome stops the worker anyway, an alarm every 30 s starts
// it again, and the worker's start dials. A hub that refuses the token (unknown, revoked)
// is not asked again until the person pairs again. What is kept: chrome.storage.local
// (lib/bridge-messages.ts); what is shown: pushed to the panels as it changes.

export const BRIDGE_ALARM = 'wayfinder-bridge';

/** How long the hub has to answer a hello. */
const HELLO_MS = 10_000;
const FIRST_RETRY_MS = 500;
const MAX_RETRY_MS = 10_000;

const firstFrame = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('welcome'),
    protocolVersion: z.number(),
    deviceId: z.string().max(100),
    label: z.string().max(100),
    token: z.string().max(200).optional(),
    hub: z.object({ version: z.string().max(40) }),
  }),
  z.object({ type: z.literal('refused'), code: z.string().max(40), message: z.string().max(2_000) }),
]);

/** The hub said no; the code is the hub's reason. */
class HubRefusal extends CodedError<string> {
  static override readonly marker = Symbol.for('wayfinder.extension.hub-refusal');
  override readonly name = 'HubRefusal';

  constructor(code: string, message: string) {
    super(code, message, false);
  }
}

/** Refusals only pairing again can fix: retrying would only be refused (and logged on the host) again. */
const FINAL_REFUSALS = new Set(['bad-token', 'revoked', 'origin', 'version']);

function problem(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** One connection: its socket, and its peer once the hub welcomed it. */
interface Link {
  socket: WebSocket;
  peer: Peer | null;
}

export interface BridgeParts {
  endpoint: DeviceEndpoint;
  questions: () => HostQuestion[];
  /** Shows the state to the pages (PanelHub). */
  publish: (state: BridgeState) => void;
  /** An event the hub sent (`task.event`: background/bridge/host-tasks.ts). */
  onEvent?: (name: string, data: unknown) => void;
  /** The connection dropped or was closed (host tasks in flight can no longer be followed). */
  onDropped?: () => void;
  /** Host calls this browser answers outside host sessions (`history.recent`: background/research/history-signals.ts); null: not one of them. */
  answer?: (method: string, params: unknown) => Promise<unknown> | null;
}

export class BridgeClient {
  private stored: Promise<BridgeSettings> | null = null;
  private link: Link | null = null;
  /** Bumped by every new connection and every close of ours: an older attempt's outcome is ignored. */
  private generation = 0;
  private connection: BridgeConnection = 'off';
  private message: string | undefined;
  private hubVersion: string | undefined;
  private retries = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private dialing = false;

  constructor(private readonly parts: BridgeParts) {}

  /** At the worker's start: connect when paired and wanted. */
  async start(): Promise<void> {
    const settings = await this.settings();
    if (settings.refused) {
      this.set('refused', settings.refused);
      await chrome.alarms.clear(BRIDGE_ALARM);
      return;
    }
    if (!settings.enabled || !settings.token) {
      this.set('off');
      await chrome.alarms.clear(BRIDGE_ALARM);
      return;
    }
    // Created again at every start, the alarm would move its next firing on each time: a worker
    // Chrome stops soon after starting could then stay away for longer than one period.
    if (!(await chrome.alarms.get(BRIDGE_ALARM))) await chrome.alarms.create(BRIDGE_ALARM, { periodInMinutes: 0.5 });
    await this.connect();
  }

  /** The alarm: dial again unless connected, connecting, or waiting to retry. */
  async ensure(): Promise<void> {
    if (this.link || this.retryTimer || this.dialing) return;
    await this.start();
  }

  async state(): Promise<BridgeState> {
    const settings = await this.settings();
    return {
      state: this.connection,
      paired: settings.token !== null,
      label: settings.label || (await defaultLabel()),
      port: settings.port,
      ...(this.hubVersion && this.connection === 'connected' ? { hubVersion: this.hubVersion } : {}),
      ...(this.message ? { message: this.message } : {}),
      sessions: this.parts.endpoint.sessions(),
      questions: this.parts.questions(),
    };
  }

  /** Tells the pages what changed (sessions, questions, the connection). */
  push(): void {
    this.state()
      .then((state) => this.parts.publish(state))
      .catch((error: unknown) => logError('wayfinder: could not show the host connection', error));
  }

  /** Pairs with a code `wayfinder serve` printed; stays connected. Throws what went wrong, for the person. */
  async pair(port: number, code: string, label: string): Promise<BridgeState> {
    const before = await this.settings();
    const name = label || before.label || (await defaultLabel());
    this.clearRetry();
    this.close('pairing again');
    this.set('connecting');
    const opening = this.open(port, this.hello(name, { pairingCode: code }));
    const generation = this.generation;
    let welcome: Welcome;
    try {
      welcome = await opening;
    } catch (error) {
      // The pairing there was (if any) goes on as before.
      if (generation === this.generation) await this.start();
      throw new Error(HubRefusal.isInstance(error) ? `The host did not pair: ${error.message}` : problem(error), { cause: error });
    }
    if (!welcome.token) {
      this.close('no token');
      await this.start();
      throw new Error('The host welcomed this browser but gave it no device token; ask `wayfinder serve` for a new code and pair again.');
    }
    await this.save({ ...before, port, deviceId: welcome.deviceId, token: welcome.token, label: name, enabled: true, refused: null });
    await chrome.alarms.create(BRIDGE_ALARM, { periodInMinutes: 0.5 });
    this.welcomed(welcome);
    return this.state();
  }

  /** Connects again with the pairing kept (after Disconnect). */
  async reconnect(): Promise<BridgeState> {
    const settings = await this.settings();
    if (!settings.token) throw new Error('This browser is not paired with the host yet: enter the code `wayfinder serve` printed.');
    if (settings.refused) throw new Error(`The host refused this browser's pairing (${settings.refused}); pair again with a new code.`);
    await this.save({ ...settings, enabled: true });
    this.retries = 0;
    await this.start();
    return this.state();
  }

  /** Off until the person connects again: the socket closes, nothing dials. */
  async disconnect(): Promise<BridgeState> {
    await this.save({ ...(await this.settings()), enabled: false });
    this.clearRetry();
    this.close('the person disconnected this browser');
    await chrome.alarms.clear(BRIDGE_ALARM);
    this.hubVersion = undefined;
    this.set('off');
    return this.state();
  }

  /** Disconnects and forgets the device token. */
  async forget(): Promise<BridgeState> {
    await this.disconnect();
    await this.save({ ...(await this.settings()), deviceId: null, token: null, refused: null, enabled: false });
    this.set('off');
    return this.state();
  }

  isConnected(): boolean {
    return this.connection === 'connected' && this.link?.peer !== null && this.link !== null;
  }

  /** Calls the host (`host.task`, `host.history` …); throws a readable error when not connected. */
  async callHost<T>(method: string, params: unknown, deadlineMs?: number): Promise<T> {
    const peer = this.link?.peer;
    if (!peer || this.connection !== 'connected')
      throw new Error('This browser is not connected to the host; connect it (Options, or Connect in the panel) and try again.');
    try {
      return await peer.call<T>(method, params, deadlineMs ? { deadlineMs } : {});
    } catch (error) {
      if (BridgeError.isInstance(error) && error.code === 'disconnected')
        throw new Error('The connection to the host dropped; it may or may not have happened. Try again once connected.', { cause: error });
      throw error;
    }
  }

  private settings(): Promise<BridgeSettings> {
    this.stored ??= loadBridgeSettings().catch((error: unknown) => {
      this.stored = null;
      throw error;
    });
    return this.stored;
  }

  private async save(settings: BridgeSettings): Promise<void> {
    await saveBridgeSettings(settings);
    this.stored = Promise.resolve(settings);
  }

  private hello(label: string, credentials: { deviceId?: string; token?: string; pairingCode?: string }): DeviceHello {
    return { type: 'hello', role: 'device', protocolVersion: PROTOCOL_VERSION, label, capabilities: [...CAPABILITIES], ...credentials };
  }

  private set(connection: BridgeConnection, message?: string): void {
    this.connection = connection;
    this.message = message;
    this.push();
  }

  private welcomed(welcome: Welcome): void {
    this.hubVersion = welcome.hub.version;
    this.retries = 0;
    this.set('connected');
  }

  /** Dials with the stored token (once at a time: the worker's start and the alarm that woke it both ask). */
  private async connect(): Promise<void> {
    if (this.dialing) return;
    this.dialing = true;
    try {
      await this.dial();
    } finally {
      this.dialing = false;
    }
  }

  private async dial(): Promise<void> {
    const settings = await this.settings();
    if (!settings.enabled || !settings.token || settings.refused || this.link) return;
    this.clearRetry();
    this.set(this.connection === 'off' || this.connection === 'connecting' ? 'connecting' : 'reconnecting', this.message);
    const credentials = settings.deviceId ? { deviceId: settings.deviceId, token: settings.token } : { token: settings.token };
    const opening = this.open(settings.port, this.hello(settings.label || (await defaultLabel()), credentials));
    const generation = this.generation;
    try {
      this.welcomed(await opening);
    } catch (error) {
      if (generation !== this.generation) return;
      if (HubRefusal.isInstance(error) && FINAL_REFUSALS.has(error.code)) {
        await this.refused(error.message);
        return;
      }
      this.set('reconnecting', problem(error));
      this.retryLater();
    }
  }

  /** The hub will not have this pairing: kept, so a restarted worker does not ask again either. */
  private async refused(message: string): Promise<void> {
    await this.save({ ...(await this.settings()), refused: message });
    await chrome.alarms.clear(BRIDGE_ALARM);
    this.hubVersion = undefined;
    this.set('refused', message);
  }

  /** Opens a socket and says hello; resolves with the welcome, after which the link's peer answers the host. */
  private open(port: number, hello: DeviceHello): Promise<Welcome> {
    this.close('a new connection');
    this.generation += 1;
    const address = `ws://127.0.0.1:${port}`;
    return new Promise<Welcome>((resolve, reject) => {
      let socket: WebSocket;
      try {
        socket = new WebSocket(address);
      } catch (error) {
        reject(new Error(`Could not connect to ${address}: ${problem(error)}`));
        return;
      }
      const link: Link = { socket, peer: null };
      this.link = link;
      let settled = false;
      const fail = (error: Error) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (this.link === link) this.link = null;
        socket.close();
        reject(error);
      };
      const timer = setTimeout(
        () => fail(new Error(`The host at ${address} did not answer in time; is it \`wayfinder serve\`?`)),
        HELLO_MS,
      );
      socket.onopen = () => socket.send(JSON.stringify(hello));
      socket.onmessage = (event: MessageEvent) => {
        const text = typeof event.data === 'string' ? event.data : '';
        if (link.peer) {
          link.peer.receive(text);
          return;
        }
        if (settled) return;
        let value: unknown = null;
        try {
          value = JSON.parse(text);
        } catch {
          // Not JSON: not the hub.
        }
        const frame = firstFrame.safeParse(value);
        if (!frame.success) {
          fail(new Error(`What answers at ${address} is not Wayfinder's host; check the port \`wayfinder serve\` printed.`));
          return;
        }
        if (frame.data.type === 'refused') {
          fail(new HubRefusal(frame.data.code, frame.data.message));
          return;
        }
        settled = true;
        clearTimeout(timer);
        link.peer = this.peerFor(link);
        resolve(frame.data);
      };
      socket.onclose = (event: CloseEvent) => {
        if (!settled) {
          fail(new Error(`Nothing answered at ${address}. Is \`wayfinder serve\` running on this computer (with this port)?`));
          return;
        }
        this.dropped(link, event.code, event.reason);
      };
    });
  }

  private peerFor(link: Link): Peer {
    const peer: Peer = new Peer(
      { send: (text) => link.socket.send(text), close: (code, reason) => link.socket.close(code, reason) },
      {
        pingMs: PING_INTERVAL_MS,
        handle: async (call) => {
          const own = this.parts.answer?.(call.method, call.params);
          if (own) return own;
          try {
            return await this.parts.endpoint.handle(call, peer);
          } finally {
            if (call.method.startsWith('session.')) this.push();
          }
        },
        onEvent: (name, data) => this.parts.onEvent?.(name, data),
        onDead: () => link.socket.close(CLOSE.dead, 'the host stopped answering'),
        onBadFrame: (text) => logWarn('wayfinder: the host sent a frame that is not of the bridge', text),
      },
    );
    return peer;
  }

  /** The socket closed under us: the host sessions end, and it is dialled again (unless the host revoked this browser). */
  private dropped(link: Link, code: number, reason: string): void {
    link.peer?.closed(reason || `closed (${code})`);
    if (this.link !== link) return;
    this.link = null;
    this.endSessions();
    this.hubVersion = undefined;
    if (code === CLOSE.revoked) {
      this.refused(reason || "The host revoked this browser's pairing; pair again to connect.").catch((error: unknown) =>
        logError('wayfinder: could not keep the refusal', error),
      );
      return;
    }
    this.set('reconnecting', `The connection to the host dropped${reason ? ` (${reason})` : ''}; connecting again.`);
    this.retryLater();
  }

  /** Closes the connection ourselves (nothing dials again because of it). */
  private close(reason: string): void {
    this.generation += 1;
    const link = this.link;
    this.link = null;
    if (!link) return;
    if (link.peer) link.peer.close(CLOSE.bye, reason);
    else link.socket.close(CLOSE.bye, reason);
    this.endSessions();
  }

  private endSessions(): void {
    this.parts.onDropped?.();
    this.parts.endpoint
      .closeAll()
      .catch((error: unknown) => logError('wayfinder: could not end the host sessions', error))
      .finally(() => this.push());
  }

  /** 0.5 s doubling to 10 s, give or take 30 %. */
  private retryLater(): void {
    this.clearRetry();
    const base = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** this.retries);
    this.retries += 1;
    this.retryTimer = setTimeout(
      () => {
        this.retryTimer = null;
        this.connect().catch((error: unknown) => logError('wayfinder: could not connect to the host', error));
      },
      base * (0.7 + Math.random() * 0.6),
    );
  }

  private clearRetry(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }
}
