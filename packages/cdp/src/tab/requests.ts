import type { RequestGuard, RequestVerdict } from '@wayfinder/core';
import type { Protocol } from 'devtools-protocol';
import type { CdpSession } from '../connection';

// Every request a tab makes, and every request its frames make (out-of-process ones through
// their own sessions), paused at the network layer and put to the browser's request guard
// before it leaves: where the browser actually goes — a redirect, a form posted elsewhere,
// a frame, a page's own script — is decided there, not from what a tool call asked for.
// Interception is on only while a guard is set (it costs a round trip per request).

const PATTERNS: Protocol.Fetch.EnableRequest = { patterns: [{ urlPattern: '*', requestStage: 'Request' }] };

export class RequestGate {
  private readonly sessions = new Set<CdpSession>();
  private enabled = false;
  /** What was stopped since the last drain, as sentences for the action's result. */
  private stopped: string[] = [];
  /** Decisions still waiting (a person being asked): an action's result waits for them. */
  private readonly deciding = new Set<Promise<void>>();

  constructor(
    private readonly root: CdpSession,
    private readonly tabId: string,
    private readonly guard: () => RequestGuard | null,
    private readonly mainFrame: () => Promise<string>,
  ) {
    this.follow(root);
  }

  private follow(session: CdpSession): void {
    this.sessions.add(session);
    session.onClose(() => this.sessions.delete(session));
    session.on('Fetch.requestPaused', (event) => {
      const decision = this.decide(session, event).catch(() => undefined);
      this.deciding.add(decision);
      void decision.finally(() => this.deciding.delete(decision));
    });
    session.on('Target.attachedToTarget', ({ sessionId, targetInfo }) => {
      if (targetInfo.type !== 'iframe') return;
      const child = session.child(sessionId);
      if (this.sessions.has(child)) return;
      this.follow(child);
      if (this.enabled) child.send('Fetch.enable', PATTERNS).catch(() => undefined);
    });
  }

  /** Turns interception on or off to match whether the browser has a guard now. */
  async sync(): Promise<void> {
    const want = this.guard() !== null;
    if (want === this.enabled) return;
    this.enabled = want;
    await Promise.all(
      [...this.sessions].map((session) =>
        (want ? session.send('Fetch.enable', PATTERNS) : session.send('Fetch.disable')).catch(() => undefined),
      ),
    );
  }

  private async decide(session: CdpSession, event: Protocol.Fetch.RequestPausedEvent): Promise<void> {
    const { requestId, request, resourceType } = event;
    const guard = this.guard();
    const navigation = resourceType === 'Document';
    let verdict: RequestVerdict = { allow: true };
    if (guard && /^https?:/i.test(request.url)) {
      const topFrame = navigation && session === this.root && event.frameId === (await this.mainFrame().catch(() => ''));
      try {
        verdict = await guard({ tabId: this.tabId, url: request.url, method: request.method, resourceType, navigation, topFrame });
      } catch (error) {
        verdict = { allow: false, reason: `the request could not be checked (${error instanceof Error ? error.message : String(error)})` };
      }
    }
    if (verdict.allow) {
      await session.send('Fetch.continueRequest', { requestId });
      return;
    }
    if (navigation || resourceType === 'XHR' || resourceType === 'Fetch' || request.method !== 'GET')
      this.stopped.push(`Wayfinder stopped the page from loading ${shortUrl(request.url)}: ${verdict.reason}`);
    await session.send('Fetch.failRequest', { requestId, errorReason: 'BlockedByClient' });
  }

  /** Waits for decisions in progress (a person answering whether the page may go somewhere). */
  async settled(): Promise<void> {
    while (this.deciding.size) await Promise.all([...this.deciding]);
  }

  /** What was stopped since the last call. */
  drain(): string[] {
    const out = this.stopped;
    this.stopped = [];
    return out;
  }
}

/** An address short enough for a sentence: scheme, host and path, without the query. */
function shortUrl(url: string): string {
  try {
    const u = new URL(url);
    const path = u.pathname.length > 60 ? `${u.pathname.slice(0, 59)}…` : u.pathname;
    return `${u.protocol}//${u.host}${path}`;
  } catch {
    return url.slice(0, 80);
  }
}
