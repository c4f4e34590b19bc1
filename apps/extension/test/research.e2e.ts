import { mkdirSync } from 'node:fs';
import type { HistorySignal } from '@wayfinder/core';
import { startOpenAICompatible, type Brain, type MockModelServer } from '@wayfinder/gym';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations } from './a11y';
import { agentRequests, ARTIFACTS, finishedTurn, openExtensionEnv, runInPanel, settingsWith, type ExtensionEnv } from './env';
import { CODE, startResearchHub, type ResearchHub } from './research-hub';

// Research in the real extension (issue 15), paired with a test hub: interests added and
// removed from Options and the side panel reach the host; the host's `history.recent` is
// refused until the person opts in, and then gets only site and title, with sensitive pages
// dropped in the browser (real history, from pages visited in this browser); and this
// browser's own agent searches with search_web, offered get_history only when opted in.

let env: ExtensionEnv;
let hub: ResearchHub;
let model: MockModelServer | null = null;

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  hub = await startResearchHub();
  env = await openExtensionEnv();
});

afterAll(async () => {
  await env.close();
  await hub.close();
  await model?.close();
});

const section = (options: Page) => options.getByRole('region', { name: 'Research and feed' });
const calls = (method: string) => hub.calls.filter((c) => c.method === method).map((c) => c.params);

async function askHistory(): Promise<{ items: HistorySignal[] } | { error: string }> {
  const peer = await hub.peer();
  try {
    return await peer.call<{ items: HistorySignal[] }>('history.recent', { days: 7, limit: 50 });
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

async function setHistory(on: boolean): Promise<void> {
  const options = await env.openOptions();
  const box = section(options).getByRole('checkbox', { name: 'Let research use my browsing history' });
  await box.setChecked(on);
  await expect.poll(() => section(options).getByRole('status').innerText()).toBe(on ? 'History sharing is on.' : 'History sharing is off.');
  await options.close();
}

async function shootSection(options: Page, name: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await options.emulateMedia({ colorScheme: scheme });
    await section(options).screenshot({ path: `${ARTIFACTS}/research-${name}-${scheme}.png` });
  }
  await options.emulateMedia({ colorScheme: 'light' });
}

describe('research in the extension', () => {
  it('Options › Research: before pairing, interests say the host keeps them; history is off', async () => {
    const options = await env.openOptions();
    await options.setViewportSize({ width: 900, height: 900 });
    await section(options).getByRole('note').waitFor();
    expect(await section(options).getByRole('note').innerText()).toContain('this browser is not connected to it');
    expect(await section(options).getByRole('checkbox', { name: 'Let research use my browsing history' }).isChecked()).toBe(false);
    expect(await accessibilityViolations(options)).toEqual([]);
    await shootSection(options, 'unpaired');
    await options.close();
  });

  it('pairs, then adds and removes interests from Options; the host gets each', async () => {
    const options = await env.openOptions();
    await options.setViewportSize({ width: 900, height: 1000 });
    const bridge = options.getByRole('region', { name: 'Connect to the host' });
    await bridge.getByLabel('Port').fill(String(hub.port));
    await bridge.getByLabel('Pairing code').fill(CODE);
    await bridge.getByRole('button', { name: 'Pair', exact: true }).click();
    await expect.poll(() => bridge.getByRole('status', { name: 'Host connection' }).innerText()).toContain('connected');
    const research = section(options);
    await research.getByRole('textbox', { name: 'A topic to follow' }).waitFor();
    await research.getByRole('textbox', { name: 'A topic to follow' }).fill('ultralight camping');
    await research.getByRole('button', { name: 'Add interest' }).click();
    await expect.poll(() => research.getByRole('list', { name: 'Interests' }).innerText()).toContain('ultralight camping');
    expect(calls('interests.add')).toEqual([{ topic: 'ultralight camping' }]);
    expect(hub.interests.map((i) => i.topic)).toEqual(['ultralight camping']);
    await research.getByRole('textbox', { name: 'A topic to follow' }).fill('sourdough baking');
    await research.getByRole('button', { name: 'Add interest' }).click();
    await expect.poll(() => research.getByRole('listitem').count()).toBe(2);
    // An empty topic is refused with a reason, and nothing reaches the host.
    await research.getByRole('button', { name: 'Add interest' }).click();
    await expect.poll(() => research.getByRole('alert').innerText()).toContain('Type a topic to follow');
    expect(calls('interests.add')).toHaveLength(2);
    expect(await accessibilityViolations(options)).toEqual([]);
    await shootSection(options, 'interests');
    await research.getByRole('button', { name: 'Remove interest: sourdough baking' }).click();
    await expect.poll(() => research.getByRole('listitem').count()).toBe(1);
    expect(calls('interests.remove')).toEqual([{ id: 'int-2' }]);
    expect(hub.interests.map((i) => i.topic)).toEqual(['ultralight camping']);
    await options.close();
  });

  it('the side panel adds an interest too', async () => {
    const panel = await env.openPanel();
    await panel.setViewportSize({ width: 420, height: 760 });
    const feed = panel.getByRole('region', { name: 'Feed' });
    await feed.getByText('Interests').click();
    await feed.getByRole('textbox', { name: 'A topic to follow' }).fill('rust programming');
    await feed.getByRole('button', { name: 'Add interest' }).click();
    await expect.poll(() => feed.getByRole('list', { name: 'Interests' }).innerText()).toContain('rust programming');
    expect(hub.interests.map((i) => i.topic)).toEqual(['ultralight camping', 'rust programming']);
    expect(await accessibilityViolations(panel)).toEqual([]);
    for (const scheme of ['light', 'dark'] as const) {
      await panel.emulateMedia({ colorScheme: scheme });
      await panel.screenshot({ path: `${ARTIFACTS}/research-panel-${scheme}.png` });
    }
    await panel.close();
  });

  it('history: refused while off; on, only site and title leave, sensitive pages dropped', async () => {
    const off = await askHistory();
    expect('error' in off ? off.error : 'answered').toContain('has not turned on “Let research use my browsing history”');
    // Real history: pages visited in this browser (one twice), with addresses that hold a path and a query.
    for (const path of [
      '/read/tents?session=abc123',
      '/read/tents?session=abc123',
      '/read/statement?acct=99',
      '/read/symptoms',
      '/read/stoves',
    ]) {
      const page = await env.context.newPage();
      await page.goto(`${hub.url}${path}`);
      await page.close();
    }
    const gymPage = await env.openSite('/news/trail-shoes-wet-rock');
    const gymTitle = await gymPage.title();
    await gymPage.close();
    await setHistory(true);
    const on = await askHistory();
    if (!('items' in on)) throw new Error(`history.recent failed: ${on.error}`);
    const titles = on.items.map((i) => i.title);
    expect(titles).toEqual(
      expect.arrayContaining(['Best ultralight tents of 2026 compared', 'Backpacking stoves: a field test', gymTitle]),
    );
    expect(titles.join('\n')).not.toMatch(/statement|symptoms/i);
    for (const item of on.items) expect(Object.keys(item).sort()).toEqual(['domain', 'lastVisitAt', 'title', 'visits']);
    expect(on.items.find((i) => i.title === 'Best ultralight tents of 2026 compared')).toMatchObject({ domain: '127.0.0.1', visits: 2 });
    expect(JSON.stringify(on)).not.toMatch(/\/read\/|session=|abc123|acct|https?:/);
    await setHistory(false);
    const again = await askHistory();
    expect('error' in again ? again.error : 'answered').toContain('has not turned on');
  });

  it("this browser's agent searches with search_web, and is offered get_history only when opted in", async () => {
    const options = await env.openOptions();
    await section(options)
      .getByLabel(/^Web search address/)
      .fill(`${env.gym.url}/search?q=%s`);
    await section(options).getByRole('button', { name: 'Save search addresses' }).click();
    await expect.poll(() => section(options).getByRole('status').innerText()).toBe('Search addresses saved.');
    // A search address without %s is refused with a reason, and the saved one stays.
    await section(options)
      .getByLabel(/^Web search address/)
      .fill('https://example.org/search');
    await section(options).getByRole('button', { name: 'Save search addresses' }).click();
    await expect.poll(() => section(options).getByRole('alert').innerText()).toContain('%s');
    await options.close();

    const brain: Brain = (messages) => {
      const text = JSON.stringify(messages);
      if (!text.includes('results for')) return { calls: [{ name: 'search_web', input: { query: 'trail running shoes' } }] };
      return { calls: [{ name: 'done', input: { summary: 'Found the shoes article.', success: true } }] };
    };
    model = await startOpenAICompatible(brain, 'mock-gpt');
    await env.setSettings(
      settingsWith(
        { provider: 'openai-compatible' },
        { 'openai-compatible': { baseURL: model.url, model: 'mock-gpt', apiKey: 'sk-test' } },
      ),
    );
    const site = await env.openSite('/shop');
    const panel = await env.openPanel();
    await runInPanel(panel, 'Find an article about trail running shoes.');
    const turn = await finishedTurn(panel);
    expect(await turn.getAttribute('data-status')).toBe('done');
    const requests = agentRequests(model);
    const offered = JSON.stringify(requests[0]?.body.tools ?? []);
    expect(offered).toContain('search_web');
    expect(offered).not.toContain('get_history');
    const second = JSON.stringify(requests[1]?.body.messages ?? []);
    expect(second).toContain('Trail running shoes that grip wet rock');
    expect(second).toContain(`${env.gym.url}/news/trail-shoes-wet-rock`);
    // No search tab is left behind.
    expect(env.context.pages().filter((p) => p.url().includes('/search?q='))).toHaveLength(0);

    await setHistory(true);
    await runInPanel(panel, 'What have I been reading?');
    await finishedTurn(panel);
    const later = agentRequests(model).at(-2);
    expect(JSON.stringify(later?.body.tools ?? [])).toContain('get_history');
    await setHistory(false);
    await panel.close();
    await site.close();
  });
});
