import { join } from 'node:path';
import { MINILM, type Embedder, type ModelDownload } from '@wayfinder/core';

// all-MiniLM-L6-v2 in the host, through transformers.js on onnxruntime-node: the same model
// and vectors as the extension's (lib/minilm-runner.ts). Its files come from the hub (or the
// mirror the config names) once, into $WAYFINDER_HOME/models, and load from there after,
// offline. transformers.js is not part of the CLI's own bundle — it brings a native runtime
// of its own — so it is loaded only when this embedder is first used, and a CLI installed
// without it says how to add it.

type Extractor = (texts: string[], options: { pooling: 'mean'; normalize: true }) => Promise<{ data: unknown; dims: number[] }>;

export interface MiniLmOptions {
  /** $WAYFINDER_HOME/models. */
  cacheDir: string;
  /** The hub or a mirror, e.g. https://huggingface.co/. */
  host: string;
  /** How the download goes, as it goes (nothing is called once the files are in the cache). */
  onDownload?: (download: ModelDownload) => void;
}

export class MiniLmUnavailableError extends Error {
  override readonly name = 'MiniLmUnavailableError';
}

/** The models folder in $WAYFINDER_HOME. */
export const modelsFolder = (home: string): string => join(home, 'models');

export class MiniLmEmbedder implements Embedder {
  readonly id = MINILM.id;
  readonly dimensions = MINILM.dimensions;
  private loading: Promise<Extractor> | null = null;

  constructor(private readonly options: MiniLmOptions) {}

  private async load(): Promise<Extractor> {
    let transformers: typeof import('@huggingface/transformers');
    try {
      transformers = await import('@huggingface/transformers');
    } catch (error) {
      throw new MiniLmUnavailableError(
        `${MINILM.label} needs the package @huggingface/transformers, which is not installed here (${error instanceof Error ? error.message.split('\n')[0] : String(error)}). Install it next to Wayfinder (npm install -g @huggingface/transformers), or keep the built-in embedder: wayfinder memory reindex --embedder hash.`,
        { cause: error },
      );
    }
    const { env, pipeline } = transformers;
    // The hub's files only: no local model folders, no code from anywhere.
    env.allowLocalModels = false;
    env.allowRemoteModels = true;
    env.remoteHost = this.options.host.endsWith('/') ? this.options.host : `${this.options.host}/`;
    env.cacheDir = this.options.cacheDir;
    let download: ModelDownload = { loaded: 0, total: 0, file: '', ready: false };
    const say = (next: ModelDownload) => {
      download = next;
      this.options.onDownload?.(download);
    };
    try {
      const extractor = await pipeline('feature-extraction', MINILM.model, {
        dtype: MINILM.dtype,
        device: 'cpu',
        progress_callback: (info) => {
          if (info.status === 'progress_total') say({ ...download, loaded: info.loaded, total: info.total });
          else if (info.status === 'progress') say({ ...download, file: info.file });
          else if (info.status === 'ready' && download.total > 0) say({ ...download, file: '', ready: true });
        },
      });
      return (texts, options) => extractor(texts, options);
    } catch (error) {
      throw new MiniLmUnavailableError(
        `${MINILM.label} could not be loaded from ${env.remoteHost} into ${this.options.cacheDir}: ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      );
    }
  }

  async embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]> {
    if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('Embedding was cancelled.');
    if (!texts.length) return [];
    this.loading ??= this.load();
    // A failed load is tried afresh next time (the network may be back).
    const extractor = await this.loading.catch((error: unknown) => {
      this.loading = null;
      throw error;
    });
    const { data, dims } = await extractor(texts, { pooling: 'mean', normalize: true });
    const width = dims[1] ?? 0;
    if (!(data instanceof Float32Array) || width !== this.dimensions)
      throw new Error(`${MINILM.label} gave ${width}-dimensional vectors, not ${this.dimensions}.`);
    return texts.map((_text, i) => data.slice(i * width, (i + 1) * width));
  }
}
