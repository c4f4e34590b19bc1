import { BrowserError, normalizeAddress, pageData, type ActOptions, type ActionOutcome, type TabInfo } from '@wayfinder/core';
import type { CdpSession } from '../connection';
import type { NavigationWatch } from './navigation';

// Opening addresses, history and reloads for a CdpTab: each runs as an action (the tab's
// `perform`), waits for the page to load or says it is still loading, tells a download
// apart from a page, and explains the network's error codes in words.

/** How long a download's report may trail the navigation that started it. */
const DOWNLOAD_REPORT_MS = 100;
/** How long the navigation that follows an accepted beforeunload dialog may take to start. */
const LEAVE_GRACE_MS = 2000;

export interface NavigatorHost {
  session: CdpSession;
  timeoutMs: number;
  perform(doing: string, run: (watch: NavigationWatch) => Promise<string>, options?: ActOptions): Promise<ActionOutcome>;
  info(): Promise<TabInfo>;
  requestsSettled(): Promise<void>;
  /** The page asked to confirm leaving during this action: what the dialog policy said, if it asked. */
  leaving(): 'stay' | 'leave' | undefined;
}

export class Navigator {
  constructor(private readonly tab: NavigatorHost) {}

  // async: a bad address is a rejected promise, like every other failure, not a throw.
  async navigate(url: string, options?: ActOptions): Promise<ActionOutcome> {
    const address = normalizeAddress(url);
    return this.navigation(`opening ${address}`, options, async (watch) => {
      const result = await this.tab.session.send('Page.navigate', { url: address });
      if (result.isDownload) return 'download';
      if (!result.errorText) return 'page';
      const leaving = this.tab.leaving();
      // Chrome may report the navigation it held for the beforeunload dialog as aborted and go on
      // with a fresh one once the dialog is accepted: wait for that one rather than fail.
      if (leaving === 'leave' && result.errorText === 'net::ERR_ABORTED') {
        if (await watch.until(() => watch.started || watch.committed, LEAVE_GRACE_MS)) return 'page';
      }
      if (leaving === 'stay') {
        throw new BrowserError(
          'navigation-failed',
          `Stayed on the page: it asked to confirm leaving (it may have unsaved changes), and the dialog policy said stay. Save or discard the changes first, or leave anyway if the user agrees.`,
          false,
        );
      }
      throw new BrowserError(
        'navigation-failed',
        `Could not open ${address}: ${explainNetError(result.errorText)}`,
        result.errorText !== 'net::ERR_NAME_NOT_RESOLVED',
      );
    });
  }

  history(step: -1 | 1): Promise<ActionOutcome> {
    const doing = step < 0 ? 'going back' : 'going forward';
    return this.navigation(doing, {}, async () => {
      const { currentIndex, entries } = await this.tab.session.send('Page.getNavigationHistory');
      const entry = entries[currentIndex + step];
      if (!entry)
        throw new BrowserError('bad-argument', `There is no ${step < 0 ? 'previous' : 'next'} page in this tab's history.`, false);
      await this.tab.session.send('Page.navigateToHistoryEntry', { entryId: entry.id });
      return 'page';
    });
  }

  reload(): Promise<ActionOutcome> {
    return this.navigation('reloading', {}, async () => {
      await this.tab.session.send('Page.reload', {});
      return 'page';
    });
  }

  /** `start` says 'download' when the address turned out to be a file to download, not a page. */
  private navigation(
    doing: string,
    options: ActOptions | undefined,
    start: (watch: NavigationWatch) => Promise<'download' | 'page'>,
  ): Promise<ActionOutcome> {
    const { timeoutMs } = this.tab;
    return this.tab.perform(
      doing,
      async (watch) => {
        if ((await start(watch)) === 'download') {
          // The browser reports the download as it answers; let its decision be made before the result.
          await new Promise((resolve) => setTimeout(resolve, DOWNLOAD_REPORT_MS));
          await this.tab.requestsSettled();
          return 'The address is a file to download, not a page; the page stayed as it was.';
        }
        const loaded = await watch.until(() => watch.loaded || watch.sameDocument, timeoutMs);
        const info = await this.tab.info();
        return loaded
          ? `Opened ${pageData(info.url, 300)}${info.title ? ` (${pageData(info.title)})` : ''}.`
          : `Started opening ${pageData(info.url, 300)}; it is still loading after ${Math.round(timeoutMs / 1000)} s.`;
      },
      options,
    );
  }
}

function explainNetError(code: string): string {
  const known: Record<string, string> = {
    'net::ERR_NAME_NOT_RESOLVED': 'the site name does not resolve (check the spelling)',
    'net::ERR_CONNECTION_REFUSED': 'nothing answered at that address (connection refused)',
    'net::ERR_INTERNET_DISCONNECTED': 'there is no internet connection',
    'net::ERR_CONNECTION_TIMED_OUT': 'the site did not answer in time',
    'net::ERR_CERT_AUTHORITY_INVALID': "the site's certificate is not trusted",
    'net::ERR_BLOCKED_BY_CLIENT': 'the request was blocked',
    'net::ERR_ABORTED': 'the navigation was cancelled (the page may have started another one)',
    'net::ERR_UNSAFE_PORT': 'the browser does not open that port (it is reserved for other protocols)',
    'net::ERR_FILE_NOT_FOUND': 'there is no such file',
  };
  return `${known[code] ?? 'the browser reported an error'} (${code}).`;
}
