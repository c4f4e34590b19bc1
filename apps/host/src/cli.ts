// `wayfinder`: the command line. run carries out a task; gym serves the practice sites;
// snapshot prints what Wayfinder sees on a page.
import { BrowserError } from '@wayfinder/core';
import { UsageError } from './args';
import { gymCommand } from './commands/gym';
import { runCommand, type Io } from './commands/run';
import { snapshotCommand } from './commands/snapshot';

export const HELP = `Usage: wayfinder <command> [options]

Commands:
  run "<task>"      carry out a task in a browser (wayfinder run --help)
  gym               serve the gym, Wayfinder's practice sites with task checkers
  snapshot <url>    print what Wayfinder sees on a page

Examples:
  wayfinder run 'search for "tent" and click "Trail Tent 2P"' --url http://localhost:4170/shop
  wayfinder run "Find a 2-person tent under $200" --model ollama:llama3.1 --url https://shop.example
  wayfinder run "What is this page about?" --mode ask --cdp-endpoint http://127.0.0.1:9222`;

const COMMANDS: Record<string, (argv: string[], io: Io) => Promise<number>> = { run: runCommand, gym: gymCommand, snapshot: snapshotCommand };

/** Runs the command line; returns the exit status. */
export async function main(argv: string[], io: Io): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    io.stdout.write(`${HELP}\n`);
    return name ? 0 : 2;
  }
  const command = COMMANDS[name];
  try {
    if (!command) throw new UsageError(`wayfinder: unknown command "${name}". Commands: ${Object.keys(COMMANDS).join(', ')}. Try wayfinder --help.`);
    return await command(rest, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr.write(`${error.message}\n`);
      return 2;
    }
    if (BrowserError.isInstance(error)) {
      io.stderr.write(`wayfinder: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
}

/** The real process: its streams, environment and signals. */
export function processIo(): Io {
  const handlers: (() => void)[] = [];
  let interrupts = 0;
  const onSignal = () => {
    interrupts++;
    const handler = handlers.at(-1);
    // Nothing to stop gracefully, or asked twice: quit (the exit hook reaps browsers we started).
    if (!handler || interrupts > 1) process.exit(130);
    handler();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return {
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    onInterrupt: (handler) => {
      handlers.push(handler);
      return () => {
        const at = handlers.indexOf(handler);
        if (at >= 0) handlers.splice(at, 1);
      };
    },
  };
}
