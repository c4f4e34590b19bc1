import { fnv1a, rawWords, searchWords } from './text';
import type { Embedder } from './types';

// A lexical embedder that needs no download: words, word pairs and character trigrams are
// hashed into 384 signed buckets (the sign keeps colliding features from only adding up).
// Each kind is normalised on its own before they are mixed, so the many trigrams of a long
// text cannot drown its words; trigrams catch spelling variants and word pieces (hook,
// hooks, useHook), pairs catch phrases ("react hooks" more than "react" and "hooks" apart).

const DIMENSIONS = 384;
const WEIGHTS = { word: 1, pair: 0.6, trigram: 0.5 };

export class HashEmbedder implements Embedder {
  readonly id = 'hash-v1-384';
  readonly dimensions = DIMENSIONS;

  embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]> {
    if (signal?.aborted) return Promise.reject(signal.reason instanceof Error ? signal.reason : new Error('Embedding was cancelled.'));
    return Promise.resolve(texts.map(embedText));
  }
}

/** The vector of one text (L2-normalised; all zeros for a text without words). */
export function embedText(text: string): Float32Array {
  const words = searchWords(text);
  const pairs: string[] = [];
  for (let i = 1; i < words.length; i++) pairs.push(`${words[i - 1]} ${words[i]}`);
  const trigrams: string[] = [];
  for (const word of rawWords(text)) {
    const padded = `^${word}$`;
    for (let i = 0; i + 3 <= padded.length; i++) trigrams.push(padded.slice(i, i + 3));
  }
  const vector = new Float32Array(DIMENSIONS);
  addFeatures(vector, words, 0x811c9dc5, WEIGHTS.word);
  addFeatures(vector, pairs, 0x2f2b6a1d, WEIGHTS.pair);
  addFeatures(vector, trigrams, 0x5bd1e995, WEIGHTS.trigram);
  return normalise(vector);
}

// Sublinear term frequency (1 + ln tf), hashed with a seed per kind so a word and a trigram
// with the same letters land in different buckets.
function addFeatures(vector: Float32Array, features: string[], seed: number, weight: number): void {
  if (features.length === 0) return;
  const counts = new Map<number, number>();
  for (const feature of features) {
    const h = fnv1a(feature, seed);
    counts.set(h, (counts.get(h) ?? 0) + 1);
  }
  const part = new Float32Array(DIMENSIONS);
  for (const [h, tf] of counts) {
    const value = 1 + Math.log(tf);
    part[h % DIMENSIONS] = (part[h % DIMENSIONS] ?? 0) + (h >>> 31 === 1 ? -value : value);
  }
  let norm = 0;
  for (const v of part) norm += v * v;
  if (norm === 0) return;
  const scale = weight / Math.sqrt(norm);
  for (let i = 0; i < DIMENSIONS; i++) vector[i] = (vector[i] ?? 0) + (part[i] ?? 0) * scale;
}

function normalise(vector: Float32Array): Float32Array {
  let norm = 0;
  for (const v of vector) norm += v * v;
  if (norm === 0) return vector;
  const scale = 1 / Math.sqrt(norm);
  for (let i = 0; i < vector.length; i++) vector[i] = (vector[i] ?? 0) * scale;
  return vector;
}

/** Cosine of two L2-normalised vectors (their dot product). */
export function cosine(a: Float32Array, b: Float32Array): number {
  const n = Math.min(a.length, b.length);
  let dot = 0;
  for (let i = 0; i < n; i++) dot += (a[i] ?? 0) * (b[i] ?? 0);
  return dot;
}
