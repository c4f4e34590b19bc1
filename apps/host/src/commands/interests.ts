import { parseArgs, UsageError } from '../args';
import type { Io } from '../io';
import { ResearchService } from '../research/service';
import { formatDate } from './format';
import { checkSub, reporting, wantsHelp } from './research-common';

export const INTERESTS_HELP = `Usage: wayfinder interests <add|list|remove> …

The topics research looks for ("trail running", "ultralight tents"). Each has a weight
(1 to start): 👍 on a discovery raises its interest's (×1.25), 👎 lowers it (×0.8), and a run
reads more pages for heavier interests.

  wayfinder interests add "<topic>"
  wayfinder interests list [--json]
  wayfinder interests remove <id or topic>

Exit status: 0 on success, 1 when not found, 2 for a usage error.`;

export async function interestsCommand(argv: string[], io: Io): Promise<number> {
  const [sub, ...rest] = argv;
  if (wantsHelp(sub, rest) || !sub) {
    io.stdout.write(`${INTERESTS_HELP}\n`);
    return sub ? 0 : 2;
  }
  checkSub('interests', sub, ['add', 'list', 'remove']);
  const args = parseArgs(rest, sub === 'list' ? { json: { flag: true } } : {}, `interests ${sub}`);
  const text = args.positionals.join(' ').trim();
  if (sub !== 'list' && !text)
    throw new UsageError(
      sub === 'add'
        ? 'wayfinder interests add: name the topic, e.g. wayfinder interests add "trail running"'
        : 'wayfinder interests remove: give an interest id or topic (wayfinder interests list shows them).',
    );
  if (sub === 'add' && text.length > 200) throw new UsageError('wayfinder interests add: a topic is at most 200 characters.');
  if (sub === 'list' && args.positionals.length) throw new UsageError('wayfinder interests list: takes no arguments.');
  const service = new ResearchService(io.env);
  return reporting(io, `interests ${sub}`, () => {
    if (sub === 'add') {
      const { interest, added } = service.addInterest(text);
      io.stdout.write(
        added ? `Added interest ${interest.id}: ${interest.topic}\n` : `Already an interest (${interest.id}): ${interest.topic}\n`,
      );
      return Promise.resolve(0);
    }
    if (sub === 'remove') {
      if (service.removeInterest(text)) {
        io.stdout.write(`Removed interest ${text}.\n`);
        return Promise.resolve(0);
      }
      io.stderr.write(`wayfinder interests remove: no interest is "${text}"; wayfinder interests list shows them.\n`);
      return Promise.resolve(1);
    }
    const all = service.listInterests();
    if (args.flags.has('json')) io.stdout.write(`${JSON.stringify({ interests: all })}\n`);
    else if (!all.length) io.stdout.write('No interests yet: add one with wayfinder interests add "<topic>".\n');
    else for (const i of all) io.stdout.write(`${i.id}  weight ${i.weight.toFixed(2)}  ${formatDate(i.addedAt)}  ${i.topic}\n`);
    return Promise.resolve(0);
  });
}
