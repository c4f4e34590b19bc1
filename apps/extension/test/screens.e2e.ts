import { wireScript } from '@wayfinder/core';
import { writeFileSync } from 'node:fs';
import { colourCount, decodePng, startOpenAICompatible, type Brain, type MockModelServer } from '@wayfinder/gym';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { accessibilityViolations } from './a11y';
import { artifactPath, finishedTurn, openExtensionEnv, runInPanel, settingsWith, type ExtensionEnv } from './env';
import { PANEL_WIDTHS } from './look';

// Pictures of the side panel in each state a person meets (idle, acting, a plan proposed and
// running, a confirmation, an error), light and dark, 420 and 320 px wide, kept as test
// artifacts (artifacts/extension/), checked to show something and with axe run on each.

let env: ExtensionEnv;
let server: MockModelServer;
/** What the mock model does next: set by each state below. */
let brain: Brain = () => ({ text: 'OK' });
beforeAll(async () => {
  env = await openExtensionEnv();
  server = await startOpenAICompatible((messages) => brain(messages), 'mock-gpt', { delayMs: 400 });
  await env.setSettings(
    settingsWith({ provider: 'openai-compatible' }, { 'openai-compatible': { baseURL: server.url, model: 'mock-gpt' } }),
  );
});
afterAll(async () => {
  await env.stopAll();
  await server.close();
  await env.close();
});

const SCHEMES = ['light', 'dark'] as const;

/**
 * The panel as it is now, light and dark at 420, 320 and 210 px (a 420 px panel at 200 %
 * zoom): six pictures kept as artifacts, each checked to show something, with axe run in each.
 */
async function shootAll(panel: Page, state: string): Promise<void> {
  for (const width of PANEL_WIDTHS) {
    await panel.setViewportSize({ width, height: 760 });
    for (const scheme of SCHEMES) {
      await panel.emulateMedia({ colorScheme: scheme });
      const png = await panel.screenshot();
      writeFileSync(artifactPath(`sidepanel-${state}-${scheme}-${width}.png`), png);
      const decoded = decodePng(png.toString('base64'));
      expect(decoded.width).toBe(width);
      // Not blank: text, borders and buttons make many colours.
      expect(colourCount(decoded)).toBeGreaterThan(30);
      expect(await accessibilityViolations(panel), `${state}, ${scheme}, ${width} px`).toEqual([]);
      // Nothing sticks out sideways at this width.
      expect(await panel.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }
  }
}

const assistantTurns = (messages: unknown[]) =>
  messages.filter((m) => typeof m === 'object' && m !== null && 'role' in m && m.role === 'assistant').length;

it('the side panel in every state a person meets, light and dark, 420, 320 and 210 px wide, with nothing axe objects to', async () => {
  await env.openSite('/widgets');
  const panel = await env.openPanel();
  await panel.getByText('reachable', { exact: true }).waitFor();
  await shootAll(panel, 'idle');

  // Acting: a few steps in, the progress line ticking.
  brain = (messages) =>
    assistantTurns(messages) === 0
      ? { text: 'Let me look at the payment form first.', calls: [{ name: 'find', input: { query: 'Card number' } }] }
      : { calls: [{ name: 'think', input: { thought: `Still working (${assistantTurns(messages)}).` } }] };
  await runInPanel(panel, 'Pay for the order with my saved card.');
  await panel.locator('li[data-tool="think"]').nth(1).waitFor();
  await shootAll(panel, 'running-act');
  await panel.getByRole('button', { name: 'Stop (Esc)' }).click();
  await finishedTurn(panel);

  // A plan running: its checklist part done.
  brain = (messages) => {
    const text = JSON.stringify(messages);
    if (text.includes("Wayfinder's planner"))
      return {
        calls: [
          {
            name: 'propose_plan',
            input: { steps: ['Find the payment form', 'Fill in the name on the card', 'Check the total', 'Pay'], message: 'Four steps.' },
          },
        ],
      };
    if (text.includes('Now do step 1 only') && assistantTurns(messages) > 0)
      return { calls: [{ name: 'done', input: { summary: 'Found the form.', success: true } }] };
    // A different thought each turn: the same one over and over reads as a stuck agent, which is stopped.
    return { calls: [{ name: 'think', input: { thought: `Reading the form (${assistantTurns(messages)}).` } }] };
  };
  await panel.getByRole('button', { name: 'New chat' }).click();
  await runInPanel(panel, 'Pay for the order.', 'Plan');
  const plan = panel.getByRole('region', { name: 'Proposed plan' });
  await plan.waitFor();
  await shootAll(panel, 'plan-proposed');
  await plan.getByRole('button', { name: 'Approve' }).click();
  await panel.locator('ol.checklist li[data-status="running"]').nth(0).waitFor();
  await panel.locator('ol.checklist li[data-status="done"]').first().waitFor({ timeout: 15_000 });
  await shootAll(panel, 'running-plan');
  await panel.getByRole('button', { name: 'Stop (Esc)' }).click();
  await finishedTurn(panel);

  // A confirmation card: a payment's one question, asked when the card's number is typed.
  brain = wireScript({
    steps: [
      { calls: [{ tool: 'find', args: { query: 'Card number' } }] },
      { calls: [{ tool: 'type_text', args: { ref: '$ref(textbox "Card number")', text: '5555 5555 5555 4444' } }] },
    ],
  });
  await panel.getByRole('button', { name: 'New chat' }).click();
  await runInPanel(panel, 'Pay for the order.');
  await panel.getByRole('alertdialog', { name: 'Confirmation needed' }).waitFor();
  await shootAll(panel, 'confirmation');
  await panel.getByRole('button', { name: 'Stop (Esc)' }).click();
  await finishedTurn(panel);

  // An error: the model server fails mid-task.
  brain = (messages) => {
    if (assistantTurns(messages) >= 1) throw new Error('The model server ran out of memory.');
    return { calls: [{ name: 'think', input: { thought: 'Starting.' } }] };
  };
  await panel.getByRole('button', { name: 'New chat' }).click();
  await runInPanel(panel, 'Summarise this page.');
  await finishedTurn(panel);
  await shootAll(panel, 'error');

  const background = await panel.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background).toBe('rgb(20, 26, 24)');
});

it('the welcome page, light and dark: every permission explained, nothing an accessibility check objects to', async () => {
  const page = await env.context.newPage();
  await page.setViewportSize({ width: 900, height: 1100 });
  await page.goto(`chrome-extension://${env.extensionId}/welcome.html`);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.getByText('Downloads', { exact: true }).waitFor();
    const png = await page.screenshot({ fullPage: true });
    writeFileSync(artifactPath(`welcome-${scheme}.png`), png);
    // Not blank (a plain page of text and one button: fewer colours than the panel).
    expect(colourCount(decodePng(png.toString('base64')))).toBeGreaterThan(10);
    expect(await accessibilityViolations(page)).toEqual([]);
  }
  await page.close();
});
