import { Connection } from '../connection';
import type { CdpTransport } from '../transport';

// The extension's transport: chrome.debugger attached to one tab. chrome.debugger calls
// and callbacks are turned into the same JSON messages a CDP WebSocket carries, so the
// Connection above is the same code in the extension and in Node. Child sessions (frames
// from other sites, auto-attached flat) travel as `sessionId` on the debuggee.

/** The slice of chrome.debugger this transport uses (the extension passes chrome.debugger). */
export interface DebuggerApi {
  attach(target: { tabId: number }, version: string): Promise<void>;
  detach(target: { tabId: number }): Promise<void>;
  sendCommand(target: { tabId: number; sessionId?: string }, method: string, params?: object): Promise<object | undefined>;
  onEvent: DebuggerEvent<(source: { tabId?: number; sessionId?: string }, method: string, params?: object) => void>;
  onDetach: DebuggerEvent<(source: { tabId?: number }, reason: string) => void>;
}

interface DebuggerEvent<T> {
  addListener(listener: T): void;
  removeListener(listener: T): void;
}

interface Outgoing {
  id: number;
  method: string;
  params?: object;
  sessionId?: string;
}

function parseOutgoing(message: string): Outgoing | null {
  const parsed: unknown = JSON.parse(message);
  if (typeof parsed !== 'object' || parsed === null || !('id' in parsed) || !('method' in parsed)) return null;
  const { id, method } = parsed;
  if (typeof id !== 'number' || typeof method !== 'string') return null;
  const out: Outgoing = { id, method };
  if ('params' in parsed && typeof parsed.params === 'object' && parsed.params !== null) out.params = parsed.params;
  if ('sessionId' in parsed && typeof parsed.sessionId === 'string' && parsed.sessionId) out.sessionId = parsed.sessionId;
  return out;
}

export class DebuggerTransport implements CdpTransport {
  onmessage: ((message: string) => void) | null = null;
  onclose: ((reason: string) => void) | null = null;
  private closed = false;

  private readonly onEvent = (source: { tabId?: number; sessionId?: string }, method: string, params?: object) => {
    if (source.tabId !== this.tabId || this.closed) return;
    this.onmessage?.(JSON.stringify({ method, params: params ?? {}, ...(source.sessionId ? { sessionId: source.sessionId } : {}) }));
  };

  private readonly onDetach = (source: { tabId?: number }, reason: string) => {
    if (source.tabId !== this.tabId) return;
    this.finish(
      reason === 'target_closed'
        ? 'the tab closed'
        : reason === 'canceled_by_user'
          ? 'the user stopped debugging (the bar at the top of the tab)'
          : `the debugger detached (${reason})`,
    );
  };

  private constructor(
    private readonly api: DebuggerApi,
    readonly tabId: number,
  ) {
    api.onEvent.addListener(this.onEvent);
    api.onDetach.addListener(this.onDetach);
  }

  /** Attaches the debugger to a tab. Fails readably when Chrome refuses (chrome:// pages, another debugger). */
  static async attach(api: DebuggerApi, tabId: number): Promise<DebuggerTransport> {
    try {
      await api.attach({ tabId }, '1.3');
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(
        `Could not attach the debugger to tab ${tabId}: ${reason}. Chrome does not allow it on chrome:// pages, the Web Store, or a tab another debugger (DevTools) is using.`,
        { cause: error },
      );
    }
    return new DebuggerTransport(api, tabId);
  }

  send(message: string): void {
    if (this.closed) throw new Error('the debugger is detached');
    const outgoing = parseOutgoing(message);
    if (!outgoing) throw new Error('not a CDP command');
    const target = outgoing.sessionId ? { tabId: this.tabId, sessionId: outgoing.sessionId } : { tabId: this.tabId };
    const reply = (body: object) => {
      if (!this.closed)
        this.onmessage?.(JSON.stringify({ id: outgoing.id, ...body, ...(outgoing.sessionId ? { sessionId: outgoing.sessionId } : {}) }));
    };
    this.api.sendCommand(target, outgoing.method, outgoing.params).then(
      (result) => reply({ result: result ?? {} }),
      (error: unknown) => reply({ error: { message: error instanceof Error ? error.message : String(error) } }),
    );
  }

  private finish(reason: string): void {
    if (this.closed) return;
    this.closed = true;
    this.api.onEvent.removeListener(this.onEvent);
    this.api.onDetach.removeListener(this.onDetach);
    this.onclose?.(reason);
  }

  close(): void {
    if (this.closed) return;
    this.api.detach({ tabId: this.tabId }).catch(() => undefined);
    this.finish('the debugger was detached');
  }
}

/** A connection to one tab through chrome.debugger; its root session is the tab's page. */
export async function connectTab(api: DebuggerApi, tabId: number): Promise<Connection> {
  return new Connection(await DebuggerTransport.attach(api, tabId));
}
