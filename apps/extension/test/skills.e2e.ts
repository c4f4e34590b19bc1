import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { accessibilityViolations } from './a11y';
import { startOpenAICompatible, type MockModelServer } from '@wayfinder/gym';
import { agentRequests, answerAll, artifactPath, type ExtensionEnv, finishedTurn, openExtensionEnv, openMore, settingsWith } from './env';
import { lookAt, PANEL_WIDTHS } from './look';

// Skills in the extension (issue 13), through the front door: a person records the gym's
// signup from the side panel while doing it in the page with real input, the skill opens on
// the Skills page with its inputs, and runs again with new values — its confirmation asked
// in the panel like any task's. Then export, delete and import back.

const PASSWORD = 'Navy1906cobol';

let env: ExtensionEnv;
let skillsPage: Page;

beforeAll(async () => {
  env = await openExtensionEnv();
  // One stored secret for the gym's site: the recording names it instead of the value typed.
  const page = await env.context.newPage();
  await page.goto(`chrome-extension://${env.extensionId}/welcome.html`);
  const site = new URL(env.gym.url).hostname;
  await page.evaluate(
    async ({ site, value }) => chrome.storage.local.set({ secrets: [{ name: 'gym-login', value, site, field: 'password' }] }),
    { site, value: PASSWORD },
  );
  await page.close();
}, 30_000);

afterAll(async () => {
  await env.close();
});

async function typeInto(page: Page, label: string, text: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).click();
  await page.keyboard.type(text);
}

/** Everything the extension stores that is not the secrets store itself: IndexedDB databases and chrome.storage. */
async function storedText(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const dump: unknown[] = [];
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(info.name ?? '');
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(new Error(`could not open ${info.name ?? ''}`));
      });
      for (const store of Array.from(db.objectStoreNames)) {
        const all = await new Promise<unknown[]>((resolve, reject) => {
          const request = db.transaction(store).objectStore(store).getAll();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(new Error(`could not read ${store}`));
        });
        dump.push(info.name, store, all);
      }
      db.close();
    }
    const local: Record<string, unknown> = await chrome.storage.local.get(null);
    delete local.secrets;
    dump.push(local, await chrome.storage.session.get(null));
    return JSON.stringify(dump);
  });
}

async function shoot(page: Page, name: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: artifactPath(`${name}-${scheme}.png`), fullPage: true });
  }
  await page.emulateMedia({ colorScheme: null });
}

/** Opens the panel beside `site` and starts recording there; returns the panel and its recording bar (1 step: the page). */
async function startRecording(site: Page): Promise<{ panel: Page; bar: Locator }> {
  const panel = await env.openPanel();
  await site.bringToFront();
  await openMore(panel);
  await panel.getByRole('button', { name: 'Skills', exact: true }).click();
  await panel.getByRole('button', { name: 'Record a skill' }).click();
  const bar = panel.getByRole('region', { name: 'Recording a skill' });
  await bar.getByText('Recording — 1 step').waitFor();
  return { panel, bar };
}

describe('skills', () => {
  it('records the gym signup from the panel, with a note, and opens it on the Skills page with inputs and no password', async () => {
    const site = await env.openSite('/signup');
    const { panel, bar } = await startRecording(site);

    await typeInto(site, 'Full name', 'Ada Lovelace');
    await typeInto(site, 'Email address', 'ada@example.org');
    await typeInto(site, 'Password', PASSWORD);
    await typeInto(site, 'Confirm password', PASSWORD);
    await bar.getByText(/Recording — 5 steps/).waitFor();
    await bar.getByLabel('Note for the step just done').fill('The confirmation must match the password.');
    await bar.getByRole('button', { name: 'Add note' }).click();
    await bar.getByText('Note added to step 5.').waitFor();

    await site.getByRole('button', { name: 'Next' }).click();
    await site.getByLabel('Country').focus();
    await site.keyboard.type('Japan');
    await site.getByRole('radio', { name: /^Pro/ }).click();
    await site.getByLabel('Date of birth').click();
    await site.keyboard.type('01021990');
    await site.getByRole('checkbox', { name: /I accept the/ }).click();
    await site.getByRole('button', { name: 'Next' }).click();
    await site.getByRole('button', { name: 'Create account' }).click();
    await env.stateUntil((s) => s.signup.accounts.some((a) => a.email === 'ada@example.org'));
    await bar.getByText(/Recording — 1\d steps/).waitFor();
    await panel.setViewportSize({ width: 400, height: 720 });
    await shoot(panel, 'skills-panel-recording');

    const opened = env.context.waitForEvent('page', (p) => p.url().includes('/skills.html#'));
    await bar.getByRole('button', { name: 'Stop and save' }).click();
    skillsPage = await opened;
    await bar.waitFor({ state: 'detached' });

    const steps = skillsPage.getByRole('region', { name: 'Steps' }).getByRole('listitem');
    await steps.first().waitFor();
    const lines = await steps.allInnerTexts();
    expect(lines.join('\n')).toContain('The confirmation must match the password.');
    expect(lines.join('\n')).toMatch(/Full name/);
    const inputs = await skillsPage.getByRole('region', { name: 'Inputs' }).innerText();
    expect(inputs).toContain('full_name');
    expect(inputs).toMatch(/email_address — email/);
    expect(inputs).toContain('Secrets used (by name only): gym-login');
    // The run form is built from the inputs, the recorded examples filled in.
    await expect.poll(() => skillsPage.getByLabel('email_address').inputValue()).toBe('ada@example.org');

    expect(await storedText(skillsPage)).not.toContain(PASSWORD);
    await panel.close();
    await site.close();
  }, 60_000);

  it('runs the skill with a new email from the Skills page: the panel asks before the account is created', async () => {
    const panel = await env.openPanel();
    await skillsPage.bringToFront();
    await skillsPage.getByLabel('full_name').fill('Grace Hopper');
    await skillsPage.getByLabel('email_address').fill('grace@example.org');
    await shoot(skillsPage, 'skills-page-view');
    await skillsPage.getByRole('button', { name: 'Run', exact: true }).click();

    // The run is a task in the panel: what it asks is asked there.
    const questions = await answerAll(panel, 'allow');
    const turn = await finishedTurn(panel);
    expect(await turn.getAttribute('data-status')).toBe('done');
    expect(questions.join('\n')).toMatch(/Create account/i);
    const state = await env.stateUntil((s) => s.signup.accounts.some((a) => a.email === 'grace@example.org'));
    expect(state.signup.accounts.find((a) => a.email === 'grace@example.org')).toMatchObject({
      fullName: 'Grace Hopper',
      country: 'Japan',
      plan: 'pro',
      birthDate: '1990-01-02',
    });
    await skillsPage
      .getByRole('status')
      .filter({ hasText: /Done: all \d+ steps/ })
      .waitFor();
    await shoot(skillsPage, 'skills-page-run');

    // Declined: the step is not done, and the Skills page names it.
    await skillsPage.getByLabel('email_address').fill('linus@example.org');
    await skillsPage.getByRole('button', { name: 'Run', exact: true }).click();
    await panel.getByRole('alertdialog', { name: 'Confirmation needed' }).waitFor();
    await answerAll(panel, 'decline');
    // The first question (sending the password with Next) declined: the replay stops there, naming the step.
    await skillsPage
      .getByRole('alert')
      .filter({ hasText: /Step \d+ \(Click "Next"\) could not be done/ })
      .waitFor();
    expect((await env.state()).signup.accounts.some((a) => a.email === 'linus@example.org')).toBe(false);
    expect(await storedText(skillsPage)).not.toContain(PASSWORD);
    // The panel shows the skill's steps as a checklist: five done, the sixth failed with why, the rest not reached;
    // the answer names the step and what to do next; five steps counted, no tokens (no model).
    const failed = await finishedTurn(panel);
    const checklist = failed.getByRole('list', { name: 'Plan' });
    expect(await checklist.locator('li[data-status="done"]').count()).toBe(5);
    expect(await checklist.locator('li[data-status="failed"]').innerText()).toMatch(/Click "Next" — You declined/);
    expect(await checklist.locator('li[data-status="skipped"]').count()).toBeGreaterThan(0);
    expect(await failed.locator('.usage').innerText()).toMatch(/^5 steps · Skill replay$/);
    expect(await failed.innerText()).toContain('Steps 1–5 were done. Look at the page, then Retry, or finish it by hand.');
    // Retry runs the skill again; there is no agent to continue.
    expect(await failed.getByRole('button', { name: 'Continue' }).count()).toBe(0);
    await checklist.scrollIntoViewIfNeeded();
    await shoot(panel, 'skill-run-failed-panel');
    await panel.close();
  }, 60_000);

  it('lists the skill, exports it both ways, deletes it and imports it back; the page passes axe', async () => {
    await skillsPage.getByRole('button', { name: 'All skills' }).click();
    await skillsPage.getByRole('table').getByRole('row').nth(1).waitFor();
    expect(await skillsPage.getByRole('table').innerText()).toMatch(/127\.0\.0\.1|localhost/);
    await shoot(skillsPage, 'skills-page-list');
    expect(await accessibilityViolations(skillsPage)).toEqual([]);

    await skillsPage.getByRole('table').getByRole('link').first().click();
    const name = await skillsPage.getByRole('heading', { level: 2 }).innerText();
    const stepCount = await skillsPage.getByRole('region', { name: 'Steps' }).getByRole('listitem').count();
    expect(await accessibilityViolations(skillsPage)).toEqual([]);

    const saveAs = async (button: string) => {
      const download = skillsPage.waitForEvent('download');
      await skillsPage.getByRole('button', { name: button }).click();
      const file = await download;
      return { name: file.suggestedFilename(), path: await file.path() };
    };
    const md = await saveAs('Export .skill.md');
    const json = await saveAs('Export DevTools recording');
    expect(md.name).toMatch(/\.skill\.md$/);
    expect(readFileSync(md.path, 'utf8')).toContain('{{secret:gym-login}}');
    expect(readFileSync(md.path, 'utf8')).not.toContain(PASSWORD);
    const recording: unknown = JSON.parse(readFileSync(json.path, 'utf8'));
    expect(recording).toMatchObject({ title: name });
    expect(typeof recording === 'object' && recording !== null && 'steps' in recording && Array.isArray(recording.steps)).toBe(true);

    skillsPage.once('dialog', (dialog) => void dialog.accept());
    await skillsPage.getByRole('button', { name: 'Delete' }).click();
    await skillsPage.getByRole('heading', { name: 'No skills yet' }).waitFor();

    const picker = skillsPage.getByLabel('Skill file to import');
    await picker.setInputFiles(md.path);
    await skillsPage.getByRole('heading', { level: 2, name }).waitFor();
    expect(await skillsPage.getByRole('region', { name: 'Steps' }).getByRole('listitem').count()).toBe(stepCount);

    // Edit: a new name, and a step's line rewritten (it becomes a direct command: one version up).
    await skillsPage.getByRole('button', { name: 'Edit' }).click();
    await skillsPage.getByLabel('Name', { exact: true }).fill('Join the club');
    const editor = skillsPage.getByLabel('Steps', { exact: true });
    await editor.fill((await editor.inputValue()).replace(/^(\s*1\.\s).*$/m, `$1Open ${env.gym.url}/signup`));
    await skillsPage.getByRole('button', { name: 'Save' }).click();
    await skillsPage.getByRole('heading', { level: 2, name: 'Join the club' }).waitFor();
    await skillsPage.getByText(/version 2/).waitFor();
    expect(await skillsPage.getByRole('region', { name: 'Steps' }).getByRole('listitem').first().innerText()).toBe(
      `Open ${env.gym.url}/signup`,
    );
    // The rewritten line runs as a direct command (the command interpreter), the recorded steps after it as before.
    const panel = await env.openPanel();
    await skillsPage.bringToFront();
    await skillsPage.getByLabel('full_name').fill('Alan Turing');
    await skillsPage.getByLabel('email_address').fill('alan@example.org');
    await skillsPage.getByRole('button', { name: 'Run', exact: true }).click();
    await answerAll(panel, 'allow');
    expect(await (await finishedTurn(panel)).getAttribute('data-status')).toBe('done');
    await env.stateUntil((s) => s.signup.accounts.some((a) => a.email === 'alan@example.org'));
    await panel.close();

    await skillsPage.getByRole('button', { name: 'All skills' }).click();
    await picker.setInputFiles(json.path);
    await skillsPage.getByText(`Imported “${name}”.`).waitFor();
    await skillsPage.getByRole('button', { name: 'All skills' }).click();
    expect(await skillsPage.getByRole('table').getByRole('link', { name }).count()).toBe(1);
    expect(await skillsPage.getByRole('table').getByRole('link', { name: 'Join the club' }).count()).toBe(1);

    // The imported recording opens with its inputs and secret as exported, runs' form and all, and can be deleted.
    await skillsPage.getByRole('table').getByRole('link', { name }).click();
    await skillsPage.getByRole('heading', { level: 2, name }).waitFor();
    expect(await skillsPage.getByRole('region', { name: 'Steps' }).getByRole('listitem').count()).toBe(stepCount);
    await skillsPage.getByLabel('email_address').waitFor();
    await skillsPage.getByLabel('full_name').waitFor();
    skillsPage.once('dialog', (dialog) => void dialog.accept());
    await skillsPage.getByRole('button', { name: 'Delete' }).click();
    await skillsPage.getByRole('table').getByRole('link', { name: 'Join the club' }).waitFor();
    expect(await skillsPage.getByRole('table').getByRole('link', { name }).count()).toBe(0);
  }, 60_000);
});

describe('skills named by the model (issue 31)', () => {
  /** Records a search for "lantern" on the shop from the panel and stops; returns what the panel said and the Skills page. */
  async function recordSearch(): Promise<{ said: string; page: Page; panel: Page }> {
    const site = await env.openSite('/shop');
    const { panel, bar } = await startRecording(site);
    await site.getByPlaceholder(/Search/).click();
    await site.keyboard.type('lantern');
    await site.keyboard.press('Enter');
    await site.getByRole('link', { name: 'Trail Lantern' }).waitFor();
    await bar.getByText(/Recording — [2-9] steps/).waitFor();
    const opened = env.context.waitForEvent('page', (p) => p.url().includes('/skills.html#'));
    await bar.getByRole('button', { name: 'Stop and save' }).click();
    const page = await opened;
    const said = panel.locator('.skill-saved');
    await said.waitFor();
    await site.close();
    return { said: await said.innerText(), page, panel };
  }

  let server: MockModelServer;
  afterAll(async () => {
    await server.close();
  });

  it('titles the skill, names its inputs and describes it with the main model; the model sees the recording fenced', async () => {
    server = await startOpenAICompatible((messages) => {
      const asked = JSON.stringify(messages);
      const inferred = /Inputs:\\n- ([a-z0-9_]+) \(/.exec(asked)?.[1] ?? 'none';
      return {
        text: JSON.stringify({
          title: 'Search the shop for a product',
          description: 'Searches the outdoor shop and opens the results.',
          inputs: [{ from: inferred, name: 'search_query', description: 'What to look for' }],
        }),
      };
    });
    await env.setSettings({
      ...settingsWith({ provider: 'openai-compatible', model: 'mock-gpt' }),
      providers: { 'openai-compatible': { baseURL: server.url, model: 'mock-gpt', apiKey: 'sk-test' } },
    });
    const { said, page, panel } = await recordSearch();
    expect(said).toMatch(
      /^Saved the skill "Search the shop for a product" \(\d steps\)\. Named by .*mock-gpt.*\. It is open on the Skills page\.$/,
    );
    await page.getByRole('heading', { level: 2, name: 'Search the shop for a product' }).waitFor();
    expect(await page.getByText('Searches the outdoor shop and opens the results.').count()).toBe(1);
    const inputs = await page.getByRole('region', { name: 'Inputs' }).innerText();
    expect(inputs).toContain('search_query');
    await expect.poll(() => page.getByLabel('search_query').inputValue()).toBe('lantern');

    const asked = JSON.stringify(agentRequests(server).at(-1)?.body.messages);
    expect(asked).toContain('<page-content source=\\"the recorded skill\\">');
    expect(asked).toContain('lantern');
    await lookAt(panel, 'skills-panel-named', { widths: PANEL_WIDTHS });
    await page.close();
    await panel.close();
  }, 60_000);

  it('keeps the page title and the fields’ names when the model fails, and says why', async () => {
    await env.setSettings({
      ...settingsWith({ provider: 'openai-compatible', model: 'no-such-model' }),
      providers: { 'openai-compatible': { baseURL: server.url, model: 'no-such-model', apiKey: 'sk-test' } },
    });
    const { said, page, panel } = await recordSearch();
    expect(said).toMatch(/could not name it \(.+\); it keeps the page's title and the fields' names\. It is open on the Skills page\.$/);
    const heading = await page.getByRole('heading', { level: 2 }).innerText();
    expect(heading).not.toBe('Search the shop for a product');
    expect(said).toContain(`Saved the skill "${heading}"`);
    expect(await page.getByRole('region', { name: 'Inputs' }).innerText()).not.toContain('search_query');
    await page.close();
    await panel.close();
    await env.setSettings(settingsWith({ provider: 'command' }));
  }, 60_000);
});
