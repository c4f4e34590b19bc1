import type { Browser, ConfirmAnswer, ConfirmRequest, HistorySignal, RequestGuard, Tab } from '@wayfinder/core';

// What a command asks for when it opens a browser, and what it gets: apart from browser.ts,
// so the hub's extension browser (loaded only when asked) can name them without a circle.

export interface BrowserChoice {
  cdpEndpoint?: string | undefined;
  headed?: boolean;
  /** A profile to launch with and keep (logins survive); none: a temporary one. */
  userDataDir?: string | undefined;
  /** The browser to launch, instead of the one found. */
  executablePath?: string | undefined;
  url?: string | undefined;
  /**
   * What judges every request the browser's tabs make, put on (guardBrowser) before the
   * start page opens, so its redirects and frames are judged too. The runtime makes it from
   * the task's policy (runtime.ts); none only where the person drives the browser by hand
   * (skill record).
   */
  guard?: RequestGuard;
  /**
   * The person's own Chrome is asking them about one of this command's calls (a card in its
   * side panel; `--browser extension`): the command says so where it runs, as the call waits.
   */
  onAsking?: (question: string) => void;
}

/** `--browser extension[:DEVICE]`: the person's own Chrome, through the hub `wayfinder serve` runs. */
export interface ExtensionChoice {
  /** $WAYFINDER_HOME, where hub.json says how to reach the hub. */
  home: string;
  /** The device's label, id or id prefix; none: the only one connected. */
  device?: string | undefined;
  /** Who is asking, as the person's side panel shows it ("wayfinder run"). */
  label: string;
}

/** A browser of any kind run and mcp work in. */
export interface OpenedBrowser {
  browser: Browser;
  tab: Tab;
  attached: boolean;
  close(): Promise<void>;
  /** The person's own Chrome: asks them there, in Wayfinder's side panel (where they are looking). */
  confirmInBrowser?: (request: ConfirmRequest & { tool: string; input: unknown }, signal?: AbortSignal) => Promise<ConfirmAnswer>;
  /** The person's own Chrome: their recent history (site and title only), which it gives only when they opted in there. */
  history?: (days: number, limit: number) => Promise<HistorySignal[]>;
}
