// `wayfinder`: the command line. run carries out a task; snapshot prints what Wayfinder
// sees on a page; memory, facts and history show and edit what it keeps. This module
// stays small: each command is loaded only when it runs, so `wayfinder --help` starts in a blink.
import { isReported, UsageError } from './errors';
import type { Io } from './io';

import { VERSION } from './version';

export { VERSION };

export const HELP = `Usage: wayfinder <command> [options]

Commands:
  run "<task>"      carry out a task in a browser (wayfinder run --help)
  snapshot <url>    print what Wayfinder sees on a page
  memory …          your vault of pages and files: add, search, list, forget
                    (wayfinder memory --help)
  facts …           facts about you the agent keeps in mind: add, list, remove
  history           the tasks run carried out, newest first
  skill …           skills (*.skill.md): record, list, run, show, import and export
                    DevTools recordings (wayfinder skill --help)
  mcp               serve Wayfinder's browser tools to MCP clients, on stdio or
                    HTTP, under your site rules (wayfinder mcp --help)
  serve             connect to your own Chrome through the Wayfinder extension, for
                    run --browser extension and mcp --extension (wayfinder serve --help)
  devices …         the browsers connected to serve: list, rename, revoke
  interests …       topics research looks for: add, list, remove
  research          look for new things about your interests (wayfinder research --help)
  watch …           pages to keep an eye on (a price, stock): add, list, remove, check
  feed              what research and watches found; feed react <id> up|down

Options:
  --version, -v     print the version
  --help, -h        print this help (wayfinder help <command>: that command's)

Examples:
  wayfinder run 'search for "tent" and click "Trail Tent 2P"' --url http://localhost:4170/shop
  wayfinder run "Find a 2-person tent under $200" --model ollama:llama3.1 --url https://shop.example
  wayfinder run "What is this page about?" --mode ask --cdp-endpoint http://127.0.0.1:9222`;

type Command = (argv: string[], io: Io) => Promise<number>;

export const COMMANDS: Record<string, () => Promise<Command>> = {
  run: async () => (await import('./commands/run')).runCommand,
  snapshot: async () => (await import('./commands/snapshot')).snapshotCommand,
  memory: async () => (await import('./commands/memory')).memoryCommand,
  facts: async () => (await import('./commands/facts')).factsCommand,
  history: async () => (await import('./commands/history')).historyCommand,
  skill: async () => (await import('./commands/skill')).skillCommand,
  mcp: async () => (await import('./commands/mcp')).mcpCommand,
  serve: async () => (await import('./commands/serve')).serveCommand,
  devices: async () => (await import('./commands/devices')).devicesCommand,
  interests: async () => (await import('./commands/interests')).interestsCommand,
  research: async () => (await import('./commands/research')).researchCommand,
  watch: async () => (await import('./commands/watch')).watchCommand,
  feed: async () => (await import('./commands/feed')).feedCommand,
};

/** `-h` is `--help` everywhere (before a `--`, after which everything is the command's own text). */
export function withLongHelp(argv: string[]): string[] {
  const end = argv.indexOf('--');
  return argv.map((arg, i) => (arg === '-h' && (end < 0 || i < end) ? '--help' : arg));
}

/** Runs the command line; returns the exit status. */
export async function main(argv: string[], io: Io): Promise<number> {
  const [first, ...given] = withLongHelp(argv);
  // `wayfinder help <command> [subcommand]` is `wayfinder <command> [subcommand] --help`.
  const [name, ...rest] = first === 'help' && given.length ? [...given, '--help'] : [first, ...given];
  if (name === '--version' || name === '-v') {
    io.stdout.write(`${VERSION}\n`);
    return 0;
  }
  if (!name || name === '--help' || name === 'help') {
    io.stdout.write(`${HELP}\n`);
    return name ? 0 : 2;
  }
  try {
    const load = COMMANDS[name];
    if (name === 'gym') throw new UsageError('wayfinder: the gym comes with the Wayfinder checkout: npm run gym there.');
    if (!load)
      throw new UsageError(`wayfinder: unknown command "${name}". Commands: ${Object.keys(COMMANDS).join(', ')}. Try wayfinder --help.`);
    return await (
      await load()
    )(rest, io);
  } catch (error) {
    if (UsageError.isInstance(error)) {
      io.stderr.write(`${error.message}\n`);
      return 2;
    }
    if (isReported(error)) {
      io.stderr.write(`wayfinder: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
}
