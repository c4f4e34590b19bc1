import { NodeBrowser } from '@wayfinder/cdp/node';
import { normalizeAddress, requestGuard, type Policy, type Tab } from '@wayfinder/core';
import { BrowserStartError } from './errors';

// The browser a run works in: a Chrome or Chromium we launch (headless unless --headed), or one
// already running that we attach to (--cdp-endpoint), where we work in the tab the person
// is looking at — or in a new tab, when --url says where to start.

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

export interface OpenBrowser {
  browser: NodeBrowser;
  tab: Tab;
  attached: boolean;
  /** Closes what we launched; for a browser we attached to, only disconnects. */
  close(): Promise<void>;
}

export { BrowserStartError };

export async function openBrowser(choice: BrowserChoice): Promise<OpenBrowser> {
  let browser: NodeBrowser;
  try {
    // An attached browser keeps its own window size; ours gets a fixed viewport.
    browser = choice.cdpEndpoint
      ? await NodeBrowser.connect(choice.cdpEndpoint, { viewport: null })
      : await NodeBrowser.launch({ headless: !choice.headed });
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new BrowserStartError(
      choice.cdpEndpoint
        ? `Could not attach to a browser at ${choice.cdpEndpoint}: ${why}\nStart Chrome with --remote-debugging-port=9222 and pass --cdp-endpoint http://127.0.0.1:9222.`
        : `Could not start the browser: ${why}`,
    );
  }
  try {
    if (choice.guard) {
      const { policy, start, confirm } = choice.guard;
      if (start) policy.begin?.(normalizeAddress(start));
      await browser.setRequestGuard(requestGuard(policy, confirm));
    }
    let tab: Tab;
    if (choice.cdpEndpoint && choice.url) tab = await browser.openTab(choice.url);
    else {
      tab = await browser.activeTab();
      if (choice.url) await tab.navigate(choice.url);
    }
    return { browser, tab, attached: Boolean(choice.cdpEndpoint), close: () => browser.close() };
  } catch (error) {
    await browser.close().catch(() => undefined);
    throw error;
  }
}
