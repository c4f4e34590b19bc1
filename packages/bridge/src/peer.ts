import { BridgeError, fromWire, toWire } from './errors';
import { CALL_DEADLINE_MS, PING_INTERVAL_MS, parseEnvelope, type CallFrame, type Envelope } from './protocol';

// One end of a connection after the hello: calls with ids and deadlines both ways, their
// results, cancels, events, and ping/pong. Works over anything that sends text frames (the
// `ws` package in Node, the browser's WebSocket in the extension): the owner feeds it what
// arrives (`receive`) and tells it when the socket closed (`closed`). A call in flight when
// the connection drops fails at once with a BridgeError that says so; nothing is retried
// here (the caller knows whether its call changed the page).

/** What a peer needs from a socket. */
export interface FrameSocket {
  send(text: string): void;
  close(code?: number, reason?: string): void;
  /** A WebSocket's state (1: open); frames sent in any other state are lost without an error. */
  readonly readyState?: number;
}

const OPEN = 1;

export interface IncomingCall {
  id: string;
  method: string;
  params: unknown;
  session?: string;
  device?: string;
  /** Aborted when the caller cancels, its deadline passes, or the connection drops. */
  signal: AbortSignal;
  deadlineMs: number;
}

export interface CallOptions {
  /** How long to wait for the answer (default 30 s); the far end is told, and cancels its work when it passes. */
  deadlineMs?: number;
  signal?: AbortSignal;
  session?: string;
  device?: string;
}

export interface PeerOptions {
  /** Answers the other end's calls; a thrown error goes back as the call's error. */
  handle?: (call: IncomingCall) => Promise<unknown>;
  onEvent?: (name: string, data: unknown, session: string | undefined) => void;
  /** Ping interval (0: never ping; the other end pings). The connection is dead after three silent intervals. */
  pingMs?: number;
  /** Told about frames that were not of the protocol (they are dropped). */
  onBadFrame?: (text: string) => void;
  /** Told once when the connection is given up for silence (the owner closes the socket). */
  onDead?: () => void;
}

interface Outgoing {
  method: string;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  timer: ReturnType<typeof setTimeout>;
  cleanup: () => void;
}

let counter = 0;
/** Ids unique on this end: a prefix per peer and a counter. */
function newPrefix(): string {
  counter += 1;
  return `${counter.toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

export class Peer {
  private readonly outgoing = new Map<string, Outgoing>();
  private readonly incoming = new Map<string, AbortController>();
  private readonly prefix = newPrefix();
  private next = 0;
  private isOpen = true;
  private closeReason = '';
  private lastHeard = Date.now();
  private pinger: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly socket: FrameSocket,
    private readonly options: PeerOptions = {},
  ) {
    const pingMs = options.pingMs ?? PING_INTERVAL_MS;
    if (pingMs > 0) {
      this.pinger = setInterval(() => this.heartbeat(pingMs), pingMs);
      // In Node, a ping timer alone does not keep a process alive.
      const timer: unknown = this.pinger;
      if (typeof timer === 'object' && timer !== null && 'unref' in timer && typeof timer.unref === 'function') timer.unref.call(timer);
    }
  }

  get open(): boolean {
    return this.isOpen;
  }

  /** How many calls this end waits on now. */
  get inFlight(): number {
    return this.outgoing.size;
  }

  /** Calls the other end; resolves with its answer, or rejects with the error it sent (a BrowserError stays one). */
  call<T = unknown>(method: string, params: unknown, options: CallOptions = {}): Promise<T> {
    if (!this.isOpen)
      return Promise.reject(
        new BridgeError('disconnected', `The browser is not connected (${this.closeReason || 'closed'}); ${method} was not sent.`, true),
      );
    if (options.signal?.aborted) return Promise.reject(new BridgeError('cancelled', `${method} was cancelled before it was sent.`, false));
    this.next += 1;
    const id = `${this.prefix}-${this.next}`;
    const deadlineMs = options.deadlineMs ?? CALL_DEADLINE_MS;
    const frame: CallFrame = { type: 'call', id, method, params, deadlineMs };
    if (options.session) frame.session = options.session;
    if (options.device) frame.device = options.device;
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => {
        this.settle(id);
        this.send({ type: 'cancel', id, reason: 'the caller stopped' });
        reject(new BridgeError('cancelled', `${method} was cancelled.`, false));
      };
      const timer = setTimeout(() => {
        this.settle(id);
        this.send({ type: 'cancel', id, reason: 'deadline passed' });
        reject(
          new BridgeError(
            'timeout',
            `The browser did not answer ${method} within ${Math.round(deadlineMs / 1000)} s; it was cancelled.`,
            true,
          ),
        );
      }, deadlineMs);
      options.signal?.addEventListener('abort', onAbort, { once: true });
      this.outgoing.set(id, {
        method,
        // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- the far end answers each method with the type its port declares (protocol.ts)
        resolve: (value) => resolve(value as T),
        reject,
        timer,
        cleanup: () => options.signal?.removeEventListener('abort', onAbort),
      });
      this.send(frame);
    });
  }

  /** Tells the other end something that needs no answer. */
  emit(name: string, data: unknown, session?: string): void {
    if (!this.isOpen) return;
    this.send(session ? { type: 'event', name, data, session } : { type: 'event', name, data });
  }

  /** A frame arrived. */
  receive(text: string): void {
    this.lastHeard = Date.now();
    const frame = parseEnvelope(text);
    if (!frame) {
      this.options.onBadFrame?.(text.slice(0, 200));
      return;
    }
    this.dispatch(frame);
  }

  /** The socket closed (or the owner gives up on it): every call in flight fails, every incoming call is aborted. */
  closed(reason: string): void {
    if (!this.isOpen) return;
    this.isOpen = false;
    this.closeReason = reason;
    if (this.pinger) clearInterval(this.pinger);
    for (const [id, call] of [...this.outgoing]) {
      this.settle(id);
      call.reject(
        new BridgeError(
          'disconnected',
          `The connection to the browser dropped while ${call.method} was running (${reason}). It may or may not have happened, and it was not retried; look at the page again before going on.`,
          true,
        ),
      );
    }
    for (const controller of this.incoming.values())
      controller.abort(new BridgeError('disconnected', `The connection dropped (${reason}).`, true));
    this.incoming.clear();
  }

  /** Closes the socket and fails what is in flight. */
  close(code: number, reason: string): void {
    this.closed(reason);
    try {
      this.socket.close(code, reason);
    } catch {
      // Already closed.
    }
  }

  private heartbeat(pingMs: number): void {
    if (!this.isOpen) return;
    if (Date.now() - this.lastHeard > pingMs * 3) {
      this.options.onDead?.();
      return;
    }
    this.send({ type: 'ping', t: Date.now() });
  }

  private settle(id: string): void {
    const call = this.outgoing.get(id);
    if (!call) return;
    clearTimeout(call.timer);
    call.cleanup();
    this.outgoing.delete(id);
  }

  private send(frame: Envelope): void {
    // A socket that is closing drops what is sent without a word (both `ws` and the browser's
    // WebSocket): a call sent now would wait out its deadline. It fails now, as a drop.
    if (this.socket.readyState !== undefined && this.socket.readyState !== OPEN) {
      this.closed('the connection was closing');
      return;
    }
    try {
      this.socket.send(JSON.stringify(frame));
    } catch (error) {
      this.closed(`sending failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private dispatch(frame: Envelope): void {
    switch (frame.type) {
      case 'ping':
        this.send({ type: 'pong', t: frame.t });
        return;
      case 'pong':
        return;
      case 'event':
        this.options.onEvent?.(frame.name, frame.data, frame.session);
        return;
      case 'cancel':
        this.incoming.get(frame.id)?.abort(new BridgeError('cancelled', `Cancelled: ${frame.reason ?? 'the caller stopped'}.`, false));
        return;
      case 'result': {
        const call = this.outgoing.get(frame.id);
        if (!call) return; // Answered after its deadline, or cancelled: nobody waits.
        this.settle(frame.id);
        if (frame.ok) call.resolve(frame.value);
        else call.reject(fromWire(frame.error));
        return;
      }
      case 'call':
        void this.answer(frame);
        return;
    }
  }

  private async answer(frame: CallFrame): Promise<void> {
    const controller = new AbortController();
    this.incoming.set(frame.id, controller);
    const timer = setTimeout(
      () => controller.abort(new BridgeError('timeout', `${frame.method} ran past its deadline.`, true)),
      frame.deadlineMs,
    );
    try {
      if (!this.options.handle) throw new BridgeError('unknown-method', `This end answers no calls (${frame.method}).`, false);
      const value = await this.options.handle({
        id: frame.id,
        method: frame.method,
        params: frame.params,
        session: frame.session,
        device: frame.device,
        signal: controller.signal,
        deadlineMs: frame.deadlineMs,
      });
      if (this.incoming.has(frame.id) && !controller.signal.aborted)
        this.send({ type: 'result', id: frame.id, ok: true, value: value ?? null });
    } catch (error) {
      if (this.incoming.has(frame.id)) this.send({ type: 'result', id: frame.id, ok: false, error: toWire(error) });
    } finally {
      clearTimeout(timer);
      this.incoming.delete(frame.id);
    }
  }
}
