import type { Brain } from '@wayfinder/gym';
import type { MemoryResult } from '@wayfinder/core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { finishedTurn, modelSuite, runInPanel } from './env';
import { failure, memoryKit, servePage } from './memory-kit';

// Memory in the real extension: pages remembered only as the person allows (capture off by
// default, `never` and sensitive sites left out), "Remember this page", files, hybrid search
// (a paraphrase, a contact only in a mailto: link), forgetting that leaves no trace in
// IndexedDB, export/import, the cap, the worker restarting with its saved word index, facts,
// and a task that searches memory through the agent loop.

const suite = modelSuite();

const {
  controlPage,
  ask,
  ok,
  documents,
  search,
  foundByWords,
  useSettings,
  visit,
  afterDecisions,
  dump,
  editMeta,
  stopWorker,
  indexSaved,
} = memoryKit(suite);

beforeAll(async () => {
  await suite.env.context.route(/^http:\/\/([^/]+\.test|mail\.google\.com)\//, servePage);
});

afterEach(async () => {
  for (const page of suite.env.context.pages()) if (!page.url().startsWith('chrome-extension://')) await page.close();
  await ok({ type: 'memory.forget', all: true });
  for (const fact of (await ok({ type: 'facts.list' })).facts) await ok({ type: 'facts.remove', id: fact.id });
});

describe('remembering pages', () => {
  it('is off by default: a visited gym page is not stored', async () => {
    await useSettings({});
    await visit(`${suite.env.gym.url}/shop`);
    await afterDecisions();
    expect((await documents()).map((d) => d.url)).toEqual(['http://marker.test/']);
  });

  it('on: a page is stored once after it settles, however often it is visited', async () => {
    await useSettings({ capturePages: true });
    const shop = `${suite.env.gym.url}/shop`;
    const [first] = await visit(shop);
    await expect.poll(async () => (await documents()).filter((d) => d.url === shop).length, { timeout: 15_000 }).toBe(1);
    await first?.reload();
    await visit(shop);
    await afterDecisions();
    const kept = (await documents()).filter((d) => d.url === shop);
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ kind: 'page', site: '127.0.0.1' });
    expect(kept[0]?.title).toMatch(/\S/);
  });

  it('leaves out a "never" site, and sensitive sites unless the person says "always"', async () => {
    await useSettings({ capturePages: true, sites: { 'never.test': 'never' } });
    await visit('http://never.test/', 'http://www.mybank.test/', 'http://mail.google.com/', 'http://chess.test/');
    await afterDecisions();
    expect((await documents()).map((d) => d.url).sort()).toEqual(['http://chess.test/', 'http://marker.test/']);

    // "Remember this page" cannot take a never site either.
    await visit('http://never.test/');
    const refused = await ask({ type: 'memory.rememberPage' });
    expect(failure(refused)).toContain('never remember');

    await useSettings({ capturePages: true, sites: { 'mybank.test': 'always' } });
    await visit('http://www.mybank.test/');
    await expect.poll(async () => (await documents()).some((d) => d.url === 'http://www.mybank.test/'), { timeout: 15_000 }).toBe(true);
  });

  it('a stored secret on a page is not kept', async () => {
    await useSettings({});
    const page = await controlPage();
    await page.evaluate(() => chrome.storage.local.set({ secrets: [{ name: 'locker', value: 'Violet-Harbour-77', site: 'locker.test' }] }));
    try {
      await visit('http://locker.test/');
      await ok({ type: 'memory.rememberPage' });
      const stored = JSON.stringify(await dump());
      expect(stored).toContain('gym locker opens');
      expect(stored).not.toContain('Violet-Harbour-77');
    } finally {
      await page.evaluate(() => chrome.storage.local.remove('secrets'));
    }
  });

  it('"Remember this page" keeps the page in front with capture off, once', async () => {
    await useSettings({});
    await visit('http://chess.test/');
    const stored = await ok({ type: 'memory.rememberPage' });
    expect(stored).toMatchObject({ outcome: 'stored', url: 'http://chess.test/', title: 'Chess openings' });
    expect(stored.chunks).toBeGreaterThan(0);
    expect(await ok({ type: 'memory.rememberPage' })).toMatchObject({ outcome: 'unchanged', chunks: stored.chunks });
    expect((await search('Sicilian defence'))[0]?.url).toBe('http://chess.test/');
  });
});

describe('the vault', () => {
  it('keeps a file and finds pages by a paraphrase and by a contact only in a mailto: link', async () => {
    await useSettings({});
    const file = await ok({
      type: 'memory.addFile',
      name: 'recipes.md',
      text: '# Lentil soup\n\nSimmer red lentils with cumin, garlic and lemon for twenty minutes.',
    });
    expect(file).toMatchObject({ outcome: 'stored' });
    expect((await documents())[0]).toMatchObject({ kind: 'file', url: 'file:recipes.md', site: '' });
    expect((await search('how long do I cook the lentils'))[0]?.url).toBe('file:recipes.md');

    await visit('http://crumbandcrust.test/');
    expect(await ok({ type: 'memory.rememberPage' })).toMatchObject({ url: 'http://crumbandcrust.test/', title: 'Crumb and Crust bakery' });

    const bread = await search('where to buy a loaf baked daily');
    expect(bread[0]?.url).toBe('http://crumbandcrust.test/');
    const contact = await search('email address of the bakery');
    expect(contact[0]?.url).toBe('http://crumbandcrust.test/');
    expect(contact[0]?.chunks.map((c) => c.text).join(' ')).toContain('orders@crumbandcrust.test');
    const reply = await ok({ type: 'memory.search', query: 'the bakery email', k: 3 });
    expect(reply.terms).toEqual(['bakery', 'email']);
  });

  it('forgets one document, a site, or everything, leaving no trace in any store', async () => {
    await useSettings({});
    for (const url of ['http://hiking.test/a', 'http://hiking.test/b', 'http://chess.test/']) {
      const [page] = await visit(url);
      await ok({ type: 'memory.rememberPage' });
      await page?.close();
    }
    const docs = await documents();
    expect(docs).toHaveLength(3);
    const byUrl = (url: string) => docs.find((d) => d.url === url)?.id ?? '';
    const traces = async (id: string, word: string) => {
      const all = JSON.stringify(await dump());
      return { id: all.includes(id), word: all.toLowerCase().includes(word) };
    };
    expect(await traces(byUrl('http://hiking.test/a'), 'barley')).toEqual({ id: true, word: true });

    expect(await ok({ type: 'memory.forget', ids: [byUrl('http://hiking.test/a')] })).toMatchObject({ removed: 1 });
    expect(await traces(byUrl('http://hiking.test/a'), 'barley')).toEqual({ id: false, word: false });
    expect((await search('barley soup')).map((r) => r.url)).not.toContain('http://hiking.test/a');
    expect(await foundByWords('barley soup')).toEqual([]);

    expect(await ok({ type: 'memory.forget', site: 'hiking.test' })).toMatchObject({ removed: 1 });
    expect(await traces(byUrl('http://hiking.test/b'), 'thunderstorm')).toEqual({ id: false, word: false });

    expect(await ok({ type: 'memory.forget', all: true })).toMatchObject({ removed: 1 });
    const empty = await dump();
    expect({ documents: empty.documents, chunks: empty.chunks, vectors: empty.vectors }).toEqual({
      documents: [],
      chunks: [],
      vectors: [],
    });
    expect(JSON.stringify(empty.meta)).not.toContain('sicilian');
    expect((await ok({ type: 'memory.status' })).documents).toBe(0);
  });

  it('export, forget all, import: the same answers to the same searches', async () => {
    await useSettings({});
    await ok({
      type: 'memory.addFile',
      name: 'recipes.md',
      text: 'Simmer red lentils with cumin, garlic and lemon. Card 4111 1111 1111 1111 paid.',
    });
    for (const url of ['http://crumbandcrust.test/', 'http://hiking.test/a']) {
      const [page] = await visit(url);
      await ok({ type: 'memory.rememberPage' });
      await page?.close();
    }
    const queries = ['bakery email', 'soup after the glacier', 'lentils with lemon'];
    const before = await Promise.all(queries.map((q) => search(q)));
    const exported = await ok({ type: 'memory.export' });
    expect(exported.filename).toMatch(/^wayfinder-memory-\d{4}-\d{2}-\d{2}\.json$/);
    expect(exported.json).not.toContain('4111 1111 1111 1111');
    expect(exported.json).toContain('•••• 1111');
    expect(exported.json).not.toContain('"vector');

    await ok({ type: 'memory.forget', all: true });
    expect(await search('bakery email')).toEqual([]);
    expect(await ok({ type: 'memory.import', json: exported.json })).toMatchObject({ imported: 3, skipped: 0 });
    const after = await Promise.all(queries.map((q) => search(q)));
    const shape = (results: MemoryResult[][]) =>
      results.map((r) =>
        r.map((x) => ({ url: x.url, title: x.title, chunks: x.chunks.map((c) => c.text.replace(/4111 1111 1111 1111/, '•••• 1111')) })),
      );
    expect(shape(after)).toEqual(shape(before));
    // Every chunk has its vector again.
    const stored = await dump();
    expect(stored.vectors).toHaveLength(stored.chunks.length);
    expect(await ok({ type: 'memory.import', json: exported.json })).toMatchObject({ imported: 0, skipped: 3 });
    expect(failure(await ask({ type: 'memory.import', json: '{"documents": 3}' }))).toContain('not a Wayfinder memory export');
  });

  it('keeps at most maxDocuments, the oldest going first', async () => {
    await useSettings({ maxDocuments: 10 });
    for (let i = 1; i <= 12; i++)
      await ok({ type: 'memory.addFile', name: `note-${i}.txt`, text: `Note number ${i} about topic ${i * 7}.` });
    const names = (await documents()).map((d) => d.url).sort();
    expect(names).toHaveLength(10);
    expect(names).not.toContain('file:note-1.txt');
    expect(names).not.toContain('file:note-2.txt');
    expect(names).toContain('file:note-12.txt');
    expect((await ok({ type: 'memory.status' })).maxDocuments).toBe(10);
  });

  it('a restarted worker loads its saved word index instead of rebuilding it (and rebuilds a stale one)', async () => {
    await useSettings({});
    const [page] = await visit('http://chess.test/');
    const { url } = await ok({ type: 'memory.rememberPage' });
    await page?.close();
    const docId = (await documents()).find((d) => d.url === url)?.id ?? '';
    await expect.poll(indexSaved, { timeout: 10_000 }).toBe(true);

    // A word only the saved index has: found after a restart only if that index was loaded.
    await stopWorker();
    await editMeta('sentinel', docId);
    expect(await foundByWords('zqxsentinel')).toEqual(['http://chess.test/']);
    expect(await foundByWords('queen side counterattack')).toEqual(['http://chess.test/']);

    // A saved index older than the last write is not trusted: rebuilt from the chunks, the made-up word is gone.
    await stopWorker();
    await editMeta('stale', docId);
    expect(await foundByWords('zqxsentinel')).toEqual([]);
    expect(await foundByWords('queen side counterattack')).toEqual(['http://chess.test/']);
  });
});

describe('changing the embedder', () => {
  it('re-indexes in the background: a failure is kept in the status, words still find pages, and going back completes', async () => {
    await useSettings({});
    const [page] = await visit('http://chess.test/');
    await ok({ type: 'memory.rememberPage' });
    await page?.close();
    // Nothing answers on port 9: the model cannot be downloaded.
    await useSettings({ embedder: 'minilm', modelHost: 'http://127.0.0.1:9/' });
    await expect
      .poll(async () => (await ok({ type: 'memory.status' })).reindex, { timeout: 60_000 })
      .toMatchObject({ embedder: 'all-MiniLM-L6-v2', running: false });
    expect((await ok({ type: 'memory.status' })).reindex?.error).toContain('Re-indexing memory for all-MiniLM-L6-v2 stopped');
    expect((await ok({ type: 'memory.status' })).embedder).toBe('all-MiniLM-L6-v2');
    // Meanwhile search answers from the word index alone.
    expect((await search('Sicilian defence')).map((r) => r.url)).toEqual(['http://chess.test/']);

    await useSettings({ embedder: 'hash' });
    await expect
      .poll(async () => (await ok({ type: 'memory.status' })).reindex, { timeout: 20_000 })
      .toMatchObject({ embedder: 'Word hashing (built in)', running: false, error: null });
    const status = await ok({ type: 'memory.status' });
    expect(status.reindex?.done).toBe(status.chunks);
    expect((await search('Sicilian defence'))[0]?.url).toBe('http://chess.test/');
  });
});

describe('facts and tasks', () => {
  it('adds, lists and removes facts; a secret never becomes one', async () => {
    await useSettings({});
    const { fact } = await ok({ type: 'facts.add', text: 'I prefer metric units' });
    expect((await ok({ type: 'facts.list' })).facts.map((f) => f.text)).toEqual(['I prefer metric units']);
    expect(failure(await ask({ type: 'facts.add', text: 'My password is hunter22' }))).toContain('Options → Secrets');
    const page = await controlPage();
    await page.evaluate(() => chrome.storage.local.set({ secrets: [{ name: 'locker', value: 'Violet-Harbour-77', site: 'gym.test' }] }));
    expect(failure(await ask({ type: 'facts.add', text: 'My locker code is Violet-Harbour-77' }))).toContain('looks like a secret');
    await page.evaluate(() => chrome.storage.local.remove('secrets'));
    expect(await ok({ type: 'facts.remove', id: fact.id })).toMatchObject({ removed: true });
    expect((await ok({ type: 'facts.list' })).facts).toEqual([]);
  });

  it('a task searches memory, answers from it, and leaves a record', async () => {
    const [bakery] = await visit('http://crumbandcrust.test/');
    await useSettings({});
    await ok({ type: 'memory.rememberPage' });
    await bakery?.close();
    const brain: Brain = (messages) => {
      const text = JSON.stringify(messages);
      const email = /orders@crumbandcrust\.test/.exec(text)?.[0];
      if (email) return { calls: [{ name: 'done', input: { summary: `Write to ${email}.`, success: true } }] };
      return { calls: [{ name: 'search_memory', input: { query: 'bakery email for orders', k: 3 } }] };
    };
    await suite.useModel(brain);
    await suite.site('/shop');
    const panel = await suite.panel();
    await runInPanel(panel, 'What is the email of that bakery I read about?');
    const turn = await finishedTurn(panel);
    expect(await turn.getAttribute('data-status')).toBe('done');
    expect(await turn.getByRole('region', { name: 'Answer' }).innerText()).toContain('orders@crumbandcrust.test');
    expect(await turn.locator('li[data-tool="search_memory"]').count()).toBeGreaterThan(0);
    await expect
      .poll(async () => (await dump()).taskRecords.map((r) => JSON.stringify(r)).join('\n'), { timeout: 10_000 })
      .toContain('What is the email of that bakery I read about?');
  });
});
