import { describe, expect, it } from 'vitest';
import { HashEmbedder } from './hash-embedder';
import { InMemoryMemory } from './memory-store';
import type { Embedder } from './types';
import { Vault } from './vault';

function clock(start = Date.UTC(2025, 0, 2)): () => number {
  let t = start;
  return () => (t += 1000);
}

function setup(maxDocuments?: number) {
  const store = new InMemoryMemory();
  const vault = new Vault(store, new HashEmbedder(), { now: clock(), ...(maxDocuments ? { maxDocuments } : {}) });
  return { store, vault };
}

const hooksArticle = [
  'Hooks let you use state and other React features without writing a class.',
  'The useState hook returns the current state and a function that updates it.',
  'The useEffect hook runs side effects after render, such as fetching data or subscribing to events.',
  'Rules of hooks: only call hooks at the top level, and only from React function components or custom hooks.',
  'Custom hooks let you extract component logic into reusable functions whose names start with use.',
  'The useMemo hook caches the result of a calculation between re-renders.',
  'The useRef hook keeps a mutable value that does not cause a re-render when it changes.',
  'Context with useContext lets a component read a value without passing props through every level.',
  'React compares dependencies with Object.is to decide whether an effect should run again.',
  'Hooks were introduced in React 16.8 and work alongside existing class components.',
].join(' ');

const breadArticle = [
  'A sourdough starter is a mix of flour and water that ferments with wild yeast.',
  'Feed the starter twice a day with equal weights of flour and water.',
  'Bulk fermentation takes four to six hours at room temperature.',
  'Shape the loaf, proof it overnight in the fridge, then bake it in a hot Dutch oven.',
  'Bake at 250 degrees with the lid on for twenty minutes, then uncovered until deep brown.',
  'Let the bread cool for an hour before slicing so the crumb sets.',
].join(' ');

const doctorPage = {
  kind: 'page' as const,
  url: 'https://www.moncton-clinic.nb.ca/team/roy',
  title: 'Dr. Jane Roy, family physician — Moncton Family Clinic',
  text: 'Dr. Roy has practised family medicine in Moncton since 2009 and is accepting new patients. [Write to us](mailto:jane.roy@moncton-clinic.nb.ca). Office hours are Monday to Friday.',
  metadata: { author: 'Moncton Family Clinic' },
};

describe('Vault.ingest', () => {
  it('stores a page once per address and text, with its registrable site, chunks and a vector per chunk', async () => {
    const { store, vault } = setup();
    const first = await vault.ingest({ kind: 'page', url: 'https://react.dev/learn/hooks', title: 'Hooks', text: hooksArticle });
    expect(first.stored).toBe(true);
    if (!first.stored) return;
    expect(first.doc).toMatchObject({
      kind: 'page',
      url: 'https://react.dev/learn/hooks',
      title: 'Hooks',
      site: 'react.dev',
      chars: hooksArticle.length,
    });
    expect(first.chunks).toBeGreaterThan(1);
    expect(await store.stats()).toMatchObject({ documents: 1, chunks: first.chunks });
    expect(store.vectorCount()).toBe(first.chunks);

    const again = await vault.ingest({ kind: 'page', url: 'https://react.dev/learn/hooks', title: 'Hooks', text: hooksArticle });
    expect(again).toEqual({ stored: false, reason: 'unchanged', doc: first.doc });

    const retitled = await vault.ingest({ kind: 'page', url: 'https://react.dev/learn/hooks', title: 'Hooks – React', text: hooksArticle });
    expect(retitled.stored).toBe(false);

    const docs = await vault.ingest({ ...doctorPage });
    expect(docs.stored && docs.doc.site).toBe('moncton-clinic.nb.ca');
    const file = await vault.ingest({ kind: 'file', url: 'file:bread.md', title: 'bread.md', text: breadArticle });
    expect(file.stored && file.doc.site).toBe('');
  });

  it('replaces the older version of a page whose text changed', async () => {
    const { store, vault } = setup();
    const url = 'https://news.example.com/today';
    const old = await vault.ingest({ kind: 'page', url, title: 'Today', text: 'The city council approved the new tramway budget.' });
    const now = await vault.ingest({ kind: 'page', url, title: 'Today', text: 'Heavy snow closed every school in the region.' });
    expect(now.stored).toBe(true);
    expect(now.doc?.id).toBe(old.doc?.id);
    expect(await store.stats()).toMatchObject({ documents: 1, chunks: 1 });
    expect(await vault.search('tramway budget council')).toHaveLength(1);
    const [hit] = await vault.search('tramway budget council');
    expect(hit?.chunks.map((chunk) => chunk.text).join(' ')).not.toContain('tramway');
    expect((await vault.search('snow schools'))[0]?.chunks[0]?.text).toContain('Heavy snow');
  });

  it('stores nothing for empty text', async () => {
    const { store, vault } = setup();
    expect(await vault.ingest({ kind: 'page', url: 'https://example.com/', title: 'Empty', text: '  \n\t ' })).toEqual({
      stored: false,
      reason: 'empty',
      doc: null,
    });
    expect(await vault.isEmpty()).toBe(true);
    expect(await store.stats()).toEqual({ documents: 0, chunks: 0, chars: 0 });
  });

  it('keeps at most maxDocuments, forgetting the oldest first', async () => {
    const { store, vault } = setup(3);
    for (const topic of ['alpacas', 'volcanoes', 'lighthouses', 'glaciers', 'orchids'])
      await vault.ingest({
        kind: 'page',
        url: `https://example.com/${topic}`,
        title: topic,
        text: `A long read about ${topic} and their history.`,
      });
    expect((await store.documents()).map((doc) => doc.title).sort()).toEqual(['glaciers', 'lighthouses', 'orchids']);
    expect(await store.stats()).toMatchObject({ documents: 3, chunks: 3 });
    expect(store.vectorCount()).toBe(3);
    expect(await store.textSearch('alpacas volcanoes', 10)).toEqual([]);
  });

  it('stores nothing when cancelled', async () => {
    const { store, vault } = setup();
    const controller = new AbortController();
    controller.abort();
    await expect(
      vault.ingest({ kind: 'page', url: 'https://react.dev/', title: 'Hooks', text: hooksArticle }, controller.signal),
    ).rejects.toThrow();
    expect(await store.stats()).toMatchObject({ documents: 0, chunks: 0 });
  });
});

describe('Vault.search', () => {
  async function filled() {
    const setupResult = setup();
    const { vault } = setupResult;
    await vault.ingest({ kind: 'page', url: 'https://react.dev/learn/hooks', title: 'Introducing Hooks', text: hooksArticle });
    await vault.ingest({ kind: 'page', url: 'https://bread.example.org/sourdough', title: 'Sourdough at home', text: breadArticle });
    await vault.ingest({ ...doctorPage });
    await vault.ingest({
      kind: 'file',
      url: 'file:taxes-2024.pdf',
      title: 'taxes-2024.pdf',
      text: 'Tax return deadline is April 30. Keep receipts for medical expenses and charitable donations.',
    });
    return setupResult;
  }

  it('answers with the k best documents, each with its 2–3 best chunks, best first', async () => {
    const { vault } = await filled();
    const results = await vault.search('what did I read about react hooks', 2);
    expect(results).toHaveLength(2);
    expect(results[0]).toMatchObject({ title: 'Introducing Hooks', url: 'https://react.dev/learn/hooks', site: 'react.dev', kind: 'page' });
    expect(results[0]?.chunks.length).toBeGreaterThanOrEqual(2);
    expect(results[0]?.chunks.length).toBeLessThanOrEqual(3);
    expect(results[0]?.chunks.some((chunk) => /hook/i.test(chunk.text))).toBe(true);
    expect((results[0]?.score ?? 0) > (results[1]?.score ?? 0)).toBe(true);
    expect(new Set(results.map((result) => result.docId)).size).toBe(2);
    expect(await vault.search('sourdough starter feeding', 3).then((r) => r[0]?.title)).toBe('Sourdough at home');
    expect(await vault.search('when are taxes due', 3).then((r) => r[0]?.kind)).toBe('file');
    expect(await vault.search('   ')).toEqual([]);
  });

  it('finds a contact that sits only in a mailto: link', async () => {
    const { vault } = await filled();
    const [top] = await vault.search('email of the doctor');
    expect(top?.title).toBe(doctorPage.title);
    expect(top?.chunks[0]?.text).toContain('Contacts on Dr. Jane Roy');
    expect(top?.chunks[0]?.text).toContain('email jane.roy@moncton-clinic.nb.ca');
    const stored = await vault.ingest({ ...doctorPage });
    expect(stored.doc?.metadata).toMatchObject({ emails: 'jane.roy@moncton-clinic.nb.ca', author: 'Moncton Family Clinic' });
  });

  it('makes contacts in metadata searchable too', async () => {
    const { vault } = setup();
    await vault.ingest({
      kind: 'page',
      url: 'https://plumber.example.com/',
      title: 'Rapid Plumbing',
      text: 'Leaks fixed fast.',
      metadata: { phones: '+1 506 555 0199' },
    });
    await vault.ingest({ kind: 'page', url: 'https://react.dev/', title: 'React', text: hooksArticle });
    const [top] = await vault.search('phone number of the plumber');
    expect(top?.chunks.map((chunk) => chunk.text).join(' ')).toContain('phone +1 506 555 0199');
  });

  it('leaves nothing findable of a removed document', async () => {
    const { store, vault } = await filled();
    const [hooks] = await vault.search('react hooks', 1);
    const before = await store.stats();
    const hookChunks = (await store.chunksWithoutVectors('none', 1000)).filter((chunk) => chunk.docId === hooks?.docId).length;
    expect(await store.remove([hooks?.docId ?? ''])).toBe(1);
    expect(await store.stats()).toMatchObject({ documents: before.documents - 1, chunks: before.chunks - hookChunks });
    expect(store.vectorCount()).toBe(before.chunks - hookChunks);
    expect(store.indexedChunks).toBe(before.chunks - hookChunks);
    expect(await store.textSearch('useState useEffect hooks', 100)).toEqual([]);
    const vector = (await vault.embedder.embed(['react hooks useState']))[0] ?? new Float32Array();
    expect((await store.vectorSearch(vector, 100, vault.embedder.id)).some((hit) => hit.docId === hooks?.docId)).toBe(false);
    expect((await vault.search('react hooks useState', 5)).some((result) => result.docId === hooks?.docId)).toBe(false);
  });
});

// The same words, another embedder id: vectors of one are never compared with the other's.
class SecondEmbedder implements Embedder {
  readonly id = 'test-second-384';
  readonly dimensions = 384;
  private readonly inner = new HashEmbedder();
  calls = 0;
  embed(texts: string[]): Promise<Float32Array[]> {
    this.calls++;
    return this.inner.embed(texts);
  }
}

describe('Vault.reindex', () => {
  it('gives every chunk a vector from a new embedder, in batches, with progress', async () => {
    const { store, vault } = setup();
    for (let i = 0; i < 12; i++)
      await vault.ingest({ kind: 'page', url: `https://example.com/${i}`, title: `Page ${i}`, text: `${hooksArticle} Page number ${i}.` });
    const total = (await store.stats()).chunks;
    expect(total).toBeGreaterThan(32);
    const second = new SecondEmbedder();
    const next = new Vault(store, second);
    const vector = (await second.embed(['react hooks']))[0] ?? new Float32Array();
    expect(await store.vectorSearch(vector, 5, second.id)).toEqual([]);

    const progress: [number, number][] = [];
    expect(await next.reindex((done, of) => progress.push([done, of]))).toBe(total);
    expect(progress.length).toBeGreaterThan(1);
    expect(progress.at(-1)).toEqual([total, total]);
    expect(await store.chunksWithoutVectors(second.id, 10)).toEqual([]);
    expect(await store.vectorSearch(vector, 5, second.id)).toHaveLength(5);
    expect((await next.search('react hooks', 1))[0]?.title).toMatch(/^Page /);
    expect(await next.reindex()).toBe(0);
  });
});

describe('Vault.search in Chinese and Japanese', () => {
  it('finds a page by a word inside a run of characters, among pages in other languages', async () => {
    const { vault } = setup();
    await vault.ingest({
      kind: 'page',
      url: 'https://www.metro.tokyo.lg.jp/',
      title: '東京都庁',
      text: '東京都庁の電話番号は03-5321-1111です。開庁時間は平日の午前8時30分から午後5時15分までです。',
    });
    await vault.ingest({
      kind: 'page',
      url: 'https://www.pku.edu.cn/',
      title: '北京大学',
      text: '北京大学的图书馆很大，每天早上八点开门。',
    });
    await vault.ingest({ kind: 'page', url: 'https://bread.example/', title: 'Sourdough', text: breadArticle });
    expect((await vault.search('電話番号', 1))[0]?.url).toBe('https://www.metro.tokyo.lg.jp/');
    expect((await vault.search('图书馆几点开门', 1))[0]?.url).toBe('https://www.pku.edu.cn/');
    expect((await vault.search('sourdough starter', 1))[0]?.url).toBe('https://bread.example/');
  });
});

describe('Vault when the embedder fails', () => {
  it('stores without vectors and searches by words, telling the host; a re-index gives the vectors later', async () => {
    const store = new InMemoryMemory();
    let broken = true;
    const hash = new HashEmbedder();
    const flaky: Embedder = {
      id: hash.id,
      dimensions: hash.dimensions,
      embed: (texts, signal) => (broken ? Promise.reject(new Error('model not downloaded')) : hash.embed(texts, signal)),
    };
    const errors: string[] = [];
    const vault = new Vault(store, flaky, { now: clock(), onEmbedError: (e) => errors.push(String(e)) });
    const stored = await vault.ingest({ kind: 'page', url: 'https://bread.example/', title: 'Sourdough', text: breadArticle });
    expect(stored.stored).toBe(true);
    expect((await vault.search('how long does bulk fermentation take', 1))[0]?.url).toBe('https://bread.example/');
    expect(errors).toEqual(['Error: model not downloaded', 'Error: model not downloaded']);
    expect((await store.chunksWithoutVectors(hash.id, 100)).length).toBeGreaterThan(0);
    broken = false;
    await vault.reindex();
    expect(await store.chunksWithoutVectors(hash.id, 100)).toEqual([]);
  });
});
