import type { CdpSession } from '../connection';

// Counts requests in flight: for "wait until the network is idle", and so that an action
// that starts requests (a click that fetches the next view) reports the page after they
// land, not the half-rendered page in between.

/** How long an action waits for the requests it started (then reports the page as it is). */
const REQUEST_WAIT_MS = 3_000;
/** Quiet time after the last request, for the page to render what arrived. */
const RENDER_QUIET_MS = 60;

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

  /** When an awaited request last started or was answered (Date.now()), 0 before any. */
  get lastAwaitedAt(): number {
    return this.lastAwaited;
  }

  get pending(): number {
    return this.inFlight.size;
  }
}

export interface AfterAction {
  /** When the action began (Date.now()). */
  since: number;
  /** It loaded a new document, whose load event came at `loadedAt`. */
  navigated: boolean;
  loadedAt: number;
  /** What the caller needs (core's ActOptions): `rendered` for a model's read, `loaded` for a replay. */
  settle: 'rendered' | 'loaded';
  closed: () => boolean;
}

/**
 * Waits (briefly) for the requests an action started to land and the page to render them.
 * `rendered`: a new page (its load event) is given a quiet moment to ask for its data first.
 * `loaded`: no quiet moment after a new page's load (the caller looks for what it needs
 * itself); on the page, an action that started no request yet gets one frame to start one, and
 * what it fetched has landed and had a frame to render — and what that started, in turn.
 * `frame(n)` resolves after the page has rendered n frames.
 */
export async function afterRequests(
  network: NetworkTracker,
  frame: (frames: number) => Promise<unknown>,
  after: AfterAction,
): Promise<void> {
  const { since, navigated } = after;
  const deadline = Date.now() + REQUEST_WAIT_MS;
  const landed = async (quietMs: number, loadedAt: number) => {
    while (!network.settledSince(since, quietMs, loadedAt) && Date.now() < deadline && !after.closed())
      await new Promise((resolve) => setTimeout(resolve, 15));
  };
  if (after.settle === 'rendered') {
    // Handlers often fetch a beat later (React effects run after paint): let frames pass first.
    // (A new page gets its quiet moment after its load event instead.)
    if (!navigated) await frame(2);
    return landed(RENDER_QUIET_MS, after.loadedAt);
  }
  // One frame, not two: a replay's next step waits for its own target (a list an observer loads after the first frame too).
  if (!navigated && network.lastAwaitedAt < since) await frame(1);
  await landed(0, 0);
  if (navigated) return;
  for (let rounds = 0; rounds < 3 && network.lastAwaitedAt >= since && Date.now() < deadline; rounds++) {
    const before = network.lastAwaitedAt;
    await frame(1);
    await landed(0, 0);
    if (network.lastAwaitedAt === before) return;
  }
}
