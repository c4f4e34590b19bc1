// all-MiniLM-L6-v2, the one model memory can use besides the built-in hashing embedder: the
// same repository, weights and vector id in the extension (offscreen document, lib/minilm-runner.ts)
// and in the host (apps/host/src/memory/minilm.ts), both through transformers.js.

export const MINILM = {
  /** The repository on the Hugging Face hub. */
  model: 'Xenova/all-MiniLM-L6-v2',
  /** Its quantised (int8) weights, ~23 MB: the file transformers.js loads for this dtype. */
  dtype: 'q8',
  file: 'onnx/model_quantized.onnx',
  /** The embedder id vectors are kept under. */
  id: 'minilm-l6-v2',
  dimensions: 384,
  /** What people are shown. */
  label: 'all-MiniLM-L6-v2',
  /** Where the model's files come from unless the person names a mirror. */
  defaultHost: 'https://huggingface.co/',
} as const;

/** How far the model's download has got (bytes over all its files). */
export interface ModelDownload {
  loaded: number;
  total: number;
  /** The file downloading now, '' once everything is in. */
  file: string;
  ready: boolean;
}
