import type { DialogPolicy, FileInput, RequestGuard, TabInfo } from '@wayfinder/core';

/** What a tab needs from the browser around it (Node launches targets; the extension has chrome.tabs). */
export interface TabHost {
  /** The policy dialogs are answered by, read when a dialog opens. */
  dialogPolicy(): DialogPolicy;
  /** What decides the tab's requests, read for each request; null lets everything through. */
  requestGuard?: () => RequestGuard | null;
  info(tabId: string): Promise<TabInfo>;
  /** Calls back for each tab this one opens (target=_blank links, window.open) until unsubscribed. */
  watchNewTabs(openerId: string, onTab: (info: TabInfo) => void): () => void;
  /** What the request guard stopped in a tab the task drives (a popup this one opened), drained; [] for others. */
  stoppedIn?(tabId: string): Promise<string[]>;
  /** Paths the browser can read for these files (Node); absent where files must go in by script. */
  filePaths?: (files: FileInput[]) => Promise<string[]>;
}

export type InputMode = 'cdp' | 'dom';

export interface TabOptions {
  /** `cdp`: trusted input through the debugger (default). `dom`: script-made events. */
  inputMode?: InputMode;
  navigationTimeoutMs?: number;
  /** How long an action may wait for its element to become visible, still and uncovered. */
  actionTimeoutMs?: number;
}
