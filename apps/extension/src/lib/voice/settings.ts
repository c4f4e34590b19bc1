import { z } from 'zod';

// Voice settings (issue 17), kept in chrome.storage.local under their own key beside the
// main settings: where speech is turned into text, whether and how replies are spoken, and
// tab audio. Audio goes only to the services chosen here. Versioned like the main settings.

export const STT_PROVIDERS = ['openai-compatible', 'browser'] as const;
export type SttProvider = (typeof STT_PROVIDERS)[number];
export const TTS_PROVIDERS = ['chrome', 'openai-compatible', 'elevenlabs'] as const;
export type TtsProvider = (typeof TTS_PROVIDERS)[number];

const test = z.object({ ok: z.boolean(), message: z.string(), at: z.number().default(0) });
export type VoiceTest = z.infer<typeof test>;

export const VOICE_SETTINGS = z.object({
  version: z.literal(1).default(1),
  stt: z
    .object({
      provider: z.enum(STT_PROVIDERS).default('openai-compatible'),
      /** An OpenAI-compatible server's address, ending in /v1 (whisper.cpp, faster-whisper, Groq, OpenAI, Mistral). */
      baseURL: z.string().default('http://localhost:8000/v1'),
      apiKey: z.string().default(''),
      model: z.string().default('whisper-1'),
      /** A BCP-47 language ("en", "en-GB"); empty: the service decides. */
      language: z.string().default(''),
      test: test.nullable().default(null),
    })
    .prefault({}),
  /** Run the transcript as soon as the button is let go; off: it waits in the task box to be edited. */
  runOnRelease: z.boolean().default(true),
  replies: z
    .object({
      /** Speak a short version of each answer to a spoken task. Off until the person turns it on. */
      enabled: z.boolean().default(false),
      provider: z.enum(TTS_PROVIDERS).default('chrome'),
      baseURL: z.string().default(''),
      apiKey: z.string().default(''),
      /** OpenAI: the speech model ("tts-1"); ElevenLabs: the model id ("eleven_multilingual_v2"). */
      model: z.string().default(''),
      /** OpenAI: a voice name ("alloy"); ElevenLabs: a voice id; chrome.tts: a voice name (empty: the default). */
      voice: z.string().default(''),
      test: test.nullable().default(null),
    })
    .prefault({}),
  /** How many seconds of a tab's audio one capture records. */
  tabSeconds: z.number().int().min(1).max(60).default(5),
});
export type VoiceSettings = z.infer<typeof VOICE_SETTINGS>;

export const VOICE_KEY = 'voice';

/** Stored voice settings into the current shape; unusable data gives the defaults. */
export function upgradeVoice(stored: unknown): VoiceSettings {
  const parsed = VOICE_SETTINGS.safeParse(stored ?? {});
  return parsed.success ? parsed.data : VOICE_SETTINGS.parse({});
}

export async function loadVoice(): Promise<VoiceSettings> {
  const stored: Record<string, unknown> = await chrome.storage.local.get(VOICE_KEY);
  return upgradeVoice(stored[VOICE_KEY]);
}

export async function saveVoice(voice: VoiceSettings): Promise<void> {
  await chrome.storage.local.set({ [VOICE_KEY]: VOICE_SETTINGS.parse(voice) });
}

/** chrome.storage.session: the tab-audio capture under way or just finished (background/voice/voice.ts writes it; the panel follows it). */
export const TAB_AUDIO_KEY = 'voice.tabAudio';

export type TabAudioState =
  | { state: 'recording'; id: string; tabTitle: string; until: number; seconds: number }
  | { state: 'done'; id: string; tabTitle: string; wav: string; seconds: number; /** The tab's site ("example.com"). */ site?: string }
  | { state: 'failed'; id: string; error: string };

/** chrome.storage.session: bumped by the push-to-talk shortcut; the panel toggles listening on each change. */
export const PTT_KEY = 'voice.pushToTalk';
