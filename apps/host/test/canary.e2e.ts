import { chmodSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { writeSkillFile } from '@wayfinder/core';
import { CANARY, CANARY_ACCOUNT_PAGE, CANARY_FORM_PAGE, canaryLeaks } from '@wayfinder/gym';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, cleanEnv, explain, runCli, type CliRun } from './cli';

// The one redaction, proved by canaries (docs/ARCHITECTURE.md, "One redaction"): a stored
// secret, a password the model types and a card number are pushed through every sink the
// host has — the timeline and --json events on stdout, logs on stderr, task records and
// history, memory (a kept page whose address and text carry them), a skill run, MCP results —
// and then every byte written is searched: stdout, stderr, and every file under
// $WAYFINDER_HOME (the SQLite file with its WAL, skill files). None may hold a canary in any
// form a sink could write it (as typed, URL-encoded, card digits run together). (A password
// typed in one process is known to that process's redaction; it is not kept anywhere for
// another's — keeping it would be keeping the password.)

const { secret: SECRET, typed: TYPED, card: CARD } = CANARY;

const home = join(tmpdir(), `wayfinder-canary-${process.pid}`);
const config = join(tmpdir(), `wayfinder-canary-config-${process.pid}.json`);
let server: Server;
let base = '';
const outputs: { what: string; text: string }[] = [];

const FORM = CANARY_FORM_PAGE;
const LEAKY = CANARY_ACCOUNT_PAGE;

function env(): Record<string, string> {
  return Object.fromEntries(
    Object.entries({ ...cleanEnv(), WAYFINDER_HOME: home, WAYFINDER_CONFIG: config }).filter(
      (e): e is [string, string] => typeof e[1] === 'string',
    ),
  );
}

async function cli(what: string, args: string[], stdin = ''): Promise<CliRun> {
  const run = await runCli(args, { env: env(), stdin, timeoutMs: 60_000 });
  outputs.push({ what: `${what} stdout`, text: run.stdout }, { what: `${what} stderr`, text: run.stderr });
  return run;
}

/** The test's own files (the scripted model's script) live outside the data folder searched. */
const scratch = join(tmpdir(), `wayfinder-canary-scripts-${process.pid}`);

function script(steps: unknown[]): string {
  mkdirSync(scratch, { recursive: true });
  const path = join(scratch, `script-${outputs.length}.json`);
  writeFileSync(path, JSON.stringify({ steps }));
  return path;
}

/** Every file under a folder, as text (the canaries are ASCII: found whatever else the bytes hold). */
function filesUnder(dir: string): { what: string; text: string }[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isFile())
    .map((path) => ({ what: path.slice(dir.length + 1), text: readFileSync(path).toString('utf8') }));
}

beforeAll(async () => {
  mkdirSync(home, { recursive: true });
  server = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(req.url?.startsWith('/account') ? LEAKY : FORM);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? (address satisfies AddressInfo).port : 0}`;
  writeFileSync(
    config,
    JSON.stringify({ sites: { '127.0.0.1': 'allow' }, secrets: { canary: { value: SECRET, site: '127.0.0.1', field: 'password' } } }),
  );
  chmodSync(config, 0o600);
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(home, { recursive: true, force: true });
  rmSync(config, { force: true });
  rmSync(scratch, { recursive: true, force: true });
});

describe('canaries through every sink of the host', () => {
  it('a task types them (timeline and --json), history lists it, memory keeps a page of them, a skill and MCP handle them: no byte written holds one', async () => {
    // A careless model: types a password it was told, the stored secret and a card, then repeats two of them in its summary.
    const steps = [
      { calls: [{ tool: 'type_text', args: { ref: '$ref(textbox "Password")', text: TYPED } }] },
      { calls: [{ tool: 'type_text', args: { ref: '$ref(textbox "Passphrase")', text: '{{secret:canary}}' } }] },
      { calls: [{ tool: 'type_text', args: { ref: '$ref(textbox "Card number")', text: CARD } }] },
      { calls: [{ tool: 'done', args: { summary: `Signed in with ${TYPED} and paid with ${CARD}.`, success: true } }] },
    ];
    for (const json of [false, true]) {
      const run = await cli(`run${json ? ' --json' : ''}`, [
        'run',
        'sign in and add my card',
        '--url',
        `${base}/form`,
        '--model',
        `script:${script(steps)}`,
        '--allow-sensitive',
        ...(json ? ['--json'] : []),
      ]);
      expect(run.code, explain(run)).toBe(0);
      // The page showed back what was typed, and the run still says what happened, masked.
      expect(run.stdout).toContain('•••• 1111');
    }
    await cli('history', ['history']);
    await cli('history --json', ['history', '--json']);

    // (An address carrying the secret or a card is a request that sends them: the policy asks, and nobody answers here.)
    const added = await cli('memory add', ['memory', 'add', `${base}/account`]);
    expect(added.code, explain(added)).toBe(0);
    await cli('memory list', ['memory', 'list', '--json']);
    const found = await cli('memory search', ['memory', 'search', 'recovery code saved card', '--json']);
    expect(found.stdout).toContain('Account');

    // A skill that types the stored secret and a card into the form that shows them back.
    const skillFile = join(home, 'skills', 'sign-in.skill.md');
    mkdirSync(join(home, 'skills'), { recursive: true });
    writeFileSync(
      skillFile,
      writeSkillFile({
        name: 'Sign in and add a card',
        description: 'Signs in on the members page.',
        version: 1,
        sites: ['127.0.0.1'],
        inputs: [{ name: 'card', type: 'string', examples: ['4000 0000 0000 0002'], required: false }],
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
    const played = await cli('skill run', ['skill', 'run', skillFile, '--input', `card=${CARD}`, '--allow-sensitive']);
    expect(played.code, explain(played)).toBe(0);

    // MCP: the same form through the official client.
    const client = new Client({ name: 'canary', version: '1.0.0' });
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, 'mcp', '--allow-sensitive'],
      env: env(),
      stderr: 'pipe',
    });
    let mcpLog = '';
    transport.stderr?.on('data', (chunk: Buffer) => (mcpLog += chunk.toString()));
    await client.connect(transport);
    const texts: string[] = [];
    const call = async (name: string, args: Record<string, unknown>) => {
      const result = await client.callTool({ name, arguments: args });
      const content: unknown[] = Array.isArray(result.content) ? result.content : [];
      for (const c of content) if (typeof c === 'object' && c !== null && 'text' in c && typeof c.text === 'string') texts.push(c.text);
      return texts.at(-1) ?? '';
    };
    await call('browser_navigate', { url: `${base}/form` });
    const snap = await call('browser_snapshot', {});
    const refOf = (label: string) => new RegExp(`\\[(e\\d+)\\] textbox "${label}"`).exec(snap)?.[1] ?? '';
    await call('browser_type', { ref: refOf('Password'), text: TYPED });
    await call('browser_type', { ref: refOf('Passphrase'), text: '{{secret:canary}}' });
    await call('browser_type', { ref: refOf('Card number'), text: CARD });
    await call('browser_navigate', { url: `${base}/account` });
    await client.close();
    outputs.push({ what: 'mcp results', text: texts.join('\n') }, { what: 'mcp stderr', text: mcpLog });
    expect(texts.join('\n')).toContain('Recovery code');

    const written = [...outputs, ...filesUnder(home)];
    const leaks = canaryLeaks(written);
    expect(leaks).toEqual([]);
    // What was searched holds the canaries' masks: they reached the sinks, masked.
    const db = written
      .filter((w) => /\.db(-wal)?$/.test(w.what))
      .map((w) => w.text)
      .join('');
    expect(db).toContain('[typed password]');
    expect(db).toContain('•••• 1111');
    expect(db).toContain('{{secret:canary}}');
    expect(outputs.find((o) => o.what === 'run --json stdout')?.text).toContain('[typed password]');
  }, 240_000);
});
