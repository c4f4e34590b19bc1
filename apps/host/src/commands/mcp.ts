import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { BrowserError, ToolRegistry } from '@wayfinder/core';
import { parseArgs, UsageError } from '../args';
import { BrowserStartError } from '../browser';
import { VERSION } from '../version';
import { StoreError } from '../errors';
import { printable, type Io } from '../io';
import { serveMcpHttp } from '../mcp/http';
import { mcpSession, type McpHub } from '../mcp/session';
import { openRuntime } from '../runtime';
import { browserProfiles, databasePath, openDatabase, wayfinderHome } from '../store/db';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { CredentialStore } from '../store/credentials';

// wayfinder mcp: Wayfinder's tools for MCP clients (coding agents, agent servers), over
// stdio or streamable HTTP, on the same gated path as its own agent: the person's site
// rules, confirmations (as elicitations), secrets rules and fencing. See docs/0027-mcp.md.

export const MCP_HELP = `Usage: wayfinder mcp [options]

Serves Wayfinder's browser tools to an MCP client (browser_navigate, browser_snapshot,
browser_click, browser_type, browser_tabs, … plus memory and skills), on stdio by default.
Every call is judged by your site rules and confirmations, as Wayfinder's own agent is;
a confirmation goes to the client as a question (MCP elicitation), and a client that
cannot ask you gets a refusal saying how to allow it.

Options:
  --http PORT, --port PORT
                         serve streamable HTTP on 127.0.0.1:PORT (path /mcp) instead of
                         stdio; needs a bearer token (issued and shown once, kept hashed)
  --new-token            with --http: issue a new token (the old one stops working)
  --allow-origin ORIGIN  with --http: let a web page from ORIGIN call (repeat; none by default)
  --url URL              open this page first
  --cdp-endpoint URL     use a running Chrome (started with --remote-debugging-port)
  --extension [DEVICE]   work in your own Chrome, through the Wayfinder extension
                         connected to wayfinder serve (DEVICE: its label or id, when
                         several are); a client that cannot ask you gets your answer
                         from the browser's side panel
  --headless, --headed   hide (the default) or show the browser Wayfinder starts
  --user-data-dir DIR    the browser profile to use and keep (default: one of Wayfinder's
                         own, in ~/.cache/wayfinder/mcp-profile, so logins survive)
  --isolated             a fresh profile for this server, removed when it stops
  --executable-path PATH the Chrome or Chromium to start (default: CHROMIUM_PATH, else
                         the one installed)
  --config FILE          Wayfinder's config file to use (default: WAYFINDER_CONFIG, else
                         ~/.config/wayfinder/config.json)
  --allow-sensitive      allow payments, deletions, new sites and the like without asking
  --no-memory            leave out the memory tools

Add it to an MCP client (stdio):  {"command": "wayfinder", "args": ["mcp"]}`;

const PORTS: [number, number] = [0, 65_535];

/** Page loads a minute an MCP session may make unless the config says otherwise (a task's default is 20). */
export const MCP_PAGE_LOADS_PER_MINUTE = 240;

const OPTIONS = {
  http: { integer: PORTS },
  port: { integer: PORTS },
  'new-token': { flag: true },
  'allow-origin': { repeat: true },
  url: {},
  'cdp-endpoint': {},
  extension: {},
  headed: { flag: true },
  headless: { flag: true },
  'user-data-dir': {},
  isolated: { flag: true },
  'executable-path': {},
  config: {},
  'allow-sensitive': { flag: true },
  'no-memory': { flag: true },
  help: { flag: true },
};

export async function mcpCommand(argv: string[], io: Io): Promise<number> {
  // --extension may come without a device: then it is --extension= (the only one connected).
  const args = parseArgs(
    argv.map((arg, i) => (arg === '--extension' && (argv[i + 1] === undefined || argv[i + 1]?.startsWith('--')) ? '--extension=' : arg)),
    OPTIONS,
    'mcp',
  );
  if (args.flags.has('help')) {
    io.stdout.write(`${MCP_HELP}\n`);
    return 0;
  }
  if (args.positionals.length) throw new UsageError(`wayfinder mcp: unexpected "${args.positionals.join(' ')}". Try wayfinder mcp --help.`);
  if (args.values.has('http') && args.values.has('port'))
    throw new UsageError('wayfinder mcp: --port is another name for --http; give one of them.');
  const portValue = args.values.get('http') ?? args.values.get('port');
  const httpPort = portValue === undefined ? null : Number(portValue);
  if (args.flags.has('headed') && args.flags.has('headless')) throw new UsageError('wayfinder mcp: --headed or --headless, not both.');
  if (args.flags.has('isolated') && args.values.has('user-data-dir'))
    throw new UsageError('wayfinder mcp: --isolated starts with a fresh profile; leave out --user-data-dir (or --isolated).');
  if (httpPort === null && (args.flags.has('new-token') || args.lists.get('allow-origin')?.length))
    throw new UsageError('wayfinder mcp: --new-token and --allow-origin go with --http PORT.');
  const device = args.values.get('extension');
  const launching = ['headed', 'headless', 'isolated']
    .filter((f) => args.flags.has(f))
    .concat(['user-data-dir', 'executable-path'].filter((v) => args.values.has(v)));
  if ((device !== undefined || args.values.has('cdp-endpoint')) && launching.length)
    throw new UsageError(
      `wayfinder mcp: --${launching[0] ?? ''} is about the browser Wayfinder starts; with ${device !== undefined ? '--extension' : '--cdp-endpoint'} it uses one that runs already.`,
    );
  if (device !== undefined && args.values.has('cdp-endpoint'))
    throw new UsageError('wayfinder mcp: --extension works in your own Chrome; leave out --cdp-endpoint.');
  // --config FILE: this server's config (its site rules, secrets rules, limits), as WAYFINDER_CONFIG would say.
  const config = args.values.get('config');
  if (config !== undefined) {
    if (!existsSync(resolve(config))) throw new UsageError(`wayfinder mcp: --config ${config}: there is no such file.`);
    io = { ...io, env: { ...io.env, WAYFINDER_CONFIG: resolve(config) } };
  }
  // The profile: a lasting one of Wayfinder's own by default (logins survive), the person's, or a fresh one (--isolated).
  const userDataDir = args.flags.has('isolated')
    ? undefined
    : resolve(args.values.get('user-data-dir') ?? join(browserProfiles(io.env), 'mcp-profile'));
  // stdout is the protocol on stdio: everything else goes to stderr (the config's warning too).
  const runtime = openRuntime(io, { command: 'mcp', ...(args.flags.has('no-memory') ? {} : { memory: 'optional' as const }) });
  const { redaction } = runtime;
  const log = (line: string) => io.stderr.write(`${printable(redaction.text(line))}\n`);
  if (runtime.memoryProblem) log(`wayfinder mcp: ${runtime.memoryProblem} The memory tools are left out.`);
  // A client drives many pages on purpose (a test suite, a crawl): its own page-load limit, in the config as limits.mcpNavigationsPerMinute.
  const policy = runtime.policy(
    { navigationsPerMinute: runtime.config.mcpNavigationsPerMinute ?? MCP_PAGE_LOADS_PER_MINUTE },
    `The person can raise it in Wayfinder's config (${runtime.config.path}): "limits": {"mcpNavigationsPerMinute": N}.`,
  );

  // The bearer token is checked before anything else starts: a server nobody can call is no use.
  let credentials: CredentialStore | null = null;
  let db: DatabaseSync | null = null;
  const closeDb = () => db?.close();
  if (httpPort !== null) {
    try {
      db = openDatabase(databasePath(io.env));
      credentials = new CredentialStore(db);
    } catch (error) {
      if (StoreError.isInstance(error)) {
        log(`wayfinder mcp: ${error.message}`);
        runtime.close();
        return 1;
      }
      throw error;
    }
    if (args.flags.has('new-token') || !credentials.list('mcp', { live: true }).length) {
      credentials.revokeAll('mcp');
      const { token } = credentials.issue('mcp', 'wayfinder mcp --http');
      log(`wayfinder mcp: your bearer token (shown this once; Wayfinder keeps only its hash):\n  ${token}`);
    } else {
      log('wayfinder mcp: using the bearer token issued earlier (wayfinder mcp --http PORT --new-token issues a new one).');
    }
  }

  const requests: McpHub['requests'] = { confirm: null };
  let opened;
  try {
    opened = await runtime.openBrowser(
      {
        extension: device === undefined ? null : { home: wayfinderHome(io.env), device: device || undefined, label: 'wayfinder mcp' },
        cdpEndpoint: args.values.get('cdp-endpoint'),
        headed: args.flags.has('headed'),
        userDataDir,
        executablePath: args.values.get('executable-path'),
        url: args.values.get('url'),
        // stdout is the protocol's: the person hears it on stderr (the client's log).
        onAsking: (question) => log(`wayfinder mcp: a question is waiting in the browser (Wayfinder's side panel): ${question}`),
      },
      // Page requests (a form to a new site, a download) are confirmed by the session whose call caused them.
      {
        policy,
        start: args.values.get('url'),
        ask: (request) => (requests.confirm ? requests.confirm(request) : Promise.resolve('deny')),
      },
    );
  } catch (error) {
    runtime.close();
    closeDb();
    if (BrowserStartError.isInstance(error) || BrowserError.isInstance(error)) {
      log(`wayfinder: ${error.message}`);
      return 1;
    }
    throw error;
  }
  const hub: McpHub = {
    browser: opened.browser,
    registry: new ToolRegistry(),
    policy,
    secrets: runtime.secrets,
    redaction,
    memory: runtime.memory?.access ?? null,
    skills: runtime.skills,
    allowSensitive: args.flags.has('allow-sensitive'),
    version: VERSION,
    requests,
    ...(opened.confirmInBrowser ? { askInBrowser: opened.confirmInBrowser } : {}),
    turn: Promise.resolve(),
    log,
  };

  const stopped = new Promise<void>((resolve) => {
    const stop = io.onInterrupt(() => {
      stop();
      resolve();
    });
  });
  try {
    if (httpPort === null) {
      const transport = new StdioServerTransport();
      const closed = new Promise<void>((resolve) => {
        transport.onclose = () => resolve();
        process.stdin.once('end', () => resolve());
      });
      await mcpSession(hub).connect(transport);
      log('wayfinder mcp: serving on stdio.');
      await Promise.race([closed, stopped]);
    } else {
      const store = credentials;
      const server = await serveMcpHttp({
        port: httpPort,
        session: () => mcpSession(hub),
        authorized: (token) => store?.verify('mcp', token) !== null,
        origins: args.lists.get('allow-origin') ?? [],
        log,
      });
      log(`wayfinder mcp: serving streamable HTTP at ${server.url} (Ctrl+C stops).`);
      await stopped;
      await server.close();
    }
    return 0;
  } finally {
    await opened.close().catch(() => undefined);
    runtime.close();
    closeDb();
  }
}
