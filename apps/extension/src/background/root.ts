import { DeviceEndpoint, HISTORY_RECENT } from '@wayfinder/bridge';
import { ExtensionBrowser, TabRegistry } from '@wayfinder/cdp/extension';
import { Db } from '../lib/db';
import { logError, logThrough } from '../lib/log';
import { WorkerRedaction } from '../lib/redaction';
import { loadSecrets } from '../lib/safety-store';
import { SkillsDb } from '../lib/skills-db';
import { BridgeClient } from './bridge/client';
import { ExtensionDevice } from './bridge/device';
import { HostTasks } from './bridge/host-tasks';
import { backgroundHandlers } from './handlers';
import { PageHelpers } from './helpers/page-helpers';
import { RatingsDb } from './helpers/ratings';
import { listen } from './listeners';
import { PageCapture } from './memory/capture';
import { MemoryService } from './memory/service';
import { PanelHub } from './panel-hub';
import { PendingRequests } from './pending';
import { FeedService } from './research/feed';
import { answerHistoryRecent } from './research/history-signals';
import { extensionResearch } from './research/port';
import { makeRouter } from './router';
import { SkillRecording } from './skills/recording';
import { holdDownloads } from './tasks/downloads';
import { TaskLauncher } from './tasks/launcher';
import { Voice } from './voice/voice';

// The service worker's composition root: it makes the worker's services once — the one
// redaction (lib/redaction.ts: fed with the person's stored secrets, renewed when they
// change, handed to every store, task, export and log line), the stores, the panel hub and
// the questions waiting, the tab registry every browser shares, tasks, the bridge to the
// host, the feed, skills, helpers, voice — and the router over every
// feature's handlers, then registers the listeners (listeners.ts). Listeners are
// registered synchronously at start-up (Chrome delivers the event that woke the worker
// only to listeners that exist by then); then unfinished tasks from a stopped worker are
// resumed and the host is dialled.

/** Opens a store on first use, once for the worker's life; a failed open is tried again next time. */
function once<T>(open: () => Promise<T>): () => Promise<T> {
  let opened: Promise<T> | null = null;
  return () => {
    opened ??= open().catch((error: unknown) => {
      opened = null;
      throw error;
    });
    return opened;
  };
}

export function startBackground(): void {
  // The one redaction every sink writes through; its secrets are read from storage on first use (and again when they change).
  const redaction = new WorkerRedaction(loadSecrets);
  logThrough(redaction.current);
  const db = once(() => Db.open(redaction.current));
  const memory = once(() => MemoryService.open(redaction.current));
  const skills = once(() => SkillsDb.open(redaction.current));
  const ratings = once(() => RatingsDb.open(redaction.current));
  // The launcher's status is what the hub pushes; the hub is what the others tell.
  const hub: PanelHub = new PanelHub(() => tasks.status());
  const pending = new PendingRequests(db, hub, redaction.current);
  // The tabs the extension opened itself, for every browser of this worker (packages/cdp's tab-registry.ts).
  const registry = new TabRegistry(chrome.tabs);
  // The person's tabs as the panel and the helpers mean them ("the page beside the panel").
  const browserTabs = new ExtensionBrowser({ tabs: chrome.tabs, debugger: chrome.debugger }, { registry });
  const personsTab = async (): Promise<chrome.tabs.Tab | null> => {
    const tab = await browserTabs.startingTab();
    return tab?.id === undefined ? null : chrome.tabs.get(tab.id);
  };
  const tasks: TaskLauncher = new TaskLauncher({
    db,
    hub,
    pending,
    registry,
    memory: async () => (await memory()).access,
    skills: async () => (await skills()).library(),
    research: extensionResearch(registry),
    redaction: redaction.current,
  });

  // The host's way into this browser (docs/0028-bridge.md): dialled out to `wayfinder serve` when paired.
  const device: ExtensionDevice = new ExtensionDevice(pending, () => bridge.push(), registry, redaction.current);
  const bridge: BridgeClient = new BridgeClient({
    endpoint: new DeviceEndpoint(device),
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
    // The host asks for history only through this (opted in, filtered here: research/history-signals.ts).
    answer: (method, params) => (method === HISTORY_RECENT ? answerHistoryRecent(params) : null),
  });
  const callHost = <T>(method: string, params: unknown, deadlineMs?: number) => bridge.callHost<T>(method, params, deadlineMs);
  // Tasks the host's agent runs, asked from the panel or from another browser (bridge/host-tasks.ts).
  const hostTasks: HostTasks = new HostTasks(
    callHost,
    hub,
    () => bridge.isConnected(),
    async () => (await bridge.state()).label,
    redaction.current,
  );
  // The feed of discoveries the host's research found, kept here too (research/feed.ts).
  const feed: FeedService = new FeedService(callHost, () => bridge.isConnected(), hub, personsTab, redaction.current);

  const recording = new SkillRecording(
    skills,
    async (id) => {
      await chrome.tabs.create({ url: chrome.runtime.getURL(`/skills.html#${encodeURIComponent(id)}`) });
    },
    registry,
    redaction.current,
  );
  // Spoken replies and tab audio (voice/voice.ts); the tab is the one the person is in.
  const voice = new Voice(personsTab, redaction.current);

  const route = makeRouter(
    chrome.runtime.id,
    backgroundHandlers({
      tasks,
      pending,
      db,
      currentPage: async () => {
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
      },
      // The panel's Capture button: in the page the panel is beside (helpers/page-helpers.ts).
      capturePage: async () => {
        const tab = await browserTabs.startingTab();
        if (tab?.id === undefined) throw new Error('Open a web page to capture an area of it.');
        await pageHelpers.startCapture(tab.id);
      },
      ratings,
      memory: { memory, activeTab: personsTab },
      skills: { skills, recording, tasks },
      bridge: {
        state: () => bridge.state(),
        pair: (port, code, label) => bridge.pair(port, code, label),
        reconnect: () => bridge.reconnect(),
        disconnect: () => bridge.disconnect(),
        forget: () => bridge.forget(),
        hostTasks,
      },
      feed,
      voice,
      showInPanels: (conversationId) => hub.broadcast({ type: 'show', conversationId }),
    }),
  );

  // Pages are remembered only as the settings allow (memory/capture.ts); a new embedder re-indexes memory.
  new PageCapture({ memory, busyTabs: async () => (await tasks.status()).attachedTabs }).listen();
  // The helpers on every page (issue 16): their content script's port, the capture shortcut, Send to chat.
  const pageHelpers: PageHelpers = new PageHelpers({
    facts: async () => (await (await memory()).store.listFacts()).sort((a, b) => b.addedAt - a.addedAt).map((f) => f.text),
    // Ratings go to the ratings store as a message of this worker's own (rating.save).
    rate: async (rating) => {
      const reply = await route({ type: 'rating.save', ...rating }, { id: chrome.runtime.id, url: self.location.href });
      if (typeof reply === 'object' && reply !== null && 'ok' in reply && reply.ok !== true) throw new Error(JSON.stringify(reply));
    },
    redaction: redaction.current,
  });
  pageHelpers.listen();
  // A download holds here (Chrome waits for the file name) until a running task's policy
  // has asked the person; declined, it is cancelled and leaves nothing behind (tasks/downloads.ts).
  holdDownloads((url, filename) => tasks.judgeDownload(url, filename));
  listen({ route, hub, memory, voice, bridge, redaction });

  tasks.resumeUnfinished().catch((error: unknown) => logError('wayfinder: could not resume unfinished tasks', error));
  device.showWaiting();
  feed.start().catch((error: unknown) => logError('wayfinder: could not show the feed count', error));
  bridge.start().catch((error: unknown) => logError('wayfinder: could not connect to the host', error));
}
