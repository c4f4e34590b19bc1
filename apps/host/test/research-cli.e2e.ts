import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startGym, type Gym } from '@wayfinder/gym';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { explain, runCli } from './cli';
import { researchKit, type ResearchKit } from './research-kit';

// The research commands as a person runs them, each a separate process of the built CLI:
// interests, a research run over the gym (the summariser a mock OpenAI-compatible server),
// the feed and reactions, watches — and their clear errors.

let gym: Gym;
let kit: ResearchKit;

beforeAll(async () => {
  gym = await startGym();
  kit = await researchKit(gym, { pagesPerRun: 6 });
});

afterAll(async () => {
  await kit.close();
  await gym.close();
});

const cli = (args: string[]) => runCli(args, { env: kit.env, timeoutMs: 120_000 });

function records(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value)
    ? value.map((v: unknown) => (typeof v === 'object' && v !== null ? Object.fromEntries(Object.entries(v)) : {}))
    : [];
}

function json(stdout: string): Record<string, unknown> {
  const parsed: unknown = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}');
  return typeof parsed === 'object' && parsed !== null ? Object.fromEntries(Object.entries(parsed)) : {};
}

describe('wayfinder interests, research and feed', () => {
  it('clear errors, losing nothing', async () => {
    for (const [args, message, code] of [
      [['interests'], 'Usage: wayfinder interests', 2],
      [['interests', 'add'], 'name the topic', 2],
      [['interests', 'shout'], 'unknown command "shout"', 2],
      [['interests', 'remove', 'nope'], 'no interest is "nope"', 1],
      [['research'], 'no interests to research yet', 1],
      [['research', 'now'], 'unexpected "now"', 2],
      [['feed', 'react', 'x'], 'give a discovery id and up or down', 2],
      [['feed', 'react', 'abc', 'up'], 'nothing in the feed has the id "abc"', 1],
      [['watch', 'add', 'not-a-url', '--label', 'x'], 'give one page address', 2],
      [['watch', 'add', `${gym.url}/store/p/trail-tent-2p`], 'say what to watch with --label', 2],
      [['watch', 'remove', 'zzz'], 'no watch has the id "zzz"', 1],
    ] as const) {
      const run = await cli([...args]);
      expect(run.code, explain(run)).toBe(code);
      expect(`${run.stdout}${run.stderr}`).toContain(message);
    }
  });

  it('interests add, list, remove; research finds things; feed lists them; a reaction archives one and re-weights its interest', async () => {
    expect((await cli(['interests', 'add', 'trail running'])).stdout).toMatch(/^Added interest [0-9a-f]{8}: trail running/);
    expect((await cli(['interests', 'add', 'Trail Running'])).stdout).toContain('Already an interest');
    await cli(['interests', 'add', 'sourdough']);
    const removed = await cli(['interests', 'remove', 'sourdough']);
    expect(removed.code).toBe(0);
    const listed = json((await cli(['interests', 'list', '--json'])).stdout);
    expect(listed.interests).toEqual([expect.objectContaining({ topic: 'trail running', weight: 1 })]);

    const run = await cli(['research']);
    expect(run.code, explain(run)).toBe(0);
    expect(run.stdout).toContain('Found 3 new things reading 4 pages.');
    expect(run.stdout).toContain('Skipped (allow them in your site rules to include them): localhost (ask), tracker.test (blocked)');

    const feed = json((await cli(['feed', '--json'])).stdout);
    const items = records(feed.items);
    expect(items.map((i) => i.title).sort()).toEqual(
      [
        'Trail running for beginners: your first 10K off-road',
        'Trail running form drills for steep hills',
        'Trail running shoes that grip wet rock',
      ].sort(),
    );
    expect(feed).toMatchObject({ total: 3, unread: 3 });
    const text = await cli(['feed']);
    expect(text.stdout).toContain('[trail running]  Trail running shoes that grip wet rock');
    expect(text.stdout).toContain('3 of 3 new; 3 unread.');

    const id = String(items[0]?.id);
    const react = await cli(['feed', 'react', id, 'up']);
    expect(react.code, explain(react)).toBe(0);
    expect(react.stdout).toContain('archived; 2 new left.');
    const archived = json((await cli(['feed', '--archived', '--json'])).stdout);
    expect(archived).toMatchObject({ total: 1, unread: 2, items: [expect.objectContaining({ id, reaction: 'up', state: 'archived' })] });
    expect(json((await cli(['interests', 'list', '--json'])).stdout).interests).toEqual([expect.objectContaining({ weight: 1.25 })]);
  });

  it('watch add, check on a price change, list and remove', async () => {
    const url = `${gym.url}/store/p/trail-tent-2p`;
    const added = await cli(['watch', 'add', url, '--label', 'Trail Tent 2P price']);
    expect(added.code, explain(added)).toBe(0);
    expect(added.stdout).toMatch(/Watching [0-9a-f]{8}: Trail Tent 2P price on .* — now \$149\.99/);
    await fetch(`${gym.url}/store/api/price`, { method: 'POST', body: JSON.stringify({ price: 119 }) });
    const checked = await cli(['watch', 'check']);
    expect(checked.code, explain(checked)).toBe(0);
    expect(checked.stdout).toContain('Changed: Trail Tent 2P price: $149.99 → $119.00');
    const list = json((await cli(['watch', 'list', '--json'])).stdout);
    const [watch] = records(list.watches);
    expect(watch).toMatchObject({ url, label: 'Trail Tent 2P price', value: '$119.00' });
    expect((await cli(['feed'])).stdout).toContain('Trail Tent 2P price: $149.99 → $119.00');
    expect((await cli(['watch', 'remove', String(watch?.id)])).code).toBe(0);
    expect((await cli(['watch', 'list'])).stdout).toContain('No watches yet');
  });
});

describe("wayfinder run's agent", () => {
  it('gets search_web and search_youtube when the config names search pages, and reads their results', async () => {
    const script = join(kit.home, 'search.json');
    writeFileSync(
      script,
      JSON.stringify({
        steps: [
          { calls: [{ tool: 'search_web', args: { query: 'ultralight tents' } }] },
          { calls: [{ tool: 'search_youtube', args: { query: 'trail running' } }] },
          { calls: [{ tool: 'done', args: { summary: 'Searched.', success: true } }] },
        ],
      }),
    );
    const run = await cli(['run', 'find tents', '--model', `script:${script}`, '--url', `${gym.url}/search`, '--json']);
    expect(run.code, explain(run)).toBe(0);
    const results = run.events.filter((e) => e.type === 'tool-result');
    expect(results.map((r) => [r.name, r.ok])).toEqual([
      ['search_web', true],
      ['search_youtube', true],
      ['done', true],
    ]);
    expect(JSON.stringify(results[0]?.data)).toContain('Ultralight tents: three shelters under a kilo');
    expect(JSON.stringify(results[1]?.data)).toContain('"channel":"Hill Lab","duration":"12:04","views":"48K views"');
  });

  it('offers no search tools when no search page is configured', async () => {
    const bare = { ...kit.env, WAYFINDER_CONFIG: join(kit.home, 'none.json') };
    const script = join(kit.home, 'search-bare.json');
    writeFileSync(
      script,
      JSON.stringify({
        steps: [
          { calls: [{ tool: 'search_web', args: { query: 'x' } }] },
          { calls: [{ tool: 'done', args: { summary: 'x', success: false } }] },
        ],
      }),
    );
    const run = await runCli(['run', 'find', '--model', `script:${script}`, '--json'], { env: bare });
    const first = run.events.find((e) => e.type === 'tool-result');
    expect(first).toMatchObject({ name: 'search_web', ok: false });
  });
});
