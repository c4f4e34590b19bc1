import { HashEmbedder, type Embedder } from '@wayfinder/core';
import { downloadOf, isEmbedReply, MINILM_DIMENSIONS, MINILM_ID, type ModelDownload, type OffscreenRequest } from '../../lib/minilm';
import type { MemorySettings } from '../../lib/settings';
import { askOffscreen } from '../helpers/offscreen-doc';

/** A request to the offscreen document's MiniLM runner (typed: only what it answers). */
const ask = (request: OffscreenRequest): Promise<unknown> => askOffscreen(request);

// Which embedder gives memory's vectors. The hashing embedder is built in; all-MiniLM-L6-v2
// runs in an offscreen document, not this worker: a model run would hold up the agent, and
// Chrome stops an idle worker, which would mean loading the model again each time (the
// document stays; lib/minilm-runner.ts).

/** The embedder the settings choose. */
export function embedderFor(settings: MemorySettings): Embedder {
  return settings.embedder === 'minilm' ? new OffscreenEmbedder(settings.modelHost) : new HashEmbedder();
}

/** How the embedder in use reads in Options and on the Memory page. */
export function embedderLabel(settings: MemorySettings): string {
  return settings.embedder === 'minilm' ? 'all-MiniLM-L6-v2' : 'Word hashing (built in)';
}

/** Texts per message: a batch is one model run, short enough that a cancel is noticed soon. */
const BATCH = 16;

let lastDownload: ModelDownload | null = null;

/**
 * How far the MiniLM model's download has got (null before it was first asked for in this
 * worker's life). Read it while an embed is waiting; it is refreshed every half second then.
 */
export function minilmDownload(): ModelDownload | null {
  return lastDownload;
}

/** The promise, or the signal's reason as soon as it aborts (a model run itself cannot be stopped; its answer is dropped). */
function unlessAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  signal.throwIfAborted();
  let stop: () => void = () => undefined;
  const abort = new Promise<never>((_resolve, reject) => {
    stop = () => reject(signal.reason instanceof Error ? signal.reason : new DOMException('Embedding was cancelled.', 'AbortError'));
    signal.addEventListener('abort', stop, { once: true });
  });
  return Promise.race([promise, abort]).finally(() => signal.removeEventListener('abort', stop));
}

/** all-MiniLM-L6-v2 (384 dimensions), run by the offscreen document. */
export class OffscreenEmbedder implements Embedder {
  readonly id = MINILM_ID;
  readonly dimensions = MINILM_DIMENSIONS;

  constructor(private readonly modelHost: string) {}

  async embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]> {
    const out: Float32Array[] = [];
    for (let at = 0; at < texts.length; at += BATCH) {
      signal?.throwIfAborted();
      out.push(...(await this.batch(texts.slice(at, at + BATCH), signal)));
    }
    return out;
  }

  private async batch(texts: string[], signal: AbortSignal | undefined): Promise<Float32Array[]> {
    const host = this.modelHost;
    const watch = setInterval(() => {
      ask({ target: 'offscreen', kind: 'download' }).then(
        (reply) => (lastDownload = downloadOf(reply) ?? lastDownload),
        () => undefined,
      );
    }, 500);
    let reply: unknown;
    try {
      reply = await unlessAborted(ask({ target: 'offscreen', kind: 'embed', texts, modelHost: host }), signal);
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new Error(`The MiniLM model could not be run (${String(error)}); memory keeps using word search until it can.`, {
        cause: error,
      });
    } finally {
      clearInterval(watch);
    }
    if (!isEmbedReply(reply)) throw new Error('The MiniLM model did not answer; memory keeps using word search until it can.');
    if (!reply.ok) {
      const detail = reply.error.replace(/\.+$/, '');
      if (reply.stage === 'load')
        throw new Error(`The MiniLM model could not be downloaded from ${host}: ${detail}; memory keeps using word search until it can.`);
      throw new Error(`The MiniLM model could not read this text: ${detail}.`);
    }
    if (!lastDownload?.ready) lastDownload = downloadOf(await ask({ target: 'offscreen', kind: 'download' }).catch(() => null));
    if (reply.vectors.length !== texts.length) throw new Error('The MiniLM model gave the wrong number of vectors.');
    return reply.vectors.map((v) => {
      if (v.length !== MINILM_DIMENSIONS)
        throw new Error(`The MiniLM model gave ${v.length}-dimensional vectors, not ${MINILM_DIMENSIONS}.`);
      return Float32Array.from(v);
    });
  }
}

/**
 * Lets end-to-end tests run the embedder the settings choose from the worker's console
 * (`wayfinderEmbed(texts)` → number arrays); it reaches nothing a page could not ask for.
 */
export function exposeEmbedderForTests(load: () => Promise<MemorySettings>): void {
  const wayfinderEmbed = async (texts: string[]): Promise<number[][]> =>
    (await embedderFor(await load()).embed(texts)).map((v) => Array.from(v));
  Object.assign(globalThis, { wayfinderEmbed, wayfinderModelDownload: minilmDownload });
}
