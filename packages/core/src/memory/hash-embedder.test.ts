import { describe, expect, it } from 'vitest';
import { cosine, HashEmbedder } from './hash-embedder';

const embedder = new HashEmbedder();
const one = async (text: string) => (await embedder.embed([text]))[0] ?? new Float32Array();

describe('HashEmbedder', () => {
  it('names itself and gives 384-d unit vectors, the same every time', async () => {
    expect(embedder.id).toBe('hash-v1-384');
    const [a, b] = await embedder.embed([
      'React hooks let function components keep state.',
      'React hooks let function components keep state.',
    ]);
    expect(a?.length).toBe(384);
    expect(Array.from(a ?? [])).toEqual(Array.from(b ?? []));
    expect(cosine(a ?? new Float32Array(), a ?? new Float32Array())).toBeCloseTo(1, 5);
    expect(Array.from(await one('React hooks let function components keep state.'))).toEqual(Array.from(a ?? []));
  });

  it('puts related texts nearer than unrelated ones', async () => {
    const query = await one('what did I read about react hooks');
    const related = await one('Hooks are functions that let you use React state and lifecycle features from function components.');
    const unrelated = await one('Feed the sourdough starter twice a day and bake the loaf at 250 degrees.');
    expect(cosine(query, related)).toBeGreaterThan(cosine(query, unrelated) + 0.1);
  });

  it('folds case, accents and inflection', async () => {
    const a = await one('Crème brûlée recipes');
    const b = await one('creme brulee recipe');
    const c = await one('tax return deadlines');
    expect(cosine(a, b)).toBeGreaterThan(0.8);
    expect(cosine(a, c)).toBeLessThan(0.3);
  });

  it('gives a zero vector for text without words, and stops when aborted', async () => {
    expect(Array.from(await one(' … ')).every((v) => v === 0)).toBe(true);
    const controller = new AbortController();
    controller.abort();
    await expect(embedder.embed(['text'], controller.signal)).rejects.toThrow();
  });
});
