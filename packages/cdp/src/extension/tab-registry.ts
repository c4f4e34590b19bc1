// Which tabs this extension opened itself, shared by every ExtensionBrowser of one service
// worker (a task's, research's search browser, a host session's, the recorder's). A task's
// browser holds a blank new tab with no opener until it knows whose it is: Chrome names a
// "noopener" popup's address a moment after it creates the tab, while a tab the extension
// opens says so as its chrome.tabs.create returns (markOpenedHere). One registry, made by
// the background's root and given to each browser; it forgets a tab when the tab closes.

/** A chrome.events.Event, as far as this package uses it. */
export interface ChromeEvent<T> {
  addListener(listener: T): void;
  removeListener(listener: T): void;
}

/** The slice of chrome.tabs the registry follows (the extension passes chrome.tabs). */
export interface TabClosings {
  onRemoved: ChromeEvent<(tabId: number) => void>;
}

/** How long a blank new tab may take to be claimed as the extension's own before it is taken for a popup. */
export const OWN_TAB_GRACE_MS = 150;

export class TabRegistry {
  /** Tabs this extension opened itself (any ExtensionBrowser, or markOpenedHere): never a page's popup. */
  private readonly openedHere = new Set<number>();
  /** Running tasks' browsers waiting to hear whether a blank new tab is the extension's own: each frees it. */
  private readonly waiting = new Map<number, Set<() => Promise<void>>>();

  constructor(tabs: TabClosings) {
    tabs.onRemoved.addListener(this.forget);
  }

  /** Says a tab was opened by the extension itself (chrome.tabs.create), and waits until running tasks let it load. */
  async markOpenedHere(tabId: number): Promise<void> {
    this.openedHere.add(tabId);
    const waiters = this.waiting.get(tabId);
    this.waiting.delete(tabId);
    await Promise.all([...(waiters ?? [])].map((free) => free().catch(() => undefined)));
  }

  /**
   * A blank tab with no opener appeared while a task runs: `free` it at once if the extension
   * opened it, or as soon as the extension says so; if nobody claims it within
   * OWN_TAB_GRACE_MS, it is a page's popup (`popup`).
   */
  whenKnown(tabId: number, free: () => Promise<void>, popup: () => void): void {
    let decided = false;
    const claim = (): Promise<void> => {
      decided = true;
      return free();
    };
    if (this.openedHere.has(tabId)) {
      void claim().catch(() => undefined);
      return;
    }
    this.waiting.set(tabId, (this.waiting.get(tabId) ?? new Set()).add(claim));
    setTimeout(() => {
      this.waiting.get(tabId)?.delete(claim);
      if (this.waiting.get(tabId)?.size === 0) this.waiting.delete(tabId);
      if (!decided) popup();
    }, OWN_TAB_GRACE_MS);
  }

  /** A closed tab is nobody's any more (Chrome does not reuse tab ids within a session, but the set would only grow). */
  readonly forget = (tabId: number): void => {
    this.openedHere.delete(tabId);
    this.waiting.delete(tabId);
  };
}
