import type { ProtocolMapping } from 'devtools-protocol/types/protocol-mapping.js';
import { protocolError, targetClosed, timedOut } from './errors';
import type { CdpTransport } from './transport';

// One connection per transport, many sessions over it (flattened sessions: every
// message carries its sessionId). Every call has a timeout; when the transport closes or
// a session detaches, every call still waiting is rejected with a readable error.

export type Commands = ProtocolMapping.Commands;
export type Events = ProtocolMapping.Events;
export type CommandParams<M extends keyof Commands> = Commands[M]['paramsType'];
export type CommandResult<M extends keyof Commands> = Commands[M]['returnType'];
export type EventParams<E extends keyof Events> = Events[E][0];

const DEFAULT_TIMEOUT_MS = 30_000;

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  method: string;
  sessionId: string;
  timer: ReturnType<typeof setTimeout>;
}

interface Incoming {
  id?: number;
  method?: string;
  params?: unknown;
  result?: unknown;
  error?: { message: string; data?: string };
  sessionId?: string;
}

type Handler = (params: unknown) => void;

export class CdpSession {
  private readonly handlers = new Map<string, Set<Handler>>();
  private closedReason: string | null = null;

  constructor(
    private readonly connection: Connection,
    readonly id: string,
  ) {}

  get closed(): boolean {
    return this.closedReason !== null;
  }

  /** Another session on the same connection (a target this one auto-attached, flattened). */
  child(sessionId: string): CdpSession {
    return this.connection.session(sessionId);
  }

  send<M extends keyof Commands>(method: M, ...params: CommandParams<M>): Promise<CommandResult<M>> {
    return this.sendWithTimeout(method, params[0], DEFAULT_TIMEOUT_MS);
  }

  sendWithTimeout<M extends keyof Commands>(method: M, params: CommandParams<M>[0], timeoutMs: number): Promise<CommandResult<M>> {
    if (this.closedReason !== null) return Promise.reject(targetClosed(method, this.closedReason));
    // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- the browser's reply to M is typed by the protocol definition
    return this.connection.rawSend(method, params, this.id, timeoutMs) as Promise<CommandResult<M>>;
  }

  /** Subscribes to an event; returns the function that unsubscribes. */
  on<E extends keyof Events>(event: E, handler: (params: EventParams<E>) => void): () => void {
    let set = this.handlers.get(event);
    if (!set) {
      set = new Set();
      this.handlers.set(event, set);
    }
    // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- events are dispatched by name, so params match E
    const h = handler as Handler;
    set.add(h);
    return () => set.delete(h);
  }

  /** Resolves with the first event that matches, or rejects after `timeoutMs` / on close. */
  waitFor<E extends keyof Events>(event: E, predicate: (params: EventParams<E>) => boolean, timeoutMs: number): Promise<EventParams<E>> {
    return new Promise((resolve, reject) => {
      const off = this.on(event, (params) => {
        if (!predicate(params)) return;
        cleanup();
        resolve(params);
      });
      const offClose = this.onClose((reason) => {
        cleanup();
        reject(targetClosed(`waiting for ${event}`, reason));
      });
      const timer = setTimeout(() => {
        cleanup();
        reject(timedOut(`waiting for ${event}`, timeoutMs));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        off();
        offClose();
      };
    });
  }

  private readonly closeHandlers = new Set<(reason: string) => void>();

  onClose(handler: (reason: string) => void): () => void {
    this.closeHandlers.add(handler);
    return () => this.closeHandlers.delete(handler);
  }

  /** @internal */
  dispatch(method: string, params: unknown): void {
    const set = this.handlers.get(method);
    if (!set) return;
    for (const handler of [...set]) {
      try {
        handler(params);
      } catch (error) {
        console.error(`wayfinder: a handler for ${method} threw`, error);
      }
    }
  }

  /** @internal */
  markClosed(reason: string): void {
    if (this.closedReason !== null) return;
    this.closedReason = reason;
    for (const handler of [...this.closeHandlers]) handler(reason);
    this.closeHandlers.clear();
    this.handlers.clear();
  }
}

export class Connection {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly sessions = new Map<string, CdpSession>();
  private closedReason: string | null = null;
  private readonly timeoutListeners = new Set<(method: string, sessionId: string) => void>();
  /** The browser-level session (no sessionId). */
  readonly root: CdpSession;

  constructor(private readonly transport: CdpTransport) {
    this.root = new CdpSession(this, '');
    this.sessions.set('', this.root);
    transport.onmessage = (message) => this.onMessage(message);
    transport.onclose = (reason) => this.onClose(reason);
  }

  get closed(): boolean {
    return this.closedReason !== null;
  }

  /** Tells `listener` of every call that got no answer within its deadline (a host watching for a stalled page); returns the unsubscribe. */
  onTimeout(listener: (method: string, sessionId: string) => void): () => void {
    this.timeoutListeners.add(listener);
    return () => this.timeoutListeners.delete(listener);
  }

  /** The session with this id, created on first use (for targets attached with flatten). */
  session(sessionId: string): CdpSession {
    let session = this.sessions.get(sessionId);
    if (!session) {
      session = new CdpSession(this, sessionId);
      this.sessions.set(sessionId, session);
    }
    return session;
  }

  rawSend(method: string, params: unknown, sessionId: string, timeoutMs: number): Promise<unknown> {
    if (this.closedReason !== null) return Promise.reject(targetClosed(method, this.closedReason));
    const id = this.nextId++;
    const message: Record<string, unknown> = { id, method, params: params ?? {} };
    if (sessionId) message.sessionId = sessionId;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(timedOut(method, timeoutMs));
        for (const listener of [...this.timeoutListeners]) listener(method, sessionId);
      }, timeoutMs);
      this.pending.set(id, { resolve, reject, method, sessionId, timer });
      try {
        this.transport.send(JSON.stringify(message));
      } catch (error) {
        clearTimeout(timer);
        this.pending.delete(id);
        reject(targetClosed(method, error instanceof Error ? error.message : String(error)));
      }
    });
  }

  private onMessage(raw: string): void {
    let message: Incoming;
    try {
      const parsed: unknown = JSON.parse(raw);
      if (typeof parsed !== 'object' || parsed === null) return;
      message = parsed;
    } catch {
      console.error('wayfinder: unparseable CDP message dropped');
      return;
    }
    if (typeof message.id === 'number') {
      const pending = this.pending.get(message.id);
      if (!pending) return;
      this.pending.delete(message.id);
      clearTimeout(pending.timer);
      if (message.error) pending.reject(protocolError(pending.method, message.error.message, message.error.data));
      else pending.resolve(message.result);
      return;
    }
    if (typeof message.method !== 'string') return;
    if (message.method === 'Target.detachedFromTarget') {
      const params = message.params;
      if (typeof params === 'object' && params !== null && 'sessionId' in params && typeof params.sessionId === 'string') {
        this.closeSession(params.sessionId, 'the target detached');
      }
    }
    this.sessions.get(message.sessionId ?? '')?.dispatch(message.method, message.params);
  }

  private closeSession(sessionId: string, reason: string): void {
    for (const [id, pending] of this.pending) {
      if (pending.sessionId !== sessionId) continue;
      this.pending.delete(id);
      clearTimeout(pending.timer);
      pending.reject(targetClosed(pending.method, reason));
    }
    this.sessions.get(sessionId)?.markClosed(reason);
    this.sessions.delete(sessionId);
  }

  private onClose(reason: string): void {
    if (this.closedReason !== null) return;
    this.closedReason = reason;
    for (const [id, pending] of this.pending) {
      this.pending.delete(id);
      clearTimeout(pending.timer);
      pending.reject(targetClosed(pending.method, reason));
    }
    for (const session of this.sessions.values()) session.markClosed(reason);
  }

  close(): void {
    this.onClose('the connection was closed');
    this.transport.close();
  }
}
