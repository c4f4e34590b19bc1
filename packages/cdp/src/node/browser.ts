import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { BrowserError, type Browser, type DialogPolicy, type FileInput, type RequestGuard, type TabInfo } from '@wayfinder/core';
import type { Protocol } from 'devtools-protocol';
import { Connection } from '../connection';
import { CdpTab } from '../tab/cdp-tab';
import { DEFAULT_DIALOG_POLICY } from '../tab/dialogs';
import type { TabHost, TabOptions } from '../tab/host';
import { launchChromium, type LaunchOptions, type LaunchedBrowser } from './launch';
import { connectWebSocket, resolveEndpoint } from './websocket';

// core's Browser port for a Chromium driven from Node over one CDP WebSocket: one we
// launched, or any endpoint (a browser started with --remote-debugging-port, a farm).

export interface NodeBrowserOptions extends TabOptions {
  /** Viewport of each tab in CSS pixels; null leaves the window's own size. */
  viewport?: { width: number; height: number } | null;
}

/** What the perception tests and benchmarks used before the port existed: a tab. */
export type NodePage = CdpTab;

export class NodeBrowser implements Browser {
  private readonly attached = new Map<string, Promise<CdpTab>>();
  private activeId: string | null = null;
  private policy: DialogPolicy = DEFAULT_DIALOG_POLICY;
  private guard: RequestGuard | null = null;
  private readonly targets = new Map<string, Protocol.Target.TargetInfo>();
  private readonly tabWatchers = new Set<(info: Protocol.Target.TargetInfo) => void>();
  private uploadDir: string | null = null;

  private constructor(
    readonly connection: Connection,
    private readonly launched: LaunchedBrowser | null,
    private readonly options: NodeBrowserOptions,
  ) {
    const root = connection.root;
    root.on('Target.targetCreated', ({ targetInfo }) => {
      if (targetInfo.type !== 'page') return;
      this.targets.set(targetInfo.targetId, targetInfo);
      for (const watch of [...this.tabWatchers]) watch(targetInfo);
    });
    root.on('Target.targetInfoChanged', ({ targetInfo }) => {
      if (this.targets.has(targetInfo.targetId)) this.targets.set(targetInfo.targetId, targetInfo);
    });
    root.on('Target.targetDestroyed', ({ targetId }) => {
      this.targets.delete(targetId);
      this.attached.delete(targetId);
      if (this.activeId === targetId) this.activeId = null;
    });
  }

  private static async start(connection: Connection, launched: LaunchedBrowser | null, options: NodeBrowserOptions): Promise<NodeBrowser> {
    const browser = new NodeBrowser(connection, launched, options);
    await connection.root.send('Target.setDiscoverTargets', { discover: true });
    return browser;
  }

  static async launch(options: LaunchOptions & NodeBrowserOptions = {}): Promise<NodeBrowser> {
    const launched = await launchChromium(options);
    try {
      return await NodeBrowser.start(new Connection(await connectWebSocket(launched.wsEndpoint)), launched, options);
    } catch (error) {
      await launched.close();
      throw error;
    }
  }

  /**
   * Connects to a running browser: `http://host:port` or a `ws://` endpoint. Its active
   * tab is the one the person is looking at (visible, and focused if any is).
   */
  static async connect(endpoint: string, options: NodeBrowserOptions = {}): Promise<NodeBrowser> {
    const browser = await NodeBrowser.start(new Connection(await connectWebSocket(await resolveEndpoint(endpoint))), null, options);
    await browser.adoptVisibleTab();
    return browser;
  }

  private async adoptVisibleTab(): Promise<void> {
    let best: { id: string; score: number } | null = null;
    for (const page of await this.tabs()) {
      if (/^(devtools|chrome-extension):/.test(page.url)) continue;
      const score = await this.visibility(page.id).catch(() => 0);
      if (!best || score > best.score) best = { id: page.id, score };
    }
    if (best) this.activeId = best.id;
  }

  /** 3: visible and focused; 1: visible; 0: in the background (or not answering). */
  private async visibility(targetId: string): Promise<number> {
    const root = this.connection.root;
    const { sessionId } = await root.send('Target.attachToTarget', { targetId, flatten: true });
    try {
      const expression = '(document.visibilityState === "visible" ? 1 : 0) + (document.hasFocus() ? 2 : 0)';
      const { result } = await this.connection
        .session(sessionId)
        .sendWithTimeout('Runtime.evaluate', { expression, returnByValue: true }, 2000);
      return typeof result.value === 'number' ? result.value : 0;
    } finally {
      await root.send('Target.detachFromTarget', { sessionId }).catch(() => undefined);
    }
  }

  get wsEndpoint(): string | null {
    return this.launched?.wsEndpoint ?? null;
  }

  private tabInfo(info: Protocol.Target.TargetInfo): TabInfo {
    const tab: TabInfo = { id: info.targetId, url: info.url, title: info.title, active: info.targetId === this.activeId };
    if (info.openerId) tab.openerId = info.openerId;
    return tab;
  }

  private readonly host: TabHost = {
    dialogPolicy: () => this.policy,
    requestGuard: () => this.guard,
    info: async (id) => {
      // Asked fresh: the title and address change as pages load.
      const { targetInfo } = await this.connection.root.send('Target.getTargetInfo', { targetId: id });
      return this.tabInfo(targetInfo);
    },
    watchNewTabs: (openerId, onTab) => {
      const watch = (info: Protocol.Target.TargetInfo) => {
        if (info.openerId === openerId) onTab(this.tabInfo(info));
      };
      this.tabWatchers.add(watch);
      return () => this.tabWatchers.delete(watch);
    },
    filePaths: (files) => Promise.resolve(this.filePaths(files)),
  };

  private filePaths(files: FileInput[]): string[] {
    return files.map((file) => {
      if (file.path !== undefined) {
        if (!existsSync(file.path)) throw new BrowserError('bad-argument', `There is no file at ${file.path}.`, false);
        return file.path;
      }
      if (file.data === undefined) throw new BrowserError('bad-argument', `${file.name} has neither contents nor a path.`, false);
      this.uploadDir ??= mkdtempSync(join(tmpdir(), 'wayfinder-upload-'));
      const dir = mkdtempSync(join(this.uploadDir, 'f-'));
      const path = join(dir, basename(file.name) || 'upload');
      writeFileSync(path, Buffer.from(file.data, 'base64'));
      return path;
    });
  }

  /** Open tabs, oldest first (the order they were first seen: numbers people can use). */
  async tabs(): Promise<TabInfo[]> {
    const { targetInfos } = await this.connection.root.send('Target.getTargets');
    const order = [...this.targets.keys()];
    const rank = (id: string) => {
      const at = order.indexOf(id);
      return at < 0 ? Number.MAX_SAFE_INTEGER : at;
    };
    return targetInfos
      .filter((t) => t.type === 'page')
      .sort((a, b) => rank(a.targetId) - rank(b.targetId))
      .map((t) => this.tabInfo(t));
  }

  /** The tab for a target id, attached on first use. */
  tab(id: string): Promise<CdpTab> {
    let tab = this.attached.get(id);
    if (!tab) {
      tab = this.attach(id);
      this.attached.set(id, tab);
      tab.catch(() => this.attached.delete(id));
    }
    return tab;
  }

  private async attach(id: string): Promise<CdpTab> {
    let sessionId: string;
    try {
      ({ sessionId } = await this.connection.root.send('Target.attachToTarget', { targetId: id, flatten: true }));
    } catch (error) {
      throw new BrowserError('tab-closed', `There is no tab ${id} any more; list the open tabs and pick one.`, false, { cause: error });
    }
    const session = this.connection.session(sessionId);
    const tab = await CdpTab.attach(id, session, this.host, this.options);
    const viewport = this.options.viewport === undefined ? { width: 1280, height: 800 } : this.options.viewport;
    if (viewport) await session.send('Emulation.setDeviceMetricsOverride', { ...viewport, deviceScaleFactor: 1, mobile: false });
    return tab;
  }

  async activeTab(): Promise<CdpTab> {
    if (this.activeId && this.targets.has(this.activeId)) return this.tab(this.activeId);
    const pages = await this.tabs();
    const first = pages[0];
    if (!first) return this.openTab();
    this.activeId = first.id;
    return this.tab(first.id);
  }

  async openTab(url?: string, options: { background?: boolean } = {}): Promise<CdpTab> {
    const { targetId } = await this.connection.root.send('Target.createTarget', {
      url: 'about:blank',
      background: options.background ?? false,
    });
    const tab = await this.tab(targetId);
    if (!options.background) this.activeId = targetId;
    if (url) await tab.navigate(url);
    return tab;
  }

  async switchTab(id: string): Promise<CdpTab> {
    const tab = await this.tab(id);
    await this.connection.root.send('Target.activateTarget', { targetId: id });
    this.activeId = id;
    return tab;
  }

  async closeTab(id: string): Promise<void> {
    // closeTarget answers before the tab is gone; wait until it is, so lists are right.
    const gone = this.connection.root.waitFor('Target.targetDestroyed', (e) => e.targetId === id, 5000);
    try {
      await this.connection.root.send('Target.closeTarget', { targetId: id });
    } catch (error) {
      gone.catch(() => undefined);
      throw new BrowserError('tab-closed', `There is no tab ${id} to close.`, false, { cause: error });
    }
    await gone.catch(() => undefined);
    this.attached.delete(id);
    if (this.activeId === id) this.activeId = null;
  }

  setDialogPolicy(policy: DialogPolicy): void {
    this.policy = policy;
  }

  async setRequestGuard(guard: RequestGuard | null): Promise<void> {
    this.guard = guard;
    const tabs = await Promise.all([...this.attached.values()].map((tab) => tab.catch(() => null)));
    await Promise.all(tabs.flatMap((tab) => (tab ? [tab.requests.sync()] : [])));
  }

  /** Opens a tab at a URL (for tests and benchmarks). */
  async newPage(url?: string): Promise<CdpTab> {
    return this.openTab(url);
  }

  async close(): Promise<void> {
    if (!this.connection.closed) {
      if (this.launched) await this.connection.root.send('Browser.close').catch(() => undefined);
      this.connection.close();
    }
    await this.launched?.close();
    if (this.uploadDir) rmSync(this.uploadDir, { recursive: true, force: true });
  }
}
