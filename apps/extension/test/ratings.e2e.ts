import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { accessibilityViolations } from './a11y';
import type { Page } from 'playwright-core';
import { artifactPath, finishedTurn, lastTurn, modelSuite, runInPanel } from './env';

// Ratings (issue 16): 👍 / 👎 under an answer in the side panel is kept with what produced
// it (conversation, prompt, answer, model, tool calls); a helper's rating with its job and
// text. The Ratings page lists and filters them and exports them as JSON.

const suite = modelSuite();

function lastTurnRating(panel: Page): Promise<string | null> {
  return lastTurn(panel)
    .getByRole('button', { name: 'Good answer' })
    .getAttribute('aria-pressed', { timeout: 2000 })
    .catch(() => null);
}

describe('ratings', () => {
  it('keeps a rated answer with its context, lists, filters and exports it', async () => {
    const server = await suite.useModel((messages) =>
      JSON.stringify(messages).includes('"snapshot"') && JSON.stringify(messages).includes('tool')
        ? { calls: [{ name: 'done', input: { summary: 'The shop sells tents.', success: true } }] }
        : { calls: [{ name: 'snapshot', input: {} }] },
    );
    await suite.site('/shop');
    const panel = await suite.panel();
    await runInPanel(panel, 'What does this shop sell?');
    const turn = await finishedTurn(panel);
    expect(await turn.innerText()).toContain('The shop sells tents.');
    const rate = turn.getByRole('group', { name: 'Rate this answer' });
    await rate.getByRole('button', { name: 'Bad answer' }).click();
    await expect.poll(() => rate.getByRole('button', { name: 'Bad answer' }).getAttribute('aria-pressed')).toBe('true');
    // Rating it again replaces the first rating (one per answer).
    await rate.getByRole('button', { name: 'Good answer' }).click();
    await expect.poll(() => rate.getByRole('button', { name: 'Good answer' }).getAttribute('aria-pressed')).toBe('true');
    expect(await rate.getByRole('button', { name: 'Bad answer' }).getAttribute('aria-pressed')).toBe('false');
    // Reopened, the panel shows the rating given.
    await panel.reload();
    await expect.poll(() => lastTurnRating(panel)).toBe('true');
    for (const scheme of ['light', 'dark'] as const) {
      await panel.emulateMedia({ colorScheme: scheme });
      writeFileSync(artifactPath(`panel-rated-answer-${scheme}.png`), await turn.screenshot());
      expect(await accessibilityViolations(panel)).toEqual([]);
    }

    // A page helper's rating, as the content script sends it; and one the background refuses.
    const helper: unknown = await panel.evaluate(() =>
      chrome.runtime.sendMessage({
        type: 'rating.save',
        target: 'helper',
        rating: 'down',
        context: { job: 'rewrite', preset: 'Shorter', input: 'A long sentence.', output: 'Short.', site: 'example.org' },
      }),
    );
    expect(helper).toMatchObject({ ok: true, rating: { target: 'helper', rating: 'down' } });
    const refused: unknown = await panel.evaluate(() =>
      chrome.runtime.sendMessage({ type: 'rating.save', target: 'answer', rating: 'up', context: {} }),
    );
    expect(refused).toMatchObject({ ok: false });
    expect(JSON.stringify(refused)).toContain('An answer’s rating needs the task it rates.');

    const page = await suite.env.context.newPage();
    await page.goto(`chrome-extension://${suite.env.extensionId}/ratings.html`);
    await page.setViewportSize({ width: 900, height: 700 });
    const list = page.getByRole('list', { name: 'Ratings' });
    await expect.poll(() => list.getByRole('listitem').count()).toBe(2);
    expect(await list.innerText()).toContain('What does this shop sell?');
    expect(await list.innerText()).toContain('Rewrite · Shorter on example.org');
    await list.getByText('What produced it').first().click();
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      writeFileSync(artifactPath(`ratings-${scheme}.png`), await page.screenshot());
      expect(await accessibilityViolations(page)).toEqual([]);
    }
    await page.getByLabel('Kind', { exact: true }).selectOption('answer');
    await expect.poll(() => list.getByRole('listitem').count()).toBe(1);
    await page.getByLabel('Rating', { exact: true }).selectOption('down');
    await expect.poll(() => page.getByText('No ratings match.').count()).toBe(1);
    await page.getByLabel('Kind', { exact: true }).selectOption('');
    await page.getByLabel('Rating', { exact: true }).selectOption('');
    await expect.poll(() => list.getByRole('listitem').count()).toBe(2);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export as JSON' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^wayfinder-ratings-\d{4}-\d\d-\d\d\.json$/);
    const exported: unknown = JSON.parse(readFileSync(await file.path(), 'utf8'));
    const text = JSON.stringify(exported);
    expect(exported).toMatchObject({ exportedBy: 'Wayfinder', version: 1 });
    const ratings =
      typeof exported === 'object' && exported !== null && 'ratings' in exported && Array.isArray(exported.ratings) ? exported.ratings : [];
    expect(ratings).toHaveLength(2);
    const answer: unknown = ratings.find((r: unknown) => typeof r === 'object' && r !== null && 'target' in r && r.target === 'answer');
    expect(answer).toMatchObject({
      target: 'answer',
      rating: 'up',
      context: {
        prompt: 'What does this shop sell?',
        answer: 'The shop sells tents.',
        model: `openai-compatible mock-gpt at ${server.url}`,
      },
    });
    expect(text).toMatch(/"toolCalls":\[\{"tool":"snapshot".*\{"tool":"done"/);
    expect(text).toContain('"conversationId":"');
    expect(text).toContain('"job":"rewrite"');
    await page.close();
  });
});
