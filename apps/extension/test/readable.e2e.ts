import { expect, it } from 'vitest';
import { accessibilityViolations } from './a11y';
import { artifactPath, modelSuite, openMore } from './env';

// Calm and readable (issue 30 §4): the text size a person reads on every extension page, and
// a panel that opens ready to type.

const suite = modelSuite();

/** Every page the extension shows a person (the helper frame, mic and offscreen pages have their own sizes or none). */
const PAGES = ['sidepanel', 'options', 'home', 'welcome', 'sites', 'memory', 'skills', 'feed', 'ratings'];

it('body text is 14 px on every extension page (Chrome’s own 75 % for extension pages does not apply)', async () => {
  const sizes: Record<string, string> = {};
  for (const name of PAGES) {
    const page = await suite.env.context.newPage();
    await page.goto(`chrome-extension://${suite.env.extensionId}/${name}.html`);
    await page.locator('body *').first().waitFor();
    sizes[name] = await page.evaluate(() => getComputedStyle(document.body).fontSize);
    await page.close();
  }
  expect(sizes).toEqual(Object.fromEntries(PAGES.map((name) => [name, '14px'])));
});

it('the side panel opens with the task box focused', async () => {
  const panel = await suite.panel();
  await expect.poll(() => panel.evaluate(() => document.activeElement?.id)).toBe('task');
  // Typing goes straight into it.
  await panel.keyboard.type('Find a tent');
  expect(await panel.getByLabel('Task', { exact: true }).inputValue()).toBe('Find a tent');
});

it('at 200 % zoom (a 420 px panel is 210 px wide) the header shows at most five buttons, all on screen, the rest under More', async () => {
  const panel = await suite.panel(210);
  const header = panel.locator('header').first();
  const buttons = header.locator('button, a');
  const count = await buttons.count();
  expect(count).toBeLessThanOrEqual(5);
  for (let i = 0; i < count; i++) {
    const box = await buttons.nth(i).boundingBox();
    expect(box, (await buttons.nth(i).getAttribute('aria-label')) ?? undefined).not.toBeNull();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(210);
  }
  expect(await panel.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  // What is not in the header is one click away.
  await panel.getByRole('button', { name: 'More', exact: true }).click();
  const more = panel.getByRole('group', { name: 'More' });
  for (const name of ['Skills', 'Record tab audio', 'Options'])
    await expect.poll(() => more.getByRole('button', { name }).isVisible()).toBe(true);
  expect(await more.getByRole('link', { name: 'Home' }).isVisible()).toBe(true);
  for (const scheme of ['light', 'dark'] as const) {
    await panel.emulateMedia({ colorScheme: scheme });
    await panel.screenshot({ path: artifactPath(`sidepanel-header-zoom200-${scheme}.png`) });
    expect(await accessibilityViolations(panel), scheme).toEqual([]);
  }
});

it('a problem shown in the panel does not outlive New chat', async () => {
  const panel = await suite.panel();
  // Nothing to record: the only tab is the panel's own page, which Chrome keeps out of reach.
  await openMore(panel);
  await panel.getByRole('button', { name: 'Record tab audio' }).click();
  const alert = panel.locator('footer > p.bad[role="alert"]');
  await alert.waitFor();
  expect(await alert.innerText()).not.toBe('');
  await panel.getByRole('button', { name: 'New chat' }).click();
  await expect.poll(() => alert.count()).toBe(0);
});
