import type { CdpSession } from '../connection';

/** Counts requests in flight, for "wait until the network is idle". */
export class NetworkTracker {
  private readonly inFlight = new Set<string>();
  private lastActivity = Date.now();

  constructor(session: CdpSession) {
    const done = (requestId: string) => {
      this.inFlight.delete(requestId);
      this.lastActivity = Date.now();
    };
    session.on('Network.requestWillBeSent', ({ requestId, request }) => {
      if (request.url.startsWith('data:')) return;
      this.inFlight.add(requestId);
      this.lastActivity = Date.now();
    });
    session.on('Network.loadingFinished', ({ requestId }) => done(requestId));
    session.on('Network.loadingFailed', ({ requestId }) => done(requestId));
    session.on('Network.webSocketCreated', ({ requestId }) => done(requestId));
    session.on('Page.frameNavigated', ({ frame }) => {
      if (!frame.parentId) this.inFlight.clear();
    });
  }

  /** Idle: nothing in flight, and nothing started or finished for `quietMs`. */
  idleFor(quietMs: number): boolean {
    return this.inFlight.size === 0 && Date.now() - this.lastActivity >= quietMs;
  }

  get pending(): number {
    return this.inFlight.size;
  }
}
