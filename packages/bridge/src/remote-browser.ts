import {
  BrowserError,
  type Action,
  type ActOptions,
  type ActionOutcome,
  type Browser,
  isConfirmAnswer,
  type ConfirmAnswer,
  type ConfirmRequest,
  type DialogDecision,
  type DialogPolicy,
  type ElementFacts,
  type ElementLocator,
  type FindOptions,
  type FoundElement,
  type LocateResult,
  type PageCodeOutcome,
  type PageContent,
  type PageSnapshot,
  type RequestGuard,
  type RequestVerdict,
  type Screenshot,
  type ScreenshotRequest,
  type SnapshotRequest,
  type OpenTabOptions,
  type Tab,
  type TabInfo,
  type WaitCondition,
} from '@wayfinder/core';
import { BridgeError } from './errors';
import type { CallOptions, IncomingCall, Peer } from './peer';
import {
  CALL_DEADLINE_MS,
  CHANGING_TAB_METHODS,
  hostAskingParams,
  hostDialogParams,
  type HostAsking,
  hostRequestParams,
  type SessionOpened,
  type TabMethod,
} from './protocol';

// The host's side of the bridge: core's Browser port, answered by a browser at the other
// end of a link. The host's tools, its MCP server and its skill player use it as they use
// a launched Chromium. Each RemoteBrowser is one host session in that browser (its own
// tabs, grouped there as "Wayfinder (host)", and the browser's own policy for it). The
// host's request guard and dialog policy stay here: the browser asks them (`host.*`).

/** How the host reaches one device: the hub's peer for it, or a local client's peer naming it. */
export interface BridgeLink {
  call<T = unknown>(method: string, params: unknown, options?: CallOptions): Promise<T>;
}

/** A link over `peer`; with `device`, every call names it (a local client's calls go through the hub). */
export function linkTo(peer: Peer, device?: string): BridgeLink {
  return { call: (method, params, options = {}) => peer.call(method, params, device ? { ...options, device } : options) };
}

/** The host's answers to the browser's calls (`host.request`, `host.dialog`), by session. Use as the host peer's `handle`. */
export class HostSessions {
  private readonly open = new Map<string, RemoteBrowser>();

  add(session: string, browser: RemoteBrowser): void {
    this.open.set(session, browser);
  }

  remove(session: string): void {
    this.open.delete(session);
  }

  has(session: string): boolean {
    return this.open.has(session);
  }

  handle = async (call: IncomingCall): Promise<unknown> => {
    const browser = call.session ? this.open.get(call.session) : undefined;
    if (!browser) throw new BridgeError('no-session', `No host session ${call.session ?? '(none named)'} here.`, false);
    return browser.answer(call.method, call.params);
  };
}

/** Generous deadlines for calls that wait on the page by design. */
const SLOW_MS = 45_000;
const CONFIRM_MS = 10 * 60_000;
/**
 * Calls the browser's own rules may put to the person first (acting, going somewhere): they
 * wait as a question does. A browser that went away still fails them at once (the peer's
 * ping, a closed socket); one that is asking tells the host so (`host.asking`).
 */
const PERSON_MS = CONFIRM_MS;

function deadlineFor(method: TabMethod, args: unknown[]): number {
  const asked = (value: unknown): number => (typeof value === 'number' && value > 0 ? value : 0);
  switch (method) {
    case 'waitFor':
      return asked(args[1]) + CALL_DEADLINE_MS;
    case 'runPageCode':
      // Code to run is always put to the person first.
      return asked(args[1]) + PERSON_MS;
    case 'locate': {
      const options = args[1];
      const wait = typeof options === 'object' && options !== null && 'timeoutMs' in options ? asked(options.timeoutMs) : 0;
      return wait + CALL_DEADLINE_MS;
    }
    case 'navigate':
    case 'goBack':
    case 'goForward':
    case 'reload':
    case 'act':
      return PERSON_MS;
    case 'screenshot':
      return SLOW_MS;
    default:
      return CALL_DEADLINE_MS;
  }
}

/** A bridge failure as the tools expect browser failures: a BrowserError with the bridge's sentence. */
function asBrowserError(error: unknown): unknown {
  if (!BridgeError.isInstance(error)) return error;
  const code = error.code === 'timeout' ? 'timeout' : 'unexpected';
  return new BrowserError(code, error.message, error.retryable, { cause: error });
}

export class RemoteBrowser implements Browser {
  private sessionId: string;
  /** The tabs this session works in (opened, adopted, or switched to), kept across a reconnect. */
  private readonly known = new Set<string>();
  private guard: RequestGuard | null = null;
  private dialogs: DialogPolicy | null = null;
  /** Settings sent to the browser (guard on/off, dialogs asked here); calls wait for them. */
  private settings: Promise<unknown> = Promise.resolve();
  private ended = false;
  /**
   * Told when the browser puts a question about this session's call to the person (a card in
   * its side panel): the host says so, and the call waits for their answer (PERSON_MS).
   */
  onAsking: ((asking: HostAsking) => void) | null = null;

  private constructor(
    private readonly link: BridgeLink,
    private readonly sessions: HostSessions,
    private readonly label: string,
    opened: SessionOpened,
  ) {
    this.sessionId = opened.session;
    this.known.add(opened.tab);
    sessions.add(opened.session, this);
  }

  /** Opens a host session in the browser at the other end of `link`. */
  static async open(link: BridgeLink, sessions: HostSessions, label: string): Promise<RemoteBrowser> {
    const opened = await link.call<SessionOpened>('session.open', { label, adopt: [] }).catch((error: unknown) => {
      throw asBrowserError(error);
    });
    return new RemoteBrowser(link, sessions, label, opened);
  }

  get session(): string {
    return this.sessionId;
  }

  /** Ends the session in the browser (its tabs stay; the debugger lets go of them). */
  async close(): Promise<void> {
    if (this.ended) return;
    this.ended = true;
    this.sessions.remove(this.sessionId);
    await this.link.call('session.close', {}, { session: this.sessionId, deadlineMs: 5_000 }).catch(() => undefined);
  }

  /** Asks the person at the browser (a card in its side panel); a dropped connection or no answer is a no. */
  confirmInBrowser(): (request: ConfirmRequest & { tool: string; input: unknown }, signal?: AbortSignal) => Promise<ConfirmAnswer> {
    // A withdrawn question (the host's task ended first) is cancelled in the browser too: the card goes.
    return async (request, signal) => {
      try {
        const answer = await this.call<ConfirmAnswer>('person.confirm', { request }, CONFIRM_MS, signal);
        return isConfirmAnswer(answer) ? answer : 'deny';
      } catch {
        return 'deny';
      }
    };
  }

  /** The browser's calls to the host for this session. */
  async answer(method: string, params: unknown): Promise<unknown> {
    if (method === 'host.request') {
      const parsed = hostRequestParams.safeParse(params);
      if (!parsed.success) throw new BridgeError('bad-params', 'host.request needs a request.', false);
      const verdict: RequestVerdict = this.guard ? await this.guard(parsed.data.request) : { allow: true };
      return verdict;
    }
    if (method === 'host.asking') {
      const parsed = hostAskingParams.safeParse(params);
      if (!parsed.success) throw new BridgeError('bad-params', 'host.asking needs a question.', false);
      this.onAsking?.(parsed.data);
      return null;
    }
    if (method === 'host.dialog') {
      const parsed = hostDialogParams.safeParse(params);
      if (!parsed.success) throw new BridgeError('bad-params', 'host.dialog needs a dialog and its tab.', false);
      const { dialog, tab } = parsed.data;
      const decision: DialogDecision = this.dialogs ? await this.dialogs(dialog, tab) : { accept: dialog.type === 'alert' };
      return decision;
    }
    throw new BridgeError('unknown-method', `The host answers no ${method}.`, false);
  }

  /**
   * One call in this session. When the browser no longer knows the session (its worker
   * restarted), the session is opened again with its tabs and the call sent once more: the
   * browser refused it unseen, so it never ran.
   */
  async call<T>(method: string, params: unknown, deadlineMs = CALL_DEADLINE_MS, signal?: AbortSignal): Promise<T> {
    if (this.ended) throw new BrowserError('unexpected', 'This browser session has ended.', false);
    await this.settings.catch(() => undefined);
    try {
      return await this.link.call<T>(method, params, { session: this.sessionId, deadlineMs, ...(signal ? { signal } : {}) });
    } catch (error) {
      if (!BridgeError.isInstance(error) || error.code !== 'no-session') throw asBrowserError(error);
    }
    await this.reopen();
    try {
      return await this.link.call<T>(method, params, { session: this.sessionId, deadlineMs });
    } catch (error) {
      throw asBrowserError(error);
    }
  }

  private async reopen(): Promise<void> {
    const opened = await this.link
      .call<SessionOpened>('session.open', { label: this.label, adopt: [...this.known] }, { deadlineMs: CALL_DEADLINE_MS })
      .catch((error: unknown) => {
        throw asBrowserError(error);
      });
    this.sessions.remove(this.sessionId);
    this.sessionId = opened.session;
    this.sessions.add(opened.session, this);
    this.known.add(opened.tab);
    // The new session starts with the browser's defaults: send this one's settings again.
    if (this.guard) await this.link.call('browser.setRequestGuard', { enabled: true }, { session: this.sessionId });
    if (this.dialogs) await this.link.call('browser.setDialogPolicy', { host: true }, { session: this.sessionId });
  }

  private tabOf(info: TabInfo): RemoteTab {
    this.known.add(info.id);
    return new RemoteTab(this, info.id);
  }

  async tabs(): Promise<TabInfo[]> {
    return this.call<TabInfo[]>('browser.tabs', {});
  }

  async activeTab(): Promise<Tab> {
    return this.tabOf(await this.call<TabInfo>('browser.activeTab', {}));
  }

  async openTab(url?: string, options: OpenTabOptions = {}): Promise<Tab> {
    const params = { url, background: options.background ?? false, pageScripts: options.pageScripts ?? true };
    return this.tabOf(await this.call<TabInfo>('browser.openTab', params, PERSON_MS));
  }

  async switchTab(id: string): Promise<Tab> {
    return this.tabOf(await this.call<TabInfo>('browser.switchTab', { id }));
  }

  async closeTab(id: string): Promise<void> {
    await this.call('browser.closeTab', { id });
    this.known.delete(id);
  }

  setDialogPolicy(policy: DialogPolicy): void {
    this.dialogs = policy;
    this.settings = this.link.call('browser.setDialogPolicy', { host: true }, { session: this.sessionId }).catch(() => undefined);
  }

  async setRequestGuard(guard: RequestGuard | null): Promise<void> {
    this.guard = guard;
    await this.call('browser.setRequestGuard', { enabled: guard !== null });
  }

  /** A tab method, through the bridge. */
  tabCall<T>(tab: string, method: TabMethod, args: unknown[]): Promise<T> {
    return this.call<T>(`tab.${method}`, { tab, args }, deadlineFor(method, args));
  }
}

/** Whether a tab method may have changed the page (never retried by anyone when the connection dropped under it). */
export function changesPage(method: TabMethod): boolean {
  return CHANGING_TAB_METHODS.includes(method);
}

class RemoteTab implements Tab {
  constructor(
    private readonly browser: RemoteBrowser,
    readonly id: string,
  ) {}

  private run<T>(method: TabMethod, ...args: unknown[]): Promise<T> {
    return this.browser.tabCall<T>(this.id, method, args);
  }

  info(): Promise<TabInfo> {
    return this.run('info');
  }
  navigate(url: string, options?: ActOptions): Promise<ActionOutcome> {
    return this.run('navigate', url, options);
  }
  goBack(): Promise<ActionOutcome> {
    return this.run('goBack');
  }
  goForward(): Promise<ActionOutcome> {
    return this.run('goForward');
  }
  reload(): Promise<ActionOutcome> {
    return this.run('reload');
  }
  snapshot(request?: SnapshotRequest): Promise<PageSnapshot> {
    return this.run('snapshot', request);
  }
  find(query: string, k?: number, options?: FindOptions): Promise<FoundElement[]> {
    return this.run('find', query, k, options);
  }
  extract(options?: { maxChars?: number }): Promise<PageContent> {
    return this.run('extract', options);
  }
  act(ref: string | null, action: Action, options?: ActOptions): Promise<ActionOutcome> {
    return this.run('act', ref, action, options);
  }
  waitFor(condition: WaitCondition, timeoutMs?: number): Promise<string> {
    return this.run('waitFor', condition, timeoutMs);
  }
  describe(ref: string): Promise<ElementFacts> {
    return this.run('describe', ref);
  }
  describeFocused(): Promise<ElementFacts | null> {
    return this.run('describeFocused');
  }
  screenshot(request?: ScreenshotRequest): Promise<Screenshot> {
    return this.run('screenshot', request);
  }
  html(selector?: string, maxChars?: number): Promise<string> {
    return this.run('html', selector, maxChars);
  }
  locate(locators: ElementLocator[], options?: { timeoutMs?: number }): Promise<LocateResult> {
    return this.run('locate', locators, options);
  }
  locatorsOf(ref: string): Promise<ElementLocator[]> {
    return this.run('locatorsOf', ref);
  }
  runPageCode(code: string, timeoutMs: number): Promise<PageCodeOutcome> {
    return this.run('runPageCode', code, timeoutMs);
  }
}
