import { copyFileSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { basename, extname, join } from 'node:path';
import {
  BrowserError,
  type Browser,
  type DialogPolicy,
  type FileInput,
  type OpenTabOptions,
  type RequestGuard,
  type TabInfo,
} from '@wayfinder/core';
import type { Protocol } from 'devtools-protocol';
import { Connection, type CdpSession } from '../connection';
import { pageAnswers, StallWatch } from '../stalls';
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
  /** Where downloads the person allows are kept (default ~/Downloads). */
  downloadPath?: string;
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
  /** Tabs being opened by openTab (on a browser we did not launch, the new pages that are ours). */
  private opening = 0;
  /** While guarded, downloads wait here until the person allows them (then move to downloadPath) or not (deleted). */
  private staging: string | null = null;
  private readonly downloads = new Map<string, { keep: Promise<boolean>; filename: string }>();
  /** Calls into tabs that got no answer in time (`stalled`), noted by the tab's session. */
  private readonly stalls = new StallWatch();
  /** Each attached tab's target id, by its session's id. */
  private readonly tabOfSession = new Map<string, string>();

  private constructor(
    readonly connection: Connection,
    private readonly launched: LaunchedBrowser | null,
    private readonly options: NodeBrowserOptions,
  ) {
    const root = connection.root;
    this.stalls.watch(connection, (sessionId) => this.tabOfSession.get(sessionId) ?? null);
    root.on('Target.targetCreated', ({ targetInfo }) => {
      if (targetInfo.type !== 'page') return;
      this.targets.set(targetInfo.targetId, targetInfo);
      for (const watch of [...this.tabWatchers]) watch(targetInfo);
    });
    root.on('Target.targetInfoChanged', ({ targetInfo }) => {
      if (this.targets.has(targetInfo.targetId)) this.targets.set(targetInfo.targetId, targetInfo);
    });
    // New pages wait for us before their first request (auto-attach below): a popup a task's
    // page opens is adopted with its requests guarded before it loads anything.
    // (Sessions we attach ourselves are announced here too, never waiting: those are left alone.)
    root.on('Target.attachedToTarget', ({ sessionId, targetInfo, waitingForDebugger }) => {
      if (targetInfo.type !== 'page' || !waitingForDebugger) return;
      const session = connection.session(sessionId);
      const resume = async () => {
        await session.send('Runtime.runIfWaitingForDebugger').catch(() => undefined);
      };
      const id = targetInfo.targetId;
      if (!this.attached.has(id) && this.adopts(targetInfo)) {
        this.targets.set(id, targetInfo);
        this.track(id, this.setUp(id, session, resume)).catch(() => undefined);
        return;
      }
      void (async () => {
        await resume();
        await root.send('Target.detachFromTarget', { sessionId }).catch(() => undefined);
      })();
    });
    root.on('Browser.downloadWillBegin', ({ guid, url, suggestedFilename, frameId }) => {
      const keep = this.judgeDownload(frameId, url, suggestedFilename);
      this.downloads.set(guid, { keep, filename: suggestedFilename });
      void keep.then((yes) => {
        if (!yes) root.send('Browser.cancelDownload', { guid }).catch(() => undefined);
      });
    });
    root.on('Browser.downloadProgress', ({ guid, state }) => {
      const download = this.downloads.get(guid);
      if (!download || state === 'inProgress') return;
      this.downloads.delete(guid);
      void download.keep.then((yes) => this.settleDownload(guid, download.filename, yes && state === 'completed'));
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
    await connection.root.send('Target.setAutoAttach', {
      autoAttach: true,
      waitForDebuggerOnStart: true,
      flatten: true,
      filter: [{ type: 'page' }, { exclude: true }],
    });
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
    stoppedIn: async (id) => {
      const tab = await this.attached.get(id)?.catch(() => null);
      if (!tab) return [];
      await tab.requests.settled();
      return tab.requests.drain();
    },
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
    return this.attached.get(id) ?? this.track(id, this.attach(id));
  }

  /** A tab's page that left a call unanswered and does not answer a trivial one either (Browser.stalled). */
  stalled(): Promise<string | null> {
    return this.stalls.check(async (id, ms) => {
      const tab = await this.attached.get(id)?.catch(() => null);
      // A tab closed since has nothing left to wait for.
      if (!tab) return true;
      return pageAnswers(Promise.resolve(tab.session), ms);
    });
  }

  private track(id: string, tab: Promise<CdpTab>): Promise<CdpTab> {
    this.attached.set(id, tab);
    tab.catch(() => this.attached.delete(id));
    return tab;
  }

  /** Whether a new page is the task's: any page in a browser we launched; else one we are opening, or a popup of a tab we drive. */
  private adopts(info: Protocol.Target.TargetInfo): boolean {
    return this.launched !== null || this.opening > 0 || (info.openerId !== undefined && this.attached.has(info.openerId));
  }

  private async attach(id: string): Promise<CdpTab> {
    let sessionId: string;
    try {
      ({ sessionId } = await this.connection.root.send('Target.attachToTarget', { targetId: id, flatten: true }));
    } catch (error) {
      throw new BrowserError('tab-closed', `There is no tab ${id} any more; list the open tabs and pick one.`, false, { cause: error });
    }
    return this.setUp(id, this.connection.session(sessionId));
  }

  private async setUp(id: string, session: CdpSession, resume?: () => Promise<void>): Promise<CdpTab> {
    this.tabOfSession.set(session.id, id);
    const tab = await CdpTab.attach(id, session, this.host, this.options, { mainFrameId: id, ...(resume ? { resume } : {}) });
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

  async openTab(url?: string, options: OpenTabOptions = {}): Promise<CdpTab> {
    this.opening++;
    let targetId: string;
    try {
      ({ targetId } = await this.connection.root.send('Target.createTarget', {
        url: 'about:blank',
        background: options.background ?? false,
      }));
    } finally {
      this.opening--;
    }
    const tab = await this.tab(targetId);
    if (options.pageScripts === false) await tab.stopPageScripts();
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

  /** Whether a download may be kept: the tab whose page started it puts it to the guard. */
  private async judgeDownload(frameId: string, url: string, filename: string): Promise<boolean> {
    if (!this.guard) return true;
    // A page's main frame has its target's id; a frame's download goes to the task's tab.
    const tab = await (this.attached.get(frameId) ?? this.activeTab()).catch(() => null);
    return tab ? tab.requests.download(url, filename) : false;
  }

  private settleDownload(guid: string, filename: string, keep: boolean): void {
    if (!this.staging) return;
    const staged = join(this.staging, guid);
    if (!existsSync(staged)) return;
    if (!keep) {
      rmSync(staged, { force: true });
      return;
    }
    const dir = this.options.downloadPath ?? join(homedir(), 'Downloads');
    mkdirSync(dir, { recursive: true });
    const name = basename(filename) || 'download';
    let target = join(dir, name);
    for (let n = 1; existsSync(target); n++) target = join(dir, `${basename(name, extname(name))} (${n})${extname(name)}`);
    try {
      renameSync(staged, target);
    } catch {
      // Another file system (a temp folder in memory): copy, then let the staged file go.
      copyFileSync(staged, target);
      rmSync(staged, { force: true });
    }
  }

  async setRequestGuard(guard: RequestGuard | null): Promise<void> {
    this.guard = guard;
    // Guarded, downloads land in a private staging folder until the person decides; else the browser's own behaviour.
    if (guard) this.staging ??= mkdtempSync(join(tmpdir(), 'wayfinder-downloads-'));
    await this.connection.root
      .send(
        'Browser.setDownloadBehavior',
        guard && this.staging ? { behavior: 'allowAndName', downloadPath: this.staging, eventsEnabled: true } : { behavior: 'default' },
      )
      .catch(() => undefined);
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
    if (this.staging) rmSync(this.staging, { recursive: true, force: true });
  }
}
