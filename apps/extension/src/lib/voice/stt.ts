import { serviceFailure, there, unreachable, VoiceError, type Place } from './errors';
import type { VoiceSettings } from './settings';

// Speech to text through any OpenAI-compatible transcription endpoint
// (POST {baseURL}/audio/transcriptions, multipart `file` + `model` → {"text"}): local Whisper
// servers, Groq, OpenAI, Mistral's Voxtral. The audio goes to that address and nowhere else.

const SERVICE = 'The transcription service';

export function transcriptionUrl(baseURL: string): string {
  return `${baseURL.trim().replace(/\/+$/, '')}/audio/transcriptions`;
}

/** The text spoken in a WAV recording. */
export async function transcribe(wav: Uint8Array, stt: VoiceSettings['stt'], place: Place = 'panel', fetcher = fetch): Promise<string> {
  if (stt.provider !== 'openai-compatible')
    throw new VoiceError('setup', `Recorded audio needs a transcription service; choose one ${there(place)}.`);
  if (!/^https?:\/\//.test(stt.baseURL.trim()))
    throw new VoiceError('setup', `The transcription service needs an address (like http://localhost:8000/v1). Enter it ${there(place)}.`);
  if (!stt.model.trim())
    throw new VoiceError('setup', `The transcription service needs a model name (like whisper-1). Enter it ${there(place)}.`);
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(wav)], { type: 'audio/wav' }), 'speech.wav');
  form.append('model', stt.model.trim());
  form.append('response_format', 'json');
  if (stt.language.trim()) form.append('language', stt.language.trim());
  const url = transcriptionUrl(stt.baseURL);
  let response: Response;
  try {
    response = await fetcher(url, {
      method: 'POST',
      body: form,
      headers: stt.apiKey ? { authorization: `Bearer ${stt.apiKey}` } : {},
    });
  } catch (error) {
    throw unreachable(SERVICE, url, error, place);
  }
  if (!response.ok) throw await serviceFailure(SERVICE, response, place);
  const body: unknown = await response.json().catch(() => null);
  if (typeof body !== 'object' || body === null || !('text' in body) || typeof body.text !== 'string')
    throw new VoiceError('provider', `${SERVICE} answered without a "text" field; is ${url} a transcription endpoint?`);
  return body.text.trim();
}
