import type { CdpSession } from '../connection';

// Counts requests in flight: for "wait until the network is idle", and so that an action
// that starts requests (a click that fetches the next view) reports the page after they
// land, not the half-rendered page in between.

/** Request types an action's result waits for; images, beacons and streams do not hold it up. */
const AWAITED = new Set(['Document', 'XHR', 'Fetch', 'Script']);

export class NetworkTracker {
  private readonly inFlight = new Set<string>();
  /** Awaited requests in flight, with the time each started. */
  private readonly awaited = new Map<string, number>();
  private lastActivity = Date.now();
  private lastAwaited = 0;

  constructor(session: CdpSession) {
    const done = (requestId: string) => {
      this.inFlight.delete(requestId);
      if (this.awaited.delete(requestId)) this.lastAwaited = Date.now();
      this.lastActivity = Date.now();
    };
    session.on('Network.requestWillBeSent', ({ requestId, request, type }) => {
      if (request.url.startsWith('data:')) return;
      this.inFlight.add(requestId);
      this.lastActivity = Date.now();
      if (type && AWAITED.has(type)) {
        this.awaited.set(requestId, this.lastActivity);
        this.lastAwaited = this.lastActivity;
      }
    });
    // An answer counts for the awaited set: a fetch whose body the page never reads never finishes loading.
    session.on('Network.responseReceived', ({ requestId }) => {
      if (this.awaited.delete(requestId)) this.lastAwaited = Date.now();
    });
    session.on('Network.loadingFinished', ({ requestId }) => done(requestId));
    session.on('Network.loadingFailed', ({ requestId }) => done(requestId));
    session.on('Network.webSocketCreated', ({ requestId }) => done(requestId));
    session.on('Page.frameNavigated', ({ frame }) => {
      if (frame.parentId) return;
      this.inFlight.clear();
      this.awaited.clear();
    });
  }

  /** Idle: nothing in flight, and nothing started or finished for `quietMs`. */
  idleFor(quietMs: number): boolean {
    return this.inFlight.size === 0 && Date.now() - this.lastActivity >= quietMs;
  }

  /**
   * Settled after `since`: no awaited request started since then is open, and none has
   * started or finished for `quietMs` (time for the page to render what arrived). `loadedAt`:
   * a new page's load event, after which it gets `quietMs` too — its scripts often ask for
   * its data only then (a React effect after the first paint, a fetch on `load`).
   */
  settledSince(since: number, quietMs: number, loadedAt = 0): boolean {
    for (const started of this.awaited.values()) if (started >= since) return false;
    const last = Math.max(this.lastAwaited, loadedAt);
    return last < since || Date.now() - last >= quietMs;
  }

  get pending(): number {
    return this.inFlight.size;
  }
}
