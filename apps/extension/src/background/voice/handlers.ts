import type { VoiceReplies } from '../../lib/voice/messages';
import type { Handlers } from '../router';
import { Voice } from './voice';

// The router's answers to the voice requests (lib/voice/messages.ts): the panel's spoken
// replies and its tab-audio button.

export function voiceHandlers(voice: Voice): Handlers<keyof VoiceReplies> {
  return {
    'voice.speak': async (r) => ({ speaking: await voice.speak(r.text, r.voice) }),
    'voice.stopSpeaking': async () => ({ stopped: await voice.stopSpeaking() }),
    'voice.tab.capture': (r) => voice.captureTab(r.seconds),
    'voice.tab.clear': async () => ({ cleared: await voice.clearTab() }),
  };
}

/** For a router made without voice (tests of other parts): no tab to record, and nothing spoken that the page asks. */
export const UNAVAILABLE_VOICE = new Voice(
  () => Promise.resolve(null),
  () => Promise.reject(new Error('Voice is not available here; reload the extension (chrome://extensions).')),
);
