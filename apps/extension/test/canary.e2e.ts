import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SCRIPT, wireScript, writeSkillFile } from '@wayfinder/core';
import { CANARY, CANARY_ACCOUNT_PAGE, CANARY_FORM_PAGE, CANARY_FORMS, startOpenAICompatible, type MockModelServer } from '@wayfinder/gym';
import type { Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentRequests, answerAll, artifactPath, finishedTurn, openExtensionEnv, runInPanel, settingsWith, type ExtensionEnv } from './env';

// The one redaction in the extension, proved by canaries (docs/ARCHITECTURE.md, "One
// redaction"): a stored secret, a password a careless model types and a card number are
// pushed through every sink the extension has — a task's timeline, state and record, its
// questions, the conversation and its title, the rating of its answer, memory (a kept page
// whose address, title and text carry them), a skill imported and run, and the exports of
// the conversation, memory, ratings and the skill — and then every byte written is read:
// every IndexedDB database of the extension (all stores, all records), chrome.storage.local
// and .session, every file downloaded, the console of the worker and of the extension's
// pages, and what the model server received. None may hold a canary in any form a sink could
// write it (as typed, URL- or form-encoded, card digits run together or dashed), and the
// masks are there, so the canaries did reach the sinks.
//
// One key is left out, by design: chrome.storage.local's `secrets` (lib/safety-store.ts's
// SECRETS_KEY), where the person's secrets themselves are kept for the worker to type them.
// And of what the model server received, the model's own earlier replies are left out: the
// model wrote the typed password and the card there itself (what Wayfinder gives the model —
// the system prompt, the task, tool results — is searched).

const { secret: SECRET, typed: TYPED, card: CARD } = CANARY;
const SECRETS_KEY = 'secrets';
const FORMS = new Set(CANARY_FORMS);
const TASK = 'Sign in and add my card.';

let env: ExtensionEnv;
let server: Server;
let model: MockModelServer | null = null;
let base = '';
const scratch = mkdtempSync(join(tmpdir(), 'wayfinder-canary-'));
const files: { what: string; text: string }[] = [];
const consoleLines: string[] = [];

const FORM = CANARY_FORM_PAGE;
const LEAKY = CANARY_ACCOUNT_PAGE;

beforeAll(async () => {
  env = await openExtensionEnv();
  // The worker's console and every page's (the side panel, the Memory, Skills and Ratings pages).
  env.worker.on('console', (message) => consoleLines.push(`worker: ${message.text()}`));
  env.context.on('console', (message) => consoleLines.push(`page: ${message.text()}`));
  server = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(req.url?.startsWith('/account') ? LEAKY : FORM);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(async () => {
  await model?.close();
  await env.close();
  await new Promise((resolve) => server.close(resolve));
  rmSync(scratch, { recursive: true, force: true });
});

/** A page of the extension (to ask the background, and to read IndexedDB and chrome.storage from its origin). */
async function extensionPage(path = 'welcome.html'): Promise<Page> {
  const page = await env.context.newPage();
  page.on('dialog', () => undefined);
  await page.goto(`chrome-extension://${env.extensionId}/${path}`);
  return page;
}

/** Clicks a button that downloads a file and keeps the file's text. */
async function download(page: Page, button: string, what: string): Promise<string> {
  const downloading: Promise<Download> = page.waitForEvent('download');
  await page.getByRole('button', { name: button, exact: true }).click();
  const file = await downloading;
  const text = readFileSync(await file.path(), 'utf8');
  files.push({ what: `${what} (${file.suggestedFilename()})`, text });
  return text;
}

/** Every IndexedDB database of the extension (every store, every record and key), chrome.storage.local but its secrets, and .session. */
async function everythingStored(): Promise<{ what: string; text: string }[]> {
  const page = await extensionPage();
  const dump = await page.evaluate(async (secretsKey) => {
    const out: { what: string; text: string }[] = [];
    const json = (value: unknown) =>
      JSON.stringify(value, (_key, v: unknown) => (ArrayBuffer.isView(v) ? `(${v.byteLength} bytes of numbers)` : v));
    const names = (await indexedDB.databases()).map((d) => d.name ?? '').filter(Boolean);
    for (const name of names) {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(new Error(`could not open ${name}`));
      });
      for (const store of Array.from(db.objectStoreNames)) {
        const read = <T>(request: IDBRequest<T>) =>
          new Promise<T>((resolve, reject) => {
            request.onsuccess = () => resolve(request.result);
            request.onerror = () => reject(new Error(`could not read ${name}/${store}`));
          });
        const objects = db.transaction(store).objectStore(store);
        const records = await read(objects.getAll());
        const keys = await read(objects.getAllKeys());
        out.push({ what: `indexedDB ${name}/${store} (${records.length} records)`, text: json({ keys, records }) });
      }
      db.close();
    }
    const local: Record<string, unknown> = await chrome.storage.local.get(null);
    out.push({ what: `chrome.storage.local (keys: ${Object.keys(local).join(', ')})`, text: json({ ...local, [secretsKey]: null }) });
    out.push({ what: 'chrome.storage.session', text: json(await chrome.storage.session.get(null)) });
    return { out, names };
  }, SECRETS_KEY);
  await page.close();
  // The extension's databases, all of them read (a new one would be read too; these must be there).
  expect(dump.names).toEqual(expect.arrayContaining(['wayfinder', 'wayfinder-memory', 'wayfinder-skills', 'wayfinder-ratings']));
  return dump.out;
}

/** Where each canary turned up, in any of its forms (case aside). */
function leaksIn(written: { what: string; text: string }[]): string[] {
  return written.flatMap(({ what, text }) =>
    [...FORMS].filter((form) => text.toLowerCase().includes(form.toLowerCase())).map((form) => `${what}: ${form}`),
  );
}

describe('canaries through every sink of the extension', () => {
  it('a task types them, memory keeps a page of them, a skill types them, everything is rated and exported: no byte written holds one', async () => {
    // The worker starts using its redaction before the secret is stored: the change must renew it.
    const first = await env.openPanel();
    await first.close();
    const setup = await extensionPage();
    await setup.evaluate(
      async ({ secret, key }) =>
        chrome.storage.local.set({
          [key]: [{ name: 'canary', value: secret, site: '127.0.0.1', field: 'password' }],
          sites: [{ site: '127.0.0.1', decision: 'allow' }],
        }),
      { secret: SECRET, key: SECRETS_KEY },
    );
    await setup.close();

    // A careless model: types a password it was told, the stored secret and a card; reads the page that shows them back
    // (its text, a snapshot, its HTML, a screenshot); tries to keep the password as a fact; and repeats two of them in its summary.
    const steps = [
      { calls: [{ tool: 'type_text', args: { ref: '$ref(textbox "Password")', text: TYPED } }] },
      { calls: [{ tool: 'type_text', args: { ref: '$ref(textbox "Passphrase")', text: '{{secret:canary}}' } }] },
      { calls: [{ tool: 'type_text', args: { ref: '$ref(textbox "Card number")', text: CARD } }] },
      { calls: [{ tool: 'extract_content', args: {} }] },
      { calls: [{ tool: 'snapshot', args: {} }] },
      { calls: [{ tool: 'get_playbook', args: { name: 'forms' } }] },
      { calls: [{ tool: 'get_html', args: {} }] },
      { calls: [{ tool: 'get_playbook', args: { name: 'search' } }] },
      { calls: [{ tool: 'screenshot', args: {} }] },
      { calls: [{ tool: 'remember_fact', args: { text: `The members page opens with ${TYPED}` } }] },
      { calls: [{ tool: 'done', args: { summary: `Signed in with ${TYPED} and paid with ${CARD}.`, success: true } }] },
    ];
    model = await startOpenAICompatible(wireScript(SCRIPT.parse({ steps })), 'mock-gpt');
    await env.setSettings(
      settingsWith(
        { provider: 'openai-compatible' },
        { 'openai-compatible': { baseURL: model.url, model: 'mock-gpt', apiKey: 'sk-test' } },
        { screenshots: true },
      ),
    );
    const form = await env.context.newPage();
    await form.goto(`${base}/form`);
    const panel = await env.openPanel();
    await runInPanel(panel, TASK);
    const questions = await answerAll(panel, 'allow');
    const turn = await finishedTurn(panel);
    expect(await turn.getAttribute('data-status')).toBe('done');
    expect(questions.join('\n')).toMatch(/with the card ending \d{4}\?/);
    // It happened: the page holds all three, and showed them back.
    expect(await form.locator('#pw').inputValue()).toBe(TYPED);
    expect(await form.locator('#phrase').inputValue()).toBe(SECRET);
    expect(await form.locator('#card').inputValue()).toBe(CARD);
    expect(await form.locator('#echo').innerText()).toContain(SECRET);
    const answer = await turn.getByRole('region', { name: 'Answer' }).innerText();
    expect(answer).toContain('[typed password]');
    expect(answer).toContain('•••• 1111');
    // What the panel shows (issue 30 §2): the timeline, each step's details (closed, so textContent), the questions answered.
    const shown = (await panel.locator('body').textContent()) ?? '';
    for (const canary of [SECRET, TYPED, CARD, CARD.replace(/\D/g, '')]) expect(shown).not.toContain(canary);
    expect(shown).toContain('•••• 1111');

    // The answer rated; the conversation exported from History.
    const rate = turn.getByRole('group', { name: 'Rate this answer' });
    await rate.getByRole('button', { name: 'Good answer' }).click();
    await expect.poll(() => rate.getByRole('button', { name: 'Good answer' }).getAttribute('aria-pressed')).toBe('true');
    await panel.getByRole('button', { name: 'History' }).click();
    const history = panel.getByRole('navigation', { name: 'Conversations' });
    await history.waitFor();
    const exported = await download(panel, `Export ${TASK}`, 'conversation export');
    expect(exported).toContain('[typed password]');
    expect(exported).toContain('•••• 1111');
    expect(exported).toContain('{{secret:canary}}');

    // Memory keeps a page whose address, title and text carry the secret and the card ("Remember this page").
    const leaky = await env.context.newPage();
    await leaky.goto(`${base}/account?token=${SECRET}`);
    const memoryPanel = await extensionPage('sidepanel.html');
    await memoryPanel.getByRole('button', { name: 'Memory', exact: true }).click();
    const memory = memoryPanel.getByRole('region', { name: 'Memory' });
    await memory.getByRole('button', { name: 'Remember this page' }).click();
    await expect.poll(() => memory.getByRole('status').first().innerText(), { timeout: 15_000 }).toMatch(/^Remembered/);
    await memoryPanel.close();
    const memoryPage = await extensionPage('memory.html');
    await memoryPage.getByRole('heading', { name: 'Kept', exact: true }).waitFor();
    const memoryFile = await download(memoryPage, 'Export', 'memory export');
    expect(memoryFile).toContain('/account?token={{secret:canary}}');
    expect(memoryFile).toContain('Recovery code {{secret:canary}}');
    expect(memoryFile).toContain('•••• 1111');
    await memoryPage.close();

    // A skill imported (its example a card), run with the card and the stored secret, and exported both ways.
    const skillPath = join(scratch, 'sign-in.skill.md');
    writeFileSync(
      skillPath,
      writeSkillFile({
        name: 'Sign in and add a card',
        description: 'Signs in on the members page.',
        version: 1,
        sites: ['127.0.0.1'],
        inputs: [{ name: 'card', type: 'string', examples: [CARD], required: false }],
        secrets: ['canary'],
        risk: 'low',
        recordedAt: '2026-11-27T00:00:00.000Z',
        repairs: [],
        steps: [
          { type: 'navigate', url: `${base}/form` },
          { type: 'change', value: '{{secret:canary}}', targetName: 'Passphrase', locators: [{ kind: 'label', value: 'Passphrase' }] },
          { type: 'change', value: '{{card}}', targetName: 'Card number', locators: [{ kind: 'label', value: 'Card number' }] },
        ],
      }),
    );
    const skills = await extensionPage('skills.html');
    await skills.getByLabel('Skill file to import').setInputFiles(skillPath);
    await skills.getByRole('heading', { level: 2, name: 'Sign in and add a card' }).waitFor();
    await skills.getByRole('textbox', { name: 'card', exact: true }).fill(CARD);
    await skills.getByRole('button', { name: 'Run', exact: true }).click();
    // The run is a task in the panel (a conversation of its own): its questions are asked there.
    await panel.getByRole('article').filter({ hasText: 'Run the skill' }).waitFor();
    expect((await answerAll(panel, 'allow')).join('\n')).toMatch(/with the card ending \d{4}\?/);
    expect(await (await finishedTurn(panel)).getAttribute('data-status')).toBe('done');
    await skills
      .getByRole('status')
      .filter({ hasText: /Done: all 3 steps/ })
      .waitFor();
    const skillFile = await download(skills, 'Export .skill.md', 'skill export');
    expect(skillFile).toContain('{{secret:canary}}');
    expect(skillFile).toContain('•••• 1111');
    await download(skills, 'Export DevTools recording', 'skill recording export');
    await skills.close();

    // The person pastes the secret into a task of its own: its title in History, its state and timeline.
    await env.setSettings(settingsWith({ provider: 'command' }));
    await panel.getByRole('button', { name: 'New chat' }).click();
    await runInPanel(panel, `click "${SECRET}"`);
    await finishedTurn(panel);
    const conversations = panel.getByRole('navigation', { name: 'Conversations' });
    if ((await conversations.count()) === 0) await panel.getByRole('button', { name: 'History' }).click();
    await conversations.getByRole('button', { name: 'click "{{secret:canary}}"', exact: true }).waitFor();

    // The ratings, exported from the Ratings page.
    const ratings = await extensionPage('ratings.html');
    await ratings.getByRole('list', { name: 'Ratings' }).getByRole('listitem').first().waitFor();
    const ratingsFile = await download(ratings, 'Export as JSON', 'ratings export');
    expect(ratingsFile).toContain('[typed password]');
    expect(ratingsFile).toContain('•••• 1111');
    await ratings.close();

    // The console is heard (a line the worker writes now is among those read).
    const worker = await env.currentWorker();
    await worker.evaluate(() => console.info('wayfinder canary: the console is read'));
    await expect.poll(() => consoleLines.some((line) => line.includes('the console is read'))).toBe(true);

    // What the model read: every message Wayfinder sent it (its own replies aside).
    const sent = agentRequests(model).flatMap((request, i) => {
      const messages: unknown[] = Array.isArray(request.body.messages) ? request.body.messages : [];
      const ours = messages.filter((m) => !(typeof m === 'object' && m !== null && 'role' in m && m.role === 'assistant'));
      return [{ what: `model request ${i + 1}`, text: JSON.stringify(ours) }];
    });
    expect(sent.length).toBeGreaterThanOrEqual(steps.length);

    const stored = await everythingStored();
    const written = [...stored, ...files, ...sent, { what: 'console', text: consoleLines.join('\n') }];
    // What was read, for whoever checks this test (artifacts/extension/canary-read.txt).
    writeFileSync(artifactPath('canary-read.txt'), written.map((w) => `${w.what}: ${w.text.length} characters`).join('\n'));
    expect(leaksIn(written)).toEqual([]);

    // The canaries reached the sinks, masked.
    const all = (what: RegExp) =>
      written
        .filter((w) => what.test(w.what))
        .map((w) => w.text)
        .join('\n');
    const db = all(/^indexedDB wayfinder\//);
    expect(db).toContain('[typed password]');
    expect(db).toContain('•••• 1111');
    expect(db).toContain('{{secret:canary}}');
    expect(all(/^indexedDB wayfinder-memory\//)).toContain('/account?token={{secret:canary}}');
    expect(all(/^indexedDB wayfinder-memory\/taskRecords/)).toContain('[typed password]');
    expect(all(/^indexedDB wayfinder-ratings\//)).toContain('•••• 1111');
    expect(all(/^indexedDB wayfinder-skills\//)).toContain('{{secret:canary}}');
    const models = all(/^model request/);
    expect(models).toContain('{{secret:canary}}');
    expect(models).toContain('[typed password]');
    expect(models).toContain('•••• 1111');
    await panel.close();
    await form.close();
    await leaky.close();
  }, 180_000);
});
