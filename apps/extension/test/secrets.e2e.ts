import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportConversation, finishedTurn, openExtensionEnv, runInPanel, settingsWith, type ExtensionEnv } from './env';

// Stored secrets in the extension: the options page refuses a value too short to be told
// apart from ordinary text, and says why; a page that puts a stored secret into its own
// address and title does not get it into the stored timeline or the panel.

const SECRET = 'correct-horse-42';
/** The secret in the shapes redaction looks for (case, separators). */
const ANY_SHAPE = /c\W{0,3}o\W{0,3}r\W{0,3}r\W{0,3}e\W{0,3}c\W{0,3}t\W{0,3}h\W{0,3}o\W{0,3}r\W{0,3}s\W{0,3}e/i;

let env: ExtensionEnv;
let server: Server;
let base = '';

beforeAll(async () => {
  env = await openExtensionEnv();
  server = createServer((_req, res) => {
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Account</title></head><body>` +
          `<h1>Your account</h1><button>Refresh</button>` +
          `<script>document.title = 'Account of ${SECRET}'; history.replaceState(null, '', '/account?token=${SECRET}');</script></body></html>`,
      );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(async () => {
  await env.close();
  await new Promise((resolve) => server.close(resolve));
});

describe('secrets in the extension', () => {
  it('the options page refuses a secret shorter than 6 characters and says why; a longer one is stored', async () => {
    const page = await env.openOptions();
    const section = page.getByRole('region', { name: 'Secrets' });
    const add = async (value: string) => {
      await section.getByLabel('Name', { exact: true }).fill('admin');
      await section.getByLabel('Site', { exact: true }).fill('127.0.0.1');
      await section.getByLabel('Value', { exact: true }).fill(value);
      await section.getByRole('button', { name: 'Add secret' }).click();
    };
    await add('x7q');
    await expect
      .poll(() => section.getByRole('alert').innerText())
      .toBe(
        'A secret must be at least 6 characters: "admin" has 3. A shorter value turns up in ordinary text, which would be hidden as if it were the secret; store a longer one.',
      );
    expect(await page.evaluate(async () => (await chrome.storage.local.get('secrets')).secrets ?? null)).toBeNull();
    await add(SECRET);
    await expect.poll(() => section.getByRole('listitem').innerText()).toContain('{{secret:admin}}');
    expect(await section.getByRole('alert').count()).toBe(0);
    await page.close();
  });

  it('a page whose address and title hold the secret: the stored timeline and the panel show only its placeholder', async () => {
    await env.setSettings(settingsWith({ provider: 'command' }));
    const site = await env.context.newPage();
    await site.goto(`${base}/account`);
    const panel = await env.openPanel();
    await runInPanel(panel, 'click "Refresh"');
    const turn = await finishedTurn(panel);
    expect(await turn.getAttribute('data-status')).toBe('done');
    const exported = await exportConversation(panel);
    // The click's recorded data carries the page's address and title: redacted, not dropped.
    expect(exported).toContain('/account?token={{secret:admin}}');
    expect(exported).not.toMatch(ANY_SHAPE);
    // Opening a step shows its recorded details, and its technical record (the page's address among them).
    const click = turn.locator('li[data-tool="click"]');
    await click.locator('.step-details > summary').click();
    await click.locator('.technical > summary').click();
    expect(await click.locator('.technical dl').innerText()).toContain('{{secret:admin}}');
    expect(await panel.locator('body').innerText()).not.toMatch(ANY_SHAPE);
    await site.close();
    await panel.close();
  });
});
