// What an MCP client pays to look at a page: the tokens of browser_navigate's and
// browser_snapshot's text, from our server (`wayfinder mcp`) and from Playwright MCP, both
// spoken to over stdio with the official client and both attached to one Chromium (one
// server after the other, so neither sees the other's tabs).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { launchChromium } from '@wayfinder/cdp/node';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { LOCAL_ONLY_FLAGS, type BenchPage } from './pages';

export const WAYFINDER_BIN = resolve('apps/host/bin/wayfinder.mjs');
export const PLAYWRIGHT_MCP = resolve('node_modules/@playwright/mcp/cli.js');

export interface Response {
  tokens: number;
  chars: number;
  isError: boolean;
  /** Our server cut the result at its output cap (it says so at the end). */
  cut: boolean;
  text: string;
}

export interface ServerPage {
  navigate: Response;
  snapshot: Response;
  /** Ours only: browser_snapshot with mode full, the like-for-like of Playwright's whole-page snapshot (not in the target). */
  full: Response | null;
}

export interface McpPageRow {
  page: string;
  ours: ServerPage | null;
  playwright: ServerPage | null;
}

// Settings from the developer's shell must not reach either server.
const PRIVATE = /^(WAYFINDER_|OPENAI_|ANTHROPIC_|GOOGLE_GENERATIVE_AI_|GEMINI_|MISTRAL_|OLLAMA_|GYM_PORT)/;
function cleanEnv(extra: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined && !PRIVATE.test(key)) env[key] = value;
  return { ...env, NO_COLOR: '1', ...extra };
}

/** The text parts of a tool result, joined as a client would pass them to its model. */
async function callText(client: Client, name: string, args: Record<string, unknown>): Promise<Response> {
  const result = await client.callTool({ name, arguments: args }, undefined, { timeout: 90_000 });
  const content = Array.isArray(result.content) ? result.content : [];
  const text = content
    .map((c: unknown) => (typeof c === 'object' && c !== null && 'text' in c && typeof c.text === 'string' ? c.text : ''))
    .join('\n');
  const cut = /\(result cut at \d+ of \d+ characters/.test(text);
  return { tokens: countTokens(text), chars: text.length, isError: result.isError === true, cut, text };
}

async function visit(
  name: string,
  command: { args: string[]; env: Record<string, string>; cwd: string },
  fullSnapshot: Record<string, unknown> | null,
  pages: BenchPage[],
  log: (line: string) => void,
): Promise<Map<string, ServerPage>> {
  const client = new Client({ name: 'bench-hub', version: '1.0.0' });
  const transport = new StdioClientTransport({ command: process.execPath, ...command, stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const seen = new Map<string, ServerPage>();
  try {
    await client.connect(transport);
    for (const page of pages) {
      try {
        const navigate = await callText(client, 'browser_navigate', { url: page.url });
        const snapshot = await callText(client, 'browser_snapshot', {});
        const full = fullSnapshot ? await callText(client, 'browser_snapshot', fullSnapshot) : null;
        seen.set(page.name, { navigate, snapshot, full });
        if (navigate.isError || snapshot.isError)
          log(`  ${name} ${page.name}: error — ${(navigate.isError ? navigate.text : snapshot.text).slice(0, 300)}`);
      } catch (error) {
        log(`  ${name} ${page.name}: failed (${error instanceof Error ? error.message : String(error)})`);
      }
    }
  } catch (error) {
    throw new Error(`${name} did not start: ${error instanceof Error ? error.message : String(error)}\n${stderr}`, { cause: error });
  } finally {
    // Ends stdin, then SIGTERM, then SIGKILL: the server process is gone when this returns.
    await client.close().catch(() => undefined);
  }
  return seen;
}

/** Navigates and snapshots each page with both servers; `keep` (a folder) gets the raw texts of the first page. */
export async function measureMcpTokens(pages: BenchPage[], log: (line: string) => void, keep: string | null): Promise<McpPageRow[]> {
  const work = mkdtempSync(join(tmpdir(), 'wayfinder-bench-hub-'));
  const chromium = await launchChromium({ args: LOCAL_ONLY_FLAGS });
  try {
    const port = new URL(chromium.wsEndpoint).port;
    const cdp = `http://127.0.0.1:${port}`;
    const config = join(work, 'config.json');
    writeFileSync(config, JSON.stringify({ sites: { '127.0.0.1': 'allow', localhost: 'allow' } }));
    const ours = await visit(
      'wayfinder mcp',
      {
        args: [WAYFINDER_BIN, 'mcp', '--cdp-endpoint', cdp, '--allow-sensitive', '--no-memory'],
        env: cleanEnv({ WAYFINDER_HOME: join(work, 'home'), WAYFINDER_CONFIG: config }),
        cwd: work,
      },
      { mode: 'full' },
      pages,
      log,
    );
    const playwright = await visit(
      'playwright mcp',
      {
        args: [PLAYWRIGHT_MCP, '--cdp-endpoint', cdp, '--output-dir', join(work, 'playwright')],
        // It attaches to the browser above; it must never fetch one of its own.
        env: cleanEnv({ PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' }),
        cwd: work,
      },
      null,
      pages,
      log,
    );
    const rows = pages.map((p) => ({ page: p.name, ours: ours.get(p.name) ?? null, playwright: playwright.get(p.name) ?? null }));
    const first = rows.find((r) => r.ours && r.playwright);
    if (keep && first?.ours && first.playwright) {
      writeFileSync(join(keep, 'ours-navigate.txt'), first.ours.navigate.text);
      writeFileSync(join(keep, 'ours-snapshot.txt'), first.ours.snapshot.text);
      if (first.ours.full) writeFileSync(join(keep, 'ours-snapshot-full.txt'), first.ours.full.text);
      writeFileSync(join(keep, 'playwright-navigate.txt'), first.playwright.navigate.text);
      writeFileSync(join(keep, 'playwright-snapshot.txt'), first.playwright.snapshot.text);
    }
    return rows;
  } finally {
    await chromium.close();
    rmSync(work, { recursive: true, force: true });
  }
}
