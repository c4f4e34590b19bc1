import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkTask, taskById } from '@wayfinder/gym';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { agentRequests, answerAll, finishedTurn, modelSuite } from './env';
import { lookAt } from './look';

// Repair of a drifted skill in the extension (issue 31), as `wayfinder skill run` does it: a
// step whose element is gone by id and by name is picked by the main model (a mock
// OpenAI-compatible server: the real provider path), shown the page fenced; on a skill
// marked risky the fix is asked in the panel first. Yes: the lantern is in the cart and the
// skill is saved one version up with the repair logged. No: nothing added, the skill as it was.

const suite = modelSuite();

/** To the lantern's page, then "Add to cart" recorded as a control the page no longer has (by id and by name). */
function driftedSkill(shop: string): string {
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
  return `---\nname: Buy a lantern\nversion: 3\nrisk: medium\nsites: [127.0.0.1]\n---\n\n\`\`\`wayfinder-steps\n${JSON.stringify({ steps }, null, 2)}\n\`\`\`\n`;
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
    const turn = await finishedTurn(panel);
    expect(await turn.getAttribute('data-status')).toBe('failed');
    expect(await turn.innerText()).toMatch(/Step 5 \(Click "Buy it"\) could not be done/);
    expect(await turn.getByRole('list', { name: 'Plan' }).locator('li[data-status="failed"]').innerText()).toMatch(/was not approved/);
    expect(await cartHasLantern()).toBe(false);
    await skills.reload();
    await skills.getByText(/· version 3 ·/).waitFor();
    expect(await skills.getByRole('region', { name: 'Repair log' }).innerText()).toContain('No repairs');
    await skills.close();
  }, 90_000);
});
