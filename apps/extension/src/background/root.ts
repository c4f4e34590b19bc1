import { DeviceEndpoint, HISTORY_RECENT } from '@wayfinder/bridge';
import { ExtensionBrowser, TabRegistry } from '@wayfinder/cdp/extension';
import { defineBackground } from 'wxt/utils/define-background';
import { BRIDGE_ALARM, BridgeClient } from '../background/bridge/client';
import type { BridgeRouterParts } from '../background/bridge/handlers';
import { HostTasks } from '../background/bridge/host-tasks';
import { ExtensionDevice } from '../background/bridge/device';
import { exposeEmbedderForTests } from '../background/memory/embedder';
import { FeedService } from '../background/research/feed';
import { answerHistoryRecent } from '../background/research/history-signals';
import { extensionResearch } from '../background/research/port';
import { RESUME_ALARM } from '../background/tasks/keepalive';
import { MemoryService } from '../background/memory/service';
import { PageCapture } from '../background/memory/capture';
import { PageHelpers } from '../background/helpers/page-helpers';
import { PanelHub } from '../background/panel-hub';
import { PendingRequests } from '../background/pending';
import { backgroundHandlers } from '../background/handlers';
import { fromOwnPage, makeRouter } from '../background/router';
import { SkillRecording } from '../background/skills/recording';
import { holdDownloads } from '../background/tasks/downloads';
import { TaskLauncher } from '../background/tasks/launcher';
import { Voice } from '../background/voice/voice';
import { Db } from '../lib/db';
import { PANEL_PORT } from '../lib/messages';
import { PAGE_HELPERS_PORT } from '../lib/page-helpers';
import { loadSettings } from '../lib/settings';
import { SkillsDb } from '../lib/skills-db';

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
  let memoryPromise: Promise<MemoryService> | null = null;
  const memory = () => {
    memoryPromise ??= MemoryService.open().catch((error: unknown) => {
      memoryPromise = null;
      throw error;
    });
    return memoryPromise;
  };
  // The launcher's status is what the hub pushes; the hub is what the others tell.
  const hub: PanelHub = new PanelHub(() => tasks.status());
  const pending = new PendingRequests(db, hub);
  let skillsPromise: Promise<SkillsDb> | null = null;
  const skills = () => {
    skillsPromise ??= SkillsDb.open().catch((error: unknown) => {
      skillsPromise = null;
      throw error;
    });
    return skillsPromise;
  };
  // The tabs the extension opened itself, for every browser of this worker (packages/cdp's tab-registry.ts).
  const tabRegistry = new TabRegistry(chrome.tabs);
  // The person's tabs as the panel and the helpers mean them ("the page beside the panel").
  const browserTabs = new ExtensionBrowser({ tabs: chrome.tabs, debugger: chrome.debugger }, { registry: tabRegistry });
  const tasks: TaskLauncher = new TaskLauncher({
    db,
    hub,
    pending,
    registry: tabRegistry,
    memory: async () => (await memory()).access,
    skills: async () => (await skills()).library(),
    research: extensionResearch(tabRegistry),
  });
  const currentPage = async () => {
    const tab = await browserTabs.startingTab();
    return {
      page: tab
        ? {
            title: tab.title ?? '',
            url: tab.url ?? '',
            favIconUrl: 'favIconUrl' in tab && typeof tab.favIconUrl === 'string' ? tab.favIconUrl : '',
          }
        : null,
    };
  };
  // The host's way into this browser (docs/0028-bridge.md): dialled out to `wayfinder serve` when paired.
  const device: ExtensionDevice = new ExtensionDevice(pending, () => bridge.push(), tabRegistry);
  const endpoint = new DeviceEndpoint(device);
  const bridge: BridgeClient = new BridgeClient({
    endpoint,
    questions: () => device.questions(),
    publish: (state) => {
      hub.broadcast({ type: 'bridge', bridge: state });
      feed.connectionChanged(state.state);
    },
    onEvent: (name, data) => {
      hostTasks.onEvent(name, data);
      feed.onEvent(name, data);
    },
    onDropped: () => hostTasks.dropped(),
    // The host asks for history only through this (opted in, filtered here: history-signals.ts).
    answer: (method, params) => (method === HISTORY_RECENT ? answerHistoryRecent(params) : null),
  });
  // Tasks the host's agent runs, asked from the panel or from another browser (host-tasks.ts).
  const hostTasks: HostTasks = new HostTasks(
    <T>(method: string, params: unknown, deadlineMs?: number) => bridge.callHost<T>(method, params, deadlineMs),
    hub,
    () => bridge.isConnected(),
    async () => (await bridge.state()).label,
  );
  // The feed of discoveries the host's research found, kept here too (feed.ts).
  const feed: FeedService = new FeedService(
    <T>(method: string, params: unknown, deadlineMs?: number) => bridge.callHost<T>(method, params, deadlineMs),
    () => bridge.isConnected(),
    hub,
    async () => {
      const tab = await browserTabs.startingTab();
      return tab?.id === undefined ? null : chrome.tabs.get(tab.id);
    },
  );
  const bridgeParts: BridgeRouterParts = {
    state: () => bridge.state(),
    pair: (port, code, label) => bridge.pair(port, code, label),
    reconnect: () => bridge.reconnect(),
    disconnect: () => bridge.disconnect(),
    forget: () => bridge.forget(),
    hostTasks,
  };
  const recording = new SkillRecording(
    skills,
    async (id) => {
      await chrome.tabs.create({ url: chrome.runtime.getURL(`/skills.html#${encodeURIComponent(id)}`) });
    },
    tabRegistry,
  );
  // Spoken replies and tab audio (background/voice.ts); the tab is the one the person is in.
  const voice = new Voice(async () => {
    const tab = await browserTabs.startingTab();
    return tab?.id === undefined ? null : chrome.tabs.get(tab.id);
  });
  const route = makeRouter(
    chrome.runtime.id,
    backgroundHandlers({
      tasks,
      pending,
      db,
      currentPage,
      // The panel's Capture button: in the page the panel is beside (page-helpers.ts).
      capturePage: async () => {
        const tab = await browserTabs.startingTab();
        if (tab?.id === undefined) throw new Error('Open a web page to capture an area of it.');
        await pageHelpers.startCapture(tab.id);
      },
      memory: {
        memory,
        activeTab: async () => {
          const tab = await browserTabs.startingTab();
          return tab?.id === undefined ? null : chrome.tabs.get(tab.id);
        },
      },
      skills: { skills, recording, tasks },
      bridge: bridgeParts,
      feed,
      voice,
    }),
  );

  // Pages are remembered only as the settings allow (memory-capture.ts); a new embedder re-indexes memory.
  new PageCapture({ memory, busyTabs: async () => (await tasks.status()).attachedTabs }).listen();
  // The helpers on every page (issue 16): their content script's port, the capture shortcut, Send to chat.
  const pageHelpers: PageHelpers = new PageHelpers({
    facts: async () => (await (await memory()).store.listFacts()).sort((a, b) => b.addedAt - a.addedAt).map((f) => f.text),
    // Ratings go to the ratings store as a message of this worker's own (rating.save).
    rate: async (rating) => {
      const reply = await route({ type: 'rating.save', ...rating }, { id: chrome.runtime.id, url: self.location.href });
      if (typeof reply === 'object' && reply !== null && 'ok' in reply && reply.ok !== true) throw new Error(JSON.stringify(reply));
    },
  });
  pageHelpers.listen();
  chrome.storage.onChanged.addListener((changes, area) => {
    const change = changes.settings;
    if (area !== 'local' || !change) return;
    memory()
      .then((service) => service.settingsChanged(change.oldValue, change.newValue))
      .catch((error: unknown) => console.error('wayfinder: could not follow a memory settings change', error));
  });

  chrome.runtime.onMessage.addListener((message: unknown, sender, sendResponse) => {
    route(message, sender).then(sendResponse, (error: unknown) => sendResponse({ ok: false, error: String(error) }));
    return true;
  });

  chrome.runtime.onConnect.addListener((port) => {
    if (port.name === PANEL_PORT && port.sender && fromOwnPage(port.sender, chrome.runtime.id)) hub.add(port);
    else if (port.name !== PAGE_HELPERS_PORT) port.disconnect();
  });

  // A download holds here (Chrome waits for the file name) until a running task's policy
  // has asked the person; declined, it is cancelled and leaves nothing behind (tasks/downloads.ts).
  holdDownloads((url, filename) => tasks.judgeDownload(url, filename));

  chrome.commands.onCommand.addListener((command, tab) => {
    if (voice.onCommand(command, tab)) return;
    // The Home page (issue 16): a shortcut the person sets at chrome://extensions/shortcuts.
    if (command === 'open-home') {
      chrome.tabs
        .create({ url: chrome.runtime.getURL('/home.html') })
        .catch((error: unknown) => console.error('wayfinder: could not open Home', error));
      return;
    }
    if (command !== 'open-side-panel' || tab?.windowId === undefined) return;
    chrome.sidePanel
      .open({ windowId: tab.windowId })
      .catch((error: unknown) => console.error('wayfinder: could not open the side panel', error));
  });

  // The resume alarm's only job is to start a stopped worker; resuming runs below at every start.
  chrome.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === RESUME_ALARM) console.debug('wayfinder: woken by the resume alarm');
    // Chrome stopped the worker (and its socket) anyway: the alarm woke it to dial again.
    if (alarm.name === BRIDGE_ALARM) bridge.ensure().catch((error: unknown) => console.error('wayfinder: could not reach the host', error));
  });

  chrome.runtime.onInstalled.addListener((details) => {
    if (details.reason !== 'install') return;
    loadSettings()
      .then(async (settings) => {
        if (!settings.firstRunDone) await chrome.tabs.create({ url: chrome.runtime.getURL('/welcome.html') });
      })
      .catch((error: unknown) => console.error('wayfinder: could not open the welcome page', error));
  });

  chrome.sidePanel
    .setPanelBehavior({ openPanelOnActionClick: true })
    .catch((error: unknown) => console.error('wayfinder: could not set the side panel behaviour', error));

  exposeEmbedderForTests(async () => (await loadSettings()).memory);

  tasks.resumeUnfinished().catch((error: unknown) => console.error('wayfinder: could not resume unfinished tasks', error));
  device.showWaiting();
  feed.start().catch((error: unknown) => console.error('wayfinder: could not show the feed count', error));
  bridge.start().catch((error: unknown) => console.error('wayfinder: could not connect to the host', error));
});
