import { env, pipeline, type FeatureExtractionPipeline } from '@huggingface/transformers';
// The runtime's WebAssembly, bundled (its JavaScript glue is inside the runtime's bundle).
import ortWasm from 'onnxruntime-web/ort-wasm-simd-threaded.wasm?url';
import { MINILM_DTYPE, MINILM_MODEL, type EmbedReply, type ModelDownload } from './minilm';

// all-MiniLM-L6-v2 through transformers.js, in the offscreen document (see
// background/memory/embedder.ts for why not the worker). The model's files come from the hub once
// and stay in transformers.js' browser cache (Cache API, "transformers-cache", in this
// extension's origin); after that it loads from there, offline. The ONNX runtime's wasm ships
// in the extension: no code comes from a CDN.

// No local model folder (nothing is bundled) and no remote code: the hub's files only.
env.allowLocalModels = false;
env.allowRemoteModels = true;
env.useBrowserCache = true;
// The runtime's files are the extension's own; caching copies of them would only double them.
env.useWasmCache = false;
const wasm = env.backends.onnx.wasm;
if (wasm) {
  // Set, so transformers.js does not point the runtime at its CDN.
  wasm.wasmPaths = { wasm: new URL(ortWasm, location.href).href };
  // Threads need a cross-origin-isolated page (SharedArrayBuffer); this one is not.
  wasm.numThreads = 1;
  wasm.proxy = false;
}

let loading: { host: string; extractor: Promise<FeatureExtractionPipeline> } | null = null;
let download: ModelDownload | null = null;

function load(host: string): Promise<FeatureExtractionPipeline> {
  if (loading?.host === host) return loading.extractor;
  env.remoteHost = host.endsWith('/') ? host : `${host}/`;
  download = { loaded: 0, total: 0, file: '', ready: false };
  const extractor = pipeline('feature-extraction', MINILM_MODEL, {
    dtype: MINILM_DTYPE,
    device: 'wasm',
    progress_callback: (info) => {
      if (info.status === 'progress_total' && download) download = { ...download, loaded: info.loaded, total: info.total };
      else if (info.status === 'progress' && download) download = { ...download, file: info.file };
      else if (info.status === 'ready' && download) download = { ...download, file: '', ready: true };
    },
  });
  loading = { host, extractor };
  // A failed load is tried afresh next time (the network may be back).
  extractor.catch(() => {
    if (loading?.extractor === extractor) loading = null;
  });
  return extractor;
}

export function modelDownload(): ModelDownload | null {
  return download;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Mean-pooled, L2-normalised sentence vectors, one per text. */
export async function embedTexts(texts: string[], host: string): Promise<EmbedReply> {
  let extractor: FeatureExtractionPipeline;
  try {
    extractor = await load(host);
  } catch (error) {
    return { ok: false, stage: 'load', error: message(error) };
  }
  try {
    const { data, dims } = await extractor(texts, { pooling: 'mean', normalize: true });
    if (!(data instanceof Float32Array)) throw new Error('the model gave no float32 vectors');
    const width = dims[1] ?? 0;
    return { ok: true, vectors: texts.map((_text, i) => Array.from(data.subarray(i * width, (i + 1) * width))) };
  } catch (error) {
    return { ok: false, stage: 'embed', error: message(error) };
  }
}
