import { logError } from '../lib/log';
import type { WorkerRedaction } from '../lib/redaction';
import { SECRETS_KEY } from '../lib/safety-store';
import { loadSettings } from '../lib/settings';
import { historySharingOff } from '../lib/research-settings';
import { PANEL_PORT } from '../lib/messages';
import { PAGE_HELPERS_PORT } from '../lib/page-helpers';
import { BRIDGE_ALARM, type BridgeClient } from './bridge/client';
import { exposeEmbedderForTests } from './memory/embedder';
import type { MemoryService } from './memory/service';
import type { PanelHub } from './panel-hub';
import { fromOwnPage, type Sender } from './router';
import { RESUME_ALARM } from './tasks/keepalive';
import type { Voice } from './voice/voice';

// The worker's own listeners on Chrome's events, registered by the root at start-up:
// requests and the panels' ports, shortcuts, alarms, the first install, the settings'
// changes memory follows, the stored secrets' changes the one redaction follows, and a
// permission taken back. (Features with listeners of their own — page capture, the page
// helpers, downloads — register them through the root too.)

export interface ListenerParts {
  route: (message: unknown, sender: Sender) => Promise<unknown>;
  hub: PanelHub;
  memory: () => Promise<MemoryService>;
  voice: Pick<Voice, 'onCommand'>;
  bridge: Pick<BridgeClient, 'ensure'>;
  redaction: Pick<WorkerRedaction, 'renew'>;
}

export function listen({ route, hub, memory, voice, bridge, redaction }: ListenerParts): void {
  chrome.storage.onChanged.addListener((changes, area) => {
    // New or deleted secrets: every sink hides the ones stored now (read again on next use).
    if (area === 'local' && changes[SECRETS_KEY]) redaction.renew();
    const change = changes.settings;
    if (area !== 'local' || !change) return;
    memory()
      .then((service) => service.settingsChanged(change.oldValue, change.newValue))
      .catch((error: unknown) => logError('wayfinder: could not follow a memory settings change', error));
  });

  chrome.runtime.onMessage.addListener((message: unknown, sender, sendResponse) => {
    route(message, sender).then(sendResponse, (error: unknown) => sendResponse({ ok: false, error: String(error) }));
    return true;
  });

  chrome.runtime.onConnect.addListener((port) => {
    if (port.name === PANEL_PORT && port.sender && fromOwnPage(port.sender, chrome.runtime.id)) hub.add(port);
    else if (port.name !== PAGE_HELPERS_PORT) port.disconnect();
  });

  chrome.commands.onCommand.addListener((command, tab) => {
    if (voice.onCommand(command, tab)) return;
    // The Home page (issue 16): a shortcut the person sets at chrome://extensions/shortcuts.
    if (command === 'open-home') {
      chrome.tabs
        .create({ url: chrome.runtime.getURL('/home.html') })
        .catch((error: unknown) => logError('wayfinder: could not open Home', error));
      return;
    }
    if (command !== 'open-side-panel' || tab?.windowId === undefined) return;
    chrome.sidePanel
      .open({ windowId: tab.windowId })
      .catch((error: unknown) => logError('wayfinder: could not open the side panel', error));
  });

  // The resume alarm's only job is to start a stopped worker; resuming runs at every start (root.ts).
  chrome.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === RESUME_ALARM) console.debug('wayfinder: woken by the resume alarm');
    // Chrome stopped the worker (and its socket) anyway: the alarm woke it to dial again.
    if (alarm.name === BRIDGE_ALARM) bridge.ensure().catch((error: unknown) => logError('wayfinder: could not reach the host', error));
  });

  // History taken back at chrome://extensions: history sharing is off (Options › Permissions turns it off itself,
  // and the Research section shows it off without the permission either way).
  chrome.permissions.onRemoved.addListener((removed) => {
    if (!removed.permissions?.includes('history')) return;
    historySharingOff().catch((error: unknown) => logError('wayfinder: could not turn history sharing off', error));
  });

  chrome.runtime.onInstalled.addListener((details) => {
    if (details.reason !== 'install') return;
    loadSettings()
      .then(async (settings) => {
        if (!settings.firstRunDone) await chrome.tabs.create({ url: chrome.runtime.getURL('/welcome.html') });
      })
      .catch((error: unknown) => logError('wayfinder: could not open the welcome page', error));
  });

  chrome.sidePanel
    .setPanelBehavior({ openPanelOnActionClick: true })
    .catch((error: unknown) => logError('wayfinder: could not set the side panel behaviour', error));

  exposeEmbedderForTests(async () => (await loadSettings()).memory);
}
