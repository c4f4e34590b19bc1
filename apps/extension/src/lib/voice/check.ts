import { ask } from '../messages';
import { browserRecognitionAvailable } from './browser-stt';
import { voiceMessage } from './errors';
import type { VoiceSettings } from './settings';
import { transcribe } from './stt';
import { synthesize } from './tts';
import { encodeWav, WAV_RATE } from './wav';

// The Test buttons of Options → Voice: each sends a little to the chosen service and says
// what came back, in the words the person will act on.

/** Half a second of a soft tone: enough for a transcription server to answer, too little to say anything. */
function testClip(): Uint8Array {
  const samples = new Float32Array(WAV_RATE / 2).map((_, i) => Math.sin((2 * Math.PI * 440 * i) / WAV_RATE) * 0.1);
  return encodeWav(samples);
}

export async function testTranscription(stt: VoiceSettings['stt']): Promise<{ ok: boolean; message: string }> {
  if (stt.provider === 'browser')
    return browserRecognitionAvailable()
      ? {
          ok: true,
          message: 'This browser has speech recognition. (It may send audio to its maker’s service unless it runs on the device.)',
        }
      : { ok: false, message: 'This browser has no speech recognition; choose a transcription service.' };
  try {
    const text = await transcribe(testClip(), stt, 'options');
    return { ok: true, message: `The service answered${text ? ` (it heard “${text.slice(0, 60)}”)` : ''}.` };
  } catch (error) {
    return { ok: false, message: voiceMessage(error) };
  }
}

export async function testSpeech(replies: VoiceSettings['replies']): Promise<{ ok: boolean; message: string }> {
  const sample = 'Wayfinder will speak replies like this.';
  try {
    if (replies.provider === 'chrome') {
      const reply = await ask({ type: 'voice.speak', text: sample, voice: replies.voice });
      if (!reply.ok) return { ok: false, message: reply.error };
      return { ok: true, message: 'Speaking with the browser’s voice now.' };
    }
    const audio = await synthesize(sample, replies, 'options');
    if (audio.size === 0) return { ok: false, message: 'The service answered with no audio.' };
    const player = new Audio(URL.createObjectURL(audio));
    await player.play().catch(() => undefined);
    return { ok: true, message: `The service answered with ${Math.max(1, Math.round(audio.size / 1024))} KB of audio (playing now).` };
  } catch (error) {
    return { ok: false, message: voiceMessage(error) };
  }
}
