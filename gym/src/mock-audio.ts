import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// Fake speech services that speak the real wire formats, for the extension's voice tests:
// OpenAI-compatible transcription (POST /v1/audio/transcriptions, multipart: `file` and
// `model` → {"text"}), OpenAI-compatible speech (POST /v1/audio/speech, JSON → audio) and
// ElevenLabs (POST /v1/text-to-speech/:voice, `xi-api-key` → audio). They cannot hear, so
// the test says what the transcript is; what they were sent is kept for the test to check
// (the audio's format and length, with `wavInfo`). They also serve a page that plays a clip
// (/clip.html, /clip.wav) for tab-audio tests.

export interface AudioRequest {
  path: string;
  headers: IncomingMessage['headers'];
  /** Multipart text fields (transcription) or the JSON body's fields (speech). */
  fields: Record<string, unknown>;
  /** The uploaded file (transcription only). */
  file: { name: string; type: string; bytes: Buffer } | null;
}

export interface MockAudioOptions {
  /** What the transcription endpoint answers (a function of the upload, or a fixed text). */
  transcript?: string | ((file: Buffer) => string);
  /** Answer every POST with this HTTP status and an OpenAI-style error (a failing provider). */
  failWith?: number;
  /** Answer 401 unless `Authorization: Bearer <key>` (OpenAI) or `xi-api-key: <key>` (ElevenLabs) is sent. */
  requireKey?: string;
  /** How long the spoken audio lasts (default: by the text's length, 0.2–2 s). */
  speechSeconds?: number;
  /** Wait this long before answering a POST (to see the "transcribing" state). */
  delayMs?: number;
  /** A WAV clip served at /clip.wav, played in a loop by /clip.html. */
  clip?: Buffer;
}

export interface MockAudioServer {
  /** Base address to give Wayfinder (…/v1). */
  url: string;
  /** The server root (for /clip.html). */
  origin: string;
  requests: AudioRequest[];
  close(): Promise<void>;
}

/** What a WAV file holds: its format, length and loudness (root mean square of its samples, 0–1). */
export interface WavInfo {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  seconds: number;
  rms: number;
}

/** Reads a PCM WAV's header and samples; throws on anything else (the test then fails with why). */
export function wavInfo(bytes: Buffer): WavInfo {
  if (bytes.toString('ascii', 0, 4) !== 'RIFF' || bytes.toString('ascii', 8, 12) !== 'WAVE') throw new Error('not a RIFF/WAVE file');
  let offset = 12;
  let format: { channels: number; sampleRate: number; bitsPerSample: number } | null = null;
  while (offset + 8 <= bytes.length) {
    const id = bytes.toString('ascii', offset, offset + 4);
    const size = bytes.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') {
      if (bytes.readUInt16LE(body) !== 1) throw new Error('not PCM');
      format = {
        channels: bytes.readUInt16LE(body + 2),
        sampleRate: bytes.readUInt32LE(body + 4),
        bitsPerSample: bytes.readUInt16LE(body + 14),
      };
    } else if (id === 'data') {
      if (!format) throw new Error('data before fmt');
      if (format.bitsPerSample !== 16) throw new Error(`${format.bitsPerSample}-bit samples (expected 16)`);
      const end = Math.min(bytes.length, body + size);
      const count = Math.floor((end - body) / 2);
      let sum = 0;
      for (let i = 0; i < count; i++) sum += (bytes.readInt16LE(body + i * 2) / 32768) ** 2;
      return { ...format, seconds: count / format.channels / format.sampleRate, rms: count ? Math.sqrt(sum / count) : 0 };
    }
    offset = body + size + (size % 2);
  }
  throw new Error('no data chunk');
}

/** A WAV of `seconds` of a quiet tone (what the speech endpoints answer). */
export function toneWav(seconds: number, sampleRate = 16_000): Buffer {
  const count = Math.round(seconds * sampleRate);
  const out = Buffer.alloc(44 + count * 2);
  out.write('RIFF', 0, 'ascii');
  out.writeUInt32LE(36 + count * 2, 4);
  out.write('WAVEfmt ', 8, 'ascii');
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20);
  out.writeUInt16LE(1, 22);
  out.writeUInt32LE(sampleRate, 24);
  out.writeUInt32LE(sampleRate * 2, 28);
  out.writeUInt16LE(2, 32);
  out.writeUInt16LE(16, 34);
  out.write('data', 36, 'ascii');
  out.writeUInt32LE(count * 2, 40);
  for (let i = 0; i < count; i++) out.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / sampleRate) * 3000), 44 + i * 2);
  return out;
}

/** Splits a multipart/form-data body into its text fields and its file. */
export function parseMultipart(body: Buffer, contentType: string): { fields: Record<string, string>; file: AudioRequest['file'] } {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType);
  const mark = boundary?.[1] ?? boundary?.[2];
  if (!mark) throw new Error('multipart/form-data without a boundary');
  const delimiter = Buffer.from(`--${mark}`);
  const fields: Record<string, string> = {};
  let file: AudioRequest['file'] = null;
  let start = body.indexOf(delimiter);
  while (start !== -1) {
    const next = body.indexOf(delimiter, start + delimiter.length);
    if (next === -1) break;
    const part = body.subarray(start + delimiter.length + 2, next - 2); // past CRLF, before CRLF
    const split = part.indexOf('\r\n\r\n');
    if (split !== -1) {
      const head = part.subarray(0, split).toString('utf8');
      const content = part.subarray(split + 4);
      const name = /name="([^"]*)"/.exec(head)?.[1] ?? '';
      const filename = /filename="([^"]*)"/.exec(head)?.[1];
      if (filename !== undefined)
        file = { name: filename, type: /content-type:\s*([^\r\n]+)/i.exec(head)?.[1] ?? '', bytes: Buffer.from(content) };
      else fields[name] = content.toString('utf8');
    }
    start = next;
  }
  return { fields, file };
}

async function readAll(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks);
}

const CLIP_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Clip</title></head>
<body><h1>A short clip</h1><audio id="clip" src="/clip.wav" autoplay loop controls></audio></body></html>`;

export async function startMockAudio(options: MockAudioOptions = {}): Promise<MockAudioServer> {
  const requests: AudioRequest[] = [];
  const server: Server = createServer((req, res) => {
    const reply = (status: number, type: string, body: string | Buffer) => {
      res.writeHead(status, { 'content-type': type, 'access-control-allow-origin': '*' });
      res.end(body);
    };
    const error = (status: number, message: string) => reply(status, 'application/json', JSON.stringify({ error: { message } }));
    const path = (req.url ?? '').split('?')[0] ?? '';
    if (req.method === 'GET' && path === '/clip.html') return reply(200, 'text/html; charset=utf-8', CLIP_PAGE);
    if (req.method === 'GET' && path === '/clip.wav' && options.clip) return reply(200, 'audio/wav', options.clip);
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'access-control-allow-origin': '*',
        'access-control-allow-headers': '*',
        'access-control-allow-methods': 'POST, GET',
      });
      res.end();
      return;
    }
    readAll(req)
      .then(async (body) => {
        const type = req.headers['content-type'] ?? '';
        const parsed = type.startsWith('multipart/form-data')
          ? parseMultipart(body, type)
          : { fields: body.length ? (JSON.parse(body.toString('utf8')) as Record<string, unknown>) : {}, file: null }; // eslint-disable-line @typescript-eslint/consistent-type-assertions -- the test reads what was sent
        requests.push({ path, headers: req.headers, ...parsed });
        if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
        if (options.failWith) return error(options.failWith, `The mock service failed on purpose (HTTP ${options.failWith}).`);
        const eleven = path.startsWith('/v1/text-to-speech/');
        if (options.requireKey) {
          const sent = eleven ? req.headers['xi-api-key'] : req.headers.authorization?.replace(/^Bearer /, '');
          if (sent !== options.requireKey) return error(401, 'Incorrect API key provided.');
        }
        if (req.method === 'POST' && path === '/v1/audio/transcriptions') {
          if (!parsed.file) return error(400, 'Missing the file field.');
          if (!parsed.fields.model) return error(400, 'Missing the model field.');
          const text = typeof options.transcript === 'function' ? options.transcript(parsed.file.bytes) : (options.transcript ?? '');
          return reply(200, 'application/json', JSON.stringify({ text }));
        }
        if (req.method === 'POST' && (path === '/v1/audio/speech' || eleven)) {
          const input = eleven ? parsed.fields.text : parsed.fields.input;
          if (typeof input !== 'string' || !input) return error(400, 'Missing the text to speak.');
          return reply(200, 'audio/wav', toneWav(options.speechSeconds ?? Math.min(2, 0.2 + input.length / 200)));
        }
        return error(404, `Unknown path ${path}`);
      })
      .catch((failure: unknown) => error(400, String(failure)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo; // eslint-disable-line @typescript-eslint/consistent-type-assertions -- listen() on a TCP port gives AddressInfo
  const origin = `http://127.0.0.1:${port}`;
  return {
    url: `${origin}/v1`,
    origin,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
