import type { ExtensionBrowser } from '@wayfinder/cdp/extension';

// The tasks running in this worker: what cannot be stored (the running promise's abort
// controller, its browser with the debugger sessions, a pause the person holds). The
// truth about each — its state after every step, what it waits for — is in IndexedDB.

export interface LiveTask {
  id: string;
  conversationId: string;
  controller: AbortController;
  browser: ExtensionBrowser;
  /** Held between steps by the person; `release` lets the held step go on. */
  paused: boolean;
  release: (() => void) | null;
}

export class LiveTasks {
  private readonly live = new Map<string, LiveTask>();
  /** When the last task ended (downloads its pages started arrive a moment later). */
  private ended = 0;

  get(taskId: string): LiveTask | undefined {
    return this.live.get(taskId);
  }

  has(taskId: string): boolean {
    return this.live.has(taskId);
  }

  get size(): number {
    return this.live.size;
  }

  all(): LiveTask[] {
    return [...this.live.values()];
  }

  add(task: LiveTask): void {
    this.live.set(task.id, task);
  }

  /** The task ended in this worker. */
  remove(taskId: string): void {
    this.live.delete(taskId);
    this.ended = Date.now();
  }

  /** When the last task ended here (0: none yet). */
  get lastEnded(): number {
    return this.ended;
  }

  /** Holds a running task before its next step, or lets it go on; false when it is not running here. */
  pause(taskId: string, paused: boolean): LiveTask | null {
    const live = this.live.get(taskId);
    if (!live) return null;
    live.paused = paused;
    if (!paused) {
      live.release?.();
      live.release = null;
    }
    return live;
  }

  /** Resolves when the task may take its next step: at once, or when resumed or stopped. */
  held(live: LiveTask): Promise<void> {
    if (!live.paused || live.controller.signal.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      live.release = resolve;
      live.controller.signal.addEventListener('abort', () => resolve(), { once: true });
    });
  }
}
