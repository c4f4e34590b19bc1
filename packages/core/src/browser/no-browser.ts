import { BrowserError } from './errors';
import type { Browser } from './port';

// A browser with no pages, for the loop's own tests (tools that never touch a page):
// every page call fails as a BrowserError, settings are taken and ignored.

const noPage = () => Promise.reject(new BrowserError('unexpected', 'No browser in this test.', false));

export const NO_BROWSER: Browser = {
  tabs: noPage,
  activeTab: noPage,
  openTab: noPage,
  switchTab: noPage,
  closeTab: noPage,
  setDialogPolicy: () => undefined,
  setRequestGuard: () => Promise.resolve(),
};
