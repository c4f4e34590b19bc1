import { parseArgs, UsageError } from '../args';
import type { Io } from '../io';
import { openRuntime } from '../runtime';
import { FactRefusedError } from '../store';
import { formatDate } from './format';

export const FACTS_HELP = `Usage: wayfinder facts <add|list|remove> …

Short facts about you that Wayfinder keeps in mind in every task ("I prefer metric units",
"my name is Sam Lee"). Secrets (passwords, keys, tokens, card numbers) are refused.

  wayfinder facts add "<text>"
  wayfinder facts list [--json]
  wayfinder facts remove <id>

Exit status: 0 on success, 1 when a fact was refused or not found, 2 for a usage error.`;

export async function factsCommand(argv: string[], io: Io): Promise<number> {
  const [sub, ...rest] = argv;
  if (!sub || sub === '--help' || sub === '-h' || sub === 'help' || rest.includes('--help')) {
    io.stdout.write(`${FACTS_HELP}\n`);
    return sub ? 0 : 2;
  }
  if (!['add', 'list', 'remove'].includes(sub))
    throw new UsageError(`wayfinder facts: unknown command "${sub}". Commands: add, list, remove. Try wayfinder facts --help.`);
  const args = parseArgs(rest, sub === 'list' ? { json: { flag: true } } : {}, `facts ${sub}`);
  const text = args.positionals.join(' ').trim();
  if (sub === 'add' && !text) throw new UsageError('wayfinder facts add: say the fact, e.g. wayfinder facts add "I prefer metric units"');
  if (sub === 'remove' && args.positionals.length !== 1)
    throw new UsageError('wayfinder facts remove: give one fact id (wayfinder facts list shows them).');
  if (sub === 'list' && args.positionals.length) throw new UsageError('wayfinder facts list: takes no arguments.');

  const runtime = openRuntime({ env: io.env }, { command: `facts ${sub}`, memory: 'required' });
  try {
    const facts = runtime.memory.store.facts;
    if (sub === 'add') {
      try {
        const fact = await facts.addFact(text);
        io.stdout.write(`Remembered (${fact.id}): ${fact.text}\n`);
        return 0;
      } catch (error) {
        if (!FactRefusedError.isInstance(error)) throw error;
        io.stderr.write(`wayfinder facts add: ${error.message}\n`);
        return 1;
      }
    }
    if (sub === 'remove') {
      const id = args.positionals[0] ?? '';
      if (await facts.removeFact(id)) {
        io.stdout.write(`Forgot fact ${id}.\n`);
        return 0;
      }
      io.stderr.write(`wayfinder facts remove: no fact has the id "${id}"; wayfinder facts list shows them.\n`);
      return 1;
    }
    const all = await facts.listFacts();
    if (args.flags.has('json')) io.stdout.write(`${JSON.stringify({ facts: all })}\n`);
    else if (!all.length) io.stdout.write('No facts yet: add one with wayfinder facts add "<text>".\n');
    else for (const fact of all) io.stdout.write(`${fact.id}  ${formatDate(fact.addedAt)}  ${fact.text}\n`);
    return 0;
  } finally {
    runtime.close();
  }
}
