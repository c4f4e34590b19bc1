import { z } from 'zod';

// Voice's part of the messages between the extension's pages and the background (issue 17;
// background/voice/voice.ts answers them). lib/messages.ts adds these requests to its union and
// these replies to its Replies.

export const VOICE_REQUESTS = [
  /** Speak a reply with the browser's own voices (chrome.tts). */
  z.object({
    type: z.literal('voice.speak'),
    text: z.string().trim().min(1, 'Nothing to say.').max(2_000),
    voice: z.string().max(200).default(''),
  }),
  z.object({ type: z.literal('voice.stopSpeaking') }),
  /** Record the current tab's audio for `seconds` (the result arrives in chrome.storage.session, TAB_AUDIO_KEY). */
  z.object({ type: z.literal('voice.tab.capture'), seconds: z.number().int().min(1).max(60).optional() }),
  z.object({ type: z.literal('voice.tab.clear') }),
] as const;

export interface VoiceReplies {
  'voice.speak': { speaking: boolean };
  'voice.stopSpeaking': { stopped: boolean };
  'voice.tab.capture': { id: string; tabTitle: string; seconds: number };
  'voice.tab.clear': { cleared: boolean };
}

/** chrome.storage.session: what chrome.tts is saying now (null or absent: nothing). */
export const SPEAKING_KEY = 'voice.speaking';

/** Background → offscreen document: record a tab's audio from a tabCapture stream id. */
export interface TabCaptureRequest {
  target: 'offscreen-voice';
  kind: 'tab-capture';
  streamId: string;
  seconds: number;
}

export type TabCaptureReply = { ok: true; wav: string; seconds: number } | { ok: false; error: string };

export function isTabCaptureRequest(value: unknown): value is TabCaptureRequest {
  return (
    typeof value === 'object' &&
    value !== null &&
    'target' in value &&
    value.target === 'offscreen-voice' &&
    'kind' in value &&
    value.kind === 'tab-capture' &&
    'streamId' in value &&
    typeof value.streamId === 'string' &&
    'seconds' in value &&
    typeof value.seconds === 'number'
  );
}
