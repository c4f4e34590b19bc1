import { NodeBrowser } from '@wayfinder/cdp/node';
import { guardBrowser, type Tab } from '@wayfinder/core';
import type { BrowserChoice, ExtensionChoice, OpenedBrowser } from './browser-choice';
import { BrowserStartError } from './errors';

// The browser a run works in: a Chrome or Chromium we launch (headless unless --headed), or one
// already running that we attach to (--cdp-endpoint), where we work in the tab the person
// is looking at — or in a new tab, when --url says where to start.

export interface OpenBrowser {
  browser: NodeBrowser;
  tab: Tab;
  attached: boolean;
  /** Closes what we launched; for a browser we attached to, only disconnects. */
  close(): Promise<void>;
}

export { BrowserStartError };
export type { BrowserChoice, ExtensionChoice, OpenedBrowser };

/** A launched or attached Chromium, or with `extension`, the person's own Chrome through the hub. */
export async function openChosenBrowser(
  choice: BrowserChoice & { extension?: ExtensionChoice | null | undefined },
): Promise<OpenedBrowser> {
  if (!choice.extension) return openBrowser(choice);
  return (await import('./hub/extension-browser')).openExtensionBrowser(choice.extension, choice);
}

export async function openBrowser(choice: BrowserChoice): Promise<OpenBrowser> {
  let browser: NodeBrowser;
  try {
    // An attached browser keeps its own window size; ours gets a fixed viewport.
    browser = choice.cdpEndpoint
      ? await NodeBrowser.connect(choice.cdpEndpoint, { viewport: null })
      : await NodeBrowser.launch({
          headless: !choice.headed,
          ...(choice.userDataDir ? { userDataDir: choice.userDataDir } : {}),
          ...(choice.executablePath ? { executablePath: choice.executablePath } : {}),
        });
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new BrowserStartError(
      choice.cdpEndpoint
        ? `Could not attach to a browser at ${choice.cdpEndpoint}: ${why}\nStart Chrome with --remote-debugging-port=9222 and pass --cdp-endpoint http://127.0.0.1:9222.`
        : `Could not start the browser: ${why}`,
    );
  }
  try {
    if (choice.guard) await guardBrowser(browser, choice.guard);
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
