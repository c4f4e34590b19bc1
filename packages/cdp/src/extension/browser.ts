import { BrowserError, type Browser, type DialogPolicy, type OpenTabOptions, type RequestGuard, type TabInfo } from '@wayfinder/core';
import type { Connection } from '../connection';
import { CdpError } from '../errors';
import type { RecordingBrowser } from '../recorder/recorder';
import { pageAnswers, StallWatch } from '../stalls';
import { CdpTab } from '../tab/cdp-tab';
import { DEFAULT_DIALOG_POLICY } from '../tab/dialogs';
import { toBrowserError } from '../tab/errors';
import type { TabHost, TabOptions } from '../tab/host';
import { connectTab, type DebuggerApi } from './debugger-transport';
import type { ChromeEvent, TabRegistry } from './tab-registry';

// core's Browser port inside the extension: chrome.tabs for the tabs, chrome.debugger for
// each tab the task touches (attached on first use, detached when the task ends). The
// task keeps working in "its" tab; it starts in the tab the person is looking at.

/** The slice of a chrome.tabs.Tab this needs. */
export interface ChromeTab {
  id?: number;
  url?: string;
  pendingUrl?: string;
  title?: string;
  active: boolean;
  openerTabId?: number;
  lastAccessed?: number;
}

/** The slice of chrome.tabs this uses (the extension passes chrome.tabs). */
export interface TabsApi {
  query(query: { active?: boolean; lastFocusedWindow?: boolean }): Promise<ChromeTab[]>;
  get(tabId: number): Promise<ChromeTab>;
  create(properties: { url?: string; active?: boolean }): Promise<ChromeTab>;
  update(tabId: number, properties: { active?: boolean; url?: string }): Promise<ChromeTab | undefined>;
  remove(tabId: number): Promise<void>;
  onCreated: ChromeEvent<(tab: ChromeTab) => void>;
}

export interface ExtensionBrowserOptions extends TabOptions {
  /** The worker's one record of the tabs the extension opened itself (tab-registry.ts), shared by all its browsers. */
  registry: TabRegistry;
  /** Told whenever the set of tabs with the debugger attached changes (for status lines). */
  onAttachedChange?: (tabIds: number[]) => void;
  /**
   * Where the host holds back the pages of tabs opened during a task (the extension's
   * network rules): lets this tab load pages. A popup of a task's page is let go only once
   * its requests are guarded, and is then sent on to its address through the guard.
   */
  allowTab?: (tabId: number) => Promise<void>;
}

/** Pages the debugger may not attach to, and our own extension pages (the side panel opened as a tab). */
function workable(url: string): boolean {
  return !/^(chrome|chrome-extension|devtools|edge|about:(?!blank))/.test(url) && !url.startsWith('https://chromewebstore.google.com');
}

/** An attach that failed, as a model or a person reads it: a page that did not answer says what may hold it. */
function attachFailed(id: number, error: unknown): BrowserError {
  if (CdpError.isInstance(error) && error.code === 'timeout')
    return new BrowserError(
      'timeout',
      `The page in tab ${id} did not answer when Wayfinder connected to it (${error.message}). A dialog (alert, confirm) may be open in it and waiting for an answer, or a script may be keeping it busy: answer or close the dialog, or reload the tab, then try again.`,
      true,
      { cause: error },
    );
  return toBrowserError(error, `connecting to tab ${id}`);
}

/** New-tab pages can be turned into a blank page to work in; other chrome:// pages cannot be used. */
function isNewTabPage(url: string): boolean {
  return /^chrome:\/\/(newtab|new-tab-page)\/?$/.test(url) || url === 'about:newtab';
}

export class ExtensionBrowser implements Browser {
  private readonly attached = new Map<number, Promise<{ tab: CdpTab; connection: Connection }>>();
  /** Connections whose tab is still being set up (closed at once when the task ends, not waited for). */
  private readonly connecting = new Map<number, Connection>();
  /** Tabs whose page did not answer when attached: refused at once until `answers` finds them answering. */
  private readonly unanswering = new Map<number, BrowserError>();
  /** Calls into tabs that got no answer in time (`stalled`). */
  private readonly stalls = new StallWatch();
  private current: number | null = null;
  private policy: DialogPolicy = DEFAULT_DIALOG_POLICY;
  private guard: RequestGuard | null = null;

  constructor(
    private readonly api: { tabs: TabsApi; debugger: DebuggerApi },
    private readonly options: ExtensionBrowserOptions,
  ) {
    // A popup a task's page opens is attached at once, so its requests are guarded from the
    // earliest moment chrome.tabs tells us of it (Chrome gives extensions no way to hold it
    // before its first request: blocked sites are also refused by the extension's network rules).
    api.tabs.onCreated.addListener(this.adoptPopup);
  }

  private readonly adoptPopup = (created: ChromeTab): void => {
    const id = created.id;
    if (!this.guard || id === undefined) return;
    const address = created.pendingUrl || created.url || '';
    if (created.openerTabId === undefined && /^(about:blank)?$/i.test(address) && this.attached.size > 0) {
      // Blank with no opener: a "noopener" popup that names its address a moment later (freed now, it
      // would load unguarded), or a tab this extension just opened itself, which says so as its
      // chrome.tabs.create returns. Held by the host's network rules meanwhile.
      this.options.registry.whenKnown(
        id,
        () => this.options.allowTab?.(id) ?? Promise.resolve(),
        () => this.adopt(id, created, true),
      );
      return;
    }
    // A popup of a task's page; or one opened "noopener" (Chrome then names no opener) straight at a web address.
    const ours =
      created.openerTabId !== undefined ? this.attached.has(created.openerTabId) : /^https?:/i.test(address) && this.attached.size > 0;
    this.adopt(id, created, ours);
  };

  private adopt(id: number, created: ChromeTab, ours: boolean): void {
    const address = created.pendingUrl || created.url || '';
    if (!ours) {
      // The person's own tab, or one the task opens itself (guarded when it is used): free to load.
      this.options.allowTab?.(id).catch(() => undefined);
      return;
    }
    void (async () => {
      const tab = await this.tab(id);
      await this.options.allowTab?.(id);
      // Held back until now by the host's rules (or already under way): its page goes through the guard now.
      if (this.options.allowTab && /^https?:/i.test(address)) await tab.navigate(address).catch(() => undefined);
    })().catch(() => undefined);
  }

  private info(tab: ChromeTab): TabInfo {
    const info: TabInfo = {
      id: String(tab.id ?? -1),
      url: tab.url || tab.pendingUrl || '',
      title: tab.title ?? '',
      active: tab.id === this.current,
    };
    if (tab.openerTabId !== undefined) info.openerId = String(tab.openerTabId);
    return info;
  }

  private readonly host: TabHost = {
    dialogPolicy: () => this.policy,
    requestGuard: () => this.guard,
    info: async (id) => this.info(await this.api.tabs.get(Number(id))),
    watchNewTabs: (openerId, onTab) => {
      const listener = (tab: ChromeTab) => {
        if (String(tab.openerTabId) === openerId) onTab(this.info(tab));
      };
      this.api.tabs.onCreated.addListener(listener);
      return () => this.api.tabs.onCreated.removeListener(listener);
    },
    stoppedIn: async (id) => {
      const entry = await this.attached.get(Number(id))?.catch(() => null);
      if (!entry) return [];
      await entry.tab.requests.settled();
      return entry.tab.requests.drain();
    },
  };

  private notify(): void {
    this.options.onAttachedChange?.([...this.attached.keys()]);
  }

  /** The tab for an id, with the debugger attached on first use. */
  tab(id: number): Promise<CdpTab> {
    let entry = this.attached.get(id);
    if (!entry) {
      // Another 30 s for each caller would only repeat what the first learned (the page does not answer).
      const unanswered = this.unanswering.get(id);
      if (unanswered) return Promise.reject(unanswered);
      entry = this.attach(id);
      this.attached.set(id, entry);
      entry.then(
        () => this.notify(),
        () => {
          this.attached.delete(id);
          this.notify();
        },
      );
    }
    return entry.then((e) => e.tab);
  }

  private async attach(id: number): Promise<{ tab: CdpTab; connection: Connection }> {
    let chromeTab: ChromeTab;
    try {
      chromeTab = await this.api.tabs.get(id);
    } catch (error) {
      throw new BrowserError('tab-closed', `There is no tab ${id} any more; list the open tabs and pick one.`, false, { cause: error });
    }
    const url = chromeTab.url || chromeTab.pendingUrl || '';
    if (isNewTabPage(url)) await this.api.tabs.update(id, { url: 'about:blank' });
    else if (!workable(url)) {
      throw new BrowserError(
        'not-supported',
        `Wayfinder cannot work in ${url}: Chrome keeps its own pages (chrome://, the Web Store, extensions) out of reach. Open a website first.`,
        false,
      );
    }
    let connection: Connection;
    try {
      connection = await connectTab(this.api.debugger, id);
    } catch (error) {
      // Our own session from a worker Chrome stopped can outlive it: take it over.
      if (!/already attached/i.test(error instanceof Error ? error.message : String(error))) {
        throw new BrowserError('not-supported', error instanceof Error ? error.message : String(error), false, { cause: error });
      }
      await this.api.debugger.detach({ tabId: id }).catch(() => undefined);
      try {
        connection = await connectTab(this.api.debugger, id);
      } catch (again) {
        throw new BrowserError('not-supported', again instanceof Error ? again.message : String(again), false, { cause: again });
      }
    }
    connection.root.onClose(() => {
      this.attached.delete(id);
      if (this.current === id) this.current = null;
      this.notify();
    });
    this.stalls.watch(connection, () => String(id));
    this.connecting.set(id, connection);
    try {
      return { tab: await CdpTab.attach(String(id), connection.root, this.host, this.options), connection };
    } catch (error) {
      connection.close();
      const failure = attachFailed(id, error);
      if (failure.code === 'timeout') this.unanswering.set(id, failure);
      throw failure;
    } finally {
      if (this.connecting.get(id) === connection) this.connecting.delete(id);
    }
  }

  /** A tab's page that left a call unanswered and does not answer a trivial one either (Browser.stalled). */
  stalled(): Promise<string | null> {
    return this.stalls.check(async (key, ms) => {
      const tabId = Number(key);
      // A tab closed since has nothing left to wait for.
      if (
        !(await this.api.tabs.get(tabId).then(
          () => true,
          () => false,
        ))
      )
        return true;
      // Asked afresh: a page that did not answer when attached may answer now.
      this.unanswering.delete(tabId);
      return pageAnswers(
        this.tab(tabId).then((tab) => tab.session),
        ms,
      );
    });
  }

  async tabs(): Promise<TabInfo[]> {
    const all = await this.api.tabs.query({});
    return all.filter((t) => t.id !== undefined && workable(t.url || t.pendingUrl || 'about:blank')).map((t) => this.info(t));
  }

  /** The tab a task starts in: the one the person is looking at, else the last one they used. */
  async startingTab(): Promise<ChromeTab | null> {
    const url = (t: ChromeTab) => t.url || t.pendingUrl || '';
    const [focused] = await this.api.tabs.query({ active: true, lastFocusedWindow: true });
    if (focused?.id !== undefined && (workable(url(focused)) || isNewTabPage(url(focused)))) return focused;
    const recent = (await this.api.tabs.query({}))
      .filter((t) => t.id !== undefined && workable(url(t)))
      .sort((a, b) => (b.lastAccessed ?? 0) - (a.lastAccessed ?? 0));
    return recent[0] ?? null;
  }

  /** The task's tab: where it last worked, or where it starts. */
  async activeTab(): Promise<CdpTab> {
    if (this.current !== null) {
      try {
        return await this.tab(this.current);
      } catch (error) {
        if (!BrowserError.isInstance(error) || error.code !== 'tab-closed') throw error;
        this.current = null;
      }
    }
    const chosen = await this.startingTab();
    if (chosen?.id === undefined) return this.openTab();
    this.current = chosen.id;
    return this.tab(chosen.id);
  }

  async openTab(url?: string, options: OpenTabOptions = {}): Promise<CdpTab> {
    const created = await this.api.tabs.create({ url: 'about:blank', active: !(options.background ?? false) });
    if (created.id === undefined) throw new BrowserError('unexpected', 'Chrome did not give the new tab an id.', false);
    await this.options.registry.markOpenedHere(created.id);
    await this.options.allowTab?.(created.id);
    const tab = await this.tab(created.id);
    if (options.pageScripts === false) await tab.stopPageScripts();
    if (!options.background) this.current = created.id;
    // The tab is already blank; navigating a fresh tab to about:blank#… through chrome.debugger crashed Chromium 156 (seen in the hostile suite).
    if (url && !url.startsWith('about:blank')) await tab.navigate(url);
    return tab;
  }

  async switchTab(id: string): Promise<CdpTab> {
    const tabId = Number(id);
    try {
      await this.api.tabs.update(tabId, { active: true });
    } catch (error) {
      throw new BrowserError('tab-closed', `There is no tab ${id} any more; list the open tabs and pick one.`, false, { cause: error });
    }
    const tab = await this.tab(tabId);
    this.current = tabId;
    return tab;
  }

  async closeTab(id: string): Promise<void> {
    const tabId = Number(id);
    const entry = this.attached.get(tabId);
    this.attached.delete(tabId);
    this.connecting.get(tabId)?.close();
    if (entry)
      await entry.then(
        (e) => e.connection.close(),
        () => undefined,
      );
    try {
      await this.api.tabs.remove(tabId);
    } catch (error) {
      throw new BrowserError('tab-closed', `There is no tab ${id} to close.`, false, { cause: error });
    }
    if (this.current === tabId) this.current = null;
    this.notify();
  }

  setDialogPolicy(policy: DialogPolicy): void {
    this.policy = policy;
  }

  async setRequestGuard(guard: RequestGuard | null): Promise<void> {
    this.guard = guard;
    const entries = await Promise.all([...this.attached.values()].map((entry) => entry.catch(() => null)));
    await Promise.all(entries.flatMap((entry) => (entry ? [entry.tab.requests.sync()] : [])));
  }

  /**
   * Whether a download that started while this browser's task runs may be kept: put to the
   * request guard through the task's tab (reported with the action in progress there).
   * Null when no guard is set (the person's own downloads are theirs).
   */
  async download(url: string, filename: string): Promise<boolean | null> {
    if (!this.guard) return null;
    // The task's own tab, as it is (never attached afresh: a task winding down keeps nothing).
    const entry = this.current !== null ? this.attached.get(this.current) : undefined;
    const tab = entry ? await entry.then((e) => e.tab).catch(() => null) : null;
    return tab && this.guarding() ? tab.requests.download(url, filename) : false;
  }

  /** Whether a task's request guard is set now. */
  private guarding(): boolean {
    return this.guard !== null;
  }

  /** This browser as the skill recorder sees it: tabs by id, and each new tab with the tab that opened it (chrome.tabs names it). */
  forRecording(): RecordingBrowser {
    return {
      tab: (id) => this.tab(Number(id)),
      watchOpenedTabs: (onOpened) => {
        const listener = (created: ChromeTab) => {
          if (created.id === undefined) return;
          const openerId = created.openerTabId === undefined ? undefined : String(created.openerTabId);
          onOpened({ id: String(created.id), openerId, url: created.pendingUrl || created.url || '' });
        };
        this.api.tabs.onCreated.addListener(listener);
        return () => this.api.tabs.onCreated.removeListener(listener);
      },
    };
  }

  /** Which tabs have the debugger attached now. */
  get attachedTabs(): number[] {
    return [...this.attached.keys()];
  }

  /** Detaches the debugger from every tab (the task ended or stopped); the browser adopts no more popups. */
  async detachAll(): Promise<void> {
    this.api.tabs.onCreated.removeListener(this.adoptPopup);
    const entries = [...this.attached.values()];
    this.attached.clear();
    // A tab still being set up (its page not answering) is let go now, not after its calls run out of time.
    for (const connection of this.connecting.values()) connection.close();
    this.connecting.clear();
    await Promise.all(
      entries.map((entry) =>
        entry.then(
          (e) => e.connection.close(),
          () => undefined,
        ),
      ),
    );
    this.notify();
  }
}
