import type { CdpSession } from '../connection';

// Watches the main frame while an action runs: did a navigation start, did a new document
// commit, has it loaded. Clicks that navigate are normal; the action waits for the load.

export class NavigationWatch {
  started = false;
  committed = false;
  loaded = false;
  /** When the new document's load event came (Date.now()), 0 before. */
  loadedAt = 0;
  /** A same-document navigation (history.pushState, #anchor). */
  sameDocument = false;
  private readonly offs: (() => void)[] = [];
  private readonly wakers = new Set<() => void>();

  constructor(
    session: CdpSession,
    private readonly mainFrameId: string,
  ) {
    const wake = () => {
      for (const w of [...this.wakers]) w();
    };
    this.offs.push(
      session.on('Page.frameRequestedNavigation', ({ frameId }) => {
        if (frameId === mainFrameId) this.started = true;
        wake();
      }),
      session.on('Page.frameStartedLoading', ({ frameId }) => {
        if (frameId === mainFrameId) this.started = true;
        wake();
      }),
      session.on('Page.frameNavigated', ({ frame, type }) => {
        if (frame.id !== mainFrameId) return;
        this.committed = true;
        if (type === 'BackForwardCacheRestore') this.loaded = true;
        wake();
      }),
      session.on('Page.navigatedWithinDocument', ({ frameId }) => {
        if (frameId === mainFrameId) this.sameDocument = true;
        wake();
      }),
      session.on('Page.lifecycleEvent', ({ frameId, name }) => {
        if (frameId === mainFrameId && name === 'load' && this.committed) {
          this.loaded = true;
          this.loadedAt = Date.now();
        }
        wake();
      }),
      session.on('Page.frameStoppedLoading', ({ frameId }) => {
        // A navigation that was cancelled or failed stops without loading.
        if (frameId === mainFrameId && this.started && !this.committed) this.started = false;
        wake();
      }),
    );
  }

  /** Resolves when `done()` holds, or after `ms`; says which. */
  until(done: () => boolean, ms: number): Promise<boolean> {
    if (done()) return Promise.resolve(true);
    return new Promise((resolve) => {
      const finish = (ok: boolean) => {
        clearTimeout(timer);
        this.wakers.delete(check);
        resolve(ok);
      };
      const check = () => {
        if (done()) finish(true);
      };
      const timer = setTimeout(() => finish(false), ms);
      this.wakers.add(check);
    });
  }

  /**
   * After input: give a navigation a moment to start (a click's handler may navigate a
   * beat later), then wait for it to load. Returns false when loading ran out of time.
   */
  async settle(graceMs: number, loadTimeoutMs: number): Promise<boolean> {
    await this.until(() => this.started || this.committed, graceMs);
    if (!this.started && !this.committed) return true;
    return this.until(() => this.loaded || (this.committed && !this.started) || (!this.started && !this.committed), loadTimeoutMs);
  }

  dispose(): void {
    for (const off of this.offs) off();
    this.wakers.clear();
  }
}
