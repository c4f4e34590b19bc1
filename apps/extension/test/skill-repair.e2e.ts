import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkTask, fetchState, taskById } from '@wayfinder/gym';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { agentRequests, answerAll, finishedTurn, modelSuite, settingsWith } from './env';
import { lookAt } from './look';

// Repair of a drifted skill in the extension (issue 31), as `wayfinder skill run` does it: a
// step whose element is gone by id and by name is picked by the main model (a mock
// OpenAI-compatible server: the real provider path), shown the page fenced; on a skill
// marked risky the fix is asked in the panel first. Yes: the lantern is in the cart and the
// skill is saved one version up with the repair logged. No: nothing added, the skill as it was.
// With no model (the command interpreter) and nothing found by name, the panel asks the person
// to do the step in the page: Done keeps the element they used; Skip stops the replay there.

const suite = modelSuite();

/** To the lantern's page, then "Add to cart" recorded as a control the page no longer has (by id and by name). */
function driftedSkill(shop: string, risk: 'low' | 'medium' = 'medium'): string {
  const steps = [
    { type: 'navigate', url: shop, via: 'typed' },
    { type: 'change', value: 'lantern', targetName: 'Search', locators: [{ kind: 'placeholder', value: 'Search tents, stoves, lights…' }] },
    {
      type: 'press',
      key: 'Enter',
      expect: [{ kind: 'state', state: 'visible', locators: [{ kind: 'role', value: 'link', name: 'Trail Lantern' }] }],
    },
    { type: 'click', targetName: 'Trail Lantern', locators: [{ kind: 'role', value: 'link', name: 'Trail Lantern' }] },
    {
      type: 'click',
      targetName: 'Buy it',
      locators: [
        { kind: 'id', value: 'buy-now-2019' },
        { kind: 'role', value: 'link', name: 'Buy it' },
      ],
      expect: [{ kind: 'text', value: 'Added 1 × Trail Lantern to your cart.' }],
    },
  ];
  return `---\nname: Buy a lantern\nversion: 3\nrisk: ${risk}\nsites: [127.0.0.1]\n---\n\n\`\`\`wayfinder-steps\n${JSON.stringify({ steps }, null, 2)}\n\`\`\`\n`;
}

/** The model picks the "Add to cart" button from the fenced page it is shown. */
function picker(picks: string[]) {
  return (messages: unknown[]) => {
    const sent = JSON.stringify(messages);
    if (!sent.includes('pick_element') && !sent.includes('You repair one step')) return { text: 'OK' };
    const line = sent.split('\\n').find((l) => l.includes('button \\"Add to cart\\"')) ?? '';
    const ref = /\[(e\d+)\]/.exec(line)?.[1] ?? 'none';
    picks.push(ref);
    return { calls: [{ name: 'pick_element', input: { ref, why: 'the same button, renamed' } }] };
  };
}

/** Imports the skill file on the Skills page and opens it. */
async function importSkill(text: string): Promise<Page> {
  const file = join(tmpdir(), `wayfinder-drifted-${Date.now()}.skill.md`);
  writeFileSync(file, text);
  const page = await suite.env.context.newPage();
  await page.goto(`chrome-extension://${suite.env.extensionId}/skills.html`);
  await page.getByLabel('Skill file to import').setInputFiles(file);
  await page.getByText('Imported “Buy a lantern”.').waitFor();
  await page.getByRole('button', { name: 'All skills' }).click();
  await page.getByRole('table').getByRole('link', { name: 'Buy a lantern' }).first().click();
  await page.getByRole('heading', { level: 2, name: 'Buy a lantern' }).waitFor();
  return page;
}

const cartHasLantern = async () => (await checkTask(taskById('shop-lantern'), suite.env.gym.url)).ok;

/**
 * A replay that ended with the drifted step not done: failed, the step's reason in the plan,
 * nothing added to the cart, and the skill as it was (version 3, no repairs). Returns the turn.
 */
async function undone(panel: Page, skills: Page, reason: RegExp): Promise<Locator> {
  const turn = await finishedTurn(panel);
  expect(await turn.getAttribute('data-status')).toBe('failed');
  expect(await turn.getByRole('list', { name: 'Plan' }).locator('li[data-status="failed"]').innerText()).toMatch(reason);
  expect(await cartHasLantern()).toBe(false);
  await skills.reload();
  await skills.getByText(/· version 3 ·/).waitFor();
  expect(await skills.getByRole('region', { name: 'Repair log' }).innerText()).toContain('No repairs');
  return turn;
}

describe('skill repair in the extension', () => {
  it('a risky skill: the model picks the drifted element, the panel asks, yes keeps the fix one version up', async () => {
    const picks: string[] = [];
    const server = await suite.useModel(picker(picks));
    const skills = await importSkill(driftedSkill(`${suite.env.gym.url}/shop`));
    const panel = await suite.panel();
    await skills.bringToFront();
    await skills.getByRole('button', { name: 'Run', exact: true }).click();

    const questions = await answerAll(panel, 'allow');
    const turn = await finishedTurn(panel);
    expect(await turn.getAttribute('data-status'), await turn.innerText()).toBe('done');
    expect(questions.join('\n')).toMatch(
      /"Buy a lantern" is marked risky\. Step 5 \(Click "Buy it"\) no longer finds .*button "Add to cart"/,
    );
    expect(picks).toHaveLength(1);
    await expect.poll(cartHasLantern).toBe(true);
    expect(await turn.innerText()).toContain('Step 5 drifted and was picked by the model: button "Add to cart"');
    // What the model was shown: the step and the page, both fenced as page content.
    const sent = JSON.stringify(agentRequests(server).find((r) => JSON.stringify(r.body).includes('pick_element'))?.body);
    expect(sent).toContain('<page-content source=\\"the recorded skill\\">');
    expect(sent).toMatch(/<page-content source=\\"http:\/\/127\.0\.0\.1:\d+\/shop\//);
    await turn.scrollIntoViewIfNeeded();
    await lookAt(panel, 'skill-repair-panel', { widths: [420, 320] });

    // Written back: version 4, the repair logged, and the next run needs neither the model nor a question.
    await skills.reload();
    await skills.getByText(/· version 4 ·/).waitFor();
    expect(await skills.getByRole('region', { name: 'Repair log' }).innerText()).toMatch(/step 5 repaired by model \(version 4\)/);
    suite.env.gym.reset();
    await skills.getByRole('button', { name: 'Run', exact: true }).click();
    // The run opens in the panel as a conversation of its own: done, with no question (a question would hold it) and no repair.
    const done = async () => {
      const last = panel.locator('article').last();
      const text = await last.innerText().catch(() => '');
      return (await last.getAttribute('data-status').catch(() => null)) === 'done' && !text.includes('drifted') && !text.includes('risky');
    };
    await expect.poll(done, { timeout: 30_000 }).toBe(true);
    expect(picks).toHaveLength(1);
    await expect.poll(cartHasLantern).toBe(true);
    skills.once('dialog', (dialog) => void dialog.accept());
    await skills.getByRole('button', { name: 'Delete' }).click();
    await skills.getByRole('heading', { name: 'No skills yet' }).waitFor();
    await skills.close();
  }, 90_000);

  it('a risky skill: no to the fix leaves the step undone, nothing added, the skill as it was', async () => {
    const picks: string[] = [];
    await suite.useModel(picker(picks));
    const skills = await importSkill(driftedSkill(`${suite.env.gym.url}/shop`));
    const panel = await suite.panel();
    await skills.bringToFront();
    await skills.getByRole('button', { name: 'Run', exact: true }).click();
    const questions = await answerAll(panel, 'decline');
    expect(questions.join('\n')).toContain('is marked risky');
    const turn = await undone(panel, skills, /was not approved/);
    expect(await turn.innerText()).toMatch(/Step 5 \(Click "Buy it"\) could not be done/);
    await skills.close();
  }, 90_000);

  /** Runs the drifted skill with no model set up, and waits for the panel's "Your turn" card. */
  async function toTheirTurn(): Promise<{ skills: Page; panel: Page; card: Locator }> {
    await suite.env.setSettings(settingsWith({ provider: 'command' }));
    const skills = await importSkill(driftedSkill(`${suite.env.gym.url}/shop`, 'low'));
    const panel = await suite.panel();
    await skills.bringToFront();
    await skills.getByRole('button', { name: 'Run', exact: true }).click();
    const card = panel.getByRole('alertdialog', { name: 'Your turn' });
    await card.waitFor({ timeout: 30_000 });
    expect(await card.innerText()).toMatch(
      /Do this step in the page[\s\S]*Step 5 \(Click "Buy it"\) could not be done: nothing on the page matches it any more .* Do it yourself in the page now, then press Done/,
    );
    expect(await cartHasLantern()).toBe(false);
    return { skills, panel, card };
  }

  it('by hand: no model and nothing by name; the person clicks in the page and presses Done; the skill keeps what they used', async () => {
    const { skills, panel, card } = await toTheirTurn();
    await lookAt(panel, 'skill-by-hand-card', { widths: [420, 320], part: card });
    // The person, in the tab the replay drives (the newest product page: earlier runs left theirs open): a real click on the button the skill lost.
    const shop = suite.env.context
      .pages()
      .filter((p) => /\/shop\/p\//.test(p.url()))
      .at(-1);
    if (!shop)
      throw new Error(
        `No product page open: ${suite.env.context
          .pages()
          .map((p) => p.url())
          .join(', ')}`,
      );
    await shop.getByRole('button', { name: 'Add to cart' }).click();
    await expect.poll(cartHasLantern).toBe(true);
    await card.getByRole('button', { name: 'Done' }).click();
    const turn = await finishedTurn(panel);
    expect(await turn.getAttribute('data-status'), await turn.innerText()).toBe('done');
    expect(await turn.innerText()).toContain('Done: all 5 steps of "Buy a lantern".');
    expect(await turn.innerText()).toMatch(/You did it by hand: Step 5 \(Click "Buy it"\) could not be done/);
    // Written back: the step now finds the button the person used; the next run asks nothing and adds one more.
    await skills.reload();
    await skills.getByText(/· version 4 ·/).waitFor();
    expect(await skills.getByRole('region', { name: 'Repair log' }).innerText()).toMatch(/step 5 repaired by person \(version 4\)/);
    await skills.getByRole('button', { name: 'Run', exact: true }).click();
    const again = async () => {
      const last = panel.locator('article').last();
      return (await last.getAttribute('data-status').catch(() => null)) === 'done' && (await panel.getByRole('alertdialog').count()) === 0;
    };
    await expect.poll(again, { timeout: 30_000 }).toBe(true);
    await expect
      .poll(async () => (await fetchState(suite.env.gym.url)).shop.cart.find((line) => line.productId === 'trail-lantern')?.qty)
      .toBe(2);
    await skills.close();
  }, 90_000);

  it('by hand: Skip stops the replay at that step, nothing added, the skill as it was', async () => {
    const { skills, panel, card } = await toTheirTurn();
    await card.getByRole('button', { name: 'Skip' }).click();
    const turn = await undone(panel, skills, /the person did not do it/);
    expect(await turn.innerText()).toMatch(/You skipped it: Step 5/);
    await skills.close();
  }, 90_000);
});
