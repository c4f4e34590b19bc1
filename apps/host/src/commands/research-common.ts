import { UsageError } from '../args';
import { ConfigError } from '../config';
import { StoreError } from '../errors';
import type { Io } from '../io';
import { ResearchSetupError } from '../research/config';

// What the research commands (interests, research, watch, feed) share: the subcommand
// check, and turning a setup problem into a clear line and an exit status.

export function wantsHelp(sub: string | undefined, rest: string[]): boolean {
  return !sub || sub === '--help' || sub === '-h' || sub === 'help' || rest.includes('--help');
}

export function checkSub(command: string, sub: string, known: string[]): void {
  if (!known.includes(sub))
    throw new UsageError(`wayfinder ${command}: unknown command "${sub}". Commands: ${known.join(', ')}. Try wayfinder ${command} --help.`);
}

/** Runs a command's work; a bad config is a usage error (2), a setup or store problem a failure (1). */
export async function reporting(io: Io, command: string, work: () => Promise<number>): Promise<number> {
  try {
    return await work();
  } catch (error) {
    if (ConfigError.isInstance(error)) throw new UsageError(`wayfinder ${command}: ${error.message}`);
    if (ResearchSetupError.isInstance(error) || StoreError.isInstance(error)) {
      io.stderr.write(`wayfinder ${command}: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
}
