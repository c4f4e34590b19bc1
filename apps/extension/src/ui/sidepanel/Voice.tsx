import { LoaderCircle, Mic, MicOff, Square, Volume2 } from 'lucide-react';
import { useRef } from 'react';
import { MIC_PAGE } from '../../lib/voice/mic';
import type { Voice } from './use-voice';
import './voice.css';

// Push-to-talk's parts in the panel: the microphone button beside the task box, and the
// line above it that says what voice is doing (listening with a level meter, transcribing,
// speaking with Stop) or what went wrong.

/** Held this long or more, letting go ends listening; a shorter click keeps listening until the next press. */
const HOLD_MS = 400;

export function MicButton({ voice, disabled }: { voice: Voice; disabled: boolean }) {
  const pressedAt = useRef(0);
  const listening = voice.phase === 'listening';
  const busy = voice.phase === 'transcribing';
  const press = () => {
    if (listening) {
      void voice.finish();
      pressedAt.current = 0;
      return;
    }
    pressedAt.current = Date.now();
    void voice.start();
  };
  const release = () => {
    if (pressedAt.current && Date.now() - pressedAt.current >= HOLD_MS) void voice.finish();
    pressedAt.current = 0;
  };
  return (
    <button
      type="button"
      className={`icon mic-button${listening ? ' listening' : ''}`}
      aria-label="Push to talk"
      aria-pressed={listening}
      title="Push to talk: hold while you speak, or click to start and click again to stop (Alt+Shift+V)"
      disabled={disabled || busy}
      onPointerDown={(event) => {
        if (event.button === 0) press();
      }}
      onPointerUp={release}
      onPointerLeave={() => {
        if (pressedAt.current) release();
      }}
      onKeyDown={(event) => {
        if ((event.key === ' ' || event.key === 'Enter') && !event.repeat) {
          event.preventDefault();
          if (listening) void voice.finish();
          else void voice.start();
        }
      }}
    >
      {busy ? <LoaderCircle size={16} className="spin" aria-hidden="true" /> : <Mic size={16} aria-hidden="true" />}
    </button>
  );
}

export function VoiceBar({ voice }: { voice: Voice }) {
  const { phase, level, problem, notice } = voice;
  if (phase === 'idle' && !problem && !notice) return null;
  return (
    <section className="voice-bar" aria-label="Voice">
      {phase === 'listening' && (
        <div className="row voice-state" role="status">
          <Mic size={16} aria-hidden="true" className="voice-live" />
          <span className="grow">Listening… let go (or press again) to stop.</span>
          <meter className="level" aria-label="Microphone level" min={0} max={1} value={level} />
          <button type="button" className="icon" aria-label="Cancel listening" title="Cancel (nothing is sent)" onClick={voice.cancel}>
            <MicOff size={16} aria-hidden="true" />
          </button>
        </div>
      )}
      {phase === 'transcribing' && (
        <p className="row voice-state" role="status">
          <LoaderCircle size={16} className="spin" aria-hidden="true" />
          <span>Transcribing…</span>
        </p>
      )}
      {phase === 'speaking' && (
        <div className="row voice-state" role="status">
          <Volume2 size={16} aria-hidden="true" className="voice-live" />
          <span className="grow">Speaking the reply…</span>
          <button type="button" onClick={() => void voice.stopSpeaking()}>
            <Square size={14} aria-hidden="true" /> Stop
          </button>
        </div>
      )}
      {notice && phase === 'idle' && (
        <p className="small muted" role="status">
          {notice}
        </p>
      )}
      {problem && (
        <div className="voice-problem" role="alert">
          <p className="bad small">{problem}</p>
          {/microphone/i.test(problem) && /allow|permission/i.test(problem) && (
            <a className="small" href={chrome.runtime.getURL(MIC_PAGE)} target="_blank" rel="noopener">
              Open the microphone page
            </a>
          )}
        </div>
      )}
    </section>
  );
}
