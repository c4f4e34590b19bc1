import { AudioLines, LoaderCircle, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { ask } from '../../lib/messages';
import { refusedPermission, requestPermission } from '../../lib/permissions';
import { loadSettings, takesAudio } from '../../lib/settings';
import { voiceMessage } from '../../lib/voice/errors';
import { loadVoice, TAB_AUDIO_KEY, type TabAudioState } from '../../lib/voice/settings';
import { transcribe } from '../../lib/voice/stt';
import { fromBase64 } from '../../lib/voice/wav';
import './voice.css';

// Tab audio: N seconds of the current tab's sound (the button here or Ctrl+Shift+A), with a
// countdown; then its transcript goes into the task box; or, for "explain" and "attach", the
// clip itself goes with the next task when the model takes audio (else its transcript does,
// and the panel says so). The recording is made by the background and the offscreen
// document (background/voice/voice.ts) and arrives through chrome.storage.session.

export type TabAudioUse = 'transcribe' | 'explain' | 'attach';

/** A finished recording, as it goes on: the clip (WAV data URL) for a model that takes audio, else its transcript. */
export type TabClip = { seconds: number; tabTitle: string; site?: string } & ({ audio: string } | { text: string });

function isTabAudio(value: unknown): value is TabAudioState {
  return typeof value === 'object' && value !== null && 'state' in value && 'id' in value;
}

export function useTabAudio() {
  const [capture, setCapture] = useState<TabAudioState | null>(null);
  useEffect(() => {
    void chrome.storage.session.get(TAB_AUDIO_KEY).then((stored: Record<string, unknown>) => {
      const value = stored[TAB_AUDIO_KEY];
      setCapture(isTabAudio(value) ? value : null);
    });
    const onChanged = (changes: Record<string, chrome.storage.StorageChange>, area: string) => {
      const change = changes[TAB_AUDIO_KEY];
      if (area !== 'session' || !change) return;
      const next: unknown = change.newValue;
      setCapture(isTabAudio(next) ? next : null);
    };
    chrome.storage.onChanged.addListener(onChanged);
    return () => chrome.storage.onChanged.removeListener(onChanged);
  }, []);
  return capture;
}

export function TabAudioButton({ disabled, onProblem }: { disabled: boolean; onProblem: (message: string) => void }) {
  return (
    <button
      type="button"
      aria-label="Record tab audio"
      title="Record the tab’s audio for a few seconds (Ctrl+Shift+A)"
      disabled={disabled}
      onClick={() =>
        // Chrome's Tab capture permission is asked for here, on the click (its prompt needs the gesture).
        void requestPermission('tabCapture').then(async (granted) => {
          if (!granted) return onProblem(refusedPermission('tabCapture'));
          const reply = await ask({ type: 'voice.tab.capture' });
          if (!reply.ok) onProblem(reply.error);
        })
      }
    >
      <AudioLines size={16} aria-hidden="true" /> Tab audio
    </button>
  );
}

function Countdown({ until, seconds }: { until: number; seconds: number }) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  const left = Math.max(0, Math.ceil((until - now) / 1000));
  return (
    <>
      <span>Recording the tab’s audio… {left} s left</span>
      <progress aria-label="Recording progress" max={seconds} value={seconds - left} />
    </>
  );
}

export function TabAudioCard({ capture, onText }: { capture: TabAudioState; onText: (clip: TabClip, use: TabAudioUse) => void }) {
  const [working, setWorking] = useState<TabAudioUse | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const clear = () => void ask({ type: 'voice.tab.clear' });
  const use = async (how: TabAudioUse) => {
    if (capture.state !== 'done') return;
    setWorking(how);
    setProblem(null);
    try {
      const about = { seconds: capture.seconds, tabTitle: capture.tabTitle, ...(capture.site ? { site: capture.site } : {}) };
      const settings = await loadSettings();
      if (how !== 'transcribe' && takesAudio(settings, settings.roles.actor))
        onText({ ...about, audio: `data:audio/wav;base64,${capture.wav}` }, how);
      else {
        const text = await transcribe(fromBase64(capture.wav), (await loadVoice()).stt);
        if (!text) throw new Error('Nothing could be made out in the recording (was the tab playing sound?).');
        onText({ ...about, text }, how);
      }
      clear();
    } catch (error) {
      setProblem(voiceMessage(error));
    } finally {
      setWorking(null);
    }
  };
  return (
    <section className="tab-audio" aria-label="Tab audio">
      {capture.state === 'recording' && (
        <div role="status">
          <Countdown until={capture.until} seconds={capture.seconds} />
        </div>
      )}
      {capture.state === 'failed' && (
        <div className="row">
          <p className="bad small grow" role="alert">
            {capture.error}
          </p>
          <button type="button" className="icon" aria-label="Dismiss" onClick={clear}>
            <X size={14} aria-hidden="true" />
          </button>
        </div>
      )}
      {capture.state === 'done' && (
        <>
          <p role="status">
            <AudioLines size={14} aria-hidden="true" /> {capture.seconds} s of audio from <strong>{capture.tabTitle}</strong>
          </p>
          <div className="actions">
            <button type="button" className="primary" disabled={working !== null} onClick={() => void use('transcribe')}>
              {working === 'transcribe' && <LoaderCircle size={14} className="spin" aria-hidden="true" />} Transcribe
            </button>
            <button type="button" disabled={working !== null} onClick={() => void use('explain')}>
              {working === 'explain' && <LoaderCircle size={14} className="spin" aria-hidden="true" />} Explain
            </button>
            <button type="button" disabled={working !== null} onClick={() => void use('attach')}>
              {working === 'attach' && <LoaderCircle size={14} className="spin" aria-hidden="true" />} Attach to chat
            </button>
            <button type="button" disabled={working !== null} onClick={clear}>
              Discard
            </button>
          </div>
          {problem && (
            <p className="bad small" role="alert">
              {problem}
            </p>
          )}
        </>
      )}
    </section>
  );
}
