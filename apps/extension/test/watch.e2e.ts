import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations } from './a11y';
import { ARTIFACTS, openExtensionEnv, type ExtensionEnv } from './env';
import { CODE, startResearchHub, type ResearchHub } from './research-hub';
import { lookAt } from './look';

// "Watch a value on this page" (issue 15) in the real extension, with a test hub answering
// as `wayfinder serve` does: the panel's Watch button puts a picker in the gym's product
// page, the person clicks the price, checks the label and confirms — the host gets
// `watch.add` with the page and a label naming the product; Esc cancels; with no host, a
// clear message; Options › Research lists the watches and removes one.

let env: ExtensionEnv;
let hub: ResearchHub;
const PRODUCT = '/store/p/trail-tent-2p';

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  hub = await startResearchHub();
  env = await openExtensionEnv();
});

afterAll(async () => {
  await env.close();
  await hub.close();
});

// What changes the host's watches (Options lists them with watch.list whenever it opens).
const watchCalls = () => hub.calls.filter((c) => c.method === 'watch.add' || c.method === 'watch.remove');

async function shoot(page: Page, name: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: `${ARTIFACTS}/watch-${name}-${scheme}.png` });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

const picker = (page: Page) => page.locator('[data-wayfinder-picker="bar"]');

describe('watching a value on a page', () => {
  it('with no host paired: says so clearly, and puts nothing in the page', async () => {
    const product = await env.openSite(PRODUCT);
    const panel = await env.openPanel();
    const section = panel.getByRole('region', { name: 'Watch this page' });
    // Said before the person clicks, and read with the button.
    const button = section.getByRole('button', { name: 'Watch a value on this page' });
    await expect.poll(() => section.innerText()).toContain('Needs the host: run wayfinder serve and connect in Options.');
    expect(await button.getAttribute('aria-describedby')).toBe('watch-needs-host');
    await lookAt(panel, 'watch-needs-host');
    await button.click();
    await expect.poll(() => section.getByRole('alert').innerText()).toContain('not connected');
    expect(await section.getByRole('alert').innerText()).toContain('Options › Connect to the host');
    expect(await picker(product).count()).toBe(0);
    expect(watchCalls()).toEqual([]);
    await product.close();
    await panel.close();
  });

  it('pairs with the host', async () => {
    const options = await env.openOptions();
    const section = options.getByRole('region', { name: 'Connect to the host' });
    await section.getByLabel('Port').fill(String(hub.port));
    await section.getByLabel('Pairing code').fill(CODE);
    await section.getByRole('button', { name: 'Pair', exact: true }).click();
    await expect.poll(() => section.getByRole('status', { name: 'Host connection' }).innerText()).toContain('connected');
    await options.close();
  });

  it('Esc in the page cancels: no picker left, nothing sent to the host', async () => {
    const product = await env.openSite(PRODUCT);
    const panel = await env.openPanel();
    const section = panel.getByRole('region', { name: 'Watch this page' });
    await section.getByRole('button', { name: 'Watch a value on this page' }).click();
    await picker(product).waitFor();
    await product.keyboard.press('Escape');
    await expect.poll(() => section.getByRole('status').innerText()).toContain('Nothing picked');
    expect(await picker(product).count()).toBe(0);
    expect(watchCalls()).toEqual([]);
    await product.close();
    await panel.close();
  });

  it('a value that is not a price or stock: a warning that the host may not find it; Cancel sends nothing', async () => {
    const product = await env.openSite(PRODUCT);
    const panel = await env.openPanel();
    const section = panel.getByRole('region', { name: 'Watch this page' });
    await section.getByRole('button', { name: 'Watch a value on this page' }).click();
    await picker(product).waitFor();
    await product.getByText('A two-person trail tent').click();
    const label = section.getByLabel(/What it is/);
    await label.waitFor();
    expect(await label.inputValue()).toBe('Trail Tent 2P value');
    expect(await section.innerText()).toContain('may not be found on later visits');
    await section.getByRole('button', { name: 'Cancel' }).click();
    expect(await label.count()).toBe(0);
    expect(watchCalls()).toEqual([]);
    await product.close();
    await panel.close();
  });

  it('click the price, check the label, confirm: the host gets watch.add for the page and the product', async () => {
    const product = await env.openSite(PRODUCT);
    const panel = await env.openPanel();
    const section = panel.getByRole('region', { name: 'Watch this page' });
    await expect.poll(() => section.innerText()).not.toContain('Needs the host');
    await section.getByRole('button', { name: 'Watch a value on this page' }).click();
    await picker(product).waitFor();
    await product.locator('p.price').hover();
    await product.screenshot({ path: `${ARTIFACTS}/watch-picker-page.png` });
    await product.locator('p.price').click();
    // The page's own button was not pressed by the pick, and the picker is gone.
    expect(await picker(product).count()).toBe(0);
    const label = section.getByLabel(/What it is/);
    await label.waitFor();
    expect(await label.inputValue()).toBe('Trail Tent 2P price');
    expect(await section.innerText()).toContain('$149.99');
    expect(watchCalls()).toEqual([]);
    expect(await accessibilityViolations(panel)).toEqual([]);
    await shoot(panel, 'confirm');

    await section.getByRole('button', { name: 'Watch', exact: true }).click();
    await expect.poll(() => section.getByRole('status').innerText()).toContain('Watching “Trail Tent 2P price”');
    // With the value as picked: the host's starting value, so a drop before its first look is not lost.
    expect(watchCalls()).toEqual([
      { method: 'watch.add', params: { url: `${env.gym.url}${PRODUCT}`, label: 'Trail Tent 2P price', value: '$149.99' } },
    ]);
    expect(await accessibilityViolations(panel)).toEqual([]);
    await shoot(panel, 'added');
    await product.close();
    await panel.close();
  });

  it('an empty label: refused with the reason, and the picked value stays to fix', async () => {
    const product = await env.openSite(PRODUCT);
    const panel = await env.openPanel();
    const section = panel.getByRole('region', { name: 'Watch this page' });
    await section.getByRole('button', { name: 'Watch a value on this page' }).click();
    await picker(product).waitFor();
    await product.locator('p.price').click();
    const label = section.getByLabel(/What it is/);
    await label.fill('   ');
    await section.getByRole('button', { name: 'Watch', exact: true }).click();
    await expect.poll(() => section.getByRole('alert').innerText()).toContain('Say what to watch');
    expect(await label.count()).toBe(1);
    expect(watchCalls().filter((c) => c.method === 'watch.add')).toHaveLength(1);
    await product.close();
    await panel.close();
  });

  it('Options › Research lists the watches, and Remove asks the host to remove one', async () => {
    const options = await env.openOptions();
    const list = options.getByRole('list', { name: 'Watches' });
    await list.waitFor();
    expect(await list.innerText()).toContain('Trail Tent 2P price');
    expect(await accessibilityViolations(options)).toEqual([]);
    await options.locator('#research').scrollIntoViewIfNeeded();
    for (const scheme of ['light', 'dark'] as const) {
      await options.emulateMedia({ colorScheme: scheme });
      await options.locator('#research').screenshot({ path: `${ARTIFACTS}/watch-options-${scheme}.png` });
    }
    const id = hub.watches[0]?.id;
    await options.getByRole('button', { name: 'Remove watch: Trail Tent 2P price' }).click();
    await expect.poll(() => options.getByText('No watches yet').count()).toBe(1);
    expect(watchCalls().filter((c) => c.method === 'watch.remove')).toEqual([{ method: 'watch.remove', params: { id } }]);
    expect(hub.watches).toEqual([]);
    await options.close();
  });
});
