import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations } from './a11y';
import { ARTIFACTS, openExtensionEnv, type ExtensionEnv } from './env';
import { cannedDiscoveries, CODE, startResearchHub, type ResearchHub } from './research-hub';

// The feed of discoveries (issue 15) in the real extension, paired with a test hub that
// answers as `wayfinder serve` does: the card grid, New and Archive, pages, a card's
// dialog, 👍 / 👎 reaching the host and moving the card, the count on the toolbar badge and
// in the panel, new discoveries arriving, and the cards kept for when the host is away.

let env: ExtensionEnv;
let hub: ResearchHub;

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  hub = await startResearchHub();
  hub.discoveries = cannedDiscoveries(hub.url, 15);
  env = await openExtensionEnv();
});

afterAll(async () => {
  await env.close();
  await hub.close();
});

const feedUrl = () => `chrome-extension://${env.extensionId}/feed.html`;

async function openFeed(): Promise<Page> {
  const page = await env.context.newPage();
  await page.setViewportSize({ width: 1100, height: 900 });
  await page.goto(feedUrl());
  return page;
}

async function badge(): Promise<string> {
  const worker = await env.currentWorker();
  return worker.evaluate(() => chrome.action.getBadgeText({}));
}

const cards = (page: Page) => page.getByRole('list', { name: /discoveries/ }).getByRole('listitem');
const reactCalls = () => hub.calls.filter((c) => c.method === 'feed.react').map((c) => c.params);

async function shoot(page: Page, name: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: `${ARTIFACTS}/feed-${name}-${scheme}.png`, fullPage: name === 'grid' });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

describe('the feed page', () => {
  it('before pairing: says there is nothing kept yet, and why', async () => {
    const page = await openFeed();
    await page.getByRole('status').waitFor();
    expect(await page.getByRole('status').innerText()).toContain('The host is not connected');
    await expect.poll(() => page.getByText('No discoveries kept in this browser').count()).toBe(1);
    expect(await accessibilityViolations(page)).toEqual([]);
    await shoot(page, 'unpaired');
    await page.close();
  });

  it('once paired: the badge and the panel count the new discoveries', async () => {
    const options = await env.openOptions();
    const section = options.getByRole('region', { name: 'Connect to the host' });
    await section.getByLabel('Port').fill(String(hub.port));
    await section.getByLabel('Pairing code').fill(CODE);
    await section.getByRole('button', { name: 'Pair', exact: true }).click();
    await expect.poll(() => section.getByRole('status', { name: 'Host connection' }).innerText()).toContain('connected');
    await options.close();
    await expect.poll(badge).toBe('15');
    const panel = await env.openPanel();
    await expect.poll(() => panel.getByRole('region', { name: 'Feed' }).getByRole('link').innerText()).toBe('15 new in your feed');
    expect(await panel.getByRole('region', { name: 'Feed' }).getByRole('link').getAttribute('href')).toMatch(/\/feed\.html$/);
    await panel.close();
  });

  it('shows the cards in pages: picture, title, interest, date and summary', async () => {
    const page = await openFeed();
    await expect.poll(() => cards(page).count()).toBe(12);
    const first = cards(page).first();
    await expect.poll(() => first.getByRole('heading').innerText()).toBe('Story 1: what is new in ultralight camping');
    const text = await first.innerText();
    expect(text).toContain('For ultralight camping');
    expect(text).toContain('news.example.org');
    expect(text).toContain('Today');
    expect(text).toContain('A summary of story 1');
    expect(await first.locator('img').getAttribute('src')).toBe(`${hub.url}/img/1.svg`);
    await expect.poll(() => first.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect.poll(() => page.getByRole('tab', { name: /New/ }).innerText()).toBe('New (15)');
    expect(await page.getByRole('navigation', { name: 'Pages' }).innerText()).toContain('Page 1 of 2');
    expect(await accessibilityViolations(page)).toEqual([]);
    await shoot(page, 'grid');

    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => cards(page).count()).toBe(3);
    expect(await cards(page).first().getByRole('heading').innerText()).toContain('Story 13');
    expect(await page.getByRole('navigation', { name: 'Pages' }).innerText()).toContain('Page 2 of 2');
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect.poll(() => cards(page).count()).toBe(12);

    await page.getByRole('tab', { name: 'Archive' }).click();
    await expect.poll(() => page.getByText('Nothing in the archive yet').count()).toBe(1);
    expect(await page.getByRole('tab', { name: 'Archive' }).getAttribute('aria-selected')).toBe('true');
    await page.close();
  });

  it('opens a card in a dialog that keeps the focus and closes on Esc', async () => {
    const page = await openFeed();
    const title = 'Story 2: what is new in rust programming';
    await page.getByRole('button', { name: title, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: title });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('Why it matched: It matches your interest in rust programming.');
    expect(await dialog.getByRole('link', { name: 'Open the page' }).getAttribute('href')).toBe('https://news.example.org/story-2');
    expect(await accessibilityViolations(page)).toEqual([]);
    await shoot(page, 'dialog');
    const inside = () => page.evaluate(() => document.querySelector('dialog')?.contains(document.activeElement) ?? false);
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      expect(await inside()).toBe(true);
    }
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Shift+Tab');
      expect(await inside()).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    // Back on the card it was opened from.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(title);
    await page.close();
  });

  it('👍 on a card tells the host and moves the card to Archive; the counts follow', async () => {
    const page = await openFeed();
    await page.getByRole('button', { name: 'More like this: Story 1: what is new in ultralight camping' }).click();
    await expect.poll(reactCalls).toContainEqual({ id: 'disc-1', reaction: 'up' });
    await expect.poll(() => page.getByRole('heading', { name: 'Story 1: what is new in ultralight camping' }).count()).toBe(0);
    await expect.poll(badge).toBe('14');
    await expect.poll(() => page.getByRole('tab', { name: /New/ }).innerText()).toBe('New (14)');
    await page.getByRole('tab', { name: 'Archive' }).click();
    await expect.poll(() => cards(page).count()).toBe(1);
    const archived = cards(page).first();
    expect(await archived.getByRole('heading').innerText()).toBe('Story 1: what is new in ultralight camping');
    expect(await archived.getByRole('button', { name: /^More like this/ }).getAttribute('aria-pressed')).toBe('true');
    const panel = await env.openPanel();
    await expect.poll(() => panel.getByRole('region', { name: 'Feed' }).getByRole('link').innerText()).toBe('14 new in your feed');
    await panel.close();
    await page.close();
  });

  it('👎 in the dialog does the same and closes it', async () => {
    const page = await openFeed();
    const title = 'Story 3: what is new in sourdough baking';
    await page.getByRole('button', { name: title, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: title });
    await dialog.getByRole('button', { name: `Less like this: ${title}` }).click();
    await expect.poll(reactCalls).toContainEqual({ id: 'disc-3', reaction: 'down' });
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => page.getByRole('button', { name: title, exact: true }).count()).toBe(0);
    await expect.poll(badge).toBe('13');
    await page.getByRole('tab', { name: 'Archive' }).click();
    await expect.poll(() => cards(page).count()).toBe(2);
    await shoot(page, 'archive');
    await page.close();
  });

  it('a discovery the host finds while the page is open appears, and the badge counts it', async () => {
    const page = await openFeed();
    await expect.poll(() => cards(page).count()).toBe(12);
    await hub.discover({
      id: 'watch-1',
      url: 'https://shop.example.org/tent',
      title: 'Trail Tent 2P: $149.99 → $129.99',
      summary: 'The price you watch went down.',
      interest: 'ultralight camping',
      why: 'A page you watch changed.',
      site: 'shop.example.org',
      kind: 'change',
      foundAt: Date.now(),
      state: 'new',
    });
    await expect.poll(() => cards(page).first().getByRole('heading').innerText()).toBe('Trail Tent 2P: $149.99 → $129.99');
    await expect.poll(badge).toBe('14');
    await page.close();
  });

  it('with the host away: the kept cards, a clear note, and reactions refused with a reason', async () => {
    const panel = await env.openPanel();
    await panel.getByRole('region', { name: 'Host connection' }).getByRole('button', { name: 'Disconnect' }).click();
    await expect.poll(() => panel.getByRole('region', { name: 'Host connection' }).innerText()).toContain('Host: disconnected');
    await panel.close();
    const calls = hub.calls.length;
    const page = await openFeed();
    await page.getByRole('status').waitFor();
    expect(await page.getByRole('status').innerText()).toContain('The host is not connected: these are the cards kept in this browser');
    await expect.poll(() => cards(page).count()).toBe(12);
    expect(await cards(page).first().getByRole('heading').innerText()).toBe('Trail Tent 2P: $149.99 → $129.99');
    expect(hub.calls.length).toBe(calls);
    await shoot(page, 'offline');
    await page.getByRole('button', { name: /^More like this: Story 4/ }).click();
    await expect.poll(() => page.getByRole('alert').innerText()).toContain('not connected');
    expect(hub.calls.filter((c) => c.method === 'feed.react')).toHaveLength(2);
    // The card is still new: nothing was lost.
    expect(await page.getByRole('heading', { name: /^Story 4/ }).count()).toBe(1);
    expect(await badge()).toBe('14');
    await page.close();
  });
});
