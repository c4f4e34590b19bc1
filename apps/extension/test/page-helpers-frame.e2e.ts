import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { accessibilityViolations } from './a11y';
import { agentRequests, artifactPath, finishedTurn, modelSuite, runInPanel, settingsWith } from './env';
import { frameShown, frameView, helperFrame, pressToolbar, waitForToolbar } from './helper-world';
import { editorText, EXPLAINED, helperBrain, selectText } from './page-helpers-kit';

// How the helper frame looks (docs/0038-page-helpers-origin.md): each view at 320 and 420 px
// wide, light and dark, into artifacts/extension, with axe-core run on the frame's page (WCAG
// 2.2 A and AA) every time. The toolbar is in a closed shadow root, which axe cannot enter:
// its roles and names are read from Chrome's accessibility tree instead. And an agent's task
// on a page with the frame open works, without the helpers in what it reads.

const suite = modelSuite();

async function shoot(page: Page, name: string): Promise<void> {
  await expect.poll(() => frameShown(page)).toBe(true);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: artifactPath(`${name}-${scheme}.png`) });
    expect(await accessibilityViolations(await helperFrame(page))).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** The toolbar as Chrome's accessibility tree has it: its role and name, and its buttons' names. */
async function toolbarInTree(page: Page): Promise<{ name: string; buttons: string[] } | null> {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = await cdp.send('Accessibility.getFullAXTree');
  await cdp.detach();
  const byId = new Map(nodes.map((n) => [n.nodeId, n]));
  const toolbar = nodes.find((n) => n.role?.value === 'toolbar');
  if (!toolbar) return null;
  const buttons: string[] = [];
  const walk = (ids: string[] = []) => {
    for (const id of ids) {
      const node = byId.get(id);
      if (node?.role?.value === 'button') buttons.push(String(node.name?.value ?? ''));
      walk(node?.childIds);
    }
  };
  walk(toolbar.childIds);
  return { name: String(toolbar.name?.value ?? ''), buttons };
}

describe('the helper frame', () => {
  for (const width of [320, 420]) {
    it(`draws the presets, a result, the writer and a draft at ${width} px, light and dark, with nothing for axe to find`, async () => {
      await suite.useModel(helperBrain);
      const page = await suite.site('/editors');
      await page.setViewportSize({ width, height: 720 });
      await page.waitForFunction(() => Boolean(Reflect.get(Reflect.get(window, 'editors') ?? {}, 'textarea')));

      await selectText(page, '#textarea', 'the tent and the stove');
      await waitForToolbar(page);
      expect(await toolbarInTree(page)).toEqual({ name: 'Wayfinder helpers', buttons: ['Rewrite', 'Explain', 'Send to chat'] });
      await page.screenshot({ path: artifactPath(`helper-toolbar-${width}-light.png`) });
      await pressToolbar(page, 'Rewrite');
      const frame = await frameView(page);
      await frame.locator('[data-role="presets"]').waitFor();
      await shoot(page, `helper-frame-presets-${width}`);
      await page.keyboard.press('Escape');

      await selectText(page, '#textarea', 'the tent and the stove');
      await pressToolbar(page, 'Explain');
      await expect.poll(() => frame.locator('[data-role="output"]').innerText()).toBe(EXPLAINED);
      await frame.getByRole('button', { name: 'Good result' }).waitFor();
      await shoot(page, `helper-frame-explain-${width}`);
      await page.keyboard.press('Escape');

      await page.locator('#textarea').click();
      await page.keyboard.press('Control+End');
      await page.keyboard.type(' /write ');
      await frame.getByLabel('What should Wayfinder write?').waitFor();
      await shoot(page, `helper-frame-writer-${width}`);
      await page.keyboard.type('a short yes to Sam');
      await page.keyboard.press('Enter');
      await frame.getByRole('button', { name: 'Insert' }).waitFor();
      await shoot(page, `helper-frame-draft-${width}`);
    });
  }
});

describe('the helper frame and the agent', () => {
  it('a task on a page with the helper frame open works, and what the agent reads of the page holds nothing of the helpers', async () => {
    // A task that takes a snapshot, then is done; the helpers' own jobs answered as usual.
    const server = await suite.useModel((messages) => {
      const all = JSON.stringify(messages);
      if (all.includes('You explain')) return { text: EXPLAINED };
      return all.includes('snapshot') && all.includes('"role":"tool"')
        ? { calls: [{ name: 'done', input: { summary: 'Read it.', success: true } }] }
        : { calls: [{ name: 'snapshot', input: {} }] };
    });
    const page = await suite.site('/editors');
    await selectText(page, '#message', 'camping checklist');
    await pressToolbar(page, 'Explain');
    const frame = await frameView(page);
    await expect.poll(() => frame.locator('[data-role="output"]').innerText()).toBe(EXPLAINED);
    const panel = await suite.panel();
    await page.bringToFront();
    await runInPanel(panel, 'Read the page.');
    const turn = await finishedTurn(panel);
    expect(await turn.getAttribute('data-status')).toBe('done');
    const seen = JSON.stringify(agentRequests(server).map((r) => r.body.messages));
    expect(seen).toContain('Subject (React)');
    expect(seen).not.toContain('leave nature');
    expect(seen).not.toContain('Wayfinder helpers');
    expect(seen).not.toContain('Send to chat');

    // And a command acts on a field of that page.
    await suite.env.setSettings(settingsWith({ provider: 'command' }));
    await runInPanel(panel, 'type "see you there" into "Subject (React)"');
    expect(await (await finishedTurn(panel)).getAttribute('data-status')).toBe('done');
    expect(await editorText(page, 'react')).toBe('see you there');
  });
});
