import type { RecordedEvent } from '@wayfinder/core';
import type { CapturedEvent } from '@wayfinder/page';
import type { Connection } from '../connection';
import type { CdpTab } from '../tab/cdp-tab';
import { recordedOf } from './convert';
import { TabRecorder, type RecorderSink } from './tab-recorder';

// Records what a person does in a browser, as core's RecordedEvent stream (core turns it
// into a skill with skillFromRecording). It follows the tab it starts on, every frame in
// it, the tabs those open, and every navigation; see docs/0022-skill-recorder.md.

/** A tab that appeared: its id, the id of the tab that opened it, and its address so far ('' when none yet). */
export interface OpenedTab {
  id: string;
  openerId: string | undefined;
  url: string;
}

/**
 * What the recorder needs of the browser: its tabs, and a way to see new ones — the
 * connection's auto-attached page targets (NodeBrowser), or a watcher of its own (the
 * extension's chrome.tabs.onCreated) that returns how to stop watching.
 */
export type RecordingBrowser = { tab(id: string): Promise<CdpTab> } & (
  { readonly connection: Connection } | { watchOpenedTabs(onOpened: (tab: OpenedTab) => void): () => void }
);

function watchOpenedTabs(browser: RecordingBrowser, onOpened: (tab: OpenedTab) => void): () => void {
  if ('watchOpenedTabs' in browser) return browser.watchOpenedTabs(onOpened);
  return browser.connection.root.on('Target.attachedToTarget', ({ targetInfo }) => {
    if (targetInfo.type === 'page') onOpened({ id: targetInfo.targetId, openerId: targetInfo.openerId, url: targetInfo.url });
  });
}

export interface SkillRecorderOptions {
  /** Called with each event as it is recorded (for a live display). */
  onEvent?: (event: RecordedEvent) => void;
}

export interface RecordingStartOptions {
  /** Navigates there first, as a typed address; else the page the tab shows is the starting point. */
  url?: string;
}

function isRealUrl(url: string): boolean {
  return /^(https?|file):/i.test(url);
}

function firstLocator(event: RecordedEvent): string | null {
  return 'target' in event && event.target ? JSON.stringify(event.target.locators[0] ?? event.target.facts.name) : null;
}

export class SkillRecorder {
  private readonly events: RecordedEvent[] = [];
  private readonly tabs: TabRecorder[] = [];
  private current = 0;
  private queue: Promise<void> = Promise.resolve();
  private recording = false;
  private stopWatching: (() => void) | null = null;
  /** Known to the capture by this name only, in our isolated world. */
  private readonly binding = `__wayfinderRecord${Math.floor(Math.random() * 0x7fffffff).toString(36)}`;

  constructor(
    private readonly browser: RecordingBrowser,
    private readonly options: SkillRecorderOptions = {},
  ) {}

  private readonly sink: RecorderSink = {
    enqueue: (work) => {
      this.queue = this.queue.then(work).catch((error: unknown) => {
        console.error('wayfinder: the recorder could not record an event', error);
      });
    },
    acted: (from, captured) => this.acted(from, captured),
    happened: (from, event) => {
      if (from.index !== this.current) {
        // The page's own doing in a tab the person is not in (a background tab still loading) is not a step.
        if (event.kind !== 'navigate' || event.via === 'link' || event.via === 'script') return;
        this.switchTo(from.index);
      }
      this.push(event);
    },
  };

  get isRecording(): boolean {
    return this.recording;
  }

  /** What has been recorded so far. */
  get recorded(): readonly RecordedEvent[] {
    return this.events;
  }

  /** Starts recording a tab (and the tabs it opens). */
  async start(tab: CdpTab, options: RecordingStartOptions = {}): Promise<void> {
    if (this.recording) throw new Error('This recorder is already recording; stop it before starting again.');
    this.recording = true;
    this.stopWatching = watchOpenedTabs(this.browser, (opened) => {
      const opener = opened.openerId;
      if (!opener || !this.tabs.some((t) => t.id === opener)) return;
      if (this.tabs.some((t) => t.id === opened.id)) return;
      this.sink.enqueue(() => this.adopt(opened.id, opened.url));
    });
    const first = new TabRecorder(0, tab, this.binding, this.sink);
    this.tabs.push(first);
    await first.start();
    if (options.url) {
      await first.navigateTyped(options.url);
    } else {
      const { url, title } = await tab.info();
      if (isRealUrl(url)) this.sink.enqueue(() => this.push({ kind: 'navigate', url, via: 'typed', ...(title ? { title } : {}) }));
    }
  }

  /** A tab a recorded tab opened: it is recorded too, and the person is now in it. */
  private async adopt(targetId: string, url: string): Promise<void> {
    if (!this.recording) return;
    const tab = await this.browser.tab(targetId);
    const recorder = new TabRecorder(this.tabs.length, tab, this.binding, this.sink);
    this.tabs.push(recorder);
    const opened = (address: string) => {
      this.current = recorder.index;
      this.push({ kind: 'newTab', url: address, tab: recorder.index });
    };
    if (isRealUrl(url)) {
      opened(url);
      recorder.openedAt = url;
    } else recorder.firstNavigation = opened;
    await recorder.start();
    // Its first page may have loaded before the recorder was listening.
    if (recorder.firstNavigation) {
      const now = (await tab.info().catch(() => null))?.url ?? '';
      if (isRealUrl(now)) {
        recorder.firstNavigation = null;
        recorder.openedAt = now;
        opened(now);
      }
    }
  }

  private acted(from: TabRecorder, captured: CapturedEvent): void {
    if (from.firstNavigation) {
      // Acting in a new tab that never loaded an address (a page a script wrote).
      const open = from.firstNavigation;
      from.firstNavigation = null;
      open('about:blank');
    }
    if (from.index !== this.current) this.switchTo(from.index);
    const event = recordedOf(captured);
    const last = this.events[this.events.length - 1];
    // A double click arrives after its first click: it replaces it.
    if (
      event.kind === 'click' &&
      event.count === 2 &&
      last?.kind === 'click' &&
      last.count !== 2 &&
      firstLocator(last) === firstLocator(event)
    )
      this.events.pop();
    this.push(event);
  }

  private switchTo(index: number): void {
    this.current = index;
    this.push({ kind: 'switchTab', tab: index });
  }

  private push(event: RecordedEvent): void {
    if (!this.recording) return;
    this.events.push(event);
    this.options.onEvent?.(event);
  }

  /** Narration: attaches to the step just recorded (or the next one, before any). */
  note(text: string): void {
    const trimmed = text.trim();
    if (trimmed) this.sink.enqueue(() => this.push({ kind: 'note', text: trimmed }));
  }

  /** Stops recording everywhere and returns what was recorded. */
  async stop(): Promise<RecordedEvent[]> {
    if (!this.recording) return [...this.events];
    this.stopWatching?.();
    this.stopWatching = null;
    // Stopping the capture reports a scroll still settling; those reports queue before the end.
    await Promise.all(this.tabs.map((t) => t.stop().catch(() => undefined)));
    await this.queue;
    this.recording = false;
    return [...this.events];
  }
}
