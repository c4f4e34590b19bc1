import { parseArgs, UsageError } from '../args';
import { printable, type Io } from '../io';
import { ResearchService } from '../research/service';
import { formatDate, oneLine } from './format';
import { reporting } from './research-common';

export const FEED_HELP = `Usage: wayfinder feed [--archived] [--json] [--limit N] [--offset N]
       wayfinder feed react <id> up|down

What research found for you, newest first: new things, or with --archived the ones you
reacted to. A reaction moves a discovery to the archive and re-weights its interest
(up ×1.25, down ×0.8). wayfinder serve shows the same feed as a page:
http://127.0.0.1:8765/feed.

Exit status: 0 on success, 1 when not found, 2 for a usage error.`;

export async function feedCommand(argv: string[], io: Io): Promise<number> {
  if (argv.includes('--help') || argv[0] === 'help') {
    io.stdout.write(`${FEED_HELP}\n`);
    return 0;
  }
  const service = new ResearchService(io.env);
  if (argv[0] === 'react') {
    const args = parseArgs(argv.slice(1), { json: { flag: true } }, 'feed react');
    const [id, reaction] = args.positionals;
    if (args.positionals.length !== 2 || !id || (reaction !== 'up' && reaction !== 'down'))
      throw new UsageError('wayfinder feed react: give a discovery id and up or down, e.g. wayfinder feed react 3fa9c1d2 up.');
    return reporting(io, 'feed react', () => {
      const done = service.react(id, reaction);
      if (!done) {
        io.stderr.write(`wayfinder feed react: nothing in the feed has the id "${id}"; wayfinder feed lists them.\n`);
        return Promise.resolve(1);
      }
      if (args.flags.has('json')) io.stdout.write(`${JSON.stringify(done)}\n`);
      else io.stdout.write(printable(`${reaction === 'up' ? '👍' : '👎'} ${done.discovery.title} — archived; ${done.unread} new left.\n`));
      return Promise.resolve(0);
    });
  }
  const args = parseArgs(
    argv,
    {
      archived: { flag: true },
      json: { flag: true },
      limit: { integer: [1, 100] satisfies [number, number] },
      offset: { integer: [0, 1_000_000] satisfies [number, number] },
    },
    'feed',
  );
  if (args.positionals.length)
    throw new UsageError(`wayfinder feed: unknown command "${args.positionals[0] ?? ''}". Try wayfinder feed --help.`);
  return reporting(io, 'feed', () => {
    const state = args.flags.has('archived') ? 'archived' : 'new';
    const page = service.feed(state, Number(args.values.get('offset') ?? 0), Number(args.values.get('limit') ?? 20));
    if (args.flags.has('json')) io.stdout.write(`${JSON.stringify(page)}\n`);
    else if (!page.items.length)
      io.stdout.write(
        state === 'new' ? 'Nothing new. wayfinder research looks for more (wayfinder interests sets what).\n' : 'The archive is empty.\n',
      );
    else {
      for (const d of page.items) {
        const mark = d.reaction === 'up' ? ' 👍' : d.reaction === 'down' ? ' 👎' : '';
        io.stdout.write(
          printable(
            `${d.id}  ${formatDate(d.foundAt)}  [${d.interest}]${mark}  ${d.title}\n    ${d.url}\n    ${oneLine(d.summary, 160)}\n`,
          ),
        );
      }
      io.stdout.write(`${page.items.length} of ${page.total} ${state === 'new' ? 'new' : 'archived'}; ${page.unread} unread.\n`);
    }
    return Promise.resolve(0);
  });
}
