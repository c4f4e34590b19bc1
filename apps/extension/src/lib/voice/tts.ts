import { serviceFailure, there, unreachable, VoiceError, type Place } from './errors';
import type { VoiceSettings } from './settings';

// Text to speech through a service: an OpenAI-compatible /audio/speech endpoint or
// ElevenLabs. (chrome.tts, the local voices, is spoken by the background: background/voice/voice.ts.)
// Only the reply's short spoken version goes to the service.

/** The short spoken version of an answer: Markdown and links out, the first sentences up to ~300 characters. */
export function spokenVersion(text: string, max = 300): string {
  const plain = text
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/https?:\/\/\S+/g, 'a link')
    .replace(/[*_`#>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (plain.length <= max) return plain;
  const sentences = plain.match(/[^.!?]+[.!?]+(\s|$)/g) ?? [];
  let out = '';
  for (const sentence of sentences) {
    if ((out + sentence).length > max) break;
    out += sentence;
  }
  return (out.trim() || `${plain.slice(0, max - 1).replace(/\s+\S*$/, '')}…`).trim();
}

const DEFAULT_ELEVEN = 'https://api.elevenlabs.io/v1';

/** The audio of `text` from the configured speech service. */
export async function synthesize(text: string, replies: VoiceSettings['replies'], place: Place = 'panel', fetcher = fetch): Promise<Blob> {
  let url: string;
  let init: RequestInit;
  let service: string;
  if (replies.provider === 'openai-compatible') {
    service = 'The speech service';
    if (!/^https?:\/\//.test(replies.baseURL.trim()))
      throw new VoiceError('setup', `The speech service needs an address (like http://localhost:8880/v1). Enter it ${there(place)}.`);
    url = `${replies.baseURL.trim().replace(/\/+$/, '')}/audio/speech`;
    init = {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(replies.apiKey ? { authorization: `Bearer ${replies.apiKey}` } : {}) },
      body: JSON.stringify({ model: replies.model || 'tts-1', voice: replies.voice || 'alloy', input: text, response_format: 'wav' }),
    };
  } else if (replies.provider === 'elevenlabs') {
    service = 'ElevenLabs';
    if (!replies.apiKey) throw new VoiceError('setup', `ElevenLabs needs an API key. Enter it ${there(place)}.`);
    if (!replies.voice) throw new VoiceError('setup', `ElevenLabs needs a voice id. Enter it ${there(place)}.`);
    url = `${(replies.baseURL.trim() || DEFAULT_ELEVEN).replace(/\/+$/, '')}/text-to-speech/${encodeURIComponent(replies.voice)}`;
    init = {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'xi-api-key': replies.apiKey, accept: 'audio/mpeg' },
      body: JSON.stringify({ text, model_id: replies.model || 'eleven_multilingual_v2' }),
    };
  } else throw new VoiceError('setup', 'Local voices are spoken by the browser itself, not through a service.');
  let response: Response;
  try {
    response = await fetcher(url, init);
  } catch (error) {
    throw unreachable(service, url, error, place);
  }
  if (!response.ok) throw await serviceFailure(service, response, place);
  return response.blob();
}
