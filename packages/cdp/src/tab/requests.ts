import { pageData, type RequestGuard, type RequestVerdict } from '@wayfinder/core';
import type { Protocol } from 'devtools-protocol';
import type { CdpSession } from '../connection';

// Every request a tab makes, and every request its frames make (out-of-process ones through
// their own sessions), paused at the network layer and put to the browser's request guard
// before it leaves: where the browser actually goes — a redirect, a form posted elsewhere,
// a frame, a page's own script — is decided there, not from what a tool call asked for.
// Interception is on only while a guard is set (it costs a round trip per request). A
// request held for its guard's answer fails when that guard goes (the task ended, was
// stopped, the guard was replaced): it never goes out because nobody said no in time.

const PATTERNS: Protocol.Fetch.EnableRequest = { patterns: [{ urlPattern: '*', requestStage: 'Request' }] };

/** A request paused while `guard` decides; `end` stops the wait when it fails without an answer. */
interface Held {
  session: CdpSession;
  requestId: string;
  url: string;
  guard: RequestGuard;
  over: boolean;
  end: () => void;
}

export class RequestGate {
  private readonly sessions = new Set<CdpSession>();
  private enabled = false;
  /** What was stopped since the last drain, as sentences for the action's result. */
  private stopped: string[] = [];
  /** Decisions still waiting (a person being asked): an action's result waits for them. */
  private readonly deciding = new Set<Promise<void>>();
  /** Requests paused while their guard decides, with that guard (failed at once if it goes). */
  private readonly held = new Set<Held>();

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

  /**
   * Matches the browser's guard now: requests held by a guard that is gone fail first (Chrome
   * would let them go when interception stops), then interception is turned on or off.
   */
  sync(): Promise<void> {
    const current = this.guard();
    const stale = [...this.held].filter((h) => h.guard !== current);
    // With nothing to fail, interception changes in this same turn: a new tab sends Fetch.enable
    // before the resume that lets its first request go (CdpTab.attach sends them together).
    if (stale.length === 0) return this.intercept(current !== null);
    return Promise.all(stale.map((h) => this.failHeld(h, 'the task ended before it was allowed'))).then(() =>
      this.intercept(this.guard() !== null),
    );
  }

  private intercept(want: boolean): Promise<void> {
    if (want === this.enabled) return Promise.resolve();
    this.enabled = want;
    return Promise.all(
      [...this.sessions].map((session) =>
        (want ? session.send('Fetch.enable', PATTERNS) : session.send('Fetch.disable')).catch(() => undefined),
      ),
    ).then(() => undefined);
  }

  private async decide(session: CdpSession, event: Protocol.Fetch.RequestPausedEvent): Promise<void> {
    const { requestId, request, resourceType } = event;
    const guard = this.guard();
    const navigation = resourceType === 'Document';
    let verdict: RequestVerdict = { allow: true };
    if (guard && /^https?:/i.test(request.url)) {
      let end: () => void = () => undefined;
      const gone = new Promise<null>((resolve) => {
        end = () => resolve(null);
      });
      const hold: Held = { session, requestId, url: request.url, guard, over: false, end };
      this.held.add(hold);
      const topFrame = navigation && session === this.root && event.frameId === (await this.mainFrame().catch(() => ''));
      try {
        const body = bodyOf(request);
        // The guard's answer, or nothing once the request has failed because its guard went.
        const answer = await Promise.race([
          guard({
            tabId: this.tabId,
            url: request.url,
            method: request.method,
            resourceType,
            navigation,
            topFrame,
            ...(body ? { body } : {}),
          }),
          gone,
        ]);
        if (answer) verdict = answer;
      } catch (error) {
        verdict = { allow: false, reason: `the request could not be checked (${error instanceof Error ? error.message : String(error)})` };
      } finally {
        this.held.delete(hold);
      }
      // Its guard went while it waited: it has failed already.
      if (hold.over) return;
      if (this.guard() !== guard) {
        await this.failHeld(hold, 'the task ended before it was allowed');
        return;
      }
    }
    if (verdict.allow) {
      await session.send('Fetch.continueRequest', { requestId });
      return;
    }
    if (navigation || resourceType === 'XHR' || resourceType === 'Fetch' || request.method !== 'GET')
      this.stopped.push(`Wayfinder stopped the page from loading ${pageData(shortUrl(request.url))}: ${verdict.reason}`);
    await session.send('Fetch.failRequest', { requestId, errorReason: 'BlockedByClient' });
  }

  /**
   * A download the page started (the browser reports it; the file waits in a private place
   * meanwhile): put to the guard like a request. Resolves whether it may be kept; what was
   * decided is reported with the action, which waits for the decision.
   */
  download(url: string, filename: string): Promise<boolean> {
    const decision = (async () => {
      // Called only while a task's guard is set; if it has gone meanwhile, nobody is left to ask.
      const guard = this.guard();
      let verdict: RequestVerdict = { allow: false, reason: 'the task ended before anyone could be asked' };
      if (guard) {
        try {
          verdict = await guard({
            tabId: this.tabId,
            url,
            method: 'GET',
            resourceType: 'Download',
            navigation: false,
            topFrame: false,
            filename,
          });
        } catch (error) {
          verdict = {
            allow: false,
            reason: `the download could not be checked (${error instanceof Error ? error.message : String(error)})`,
          };
        }
      }
      this.stopped.push(
        verdict.allow
          ? `The page downloaded ${pageData(filename, 80)} from ${pageData(shortUrl(url))}; it was kept.`
          : `Wayfinder stopped the page from downloading ${pageData(filename, 80)} from ${pageData(shortUrl(url))}: ${verdict.reason}`,
      );
      return verdict.allow;
    })();
    const done = decision.then(() => undefined);
    this.deciding.add(done);
    void done.finally(() => this.deciding.delete(done));
    return decision;
  }

  /** Fails a held request (once), saying why in the action's result. */
  private async failHeld(hold: Held, why: string): Promise<void> {
    if (hold.over) return;
    hold.over = true;
    hold.end();
    this.stopped.push(`Wayfinder stopped the page from loading ${pageData(shortUrl(hold.url))}: ${why}.`);
    await hold.session.send('Fetch.failRequest', { requestId: hold.requestId, errorReason: 'BlockedByClient' }).catch(() => undefined);
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

/** The most of a request's body the guard reads (an upload's bytes beyond it are not text worth checking). */
const BODY_LIMIT = 512 * 1024;

/** What a request sends, as text (form fields, JSON, multipart parts). */
function bodyOf(request: Protocol.Network.Request): string {
  const entries = request.postDataEntries ?? [];
  // eslint-disable-next-line @typescript-eslint/no-deprecated -- still the only field some requests fill
  if (!entries.length) return (request.postData ?? '').slice(0, BODY_LIMIT);
  const decoder = new TextDecoder();
  let text = '';
  for (const entry of entries) {
    if (!entry.bytes || text.length >= BODY_LIMIT) continue;
    try {
      text += decoder.decode(Uint8Array.from(atob(entry.bytes.slice(0, Math.ceil(BODY_LIMIT / 3) * 4)), (c) => c.charCodeAt(0)));
    } catch {
      // Not base64 after all: nothing readable in this part.
    }
  }
  return text.slice(0, BODY_LIMIT);
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
