import { startMockHub, type MockHub } from '@wayfinder/gym';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BIN, cleanEnv, explain, runCli, runProcess } from './cli';

// `wayfinder memory reindex --embedder minilm|hash` as processes: all-MiniLM-L6-v2 through
// transformers.js on onnxruntime-node, its files from a local stand-in for the Hugging Face
// hub (the gym's, serving the tiny model it builds: the same files and shapes as the real
// repository), into the test's own $WAYFINDER_HOME/models. The SQLite file is read directly
// to see which vectors each chunk has.

const MODEL = 'onnx/model_quantized.onnx';
let hub: MockHub;
let home = '';
let files = '';
let config = '';

beforeAll(async () => {
  hub = await startMockHub();
});
afterAll(async () => {
  await hub.close();
});
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'wayfinder-minilm-home-'));
  files = mkdtempSync(join(tmpdir(), 'wayfinder-minilm-files-'));
  config = join(home, 'config.json');
  writeFileSync(config, JSON.stringify({ memory: { modelHost: hub.url } }));
  hub.failWith(null);
});
afterEach(() => {
  rmSync(home, { recursive: true, force: true });
  rmSync(files, { recursive: true, force: true });
});

const env = () => ({ WAYFINDER_HOME: home, WAYFINDER_CONFIG: config });
const cli = (args: string[]) => runCli(args, { env: env(), timeoutMs: 120_000 });

function file(name: string, content: string): string {
  const path = join(files, name);
  writeFileSync(path, content);
  return path;
}

/** Chunks, and vectors per embedder id, in the data file. */
function vectors(): { chunks: number; byEmbedder: Record<string, number> } {
  const db = new DatabaseSync(join(home, 'wayfinder.db'), { readOnly: true });
  try {
    const chunks = Number(db.prepare('SELECT count(*) AS n FROM chunks').get()?.n ?? 0);
    const rows = db.prepare('SELECT embedder, count(*) AS n FROM vectors GROUP BY embedder').all();
    return { chunks, byEmbedder: Object.fromEntries(rows.map((r) => [String(r.embedder), Number(r.n)])) };
  } finally {
    db.close();
  }
}

/** A command run at a pseudo-terminal (util-linux script), for what it shows there. */
const atTerminal = (command: string) =>
  runProcess('script', ['-qfec', command, '/dev/null'], { env: { ...cleanEnv(), ...env(), TERM: 'xterm' }, timeoutMs: 120_000 });

const CONFIG = z.object({ memory: z.object({ embedder: z.string().optional() }).optional() });
const savedEmbedder = (): unknown => CONFIG.parse(JSON.parse(readFileSync(config, 'utf8'))).memory?.embedder;
const TITLES = z.object({ results: z.array(z.object({ title: z.string() })) });
const firstTitle = (stdout: string): string | undefined => TITLES.parse(JSON.parse(stdout)).results[0]?.title;

async function addNotes(): Promise<void> {
  const added = await cli([
    'memory',
    'add',
    file('bread.txt', 'Bread needs flour, water, yeast and salt; bake it in a hot oven.'),
    file('cats.txt', 'The cat and the dog sleep in the garden under the tree.'),
    file('train.txt', 'The train to the airport leaves the station at noon; buy a ticket first.'),
  ]);
  expect(added.code, explain(added)).toBe(0);
}

describe('memory reindex --embedder', () => {
  it('minilm: downloads the model once with progress, gives every chunk its vector, keeps the choice, and search and add use it', async () => {
    await addNotes();
    expect(vectors()).toEqual({ chunks: 3, byEmbedder: { 'hash-v1-384': 3 } });

    // At a terminal (util-linux script gives it a pty): the download and the indexing say how far they have got.
    const command = [process.execPath, BIN, 'memory', 'reindex', '--embedder', 'minilm'].map((p) => `'${p}'`).join(' ');
    // (Not spawnSync: the hub answers from this process.)
    const shown = await atTerminal(command);
    expect(shown.code, shown.stdout + shown.stderr).toBe(0);
    expect(shown.stdout).toMatch(/Downloading all-MiniLM-L6-v2: [\d.]+ MB of [\d.]+ MB…/);
    expect(shown.stdout).toContain('Indexing with all-MiniLM-L6-v2: 3 of 3 chunks…');
    expect(shown.stdout).toContain('Memory searches with all-MiniLM-L6-v2: 3 chunks of 3 documents indexed (3 just now).');
    expect(savedEmbedder()).toBe('minilm');
    expect(vectors().byEmbedder['minilm-l6-v2']).toBe(3);
    expect(existsSync(join(home, 'models', 'Xenova', 'all-MiniLM-L6-v2', MODEL))).toBe(true);
    expect(hub.fetches(MODEL)).toBe(1);

    // Search goes by the model's vectors and the words together; the model loads from $WAYFINDER_HOME/models, not the hub.
    const found = await cli(['memory', 'search', 'yeast bread in the oven', '--json']);
    expect(found.code, explain(found)).toBe(0);
    expect(found.stderr).toBe('');
    expect(firstTitle(found.stdout)).toBe('bread.txt');

    const more = await cli(['memory', 'add', file('garden.txt', 'Plant the flower and the tree in the garden when the rain stops.')]);
    expect(more.code, explain(more)).toBe(0);
    expect(vectors().byEmbedder['minilm-l6-v2']).toBe(4);
    const listed = await cli(['memory', 'list']);
    expect(listed.stdout).toContain('4 documents, 4 chunks');
    expect(listed.stdout).toContain('searched by all-MiniLM-L6-v2.');
    expect(hub.fetches(MODEL)).toBe(1);

    // Back to the built-in embedder: the chunk added meanwhile gets its hashing vector, the rest kept theirs.
    const back = await cli(['memory', 'reindex', '--embedder', 'hash', '--json']);
    expect(back.code, explain(back)).toBe(0);
    expect(JSON.parse(back.stdout)).toEqual({ embedder: 'hash', label: 'word hashing (built in)', chunks: 4, embedded: 1 });
    expect(savedEmbedder()).toBe('hash');
    expect(vectors().byEmbedder).toEqual({ 'hash-v1-384': 4, 'minilm-l6-v2': 4 });
  }, 240_000);

  it('a model that cannot be downloaded changes nothing and says why; a wrong name is a usage error', async () => {
    await addNotes();
    hub.failWith(500);
    const failed = await cli(['memory', 'reindex', '--embedder', 'minilm']);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain(
      `wayfinder memory reindex: all-MiniLM-L6-v2 could not be loaded from ${hub.url} into ${join(home, 'models')}`,
    );
    expect(failed.stderr).toContain('Memory still searches with word hashing (built in).');
    expect(savedEmbedder()).toBeUndefined();
    expect(vectors().byEmbedder).toEqual({ 'hash-v1-384': 3 });
    const search = await cli(['memory', 'search', 'bread oven', '--json']);
    expect(search.code, explain(search)).toBe(0);
    expect(firstTitle(search.stdout)).toBe('bread.txt');

    const wrong = await cli(['memory', 'reindex', '--embedder', 'bert']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('--embedder is hash (built in) or minilm (all-MiniLM-L6-v2), not "bert".');
  }, 240_000);
});
