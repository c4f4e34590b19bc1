import type { Browser, ConfirmAnswer, ConfirmRequest, HistorySignal, Policy, requestGuard, Tab } from '@wayfinder/core';

// What a command asks for when it opens a browser, and what it gets: apart from browser.ts,
// so the hub's extension browser (loaded only when asked) can name them without a circle.

export interface BrowserChoice {
  cdpEndpoint?: string | undefined;
  headed?: boolean;
  url?: string | undefined;
  /**
   * The policy that judges every request the browser's tabs make, in place before the start
   * page opens (so its redirects and frames are judged too). `start` is the person's own
   * choice of first page (begun as the task's site); `confirm` answers what the policy asks.
   */
  guard?: {
    policy: Policy;
    start?: string | undefined;
    confirm: Parameters<typeof requestGuard>[1];
  };
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
  confirmInBrowser?: (request: ConfirmRequest & { tool: string; input: unknown }) => Promise<ConfirmAnswer>;
  /** The person's own Chrome: their recent history (site and title only), which it gives only when they opted in there. */
  history?: (days: number, limit: number) => Promise<HistorySignal[]>;
}
