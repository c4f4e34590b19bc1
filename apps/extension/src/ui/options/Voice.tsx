import { LoaderCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { testSpeech, testTranscription } from '../../lib/voice/check';
import {
  loadVoice,
  saveVoice,
  STT_PROVIDERS,
  TTS_PROVIDERS,
  type SttProvider,
  type TtsProvider,
  type VoiceSettings,
} from '../../lib/voice/settings';
import { MIC_PAGE } from '../../lib/voice/mic';
import { Outcome } from './Providers';

// Options → Voice (issue 17): where speech becomes text (with a Test button, like models),
// whether and how replies are spoken, and tab audio's length. Saved as it is changed, under
// its own key; editing a service clears its last test.

const STT_LABELS: Record<SttProvider, string> = {
  'openai-compatible': 'A transcription service (OpenAI-compatible: Whisper servers, Groq, OpenAI, Mistral)',
  browser: 'The browser’s speech recognition',
};
const TTS_LABELS: Record<TtsProvider, string> = {
  chrome: 'The browser’s voices (on this computer)',
  'openai-compatible': 'A speech service (OpenAI-compatible /audio/speech)',
  elevenlabs: 'ElevenLabs',
};

function Test({ onTest, result }: { onTest: () => Promise<void>; result: VoiceSettings['stt']['test'] }) {
  const [testing, setTesting] = useState(false);
  return (
    <div className="row">
      <button
        type="button"
        disabled={testing}
        onClick={() => {
          setTesting(true);
          void onTest().finally(() => setTesting(false));
        }}
      >
        Test
      </button>
      {testing ? (
        <span className="muted outcome" role="status">
          <LoaderCircle size={16} className="spin" aria-hidden="true" /> Testing…
        </span>
      ) : result ? (
        <Outcome ok={result.ok} message={result.message} />
      ) : (
        <span className="muted">Not tested yet.</span>
      )}
    </div>
  );
}

export function VoiceSection() {
  const [voice, setVoice] = useState<VoiceSettings | null>(null);
  const latest = useRef<VoiceSettings | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    void loadVoice().then((v) => {
      latest.current = v;
      setVoice(v);
    });
  }, []);
  if (!voice) return null;
  const commit = (next: VoiceSettings) => {
    latest.current = next;
    setVoice(next);
    saveVoice(next).then(
      () => setProblem(null),
      (error: unknown) => setProblem(`Voice settings were not saved: ${String(error)}`),
    );
  };
  const now = () => latest.current ?? voice;
  const editStt = (patch: Partial<VoiceSettings['stt']>) => commit({ ...now(), stt: { ...now().stt, ...patch, test: null } });
  const editTts = (patch: Partial<VoiceSettings['replies']>) => commit({ ...now(), replies: { ...now().replies, ...patch, test: null } });
  const { stt, replies } = voice;

  return (
    <>
      <h2>Voice</h2>
      <p className="muted">
        Push-to-talk (the microphone button in the side panel, or Alt+Shift+V), spoken replies, and a tab’s audio (Ctrl+Shift+A). Audio goes
        only to the services chosen here. The microphone is allowed once, on <a href={chrome.runtime.getURL(MIC_PAGE)}>its own page</a>.
      </p>
      <section className="card" aria-label="Speech to text">
        <h3>Speech to text</h3>
        <div className="field">
          <label htmlFor="stt-provider">Service</label>
          <select
            id="stt-provider"
            value={stt.provider}
            onChange={(e) => editStt({ provider: STT_PROVIDERS.find((p) => p === e.target.value) ?? 'openai-compatible' })}
          >
            {STT_PROVIDERS.map((p) => (
              <option key={p} value={p}>
                {STT_LABELS[p]}
              </option>
            ))}
          </select>
          {stt.provider === 'openai-compatible' && (
            <>
              <label htmlFor="stt-url">Address</label>
              <input
                id="stt-url"
                value={stt.baseURL}
                placeholder="http://localhost:8000/v1"
                onChange={(e) => editStt({ baseURL: e.target.value })}
              />
              <label htmlFor="stt-key">API key (if it needs one)</label>
              <input
                id="stt-key"
                type="password"
                autoComplete="off"
                value={stt.apiKey}
                onChange={(e) => editStt({ apiKey: e.target.value })}
              />
              <label htmlFor="stt-model">Model</label>
              <input id="stt-model" value={stt.model} placeholder="whisper-1" onChange={(e) => editStt({ model: e.target.value })} />
            </>
          )}
          <label htmlFor="stt-language">Language (optional)</label>
          <input id="stt-language" value={stt.language} placeholder="en" onChange={(e) => editStt({ language: e.target.value })} />
        </div>
        {stt.provider === 'browser' && (
          <p className="muted small">
            Chrome recognises speech on this computer when it has the language; otherwise it sends the audio to Google.
          </p>
        )}
        <Test
          result={stt.test}
          onTest={async () =>
            commit({ ...now(), stt: { ...now().stt, test: { ...(await testTranscription(now().stt)), at: Date.now() } } })
          }
        />
        <label>
          <input type="checkbox" checked={voice.runOnRelease} onChange={(e) => commit({ ...now(), runOnRelease: e.target.checked })} /> Run
          the task as soon as I let go (off: the words wait in the task box to be edited)
        </label>
      </section>
      <section className="card" aria-label="Spoken replies">
        <h3>Spoken replies</h3>
        <label>
          <input
            type="checkbox"
            checked={replies.enabled}
            onChange={(e) => commit({ ...now(), replies: { ...now().replies, enabled: e.target.checked } })}
          />{' '}
          Speak a short version of the reply to a spoken task (with “run as soon as I let go”, this is voice work mode: press, speak, hear
          the answer; the microphone stays off until the next press)
        </label>
        <div className="field">
          <label htmlFor="tts-provider">Voice</label>
          <select
            id="tts-provider"
            value={replies.provider}
            onChange={(e) => editTts({ provider: TTS_PROVIDERS.find((p) => p === e.target.value) ?? 'chrome' })}
          >
            {TTS_PROVIDERS.map((p) => (
              <option key={p} value={p}>
                {TTS_LABELS[p]}
              </option>
            ))}
          </select>
          {replies.provider !== 'chrome' && (
            <>
              <label htmlFor="tts-url">Address{replies.provider === 'elevenlabs' ? ' (optional)' : ''}</label>
              <input
                id="tts-url"
                value={replies.baseURL}
                placeholder={replies.provider === 'elevenlabs' ? 'https://api.elevenlabs.io/v1' : 'http://localhost:8880/v1'}
                onChange={(e) => editTts({ baseURL: e.target.value })}
              />
              <label htmlFor="tts-key">API key</label>
              <input
                id="tts-key"
                type="password"
                autoComplete="off"
                value={replies.apiKey}
                onChange={(e) => editTts({ apiKey: e.target.value })}
              />
              <label htmlFor="tts-model">Model</label>
              <input
                id="tts-model"
                value={replies.model}
                placeholder={replies.provider === 'elevenlabs' ? 'eleven_multilingual_v2' : 'tts-1'}
                onChange={(e) => editTts({ model: e.target.value })}
              />
            </>
          )}
          <label htmlFor="tts-voice">{replies.provider === 'elevenlabs' ? 'Voice id' : 'Voice name (optional)'}</label>
          <input id="tts-voice" value={replies.voice} onChange={(e) => editTts({ voice: e.target.value })} />
        </div>
        <Test
          result={replies.test}
          onTest={async () =>
            commit({ ...now(), replies: { ...now().replies, test: { ...(await testSpeech(now().replies)), at: Date.now() } } })
          }
        />
      </section>
      <div className="field">
        <label htmlFor="tab-seconds">Tab audio: seconds to record</label>
        <input
          id="tab-seconds"
          type="number"
          min={1}
          max={60}
          value={voice.tabSeconds}
          onChange={(e) => commit({ ...now(), tabSeconds: Math.max(1, Math.min(60, Math.round(Number(e.target.value)) || 5)) })}
        />
      </div>
      {problem && (
        <p className="bad" role="alert">
          {problem}
        </p>
      )}
    </>
  );
}
