// What the background and the offscreen document say to each other about all-MiniLM-L6-v2.
// Every message carries `target: 'offscreen'`: the offscreen document answers only those,
// and the background's router never sees them (the background sends them; a sender does not
// receive its own messages). Vectors travel as number arrays (messages are JSON).

// The model's own module, not the package's index: the offscreen document needs nothing else of core.
import { MINILM, type ModelDownload } from '@wayfinder/core/minilm';

export type { ModelDownload };
export const MINILM_MODEL = MINILM.model;
export const MINILM_DTYPE = MINILM.dtype;
export const MINILM_FILE = MINILM.file;
export const MINILM_ID = MINILM.id;
export const MINILM_DIMENSIONS = MINILM.dimensions;
/** The offscreen document's page (entrypoints/offscreen). */
export const OFFSCREEN_PATH = '/offscreen.html';

export type OffscreenRequest =
  { target: 'offscreen'; kind: 'embed'; texts: string[]; modelHost: string } | { target: 'offscreen'; kind: 'download' };

export type EmbedReply = { ok: true; vectors: number[][] } | { ok: false; stage: 'load' | 'embed'; error: string };
export type DownloadReply = { ok: true; download: ModelDownload | null };

export function isOffscreenRequest(message: unknown): message is OffscreenRequest {
  if (typeof message !== 'object' || message === null || !('target' in message) || message.target !== 'offscreen') return false;
  if (!('kind' in message)) return false;
  if (message.kind === 'download') return true;
  return (
    message.kind === 'embed' &&
    'texts' in message &&
    Array.isArray(message.texts) &&
    message.texts.every((t) => typeof t === 'string') &&
    'modelHost' in message &&
    typeof message.modelHost === 'string'
  );
}

export function isEmbedReply(reply: unknown): reply is EmbedReply {
  if (typeof reply !== 'object' || reply === null || !('ok' in reply)) return false;
  if (reply.ok === true) return 'vectors' in reply && Array.isArray(reply.vectors);
  return 'error' in reply && typeof reply.error === 'string' && 'stage' in reply && (reply.stage === 'load' || reply.stage === 'embed');
}

export function downloadOf(reply: unknown): ModelDownload | null {
  if (typeof reply !== 'object' || reply === null || !('download' in reply)) return null;
  const d = reply.download;
  if (typeof d !== 'object' || d === null) return null;
  if (!('loaded' in d && 'total' in d && 'file' in d && 'ready' in d)) return null;
  const { loaded, total, file, ready } = d;
  if (typeof loaded !== 'number' || typeof total !== 'number' || typeof file !== 'string' || typeof ready !== 'boolean') return null;
  return { loaded, total, file, ready };
}
