import { afterEach, describe, expect, it } from 'vitest';
import { parseMultipart, startMockAudio, toneWav, wavInfo, type MockAudioServer } from './mock-audio';

// The mock speech services speak OpenAI's and ElevenLabs' wire formats: checked here with
// the platform's own FormData and fetch, as the extension sends them.

let server: MockAudioServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

describe('mock audio', () => {
  it('reads a multipart upload as FormData writes it, and measures the WAV', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(toneWav(0.5))], { type: 'audio/wav' }), 'speech.wav');
    form.append('model', 'whisper-1');
    const request = new Request('http://x/', { method: 'POST', body: form });
    const parsed = parseMultipart(Buffer.from(await request.arrayBuffer()), request.headers.get('content-type') ?? '');
    expect(parsed.fields).toEqual({ model: 'whisper-1' });
    expect(parsed.file?.name).toBe('speech.wav');
    expect(parsed.file?.type).toBe('audio/wav');
    const info = wavInfo(parsed.file?.bytes ?? Buffer.alloc(0));
    expect(info).toMatchObject({ sampleRate: 16_000, channels: 1, bitsPerSample: 16, seconds: 0.5 });
    expect(info.rms).toBeGreaterThan(0.05);
  });

  it('answers transcriptions with the text it was given, refuses a wrong key, and speaks', async () => {
    server = await startMockAudio({ transcript: 'click subscribe', requireKey: 'k' });
    const form = () => {
      const f = new FormData();
      f.append('file', new Blob([new Uint8Array(toneWav(0.2))], { type: 'audio/wav' }), 'a.wav');
      f.append('model', 'whisper-1');
      return f;
    };
    const ok = await fetch(`${server.url}/audio/transcriptions`, { method: 'POST', body: form(), headers: { authorization: 'Bearer k' } });
    expect(await ok.json()).toEqual({ text: 'click subscribe' });
    const refused = await fetch(`${server.url}/audio/transcriptions`, { method: 'POST', body: form() });
    expect(refused.status).toBe(401);
    const speech = await fetch(`${server.url}/audio/speech`, {
      method: 'POST',
      headers: { authorization: 'Bearer k', 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'tts-1', voice: 'alloy', input: 'hello' }),
    });
    expect(wavInfo(Buffer.from(await speech.arrayBuffer())).seconds).toBeGreaterThan(0.2);
    const eleven = await fetch(`${server.url}/text-to-speech/voice1`, {
      method: 'POST',
      headers: { 'xi-api-key': 'k', 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'hello', model_id: 'eleven_multilingual_v2' }),
    });
    expect(eleven.status).toBe(200);
    expect(server.requests.map((r) => r.path)).toEqual([
      '/v1/audio/transcriptions',
      '/v1/audio/transcriptions',
      '/v1/audio/speech',
      '/v1/text-to-speech/voice1',
    ]);
  });

  it('rejects what is not a PCM WAV', () => {
    expect(() => wavInfo(Buffer.from('not audio'))).toThrow('not a RIFF/WAVE file');
  });
});
