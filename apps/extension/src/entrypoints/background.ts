import { ExtensionBrowser } from '@wayfinder/cdp/extension';
import { defineBackground } from 'wxt/utils/define-background';
import { RESUME_ALARM } from '../background/keepalive';
import { makeRouter } from '../background/router';
import { TaskManager } from '../background/tasks';
import { Db } from '../lib/db';
import { PANEL_PORT } from '../lib/messages';
import { loadSettings } from '../lib/settings';

// The service worker: hosts the agent. Listeners are registered synchronously at start-up
// (Chrome delivers the event that woke the worker only to listeners that exist by then);
// then unfinished tasks from a stopped worker are resumed.

export default defineBackground(() => {
  let dbPromise: Promise<Db> | null = null;
  const db = () => {
    dbPromise ??= Db.open().catch((error: unknown) => {
      dbPromise = null;
      throw error;
    });
    return dbPromise;
  };
  const tasks = new TaskManager(db);
  const currentPage = async () => {
    const tab = await new ExtensionBrowser({ tabs: chrome.tabs, debugger: chrome.debugger }).startingTab();
    return { page: tab ? { title: tab.title ?? '', url: tab.url ?? '', favIconUrl: 'favIconUrl' in tab && typeof tab.favIconUrl === 'string' ? tab.favIconUrl : '' } : null };
  };
  const route = makeRouter(tasks, db, currentPage);

  chrome.runtime.onMessage.addListener((message: unknown, _sender, sendResponse) => {
    route(message).then(sendResponse, (error: unknown) => sendResponse({ ok: false, error: String(error) }));
    return true;
  });

  chrome.runtime.onConnect.addListener((port) => {
    if (port.name === PANEL_PORT) tasks.addPanel(port);
  });

  chrome.commands.onCommand.addListener((command, tab) => {
    if (command !== 'open-side-panel' || tab?.windowId === undefined) return;
    chrome.sidePanel.open({ windowId: tab.windowId }).catch((error: unknown) => console.error('wayfinder: could not open the side panel', error));
  });

  // The resume alarm's only job is to start a stopped worker; resuming runs below at every start.
  chrome.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === RESUME_ALARM) console.debug('wayfinder: woken by the resume alarm');
  });

  chrome.runtime.onInstalled.addListener((details) => {
    if (details.reason !== 'install') return;
    loadSettings().then(async (settings) => {
      if (!settings.firstRunDone) await chrome.tabs.create({ url: chrome.runtime.getURL('/welcome.html') });
    }).catch((error: unknown) => console.error('wayfinder: could not open the welcome page', error));
  });

  chrome.sidePanel.setPanelBehavior({ openPanelOnActionClick: true }).catch((error: unknown) => console.error('wayfinder: could not set the side panel behaviour', error));

  tasks.resumeUnfinished().catch((error: unknown) => console.error('wayfinder: could not resume unfinished tasks', error));
});
