import { isTabCaptureRequest, SPEAKING_KEY, type TabCaptureReply, type VoiceReplies } from '../../lib/voice/messages';
import { loadVoice, PTT_KEY, TAB_AUDIO_KEY, type TabAudioState } from '../../lib/voice/settings';
import { logError } from '../../lib/log';
import type { CurrentRedaction } from '../../lib/redaction';
import { askOffscreen } from '../helpers/offscreen-doc';
import { hasPermission, missingPermission } from '../../lib/permissions';

// The background's part of voice (issue 17): spoken replies with the browser's own voices
// (chrome.tts), and a tab's audio recorded through tabCapture in the offscreen document
// (kept audible there). Progress and results go to chrome.storage.session, which every
// panel follows, so the shortcut (no panel asked) and the button end in the same place
// (what is being said is kept there redacted, like every sink: lib/redaction.ts).

/** The commands (wxt.config.ts) voice answers. */
export const TAB_AUDIO_COMMAND = 'record-tab-audio';
export const PUSH_TO_TALK_COMMAND = 'push-to-talk';

const NOT_INVOKED =
  'Chrome lets Wayfinder record a tab’s audio only after you call on it in that tab: press Ctrl+Shift+A there (the “Record tab audio” shortcut) or click the Wayfinder icon in the toolbar, then try again.';

function captureProblem(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  if (/not been invoked|activeTab/i.test(text)) return NOT_INVOKED;
  if (/chrome:\/\/|Chrome pages cannot be captured/i.test(text))
    return 'Chrome’s own pages cannot be recorded. Switch to the tab that plays the audio, then try again.';
  if (/active stream/i.test(text)) return 'That tab is already being recorded; wait for the recording to finish.';
  return `The tab’s audio could not be recorded: ${text}`;
}

async function setTabAudio(state: TabAudioState): Promise<void> {
  await chrome.storage.session.set({ [TAB_AUDIO_KEY]: state });
}

function isCaptureReply(value: unknown): value is TabCaptureReply {
  return typeof value === 'object' && value !== null && 'ok' in value;
}

export class Voice {
  constructor(
    private readonly activeTab: () => Promise<chrome.tabs.Tab | null>,
    private readonly redaction: CurrentRedaction,
  ) {}

  /** Says `text` with chrome.tts; what it is saying is kept in the session store until it ends. */
  async speak(text: string, voice: string): Promise<boolean> {
    await chrome.storage.session.set({ [SPEAKING_KEY]: { text: (await this.redaction()).text(text), at: Date.now() } });
    const ended = () => void chrome.storage.session.remove(SPEAKING_KEY).catch(() => undefined);
    chrome.tts
      .speak(text, {
        ...(voice ? { voiceName: voice } : {}),
        onEvent: (event) => {
          if (event.type === 'end' || event.type === 'interrupted' || event.type === 'cancelled' || event.type === 'error') ended();
        },
      })
      .catch((error: unknown) => {
        ended();
        logError('wayfinder: could not speak a reply', error);
      });
    return true;
  }

  async stopSpeaking(): Promise<boolean> {
    chrome.tts.stop();
    await chrome.storage.session.remove(SPEAKING_KEY);
    return true;
  }

  /** Starts recording the active tab's audio; the recording arrives in the session store. */
  async captureTab(seconds?: number): Promise<VoiceReplies['voice.tab.capture']> {
    const length = seconds ?? (await loadVoice()).tabSeconds;
    const tab = await this.activeTab();
    if (tab?.id === undefined) throw new Error('Open the tab that plays the audio, then try again.');
    const id = crypto.randomUUID();
    const tabTitle = tab.title || tab.url || 'this tab';
    if (!(await hasPermission('tabCapture'))) {
      const problem = missingPermission('tabCapture', 'Recording a tab’s audio');
      await setTabAudio({ state: 'failed', id, error: problem });
      throw new Error(problem);
    }
    let streamId: string;
    try {
      streamId = await chrome.tabCapture.getMediaStreamId({ targetTabId: tab.id });
    } catch (error) {
      const problem = captureProblem(error);
      await setTabAudio({ state: 'failed', id, error: problem });
      throw new Error(problem, { cause: error });
    }
    await setTabAudio({ state: 'recording', id, tabTitle, until: Date.now() + length * 1000, seconds: length });
    const request = { target: 'offscreen-voice', kind: 'tab-capture', streamId, seconds: length };
    if (!isTabCaptureRequest(request)) throw new Error('internal: a malformed capture request');
    askOffscreen(request)
      .then(async (reply) => {
        if (!isCaptureReply(reply)) throw new Error('the offscreen document did not answer');
        if (!reply.ok) throw new Error(reply.error);
        const site = siteOf(tab.url);
        await setTabAudio({ state: 'done', id, tabTitle, wav: reply.wav, seconds: reply.seconds, ...(site ? { site } : {}) });
      })
      .catch((error: unknown) => setTabAudio({ state: 'failed', id, error: captureProblem(error) }))
      .catch((error: unknown) => logError('wayfinder: could not keep a tab recording', error));
    return { id, tabTitle, seconds: length };
  }

  async clearTab(): Promise<boolean> {
    await chrome.storage.session.remove(TAB_AUDIO_KEY);
    return true;
  }

  /** The shortcuts: record the tab's audio (the side panel shows it), or toggle listening in an open panel. */
  onCommand(command: string, tab: chrome.tabs.Tab | undefined): boolean {
    if (command === TAB_AUDIO_COMMAND) {
      const open = tab?.windowId === undefined ? Promise.resolve() : chrome.sidePanel.open({ windowId: tab.windowId });
      open
        .catch(() => undefined)
        .then(() => this.captureTab())
        .catch((error: unknown) => logError('wayfinder: could not record the tab’s audio', error));
      return true;
    }
    if (command === PUSH_TO_TALK_COMMAND) {
      chrome.storage.session
        .set({ [PTT_KEY]: Date.now() })
        .catch((error: unknown) => logError('wayfinder: could not pass on the push-to-talk shortcut', error));
      return true;
    }
    return false;
  }
}

function siteOf(url: string | undefined): string | null {
  try {
    return url ? new URL(url).host || null : null;
  } catch {
    return null;
  }
}
