import { HISTORY_RECENT, linkTo, RemoteBrowser, type HistoryRecent } from '@wayfinder/bridge';
import { guardBrowser, type Tab } from '@wayfinder/core';
import type { BrowserChoice, ExtensionChoice, OpenedBrowser } from '../browser-choice';
import { BrowserStartError } from '../errors';
import { connectHub } from './client';

// `--browser extension[:DEVICE]`: the person's own Chrome, reached through the running hub.
// A host session there (its own tabs, grouped "Wayfinder (host)") stands in for a launched
// Chromium; the host's request guard is set on it as on any browser, and the browser adds
// the person's own rules on top.

export async function openExtensionBrowser(extension: ExtensionChoice, choice: BrowserChoice): Promise<OpenedBrowser> {
  const client = await connectHub(extension.home, extension.label).catch((error: unknown) => {
    throw new BrowserStartError(error instanceof Error ? error.message : String(error));
  });
  try {
    const remote = await RemoteBrowser.open(linkTo(client.peer, extension.device), client.sessions, extension.label);
    const onAsking = choice.onAsking;
    if (onAsking) remote.onAsking = (asking) => onAsking(asking.question);
    if (choice.guard) await guardBrowser(remote, choice.guard);
    const tab: Tab = await remote.activeTab();
    if (choice.url) await tab.navigate(choice.url);
    return {
      browser: remote,
      tab,
      attached: true,
      confirmInBrowser: remote.confirmInBrowser(),
      // Refused by the browser unless the person opted in there; filtered there before it leaves.
      history: async (days, limit) =>
        (await linkTo(client.peer, extension.device).call<HistoryRecent>(HISTORY_RECENT, { days, limit })).items,
      close: async () => {
        await remote.close();
        client.close();
      },
    };
  } catch (error) {
    client.close();
    throw error;
  }
}
