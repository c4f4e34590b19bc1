import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { accessibilityViolations } from './a11y';
import { agentRequests, artifactPath, modelSuite, openMore } from './env';
import { lookAt, PAGE_WIDTHS } from './look';

// The Home page (issue 16): its task box starts a task that runs (a mock model answers);
// the task shows among the recent ones with how it ended; a favourite runs from there.

const suite = modelSuite();

describe('Home', () => {
  it('starts a task from the task box, lists recent tasks and runs a favourite', async () => {
    const server = await suite.useModel((messages) => {
      const asked = JSON.stringify(messages);
      const summary = asked.includes('Check the weather') ? 'Sunny all week.' : 'Three new messages.';
      return { calls: [{ name: 'done', input: { summary, success: true } }] };
    });
    const home = await suite.env.context.newPage();
    await home.goto(`chrome-extension://${suite.env.extensionId}/home.html`);
    await home.setViewportSize({ width: 1000, height: 700 });
    await expect.poll(() => home.getByText('No tasks yet: type one above.').count()).toBe(1);
    const box = home.getByRole('textbox', { name: 'What should Wayfinder do?' });
    await box.fill('Check the weather for the weekend');
    await home.getByRole('button', { name: 'Start' }).click();
    await expect.poll(() => home.getByRole('status').innerText()).toBe('Started in the side panel: “Check the weather for the weekend”.');
    expect(await box.inputValue()).toBe('');
    const recent = home.getByRole('list', { name: 'Recent tasks' });
    await expect.poll(() => recent.innerText(), { timeout: 20_000 }).toMatch(/Check the weather for the weekend\s+done/);
    expect(JSON.stringify(agentRequests(server)[0]?.body.messages)).toContain('Check the weather for the weekend');

    // A favourite kept from the panel runs from Home with one click.
    const saved: unknown = await home.evaluate(() =>
      chrome.runtime.sendMessage({ type: 'favourite.save', task: 'Read my new messages', mode: 'act' }),
    );
    expect(saved).toMatchObject({ ok: true });
    await home.reload();
    const favourites = home.getByRole('list', { name: 'Favourites' });
    await favourites.getByRole('button', { name: /^Run “Read my new messages/ }).click();
    await expect.poll(() => recent.innerText(), { timeout: 20_000 }).toMatch(/Read my new messages\s+done/);
    expect(JSON.stringify(agentRequests(server).map((r) => r.body.messages))).toContain('Read my new messages');

    for (const scheme of ['light', 'dark'] as const) {
      await home.emulateMedia({ colorScheme: scheme });
      writeFileSync(artifactPath(`home-${scheme}.png`), await home.screenshot());
      expect(await accessibilityViolations(home)).toEqual([]);
    }
    // Nothing to start without a task.
    await box.fill(' ');
    expect(await home.getByRole('button', { name: 'Start' }).isDisabled()).toBe(true);
    await home.close();
  });

  it('shows a task started on Home in the open panel, and opens a recent task there', async () => {
    await suite.useModel((messages) => {
      const asked = JSON.stringify(messages);
      const summary = asked.includes('Plan the team lunch') ? 'Booked the noodle bar for Friday.' : 'Two parcels arrive today.';
      return { calls: [{ name: 'done', input: { summary, success: true } }] };
    });
    const panel = await suite.panel();
    await panel.getByRole('button', { name: 'New chat' }).click();
    const home = await suite.env.context.newPage();
    await home.goto(`chrome-extension://${suite.env.extensionId}/home.html`);
    const box = home.getByRole('textbox', { name: 'What should Wayfinder do?' });
    for (const task of ['Plan the team lunch', 'Track my parcels']) {
      await box.fill(task);
      await home.getByRole('button', { name: 'Start' }).click();
      await expect.poll(() => home.getByRole('status').innerText()).toBe(`Started in the side panel: “${task}”.`);
    }
    // The panel that was open on a new chat now shows the task started last, with its answer.
    await expect.poll(() => panel.locator('main').innerText(), { timeout: 20_000 }).toContain('Two parcels arrive today.');
    expect(await panel.locator('main').innerText()).not.toContain('Booked the noodle bar');

    // A recent task on Home opens in the panel.
    const recent = home.getByRole('list', { name: 'Recent tasks' });
    await expect.poll(() => recent.innerText(), { timeout: 20_000 }).toMatch(/Plan the team lunch\s+done/);
    await recent.getByRole('button', { name: 'Plan the team lunch' }).click();
    await expect.poll(() => home.getByRole('status').innerText()).toBe('Opened in the side panel: “Plan the team lunch”.');
    await expect.poll(() => panel.locator('main').innerText(), { timeout: 10_000 }).toContain('Booked the noodle bar for Friday.');
    expect(await panel.locator('main').innerText()).not.toContain('Two parcels arrive today.');

    // A panel opened just after Home asked starts on what Home asked for, not on the conversation open last.
    await panel.close();
    await recent.getByRole('button', { name: 'Track my parcels' }).click();
    const again = await suite.env.openPanel({ keepConversation: true });
    await expect.poll(() => again.locator('main').innerText(), { timeout: 10_000 }).toContain('Two parcels arrive today.');
    await lookAt(home, 'home-recent', { widths: PAGE_WIDTHS });
    await again.close();
    await home.close();
  });

  it('is reachable from the side panel', async () => {
    const panel = await suite.panel();
    await openMore(panel);
    const link = panel.getByRole('link', { name: 'Home' });
    expect(await link.getAttribute('href')).toBe(`chrome-extension://${suite.env.extensionId}/home.html`);
  });
});
