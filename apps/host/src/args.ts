// Command-line options: a small declarative parser, so every command reports unknown
// options, missing values and bad numbers the same way, with a pointer to --help.

import { UsageError } from './errors';

export { UsageError };

export interface OptionSpec {
  /** A flag takes no value. */
  flag?: boolean;
  /** A value option that must be a whole number in this range. */
  integer?: [number, number];
  choices?: readonly string[];
  /** May be given more than once: every value is kept, in order (`lists`). */
  repeat?: boolean;
}

export interface Parsed {
  positionals: string[];
  values: Map<string, string>;
  flags: Set<string>;
  /** The values of options that may repeat. */
  lists: Map<string, string[]>;
}

export function parseArgs(argv: string[], options: Record<string, OptionSpec>, command: string): Parsed {
  const parsed: Parsed = { positionals: [], values: new Map(), flags: new Set(), lists: new Map() };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--') {
      parsed.positionals.push(...argv.slice(i + 1));
      break;
    }
    if (!arg.startsWith('--') || arg === '--') {
      parsed.positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = arg.slice(2, eq < 0 ? undefined : eq);
    const spec = options[name];
    if (!spec) throw new UsageError(`wayfinder ${command}: unknown option --${name}. Try wayfinder ${command} --help.`);
    if (spec.flag) {
      if (eq >= 0) throw new UsageError(`wayfinder ${command}: --${name} takes no value.`);
      parsed.flags.add(name);
      continue;
    }
    const value = eq >= 0 ? arg.slice(eq + 1) : argv[++i];
    if (value === undefined || (eq < 0 && value.startsWith('--'))) throw new UsageError(`wayfinder ${command}: --${name} needs a value.`);
    if (spec.integer) {
      const [min, max] = spec.integer;
      const n = Number(value);
      if (!Number.isInteger(n) || n < min || n > max)
        throw new UsageError(`wayfinder ${command}: --${name} must be a whole number from ${min} to ${max} (got "${value}").`);
    }
    if (spec.choices && !spec.choices.includes(value))
      throw new UsageError(`wayfinder ${command}: --${name} must be one of ${spec.choices.join(', ')} (got "${value}").`);
    parsed.values.set(name, value);
    if (spec.repeat) parsed.lists.set(name, [...(parsed.lists.get(name) ?? []), value]);
  }
  return parsed;
}
