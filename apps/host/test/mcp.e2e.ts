import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema, ErrorCode, McpError, type ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { ADMIN_PASSWORD, ADMIN_USERNAME, checkTask, fetchState, taskById } from '@wayfinder/gym';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { BIN, cleanEnv, useGym } from './cli';

// wayfinder mcp with the official MCP client, over stdio and streamable HTTP: the tools as
// MCP users know them, a gym task done through MCP calls, confirmations as elicitations (and
// refused, saying how to allow them, for a client that cannot ask), MCP errors for bad calls,
// and the HTTP server's door: token, Origin and Host.

const gym = useGym();
const home = join(tmpdir(), `wayfinder-mcp-test-${process.pid}`);
// The person's rules: the gym's site is allowed (no question about visiting it); payments are still asked.
const config = join(home, 'config.json');
mkdirSync(home, { recursive: true });
writeFileSync(config, JSON.stringify({ sites: { '127.0.0.1': 'allow' } }));
const env = (): Record<string, string> =>
  Object.fromEntries(
    Object.entries({ ...cleanEnv(), WAYFINDER_HOME: home, WAYFINDER_CONFIG: config }).filter(
      (e): e is [string, string] => typeof e[1] === 'string',
    ),
  );
afterAll(() => {
  rmSync(home, { recursive: true, force: true });
  // The test run's own cache folder (cli.ts), with the browser profile wayfinder mcp kept there.
  const cache = env().XDG_CACHE_HOME;
  if (cache) rmSync(cache, { recursive: true, force: true });
});

type Answer = (message: string) => ElicitResult;
const clients: Client[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) await client.close().catch(() => undefined);
});

/** A client on `wayfinder mcp` over stdio (each with a fresh profile unless `args` says otherwise: they run side by side). */
async function stdioClient(answer: Answer | null, args: string[] = ['--isolated']): Promise<{ client: Client; asked: string[] }> {
  const client = new Client({ name: 'test', version: '1.0.0' }, answer ? { capabilities: { elicitation: {} } } : {});
  const asked: string[] = [];
  if (answer)
    client.setRequestHandler(ElicitRequestSchema, (req) => {
      const message = 'message' in req.params ? req.params.message : '';
      asked.push(message);
      return answer(message);
    });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp', ...args], env: env(), stderr: 'pipe' }));
  clients.push(client);
  return { client, asked };
}

/** The text of a tool's result. */
async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<{ text: string; isError: boolean }> {
  const result = await client.callTool({ name, arguments: args });
  const content = Array.isArray(result.content) ? result.content : [];
  const text = content
    .map((c: unknown) => (typeof c === 'object' && c !== null && 'text' in c && typeof c.text === 'string' ? c.text : ''))
    .join('\n');
  return { text, isError: result.isError === true };
}

/** The ref of `role "name"` in a snapshot's or find's text (role: one or more, separated by |). */
function ref(text: string, role: string, name: string): string {
  const line = text.split('\n').find((l) => role.split('|').some((r) => l.includes(`${r} "${name}"`)));
  const found = line ? /\[((?:f\d+)?e\d+)\]/.exec(line)?.[1] : undefined;
  if (!found) throw new Error(`No ${role} "${name}" in:\n${text}`);
  return found;
}

/** Finds an element through browser_find_controls (the whole page, not just what is in view) and gives its ref. */
async function found(client: Client, role: string, name: string): Promise<string> {
  return ref((await call(client, 'browser_find_controls', { query: name })).text, role, name);
}

describe('wayfinder mcp over stdio', () => {
  it('lists the browser tools under the names MCP users know, annotated from the risk classes', async () => {
    const { client } = await stdioClient(null);
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name);
    for (const name of [
      'browser_navigate',
      'browser_snapshot',
      'browser_click',
      'browser_type',
      'browser_select_option',
      'browser_press_key',
      'browser_tabs',
      'browser_wait_for',
      'browser_take_screenshot',
      'browser_find_controls',
      'browser_fill_form',
      'browser_close',
      'browser_extract',
      'list_skills',
      'run_skill',
    ])
      expect(names).toContain(name);
    // Not for an outside client: the agent's own bookkeeping, and code in pages.
    for (const name of ['done', 'think', 'ask_user', 'get_playbook', 'execute_page_code']) expect(names).not.toContain(name);
    const byName = new Map(tools.map((t) => [t.name, t]));
    expect(byName.get('browser_snapshot')?.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    expect(byName.get('browser_click')?.annotations).toMatchObject({ readOnlyHint: false });
    expect(byName.get('browser_click')?.inputSchema.properties).toHaveProperty('snapshot');
    expect(byName.get('browser_click')?.inputSchema.required).toEqual(['ref']);
  });

  it('does a gym task through MCP calls: the lantern ends up in the cart', async () => {
    const { client } = await stdioClient(null);
    const opened = await call(client, 'browser_navigate', { url: `${gym.url}/shop` });
    expect(opened.isError, opened.text).toBe(false);
    // Results are fenced page content, as for Wayfinder's own agent.
    expect(opened.text).toContain('<page-content source=');
    const page = await call(client, 'browser_snapshot');
    expect(page.text).toContain('Wayfinder Outfitters');
    const search = (await call(client, 'browser_find_controls', { query: 'search box' })).text;
    const typed = await call(client, 'browser_type', {
      ref: /\[((?:f\d+)?e\d+)\] (?:searchbox|combobox|textbox)/.exec(search)?.[1] ?? `no search box in ${search}`,
      text: 'lantern',
      submit: true,
    });
    expect(typed.isError, typed.text).toBe(false);
    const results = await call(client, 'browser_find_controls', { query: 'Trail Lantern' });
    const product = await call(client, 'browser_click', { ref: ref(results.text, 'link', 'Trail Lantern'), snapshot: true });
    expect(product.isError, product.text).toBe(false);
    // Asked for: the whole page after the action, not just what changed.
    expect(product.text).toMatch(/button "Add to cart"/);
    const added = await call(client, 'browser_click', { ref: ref(product.text, 'button', 'Add to cart') });
    expect(added.isError, added.text).toBe(false);
    expect(await checkTask(taskById('shop-lantern'), gym.url)).toMatchObject({ ok: true });
    const tabs = await call(client, 'browser_tabs', { action: 'list' });
    expect(tabs.text).toContain(`${gym.url}/shop/`);
  });

  it('a client that cannot ask the person gets the payment refused, with how to allow it; nothing is paid', async () => {
    const { client } = await stdioClient(null);
    // A site the person has no rule for is asked about too: refused here, naming the rule that would allow it.
    const elsewhere = await call(client, 'browser_navigate', { url: `http://localhost:${new URL(gym.url).port}/shop` });
    expect(elsewhere.isError).toBe(true);
    expect(elsewhere.text, elsewhere.text).toContain('"sites": {"localhost": "allow"}');
    await call(client, 'browser_navigate', { url: `${gym.url}/widgets` });
    const typed = await call(client, 'browser_type', { ref: await found(client, 'textbox', 'Card number'), text: '5555 5555 5555 4444' });
    expect(typed.isError).toBe(true);
    expect(typed.text).toContain("needs the person's confirmation");
    expect(typed.text).toContain('--allow-sensitive');
    expect(typed.text).toContain('"sites"');
    const pay = await call(client, 'browser_click', { ref: await found(client, 'button', 'Pay $20.00') });
    expect(pay.isError).toBe(true);
    expect((await checkTask(taskById('widgets-pay'), gym.url)).ok).toBe(false);
  });

  it("a page with another site's frame opens without a question; clicking in that frame is what is asked (refused here, saying how to allow it)", async () => {
    const { client } = await stdioClient(null);
    const opened = await call(client, 'browser_navigate', { url: `${gym.url}/widgets` });
    expect(opened.isError, opened.text).toBe(false);
    // The partner-offers frame comes from localhost, a site the person has no rule for: it loaded.
    expect((await call(client, 'browser_snapshot', { mode: 'full' })).text).toContain('GearSwap');
    const claim = await call(client, 'browser_click', { ref: await found(client, 'button', 'Claim offer') });
    expect(claim.isError).toBe(true);
    expect(claim.text).toContain('"sites": {"localhost": "allow"}');
    expect((await fetchState(gym.url)).widgets.offerClaimed).toBe(false);
  });

  it("a client may load many pages a minute (its own limit, not a task's 20); the config sets it, and the refusal says where", async () => {
    const { client } = await stdioClient(null);
    for (let i = 0; i < 25; i++) {
      const page = await call(client, 'browser_navigate', { url: `${gym.url}/shop?page=${i}` });
      expect(page.isError, `load ${i + 1}: ${page.text}`).toBe(false);
    }
    writeFileSync(config, JSON.stringify({ sites: { '127.0.0.1': 'allow' }, limits: { mcpNavigationsPerMinute: 3 } }));
    try {
      const { client: limited } = await stdioClient(null);
      const loads = [];
      for (let i = 0; i < 4; i++) loads.push(await call(limited, 'browser_navigate', { url: `${gym.url}/shop?again=${i}` }));
      expect(loads.slice(0, 3).map((l) => l.isError)).toEqual([false, false, false]);
      expect(loads[3]?.isError).toBe(true);
      expect(loads[3]?.text).toContain('"limits": {"mcpNavigationsPerMinute": N}');
    } finally {
      writeFileSync(config, JSON.stringify({ sites: { '127.0.0.1': 'allow' } }));
    }
  });

  it('asks through elicitation: a no leaves the payment unmade (and is not asked again), a yes is one question for card and Pay', async () => {
    const { client, asked } = await stdioClient(() => ({ action: 'decline' }));
    await call(client, 'browser_navigate', { url: `${gym.url}/widgets` });
    const declined = await call(client, 'browser_type', {
      ref: await found(client, 'textbox', 'Card number'),
      text: '5555 5555 5555 4444',
    });
    expect(declined.isError).toBe(true);
    expect(declined.text).toContain('declined');
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatch(/^Pay \$20\.00 on 127\.0\.0\.1 with the card ending 4444\? Wayfinder fills in the card details/);
    // The session's client tries the button instead: refused without a second question.
    const pressed = await call(client, 'browser_click', { ref: await found(client, 'button', 'Pay $20.00') });
    expect(pressed.isError).toBe(true);
    expect(pressed.text).toContain('declined paying on 127.0.0.1 earlier');
    expect(asked).toHaveLength(1);

    // A new session, and "Allow for this task" (one of the choices offered; an answer not offered
    // would be refused): the name on the card is not asked, the card's number is the one question, Pay goes through.
    const yes = await stdioClient(() => ({ action: 'accept', content: { decision: 'task' } }));
    await call(yes.client, 'browser_navigate', { url: `${gym.url}/widgets` });
    await call(yes.client, 'browser_type', { ref: await found(yes.client, 'textbox', 'Name on card'), text: 'Sam Hill' });
    expect(yes.asked).toHaveLength(0);
    const card = await call(yes.client, 'browser_type', {
      ref: await found(yes.client, 'textbox', 'Card number'),
      text: '5555 5555 5555 4444',
    });
    expect(card.isError, card.text).toBe(false);
    const paid = await call(yes.client, 'browser_click', { ref: await found(yes.client, 'button', 'Pay $20.00') });
    expect(paid.isError, paid.text).toBe(false);
    expect(yes.asked).toEqual([expect.stringMatching(/^Pay \$20\.00 on 127\.0\.0\.1 with the card ending 4444\?/)]);
    expect(await checkTask(taskById('widgets-pay'), gym.url)).toMatchObject({ ok: true });
  });

  it('browser_fill_form fills the signup a step at a time (each field a gated call): the account has every value; a malformed field fills nothing; browser_close closes the page', async () => {
    // The person says yes (once) to sending the password: the form's submission is asked about like any.
    const { client, asked } = await stdioClient(() => ({ action: 'accept', content: { decision: 'once' } }));
    await call(client, 'browser_navigate', { url: `${gym.url}/signup` });
    let page = (await call(client, 'browser_snapshot')).text;
    const field = (type: string, role: string, name: string, value: string) => ({ name, type, ref: ref(page, role, name), value });
    const first = [
      field('textbox', 'textbox', 'Full name', 'Ada Lovelace'),
      field('textbox', 'textbox', 'Email address', 'ada@example.com'),
      field('textbox', 'textbox', 'Password', 'Engine1843notes'),
      field('textbox', 'textbox', 'Confirm password', 'Engine1843notes'),
    ];
    // One bad field: refused before anything is typed.
    const bad = await client
      .callTool({
        name: 'browser_fill_form',
        arguments: { fields: [...first, { name: 'Terms', type: 'checkbox', ref: 'e1', value: 'yes' }] },
      })
      .catch((e: unknown) => e);
    expect(bad).toMatchObject({ code: ErrorCode.InvalidParams });
    expect(String(bad)).toContain('field 5 (Terms) is a checkbox: its value is "true" or "false".');
    expect((await call(client, 'browser_snapshot')).text).not.toContain('Ada Lovelace');

    const filled = await call(client, 'browser_fill_form', { fields: first });
    expect(filled.isError, filled.text).toBe(false);
    expect(filled.text).toMatch(/^Typed "Ada Lovelace" into e\d+ .*\nTyped "ada@example\.com" into e\d+ .*\nTyped 15 characters into e\d+/);
    expect(filled.text).not.toContain('Engine1843notes');
    const next = await call(client, 'browser_click', { ref: ref(page, 'button', 'Next') });
    expect(next.isError, next.text).toBe(false);
    page = (await call(client, 'browser_snapshot')).text;
    const second = await call(client, 'browser_fill_form', {
      fields: [
        field('combobox', 'combobox', 'Country', 'United Kingdom'),
        { name: 'Pro plan', type: 'radio', ref: ref(page, 'radio', 'Pro — unlimited trips, $5/month'), value: 'true' },
        field('checkbox', 'checkbox', 'Send me the monthly newsletter', 'false'),
        { name: 'Terms', type: 'checkbox', ref: /\[(e\d+)\] checkbox "I accept/.exec(page)?.[1] ?? 'none', value: 'true' },
      ],
    });
    expect(second.isError, second.text).toBe(false);
    await call(client, 'browser_type', { ref: ref(page, 'textbox', 'Date of birth'), text: '1815-12-10' });
    await call(client, 'browser_click', { ref: ref(page, 'button', 'Next') });
    await call(client, 'browser_click', { ref: await found(client, 'button', 'Create account') });
    const account = (await fetchState(gym.url)).signup.accounts.find((a) => a.email === 'ada@example.com');
    expect(account).toMatchObject({
      fullName: 'Ada Lovelace',
      country: 'United Kingdom',
      plan: 'pro',
      newsletter: false,
      acceptedTerms: true,
    });
    expect(asked.join('\n')).toContain('It sends a password.');

    const before = (await call(client, 'browser_tabs', { action: 'list' })).text;
    await call(client, 'browser_tabs', { action: 'new', url: `${gym.url}/widgets` });
    const closed = await call(client, 'browser_close');
    expect(closed.isError, closed.text).toBe(false);
    expect((await call(client, 'browser_tabs', { action: 'list' })).text).toBe(before);
  });

  it('answers bad arguments and unknown tools as MCP errors; a missing element as a tool error', async () => {
    const { client } = await stdioClient(null);
    const unknown = await client.callTool({ name: 'browser_teleport', arguments: {} }).catch((e: unknown) => e);
    expect(unknown).toBeInstanceOf(McpError);
    expect(unknown).toMatchObject({ code: ErrorCode.InvalidParams });
    expect(String(unknown)).toContain('There is no tool named "browser_teleport"');
    const bad = await client.callTool({ name: 'browser_click', arguments: { ref: 42 } }).catch((e: unknown) => e);
    expect(bad).toMatchObject({ code: ErrorCode.InvalidParams });
    expect(String(bad)).toContain('ref');
    const tabs = await client.callTool({ name: 'browser_tabs', arguments: { action: 'select' } }).catch((e: unknown) => e);
    expect(String(tabs)).toContain('select needs index');
    await call(client, 'browser_navigate', { url: `${gym.url}/widgets` });
    const stale = await call(client, 'browser_click', { ref: 'e9999' });
    expect(stale.isError).toBe(true);
    expect(stale.text).toMatch(/e9999/);
  });
});

describe('wayfinder mcp: the browser it starts', () => {
  const signIn = async (client: Client) => {
    await call(client, 'browser_navigate', { url: `${gym.url}/admin/login` });
    const page = (await call(client, 'browser_snapshot')).text;
    const filled = await call(client, 'browser_fill_form', {
      fields: [
        { name: 'Username', type: 'textbox', ref: ref(page, 'textbox', 'Username'), value: ADMIN_USERNAME },
        { name: 'Password', type: 'textbox', ref: ref(page, 'textbox', 'Password'), value: ADMIN_PASSWORD },
        { name: 'Keep me signed in', type: 'checkbox', ref: ref(page, 'checkbox', 'Keep me signed in'), value: 'true' },
      ],
    });
    expect(filled.isError, filled.text).toBe(false);
    const signedIn = await call(client, 'browser_click', { ref: ref(page, 'button', 'Sign in') });
    expect(signedIn.isError, signedIn.text).toBe(false);
  };
  const adminPage = async (client: Client) => {
    await call(client, 'browser_navigate', { url: `${gym.url}/admin` });
    return (await call(client, 'browser_snapshot')).text;
  };

  it('keeps a profile of its own by default, so a login survives a restart; --isolated starts signed out; a profile in use is refused, saying so', async () => {
    const yes = () => ({ action: 'accept' as const, content: { decision: 'once' } });
    const first = await stdioClient(yes, []);
    await signIn(first.client);
    expect(await adminPage(first.client)).toContain('Members');
    await first.client.close();

    const again = await stdioClient(yes, []);
    const page = await adminPage(again.client);
    expect(page).toContain('Members');
    expect(page).not.toMatch(/textbox "Password"/);

    // Another server on the same profile while this one runs: it says why it cannot start.
    const second = spawnSync(process.execPath, [BIN, 'mcp'], { env: env(), input: '', encoding: 'utf8', timeout: 60_000 });
    expect(second.status).toBe(1);
    expect(second.stderr).toMatch(
      /The browser profile at .*mcp-profile is in use by another browser \(process \d+\), perhaps another Wayfinder/,
    );

    const isolated = await stdioClient(yes, ['--isolated']);
    expect(await adminPage(isolated.client)).toMatch(/textbox "Password"/);
  });

  it('says what is wrong with options that do not go together, or a config or browser that is not there', () => {
    const run = (...args: string[]) => spawnSync(process.execPath, [BIN, 'mcp', ...args], { env: env(), input: '', encoding: 'utf8' });
    expect(run('--http', '0', '--port', '1').stderr).toContain('--port is another name for --http; give one of them.');
    expect(run('--headed', '--headless').stderr).toContain('--headed or --headless, not both.');
    expect(run('--isolated', '--user-data-dir', 'x').stderr).toContain('--isolated starts with a fresh profile');
    expect(run('--cdp-endpoint', 'http://127.0.0.1:9', '--isolated').stderr).toContain(
      '--isolated is about the browser Wayfinder starts; with --cdp-endpoint it uses one that runs already.',
    );
    expect(run('--config', join(home, 'nope.json')).stderr).toContain(`--config ${join(home, 'nope.json')}: there is no such file.`);
    const browser = run('--isolated', '--executable-path', join(home, 'no-chrome'));
    expect(browser.status).toBe(1);
    expect(browser.stderr).toContain(
      `No browser can be run from ${join(home, 'no-chrome')}; give the path of the Chrome or Chromium executable.`,
    );
  });
});

/** `wayfinder mcp --http 0`: the address and token it printed, and the process. */
async function httpServer(extra: string[] = []): Promise<{ url: string; token: string | null; child: ChildProcess; log: () => string }> {
  const child = spawn(process.execPath, [BIN, 'mcp', '--http', '0', '--isolated', ...extra], {
    env: env(),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const deadline = Date.now() + 30_000;
  while (!/serving streamable HTTP at (\S+)/.test(stderr)) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`wayfinder mcp --http did not start:\n${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const url = /serving streamable HTTP at (\S+)/.exec(stderr)?.[1] ?? '';
  return { url, token: /\n\s+(wfm_\S+)/.exec(stderr)?.[1] ?? null, child, log: () => stderr };
}

async function stop(child: ChildProcess): Promise<void> {
  const closed = new Promise((resolve) => child.once('close', resolve));
  child.kill('SIGINT');
  await closed;
}

function raw(url: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
  });
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers } },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('wayfinder mcp --http', () => {
  it('serves the official client with the bearer token, and refuses no token, a wrong one, a foreign Origin and a foreign Host', async () => {
    const server = await httpServer();
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
      const token = server.token;
      if (!token) throw new Error(`no token printed:\n${server.log()}`);
      const client = new Client({ name: 'test', version: '1.0.0' });
      await client.connect(
        new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }),
      );
      clients.push(client);
      expect((await client.listTools()).tools.map((t) => t.name)).toContain('browser_navigate');
      const opened = await call(client, 'browser_navigate', { url: `${gym.url}/shop` });
      expect(opened.isError, opened.text).toBe(false);

      const port = new URL(server.url).port;
      expect(await raw(server.url, {})).toMatchObject({ status: 401 });
      expect(await raw(server.url, { Authorization: 'Bearer wfm_not-the-token' })).toMatchObject({ status: 401 });
      const page = await raw(server.url, { Authorization: `Bearer ${token}`, Origin: 'https://evil.example' });
      expect(page.status).toBe(403);
      expect(page.body).toContain('https://evil.example');
      const rebound = await raw(server.url, { Authorization: `Bearer ${token}`, Host: `evil.example:${port}` });
      expect(rebound.status).toBe(403);
      expect(server.log()).toContain('refused');
      // The token is kept hashed: the data file does not hold it.
      expect(readFileSync(join(home, 'wayfinder.db')).includes(Buffer.from(token))).toBe(false);
    } finally {
      await stop(server.child);
    }
    // Started again, it keeps the token (shown once); --new-token replaces it.
    const again = await httpServer();
    try {
      expect(again.token).toBeNull();
      expect(again.log()).toContain('using the bearer token issued earlier');
    } finally {
      await stop(again.child);
    }
  });
});
