import type { RecordedEvent } from '@wayfinder/core';
import { PAGE_GLOBAL, PAGE_SCRIPT, type CapturedEvent } from '@wayfinder/page';
import type { Protocol } from 'devtools-protocol';
import type { CdpSession } from '../connection';
import { WORLD_NAME } from '../script-worlds';
import type { CdpTab } from '../tab/cdp-tab';
import { parseCaptured, withoutQuery } from './convert';
import { navigationVia, type NavigationClues, type Via } from './navigation-kind';

// One tab being recorded: the capture installed in every frame's isolated world (now, and
// in each new document through a new-document script in that world), its reports taken
// from the binding, its main frame's navigations classified, and the mutating requests it
// makes. Everything goes to the recorder, which keeps the order.

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const HISTORY_ATTEMPTS = 5;
/** Requests that are not the page's doing in a way a person would check (beacons, CSP reports). */
const NOT_EVIDENCE = new Set<string>(['Ping', 'CSPViolationReport', 'Preflight']);

type Clues = Omit<NavigationClues, 'revisited' | 'transition'>;

export interface RecorderSink {
  /** Runs work in the recorder's order (after everything reported before it). */
  enqueue(work: () => Promise<void> | void): void;
  /** Something the person did in this tab (a switch to it first, if they were in another). */
  acted(from: TabRecorder, event: CapturedEvent): void;
  /** What happened in this tab (a navigation, a request). */
  happened(from: TabRecorder, event: RecordedEvent): void;
}

function isRecordable(url: string): boolean {
  return /^(https?|file):/i.test(url);
}

export class TabRecorder {
  private readonly sessions = new Map<string, CdpSession>();
  private readonly offs: (() => void)[] = [];
  private readonly scripts: { session: CdpSession; identifier: string }[] = [];
  /** Set by the recorder's own Page.navigate: the next main-frame navigation was typed. */
  private typedPending = false;
  private requested: Protocol.Page.ClientNavigationReason | null = null;
  private started: Protocol.Page.FrameStartedNavigatingEvent['navigationType'] | null = null;
  private readonly seenEntries = new Set<number>();
  private mainFrame = '';
  /** Frames in other processes: their session id -> frame id. */
  private readonly remoteFrames = new Map<string, string>();
  /** A new tab whose address is not known yet: its first navigation is its newTab event. */
  firstNavigation: ((url: string) => void) | null = null;
  /** A new tab announced with this address: its first load of it is not reported again. */
  openedAt: string | null = null;

  constructor(
    readonly index: number,
    readonly tab: CdpTab,
    private readonly binding: string,
    private readonly sink: RecorderSink,
  ) {}

  get id(): string {
    return this.tab.id;
  }

  private get captureSource(): string {
    return `${PAGE_SCRIPT}\n;globalThis[${JSON.stringify(PAGE_GLOBAL)}].startCapture(${JSON.stringify({ binding: this.binding })});`;
  }

  async start(): Promise<void> {
    const session = this.tab.session;
    this.offs.push(
      session.on('Page.frameRequestedNavigation', ({ frameId, reason, disposition }) => {
        // A link that opens a new tab is that tab's doing, not this one's next navigation.
        if (frameId === this.mainFrame && disposition === 'currentTab') this.requested = reason;
      }),
      session.on('Page.frameStartedNavigating', ({ frameId, navigationType }) => {
        if (frameId === this.mainFrame) this.started = navigationType;
      }),
      session.on('Page.frameNavigated', ({ frame, type }) => {
        if (frame.parentId) return;
        this.mainFrame = frame.id;
        const clues = this.takeClues(false, type === 'BackForwardCacheRestore', frame.url);
        this.sink.enqueue(() => this.navigated(frame.url, clues));
      }),
      session.on('Page.navigatedWithinDocument', ({ frameId, url }) => {
        if (frameId !== this.mainFrame) return;
        const clues = this.takeClues(true, false, url);
        this.sink.enqueue(() => this.navigated(url, clues));
      }),
      session.on('Network.requestWillBeSent', ({ request, type }) => {
        const method = request.method.toUpperCase();
        if (!MUTATING.has(method) || (type && NOT_EVIDENCE.has(type))) return;
        this.sink.enqueue(() => this.sink.happened(this, { kind: 'request', method, url: withoutQuery(request.url) }));
      }),
      session.on('Target.attachedToTarget', ({ sessionId, targetInfo }) => {
        // A frame from another site, in its own process: it gets the capture too.
        if (targetInfo.type !== 'iframe') return;
        const child = session.child(sessionId);
        this.remoteFrames.set(child.id, targetInfo.targetId);
        void this.wire(child)
          .then(() => this.bindFrame(child, targetInfo.targetId))
          .catch(() => undefined);
      }),
    );
    this.mainFrame = await this.tab.script.mainFrame();
    const history = await session.send('Page.getNavigationHistory').catch(() => null);
    for (const entry of history?.entries ?? []) this.seenEntries.add(entry.id);
    await this.wire(session);
    await this.startEverywhere();
  }

  /** The binding and the new-document script on a session (the page's, or a cross-site frame's). */
  private async wire(session: CdpSession): Promise<void> {
    if (this.sessions.has(session.id)) return;
    this.sessions.set(session.id, session);
    this.offs.push(
      session.on('Runtime.bindingCalled', ({ name, payload }) => {
        if (name !== this.binding) return;
        const event = parseCaptured(payload);
        if (event) this.sink.enqueue(() => this.sink.acted(this, event));
      }),
      // Each new document: the new-document script started the capture; it gets the binding now.
      session.on('Page.frameNavigated', ({ frame }) => {
        this.bindFrame(session, frame.id).catch(() => undefined);
      }),
    );
    const { identifier } = await session.send('Page.addScriptToEvaluateOnNewDocument', {
      source: this.captureSource,
      worldName: WORLD_NAME,
    });
    this.scripts.push({ session, identifier });
  }

  /** Starts the capture in the documents already loaded (new ones start it themselves). */
  private async startEverywhere(): Promise<void> {
    const { frameTree } = await this.tab.session.send('Page.getFrameTree');
    const frames: string[] = [];
    const walk = (node: Protocol.Page.FrameTree) => {
      frames.push(node.frame.id);
      for (const child of node.childFrames ?? []) walk(child);
    };
    walk(frameTree);
    await Promise.all(
      frames.map(async (frameId) => {
        const target = this.tab.script.worlds.target(frameId, this.tab.session);
        if (target.session !== this.tab.session) {
          this.remoteFrames.set(target.session.id, frameId);
          await this.wire(target.session);
        }
        await this.bindFrame(target.session, frameId).catch(() => undefined);
      }),
    );
  }

  /**
   * Gives a document's isolated world the binding, and starts (or catches up) its capture.
   * The binding goes to that one context, by id: one added by world name reaches only the
   * contexts that exist already unless the Runtime domain is enabled, which we avoid (pages
   * can detect it). Either way the page's own world never gets it.
   */
  private async bindFrame(session: CdpSession, frameId: string): Promise<void> {
    const { executionContextId } = await session.send('Page.createIsolatedWorld', {
      frameId,
      worldName: WORLD_NAME,
      grantUniveralAccess: false,
    });
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- by name (its replacement) misses new documents without Runtime.enable
    await session.send('Runtime.addBinding', { name: this.binding, executionContextId });
    await this.tab.script.worlds.call({ session, frameId }, 'startCapture', [{ binding: this.binding }]);
  }

  /** Navigates as if the person typed the address. */
  async navigateTyped(url: string): Promise<void> {
    this.typedPending = true;
    await this.tab.navigate(url);
  }

  /** What was known when the navigation committed (later navigations overwrite it). */
  private takeClues(sameDocument: boolean, restored: boolean, url: string): Clues {
    const clues: Clues = { typed: false, restored, sameDocument, started: this.started, requested: this.requested };
    this.requested = null;
    this.started = null;
    // The start page's own about:blank does not use up the typed address.
    if (isRecordable(url) && !sameDocument) {
      clues.typed = this.typedPending;
      this.typedPending = false;
    }
    return clues;
  }

  private async navigated(url: string, clues: Clues): Promise<void> {
    const { sameDocument } = clues;
    if (!isRecordable(url)) return;
    const history = await this.history();
    const entry = history?.entries[history.currentIndex];
    const revisited = entry !== undefined && this.seenEntries.has(entry.id);
    if (entry) this.seenEntries.add(entry.id);
    const first = this.firstNavigation;
    if (first && !sameDocument) {
      this.firstNavigation = null;
      first(url);
      return;
    }
    if (this.openedAt !== null && !sameDocument) {
      // A new tab announced with its address: loading it is not a step of its own.
      const same = this.openedAt === url;
      this.openedAt = null;
      if (same) return;
    }
    const via: Via = navigationVia({ ...clues, revisited, transition: entry?.transitionType ?? null });
    this.sink.happened(this, { kind: 'navigate', url, via, ...(entry?.title ? { title: entry.title } : {}) });
  }

  /** The tab's history; asked again briefly while a new document is still taking over ("Not attached to an active page"). */
  private async history(): Promise<Protocol.Page.GetNavigationHistoryResponse | null> {
    for (let attempt = 0; ; attempt++) {
      const history = await this.tab.session.send('Page.getNavigationHistory').catch(() => null);
      if (history || attempt >= HISTORY_ATTEMPTS || this.tab.closed) return history;
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
  }

  /** Stops the capture everywhere (it reports a pending scroll first) and removes what start added. */
  async stop(): Promise<void> {
    const stops: Promise<unknown>[] = [];
    for (const session of this.sessions.values()) {
      const remote = this.remoteFrames.get(session.id);
      const frames =
        remote !== undefined
          ? [remote]
          : await session
              .send('Page.getFrameTree')
              .then(({ frameTree }) => allFrames(frameTree))
              .catch((): string[] => []);
      for (const frameId of frames) {
        stops.push(this.tab.script.worlds.call({ session, frameId }, 'stopCapture', []).catch(() => undefined));
      }
    }
    await Promise.all(stops);
    await Promise.all(
      this.scripts.map(({ session, identifier }) =>
        session.send('Page.removeScriptToEvaluateOnNewDocument', { identifier }).catch(() => undefined),
      ),
    );
    await Promise.all(
      [...this.sessions.values()].map((s) => s.send('Runtime.removeBinding', { name: this.binding }).catch(() => undefined)),
    );
    for (const off of this.offs) off();
    this.offs.length = 0;
  }
}

function allFrames(tree: Protocol.Page.FrameTree): string[] {
  return [tree.frame.id, ...(tree.childFrames ?? []).flatMap(allFrames)];
}
