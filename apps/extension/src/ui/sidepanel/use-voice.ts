import { useCallback, useEffect, useRef, useState } from 'react';
import { ask } from '../../lib/messages';
import { BrowserRecognition } from '../../lib/voice/browser-stt';
import { voiceMessage, VoiceError } from '../../lib/voice/errors';
import { SPEAKING_KEY } from '../../lib/voice/messages';
import { ASK_GUIDANCE, MIC_PAGE, StreamRecorder } from '../../lib/voice/mic';
import { loadVoice, PTT_KEY, VOICE_KEY, upgradeVoice, type VoiceSettings } from '../../lib/voice/settings';
import { transcribe } from '../../lib/voice/stt';
import { spokenVersion, synthesize } from '../../lib/voice/tts';

// Push-to-talk and spoken replies in the panel. Listening starts on a press and ends on
// release (a short click keeps it listening until the next press); the audio goes to the
// transcription service chosen in Options (or the browser's own recognition). A press also
// stops any reply being spoken, and the microphone never turns itself back on.

export type VoicePhase = 'idle' | 'listening' | 'transcribing' | 'speaking';

/** Read through a function: the phase changes while an await is under way. */
function stillListening(phase: { current: VoicePhase }): boolean {
  return phase.current === 'listening';
}

export interface VoiceState {
  phase: VoicePhase;
  /** Loudness while listening, 0–1. */
  level: number;
  problem: string | null;
  /** A sentence to show once (a note added …). */
  notice: string | null;
  settings: VoiceSettings | null;
}

export function useVoice(onTranscript: (text: string, settings: VoiceSettings) => Promise<string | null> | string | null) {
  const [state, setState] = useState<VoiceState>({ phase: 'idle', level: 0, problem: null, notice: null, settings: null });
  const recorder = useRef<StreamRecorder | null>(null);
  const recognition = useRef<BrowserRecognition | null>(null);
  const audio = useRef<HTMLAudioElement | null>(null);
  const phase = useRef<VoicePhase>('idle');
  const settings = useRef<VoiceSettings | null>(null);
  const handler = useRef(onTranscript);
  handler.current = onTranscript;

  const set = useCallback((patch: Partial<VoiceState>) => {
    if (patch.phase) phase.current = patch.phase;
    setState((s) => ({ ...s, ...patch }));
  }, []);

  useEffect(() => {
    void loadVoice().then((v) => {
      settings.current = v;
      set({ settings: v });
    });
    const onChanged = (changes: Record<string, chrome.storage.StorageChange>, area: string) => {
      if (area === 'local' && changes[VOICE_KEY]) {
        settings.current = upgradeVoice(changes[VOICE_KEY].newValue);
        set({ settings: settings.current });
      }
      // The browser's voice finished (or was stopped) a reply.
      if (area === 'session' && changes[SPEAKING_KEY] && !changes[SPEAKING_KEY].newValue && phase.current === 'speaking')
        set({ phase: 'idle' });
    };
    chrome.storage.onChanged.addListener(onChanged);
    return () => chrome.storage.onChanged.removeListener(onChanged);
  }, [set]);

  const stopSpeaking = useCallback(async () => {
    audio.current?.pause();
    audio.current = null;
    if (phase.current === 'speaking') set({ phase: 'idle' });
    await ask({ type: 'voice.stopSpeaking' });
  }, [set]);

  const start = useCallback(async () => {
    if (phase.current === 'listening' || phase.current === 'transcribing') return;
    if (phase.current === 'speaking') void stopSpeaking();
    const voice = settings.current ?? (await loadVoice());
    set({ problem: null, notice: null, level: 0, phase: 'listening' });
    try {
      if (voice.stt.provider === 'browser') recognition.current = BrowserRecognition.start(voice.stt.language);
      else recorder.current = await StreamRecorder.microphone((level) => setState((s) => (s.phase === 'listening' ? { ...s, level } : s)));
      // Let go (or cancelled) while the microphone was still starting: it is not wanted any more.
      if (stillListening(phase)) return;
      recorder.current?.cancel();
      recorder.current = null;
    } catch (error) {
      set({ phase: 'idle', problem: voiceMessage(error) });
      // Side panels cannot show the permission prompt: ask once from a page in a tab.
      if (VoiceError.isInstance(error) && error.problem === 'permission' && error.message === ASK_GUIDANCE)
        void chrome.tabs.create({ url: chrome.runtime.getURL(MIC_PAGE) });
    }
  }, [set, stopSpeaking]);

  const finish = useCallback(async () => {
    if (phase.current !== 'listening') return;
    const voice = settings.current ?? (await loadVoice());
    set({ phase: 'transcribing', level: 0 });
    try {
      let text: string;
      if (recognition.current) {
        text = await recognition.current.stop();
        recognition.current = null;
      } else if (recorder.current) {
        const wav = await recorder.current.stop();
        recorder.current = null;
        text = await transcribe(wav, voice.stt);
      } else text = '';
      if (!text) {
        set({ phase: 'idle', problem: 'Nothing was heard. Hold the microphone button while you speak, then let go.' });
        return;
      }
      const notice = await handler.current(text, voice);
      set({ phase: 'idle', notice });
    } catch (error) {
      set({ phase: 'idle', problem: voiceMessage(error) });
    }
  }, [set]);

  const cancel = useCallback(() => {
    recorder.current?.cancel();
    recognition.current?.cancel();
    recorder.current = null;
    recognition.current = null;
    set({ phase: 'idle', level: 0 });
  }, [set]);

  /** Speaks the short version of a reply, when spoken replies are on. */
  const speak = useCallback(
    async (reply: string) => {
      const voice = settings.current ?? (await loadVoice());
      const text = spokenVersion(reply);
      if (!voice.replies.enabled || !text || phase.current === 'listening') return;
      set({ phase: 'speaking', problem: null });
      try {
        if (voice.replies.provider === 'chrome') {
          const answer = await ask({ type: 'voice.speak', text, voice: voice.replies.voice });
          if (!answer.ok) throw new Error(answer.error);
          return;
        }
        const blob = await synthesize(text, voice.replies);
        if (phase.current !== 'speaking') return;
        const player = new Audio(URL.createObjectURL(blob));
        audio.current = player;
        player.onended = () => {
          if (audio.current === player && phase.current === 'speaking') set({ phase: 'idle' });
        };
        await player.play();
      } catch (error) {
        set({ phase: 'idle', problem: `The reply could not be spoken: ${voiceMessage(error)}` });
      }
    },
    [set],
  );

  // The push-to-talk shortcut (background/voice/voice.ts): each press starts or stops listening.
  useEffect(() => {
    const onChanged = (changes: Record<string, chrome.storage.StorageChange>, area: string) => {
      if (area !== 'session' || !changes[PTT_KEY]) return;
      if (phase.current === 'listening') void finish();
      else void start();
    };
    chrome.storage.onChanged.addListener(onChanged);
    return () => chrome.storage.onChanged.removeListener(onChanged);
  }, [finish, start]);

  return {
    ...state,
    start,
    finish,
    cancel,
    speak,
    stopSpeaking,
    clearProblem: () => set({ problem: null, notice: null }),
    /** Shows a short note in the voice bar (how a tab's audio was used). */
    note: (notice: string) => set({ problem: null, notice }),
  };
}

export type Voice = ReturnType<typeof useVoice>;
