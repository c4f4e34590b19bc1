import { SCRIPT, wireScript, type Script } from '@wayfinder/core';
import { solutionPath, startOpenAICompatible, taskById, type Brain, type MockModelServer } from '@wayfinder/gym';
import { readFileSync, writeFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it, onTestFinished } from 'vitest';
import { accessibilityViolations } from './a11y';
import { artifactPath, finishedTurn, lastTurn, modelSuite, runInPanel, settingsWith } from './env';
import { lookAt, PANEL_WIDTHS } from './look';

// What a person sees of a task while it runs and when it ends: each step as a sentence
// (no refs, scores or tool arguments), the detail behind a disclosure, failure never shown
// as success, pictures that open full size, a progress line with the time and (for a model)
// the tokens, and answers in real markdown with code to copy. Photographed light and dark
// at 420 and 320 px, and checked with axe in both themes.

const suite = modelSuite();
const { site } = suite;
const panel = (width = 420): Promise<Page> => suite.panel(width);
const useModel = (brain: Brain, options: { delayMs?: number } = {}, agent: Record<string, unknown> = {}): Promise<MockModelServer> =>
  suite.useModel(brain, { ...options, agent });

async function shoot(page: Page, name: string): Promise<void> {
  writeFileSync(artifactPath(name), await page.screenshot());
}

/** Every step's visible sentence (not the details, which are technical on purpose). */
function sentences(page: Page): Promise<string[]> {
  return lastTurn(page).locator('li[data-tool] .step-line .step-text').allInnerTexts();
}

const lantern = SCRIPT.parse(JSON.parse(readFileSync(solutionPath('shop-lantern'), 'utf8')));
/** The lantern bought, then a long think (different each step, so no loop is seen). */
const lanternThenThinking: Script = {
  steps: [
    ...lantern.steps.slice(0, 3),
    // Thinking for as long as the settings allow (60 steps): the timeline is photographed while it runs.
    ...Array.from({ length: 57 }, (_, i) => ({ calls: [{ tool: 'think', args: { thought: `Checking the basket, pass ${i + 1}.` } }] })),
  ],
};

const LONG_ANSWER = [
  '## What I found',
  '',
  'The **Trail Lantern** is the best fit. See [its page](https://en.wikipedia.org/wiki/Lantern_(light)) and read the `max_burn_time` field.',
  '',
  '| Item | Price | Weight |',
  '|---|--:|---|',
  '| Trail Lantern | $24 | 180 g |',
  '| Camp Lamp | $31 | 240 g |',
  '',
  '1. Pack the lantern',
  '   - with spare batteries',
  '   - in the lid pocket',
  '2. Check the weather',
  '',
  '> Leave no trace: carry out what you carry in.',
  '',
  '- [x] lantern chosen',
  '- [ ] tent booked',
  '',
  '```sh',
  'wayfinder run "buy the lantern"',
  '```',
  '',
  '<img src=x onerror="document.title=1"> stays text.',
].join('\n');

describe('the live view of a task', () => {
  it('shows each step as a sentence with details behind a disclosure, and pictures that open full size', async () => {
    await useModel(wireScript(lanternThenThinking), { delayMs: 350 }, { screenshots: true, maxSteps: 60 });
    await site('/shop');
    const p = await panel();
    await runInPanel(p, taskById('shop-lantern').instruction);
    const turn = lastTurn(p);

    await expect.poll(() => sentences(p), { timeout: 20_000 }).toContain('Clicked Add to cart');
    const said = await sentences(p);
    expect(said[0]).toBe('Typed “lantern” into Search products and pressed Enter');
    expect(said[1]).toBe('Clicked Trail Lantern');
    // The element's name is what stands out; no refs, scores or raw arguments anywhere in the sentences.
    expect(await turn.locator('li[data-tool="click"] .step-text strong').first().innerText()).toBe('Trail Lantern');
    expect(said.join('\n')).not.toMatch(/\be\d+\b|\[e\d+\]|score|limit=|ref=|\{/);
    expect(await turn.locator('li[data-tool="click"][data-status="ok"] .sr-only').first().innerText()).toBe('Done:');

    // The details: readable "key: value" lines, not a JSON blob.
    const click = turn.locator('li[data-tool="click"]').nth(1);
    await click.locator('.step-details > summary').click();
    const details = click.locator('.step-details > dl');
    await details.waitFor();
    await click.scrollIntoViewIfNeeded();
    await lookAt(p, 'step-details');
    const person = (await details.locator('> div').allInnerTexts()).map((l) => l.replace(/\s+/g, ' ').trim());
    // First what a person can check, in words: no refs, no internals.
    expect(person[0]).toMatch(/^What happened Clicked button “Add to cart”/);
    expect(person.join('\n')).not.toMatch(/\be\d+\b|outcome\.|isDiff|\{"/);
    // The technical record behind its own disclosure.
    await click.locator('.technical > summary').click();
    const lines = (await click.locator('.technical dl > div').allInnerTexts()).map((l) => l.replace(/\s+/g, ' ').trim());
    expect(lines[0]).toBe('Tool click');
    expect(lines.some((l) => /^Input ref e\d+$/.test(l))).toBe(true);
    expect(lines.find((l) => l.startsWith('Result'))).toMatch(/^Result Clicked e\d+ \(button “Add to cart”\)/);
    expect(await click.locator('.technical dl').innerText()).not.toContain('{"');

    // A picture of the page: small in the timeline, full size in a dialog; Esc closes it and focus comes back.
    const thumb = turn.locator('.thumb-button').first();
    await thumb.waitFor({ timeout: 10_000 });
    expect((await thumb.boundingBox())?.width).toBeLessThanOrEqual(124);
    await thumb.focus();
    await p.keyboard.press('Enter');
    const dialog = p.getByRole('dialog');
    await dialog.waitFor();
    const big = await dialog.locator('img').evaluate((img: HTMLImageElement) => ({ shown: img.clientWidth, natural: img.naturalWidth }));
    expect(big.natural).toBeGreaterThan(500);
    expect(big.shown).toBeGreaterThan(300);
    await shoot(p, 'live-view-light-420-picture.png');
    await p.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await p.evaluate(() => document.activeElement?.classList.contains('thumb-button'))).toBe(true);
    // Esc closed the picture, and only the picture: the task goes on.
    expect(await turn.getAttribute('data-status')).toBe('running');

    // Photographs of the running timeline, and axe in both themes with it showing.
    for (const scheme of ['light', 'dark'] as const) {
      await p.emulateMedia({ colorScheme: scheme });
      for (const width of PANEL_WIDTHS) {
        await p.setViewportSize({ width, height: 760 });
        await turn.locator('li[data-tool="click"]').last().scrollIntoViewIfNeeded();
        await shoot(p, `live-view-${scheme}-${width}-running.png`);
      }
      await p.setViewportSize({ width: 420, height: 760 });
      expect(await accessibilityViolations(p)).toEqual([]);
    }
    // On a loaded machine the photographs can outlast the thinking: stop it only if it still runs.
    if ((await turn.getAttribute('data-status')) === 'running') await p.getByRole('button', { name: /^Stop/ }).click();
    await finishedTurn(p);
  });

  it('shows a progress line while a model works: the step, a clock that ticks, and the tokens used so far', async () => {
    await useModel(wireScript(lanternThenThinking), { delayMs: 350 });
    await site('/shop');
    const p = await panel();
    await runInPanel(p, taskById('shop-lantern').instruction);
    const turn = lastTurn(p);
    const progress = turn.locator('.progress');
    await expect.poll(() => progress.locator('.elapsed').innerText(), { timeout: 5_000 }).toMatch(/^0:0[1-9]$/);
    const first = await progress.locator('.elapsed').innerText();
    await expect.poll(() => progress.locator('.elapsed').innerText(), { timeout: 5_000 }).not.toBe(first);
    expect((await progress.innerText()).replace(/\s+/g, ' ')).toMatch(/^Working… step \d+ · \d:\d\d elapsed · [\d,]+ tokens Pause$/);

    await p.getByRole('button', { name: /^Stop/ }).click();
    await finishedTurn(p);
  });

  it('shows a task the model ended without success as a failure, never with a success mark', async () => {
    await useModel(
      wireScript({
        steps: [
          { calls: [{ tool: 'find', args: { query: 'Trail Lantern', limit: 8 } }] },
          { calls: [{ tool: 'done', args: { summary: 'The Trail Lantern is sold out.', success: false } }] },
        ],
      }),
    );
    await site('/shop');
    const p = await panel();
    await runInPanel(p, 'Buy the Trail Lantern.');
    const turn = await finishedTurn(p);
    expect(await turn.getAttribute('data-status')).toBe('failed');
    const done = turn.locator('li[data-tool="done"]');
    expect(await done.getAttribute('data-status')).toBe('failed');
    expect(await done.locator('.step-text').innerText()).toBe('Ended without success');
    // Why is the answer, shown once below the steps.
    expect(await lastTurn(p).getByRole('region', { name: 'Answer' }).innerText()).toContain('The Trail Lantern is sold out.');
    expect(await done.locator('.sr-only').first().innerText()).toBe('Failed:');
    expect(await done.locator('svg.lucide-check').count()).toBe(0);
    expect(await done.locator('svg.lucide-x').count()).toBe(1);
    expect((await sentences(p))[0]).toMatch(/^Looked for “Trail Lantern” on the page \(\d+ match(es)?\)$/);
  });

  it('shows the time but no token count while the command interpreter works (it uses no model)', async () => {
    // A page that takes a while to load: the mock server answers every path after a delay.
    const server = await startOpenAICompatible(() => ({ text: 'unused' }), 'mock-gpt', { delayMs: 2500 });
    onTestFinished(() => server.close());
    await suite.env.setSettings(settingsWith({ provider: 'command' }));
    await site('/feed');
    const p = await panel();
    await runInPanel(p, `go to ${server.url}/slow-page`);
    await expect.poll(() => lastTurn(p).getByRole('status').first().innerText(), { timeout: 5_000 }).toMatch(/^Working… step \d+/);
    const progress = lastTurn(p).locator('.progress');
    await expect.poll(() => progress.locator('.elapsed').innerText(), { timeout: 5_000 }).toMatch(/^0:0[1-9]$/);
    expect((await progress.innerText()).replace(/\s+/g, ' ')).toMatch(/^Working… step \d+ · 0:0\d elapsed Pause$/);
    expect(await progress.locator('.tokens').count()).toBe(0);
    await finishedTurn(p);
  });
});

describe('a long markdown answer', () => {
  it('renders a table, a nested list, a quote and code with a working Copy button; photographed light and dark', async () => {
    await useModel(() => ({ text: LONG_ANSWER }));
    await site('/shop');
    await suite.env.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const p = await panel();
    await runInPanel(p, 'Which lantern should I take?', 'Ask');
    const turn = await finishedTurn(p);
    const answer = turn.getByRole('region', { name: 'Answer' });
    expect(await answer.getByRole('table').getByRole('columnheader').allInnerTexts()).toEqual(['Item', 'Price', 'Weight']);
    expect(await answer.getByRole('cell', { name: 'Trail Lantern' }).count()).toBe(1);
    expect(await answer.locator('ol > li > ul > li').allInnerTexts()).toEqual(['with spare batteries', 'in the lid pocket']);
    expect(await answer.locator('blockquote').innerText()).toBe('Leave no trace: carry out what you carry in.');
    expect(await answer.locator('code').first().innerText()).toBe('max_burn_time');
    expect(await answer.getByRole('link', { name: 'its page' }).getAttribute('href')).toBe('https://en.wikipedia.org/wiki/Lantern_(light)');
    expect(await answer.getByRole('link', { name: 'its page' }).getAttribute('target')).toBe('_blank');
    expect(await answer.locator('img').count()).toBe(0);
    expect(await answer.innerText()).toContain('<img src=x onerror="document.title=1"> stays text.');

    await answer.getByRole('button', { name: 'Copy code' }).click();
    await expect.poll(() => answer.locator('.code-block').getByRole('status').innerText()).toBe('Copied');
    expect(await p.evaluate(() => navigator.clipboard.readText())).toBe('wayfinder run "buy the lantern"');

    for (const scheme of ['light', 'dark'] as const) {
      await p.emulateMedia({ colorScheme: scheme });
      for (const width of [420, 320]) {
        await p.setViewportSize({ width, height: 760 });
        await answer.locator('table').scrollIntoViewIfNeeded();
        await shoot(p, `markdown-${scheme}-${width}.png`);
      }
      await p.setViewportSize({ width: 420, height: 760 });
      expect(await accessibilityViolations(p)).toEqual([]);
    }
  });
});
