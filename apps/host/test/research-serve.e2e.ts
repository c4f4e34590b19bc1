import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';
import { NodeBrowser } from '@wayfinder/cdp/node';
import { DeviceEndpoint, type Peer } from '@wayfinder/bridge';
import { Redaction, SafetyPolicy, SecretVault } from '@wayfinder/core';
import { startGym, type Gym } from '@wayfinder/gym';
import { chromium, type Browser as PwBrowser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations } from '../../extension/test/a11y';
import { openDatabase } from '../src/store/db';
import { ResearchStore } from '../src/store/research';
import { artifactPath, BIN } from './cli';
import { answerWith, deviceHello, dial, EXTENSION, pair, startTestHub } from './hub-helpers';
import { researchKit, type ResearchKit } from './research-kit';

// Research through a real `wayfinder serve`: a paired browser (a test socket with the
// extension's origin) asks the hub for the feed, reacts, and manages interests and watches
// — the seam's device → host methods — and hears feed.changed; the feed page the hub serves
// at /feed, in a real Chromium: cards, New and Archive tabs, pages, the dialog, reactions,
// axe-core, light and dark; and what a web page cannot do with it.

let gym: Gym;
let kit: ResearchKit;
let serve: ChildProcessWithoutNullStreams;
let out = '';
let port = 0;
let device: Peer;
const changes: unknown[] = [];
let browser: PwBrowser;
/** The paired browser's own Chromium (the extension's side, as DeviceEndpoint answers it), and the sessions the host opened there. */
let personal: NodeBrowser;
let endpoint: DeviceEndpoint;
const sessions: string[] = [];
const personalTabs: string[] = [];

async function until<T>(what: () => T | null | undefined, label: string): Promise<T> {
  for (let i = 0; i < 400; i++) {
    const value = what();
    if (value !== null && value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${label}; serve printed:\n${out}`);
}

/** 15 discoveries (more than one page of 12), newest last. */
function seed(): void {
  const db = openDatabase(join(kit.home, 'wayfinder.db'));
  const store = new ResearchStore(db, new Redaction());
  store.addInterest('trail running');
  store.addInterest('ultralight tents');
  for (let i = 1; i <= 15; i++) {
    const topic = i % 3 ? 'trail running' : 'ultralight tents';
    store.addDiscovery({
      url: `${gym.url}/news/story-${i}`,
      urlKey: `story-${i}`,
      fingerprint: '',
      title: `Story ${i}: ${topic === 'trail running' ? 'ridge runs and river crossings' : 'a shelter that weighs 800 g'}`,
      summary: `Summary ${i}. ${'What the page says about it, in a few sentences a person can skim. '.repeat(3)}`,
      ...(i % 4 ? { image: `${gym.url}/research/img/story-${i}.svg` } : {}),
      interest: topic,
      why: `Found searching "${topic}": the title mentions it.`,
      site: '127.0.0.1',
      kind: i === 15 ? 'change' : 'article',
    });
  }
  db.close();
}

beforeAll(async () => {
  gym = await startGym();
  kit = await researchKit(gym);
  seed();
  serve = spawn(process.execPath, [BIN, 'serve', '--port', '0'], { env: kit.env, stdio: ['pipe', 'pipe', 'pipe'] });
  serve.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  serve.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  port = Number(await until(() => /Your feed: http:\/\/127\.0\.0\.1:(\d+)\/feed/.exec(out)?.[1], 'the feed line'));
  const code = await until(() => /enter code ([A-Z2-9]{4}-[A-Z2-9]{4})/.exec(out)?.[1], 'the pairing code');
  const dialled = await dial(`ws://127.0.0.1:${port}`, deviceHello({ pairingCode: code, label: 'Chrome on Linux' }), EXTENSION);
  expect(dialled.first.type).toBe('welcome');
  personal = await NodeBrowser.launch();
  endpoint = new DeviceEndpoint({
    openSession: async (label) => {
      sessions.push(label);
      await personal.openTab();
      return {
        browser: {
          tabs: () => personal.tabs(),
          activeTab: () => personal.activeTab(),
          openTab: (url, options) => {
            if (url) personalTabs.push(url);
            return personal.openTab(url, options);
          },
          switchTab: (id) => personal.switchTab(id),
          closeTab: (id) => personal.closeTab(id),
          setDialogPolicy: (policy) => personal.setDialogPolicy(policy),
          setRequestGuard: (guard) => personal.setRequestGuard(guard),
        },
        close: () => Promise.resolve(),
      };
    },
    policy: () => new SafetyPolicy({ sites: [{ site: '127.0.0.1', decision: 'allow' }], secrets: new SecretVault([]) }),
    confirm: () => Promise.resolve('deny'),
  });
  device = answerWith(
    dialled,
    (call) => endpoint.handle(call, device),
    (name, data) => {
      if (name === 'feed.changed') changes.push(data);
    },
  );
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
});

afterAll(async () => {
  await endpoint.closeAll();
  await personal.close();
  await browser.close();
  serve.kill('SIGINT');
  await new Promise((resolve) => serve.once('close', resolve));
  await kit.close();
  await gym.close();
});

describe('the seam methods through the hub', () => {
  it('feed.list, feed.react (with feed.changed to every browser), interests.*, watch.*, and clear refusals', async () => {
    const page = await device.call<{ items: { id: string; title: string }[]; total: number; unread: number }>('feed.list', {
      state: 'new',
      offset: 0,
      limit: 5,
    });
    expect(page).toMatchObject({ total: 15, unread: 15 });
    expect(page.items.map((d) => d.title.split(':')[0])).toEqual(['Story 15', 'Story 14', 'Story 13', 'Story 12', 'Story 11']);
    const target = page.items[1];
    if (!target) throw new Error('no items');
    const reacted = await device.call<{ discovery: { state: string; reaction: string }; unread: number }>('feed.react', {
      id: target.id,
      reaction: 'up',
    });
    expect(reacted).toMatchObject({ discovery: { state: 'archived', reaction: 'up' }, unread: 14 });
    await until(() => (changes.length ? changes : null), 'feed.changed');
    expect(changes.at(-1)).toEqual({ unread: 14 });

    const added = await device.call<{ interest: { id: string; topic: string } }>('interests.add', { topic: 'sourdough' });
    expect(added.interest.topic).toBe('sourdough');
    const listed = await device.call<{ interests: { topic: string; weight: number }[] }>('interests.list', {});
    expect(Object.fromEntries(listed.interests.map((i) => [i.topic, i.weight]))).toEqual({
      'trail running': 1.25,
      'ultralight tents': 1,
      sourdough: 1,
    });
    expect(await device.call('interests.remove', { id: added.interest.id })).toEqual({ removed: true });

    const watch = await device.call<{ watch: { id: string; label: string; everyMinutes: number } }>('watch.add', {
      url: `${gym.url}/store/p/trail-tent-2p`,
      label: 'Trail Tent 2P price',
      value: '$159.99',
    });
    // The value the person picked is kept as the starting value.
    expect(watch.watch).toMatchObject({ label: 'Trail Tent 2P price', everyMinutes: 60, value: '$159.99' });
    expect((await device.call<{ watches: unknown[] }>('watch.list', {})).watches).toHaveLength(1);
    expect(await device.call('watch.remove', { id: watch.watch.id })).toEqual({ removed: true });

    await expect(device.call('feed.react', { id: target.id, reaction: 'sideways' })).rejects.toThrow(/feed\.react: reaction/);
    await expect(device.call('feed.react', { id: 'nope', reaction: 'up' })).rejects.toThrow('Nothing in the feed has the id nope');
    await expect(device.call('watch.add', { url: 'javascript:alert(1)', label: 'x' })).rejects.toThrow('must start with http');
    await expect(device.call('interests.add', { topic: '   ' })).rejects.toThrow('Name a topic');
  });
});

async function feedPage(scheme: 'light' | 'dark', path = '/feed'): Promise<Page> {
  const context = await browser.newContext({ colorScheme: scheme, viewport: { width: 1200, height: 900 } });
  const page = await context.newPage();
  await page.goto(`http://127.0.0.1:${port}${path}`);
  return page;
}

describe('a hub started without research', () => {
  it('refuses the research methods with a clear error', async () => {
    const t = await startTestHub();
    try {
      const { dialled } = await pair(t, 'Chrome');
      const peer = answerWith(dialled, () => Promise.reject(new Error('nothing')));
      await expect(peer.call('feed.list', { state: 'new', offset: 0, limit: 5 })).rejects.toThrow('This host keeps no feed or research');
      dialled.ws.close();
    } finally {
      await t.stop();
    }
  });
});

describe('the feed page', () => {
  it('shows cards in pages, opens one in a dialog, reacts from the card and the dialog, and passes axe in light and dark', async () => {
    const page = await feedPage('light');
    const cards = page.locator('li.card');
    await expect.poll(() => cards.count()).toBe(12);
    expect(await page.getByRole('link', { name: /^New \(14\)$/ }).getAttribute('aria-current')).toBe('page');
    expect(await page.getByText('Page 1 of 2').isVisible()).toBe(true);
    const first = cards.first();
    expect(await first.locator('.title').textContent()).toMatch(/^Story 15/);
    expect(await first.locator('.byline').textContent()).toMatch(/^ultralight tents · 127\.0\.0\.1 · \d{4}-\d{2}-\d{2}$/);
    expect(await page.locator('li.card img').first().getAttribute('src')).toContain('/research/img/');
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: artifactPath('research-feed-light.png'), fullPage: true });

    // The second page: the oldest two (Story 14 was archived through the hub above).
    await page.getByRole('link', { name: 'Older →' }).click();
    await expect.poll(() => page.getByText('Page 2 of 2').isVisible()).toBe(true);
    expect((await page.locator('li.card .title').allTextContents()).map((t) => t.split(':')[0])).toEqual(['Story 2', 'Story 1']);
    await page.getByRole('link', { name: '← Newer' }).click();
    await expect.poll(() => page.locator('li.card').count()).toBe(12);

    // The dialog: the whole summary, why it matched, the source; 👍 there archives it.
    await cards
      .nth(1)
      .getByRole('button', { name: /^Open: Story 13/ })
      .click();
    const dialog = page.getByRole('dialog', { name: /^Story 13/ });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.getByText('Found searching "trail running"').isVisible()).toBe(true);
    expect(await dialog.getByRole('link', { name: 'Open the page' }).getAttribute('href')).toBe(`${gym.url}/news/story-13`);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: artifactPath('research-feed-dialog-light.png') });
    await dialog.getByRole('button', { name: 'Like' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect.poll(() => page.locator('#unread').textContent()).toBe('13');
    expect(await page.getByRole('button', { name: /^Open: Story 13/ }).count()).toBe(0);

    // 👎 on a card.
    await page.getByRole('button', { name: /^Not for me: Story 12/ }).click();
    await expect.poll(() => page.locator('#unread').textContent()).toBe('12');
    expect(await page.getByRole('status').textContent()).toContain('Marked not for you and archived: Story 12');

    // The archive (the tab).
    await page.getByRole('link', { name: 'Archive' }).click();
    await expect.poll(() => page.locator('body').getAttribute('data-tab')).toBe('archived');
    await page.goto(`http://127.0.0.1:${port}/feed?tab=archived`);
    const archived = await page.locator('li.card .title').allTextContents();
    expect(archived.map((t) => t.split(':')[0]).sort()).toEqual(['Story 12', 'Story 13', 'Story 14']);
    expect(await page.locator('li.card', { hasText: 'Story 12' }).getByText('Not for you').isVisible()).toBe(true);
    await page.context().close();

    const dark = await feedPage('dark');
    await expect.poll(() => dark.locator('li.card').count()).toBe(12);
    expect(await accessibilityViolations(dark)).toEqual([]);
    await dark.screenshot({ path: artifactPath('research-feed-dark.png'), fullPage: true });
    await dark
      .locator('li.card')
      .first()
      .getByRole('button', { name: /^Open:/ })
      .click();
    await dark.screenshot({ path: artifactPath('research-feed-dialog-dark.png') });
    await dark.context().close();
  });

  it('a web page cannot read the feed or react: no token, another Host, or another Origin are refused', async () => {
    const base = `http://127.0.0.1:${port}`;
    expect((await fetch(`${base}/feed/api/list`)).status).toBe(403);
    const forged = await fetch(`${base}/feed/api/react`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"id":"x","reaction":"up"}',
    });
    expect(forged.status).toBe(403);
    // A cross-site page (the gym, another origin) trying it in a real browser.
    const page = await feedPage('light');
    const token = await page.locator('meta[name=wayfinder-feed-token]').getAttribute('content');
    expect(token).toBeTruthy();
    const withOrigin = await fetch(`${base}/feed/api/list`, { headers: { 'x-wayfinder-token': token ?? '', origin: gym.url } });
    expect(withOrigin.status).toBe(403);
    await page.goto(`${gym.url}/search?q=x`);
    const attempt = await page.evaluate(async (url) => {
      try {
        const r = await fetch(`${url}/feed/api/react`, {
          method: 'POST',
          headers: { 'content-type': 'text/plain' },
          body: '{"id":"x","reaction":"up"}',
        });
        return r.status;
      } catch {
        return 'blocked';
      }
    }, base);
    expect(attempt === 'blocked' || attempt === 403).toBe(true);
    // Another Host header (a rebinding name for this machine) gets nothing.
    const rebound = await new Promise<number>((resolve) => {
      void import('node:http').then(({ request }) => {
        const req = request({ host: '127.0.0.1', port, path: '/feed', headers: { host: `evil.example:${port}` } }, (res) =>
          resolve(res.statusCode ?? 0),
        );
        req.end();
      });
    });
    expect(rebound).toBe(426);
    const ok = await fetch(`${base}/feed/api/list?state=archived`, { headers: { 'x-wayfinder-token': token ?? '' } });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ total: 3 });
    await page.context().close();
  });
});

describe('research.run from a browser', () => {
  it("reads in that browser (the person's session), and the feed grows", async () => {
    const before = await device.call<{ total: number }>('feed.list', { state: 'new', offset: 0, limit: 1 });
    const outcome = await device.call<{ discoveries: number; visited: number; skipped: string[] }>(
      'research.run',
      { interest: 'trail running' },
      { deadlineMs: 120_000 },
    );
    expect(outcome).toMatchObject({ discoveries: 3, visited: 4 });
    expect(outcome.skipped.sort()).toEqual(['localhost (ask)', 'tracker.test (blocked)']);
    expect(sessions).toContain('research');
    expect(personalTabs.some((url) => url.includes('/news/trail-shoes-wet-rock'))).toBe(true);
    const after = await device.call<{ total: number; unread: number }>('feed.list', { state: 'new', offset: 0, limit: 1 });
    expect(after.total).toBe(before.total + 3);
    await until(() => changes.find((c) => JSON.stringify(c) === JSON.stringify({ unread: after.unread })), 'feed.changed after the run');
  });
});
