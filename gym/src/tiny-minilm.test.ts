import { env, pipeline } from '@huggingface/transformers';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startMockHub, type MockHub } from './mock-hub';
import { MINILM_MODEL_FILE, MINILM_REPO } from './tiny-minilm';

// The tiny model is a real model to transformers.js: its Node build (onnxruntime-node)
// downloads it from the mock hub and runs the same feature-extraction pipeline the
// extension runs in its offscreen document.

let hub: MockHub;
const cacheDir = mkdtempSync(join(tmpdir(), 'tiny-minilm-'));

beforeAll(async () => {
  hub = await startMockHub();
  env.remoteHost = hub.url;
  env.allowLocalModels = false;
  env.cacheDir = cacheDir;
});
afterAll(async () => {
  await hub.close();
  rmSync(cacheDir, { recursive: true, force: true });
});

const dot = (a: Float32Array, b: Float32Array) => a.reduce((sum, x, i) => sum + x * (b[i] ?? 0), 0);

it('loads through transformers.js and gives unit 384-d vectors, nearer for texts sharing words', async () => {
  const extract = await pipeline('feature-extraction', MINILM_REPO, { dtype: 'q8', device: 'cpu' });
  const texts = ['the doctor email address', 'email the doctor about the appointment', 'bake bread with flour and yeast'];
  const output = await extract(texts, { pooling: 'mean', normalize: true });
  expect(output.dims).toEqual([3, 384]);
  const { data } = output;
  if (!(data instanceof Float32Array)) throw new Error('float32 vectors expected');
  const rows = texts.map((_text, i) => data.subarray(i * 384, (i + 1) * 384));
  for (const row of rows) expect(Math.hypot(...row)).toBeCloseTo(1, 4);
  const [doctor, email, bread] = rows;
  if (!doctor || !email || !bread) throw new Error('three vectors expected');
  expect(dot(doctor, email)).toBeGreaterThan(dot(doctor, bread) + 0.2);
  expect(hub.fetches(MINILM_MODEL_FILE)).toBe(1);
  expect(hub.fetches('tokenizer.json')).toBe(1);
});
