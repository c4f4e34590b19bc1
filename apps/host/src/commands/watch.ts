import { parseArgs, UsageError } from '../args';
import { printable, type Io } from '../io';
import { hubDevice } from '../research/browser';
import { asPublicWatch, ResearchService } from '../research/service';
import { wayfinderHome } from '../store/db';
import { formatDate } from './format';
import { checkSub, reporting, wantsHelp } from './research-common';

export const WATCH_HELP = `Usage: wayfinder watch <add|list|remove|check> …

Pages to keep an eye on: a price, whether something is in stock, any value on the page.
The label says what to watch ("Trail Tent 2P price", "stock"); the first check finds it on
the page and remembers how. wayfinder serve checks watches on their schedule (research.
watchEveryMinutes in the config, 60 by default); a change shows in your feed as
"Label: old → new".

  wayfinder watch add <url> --label "<what to watch>"
  wayfinder watch list [--json]
  wayfinder watch remove <id>
  wayfinder watch check [--json]    check every watch now

Exit status: 0 on success, 1 when not found or a page could not be read, 2 for a usage error.`;

export async function watchCommand(argv: string[], io: Io): Promise<number> {
  const [sub, ...rest] = argv;
  if (wantsHelp(sub, rest) || !sub) {
    io.stdout.write(`${WATCH_HELP}\n`);
    return sub ? 0 : 2;
  }
  checkSub('watch', sub, ['add', 'list', 'remove', 'check']);
  const args = parseArgs(rest, { label: {}, json: { flag: true } }, `watch ${sub}`);
  const json = args.flags.has('json');
  const service = new ResearchService(io.env, { devices: hubDevice(wayfinderHome(io.env)), command: `watch ${sub}` });
  return reporting(io, `watch ${sub}`, async () => {
    if (sub === 'add') {
      const url = args.positionals[0] ?? '';
      const label = (args.values.get('label') ?? '').trim();
      if (args.positionals.length !== 1 || !/^https?:\/\//i.test(url))
        throw new UsageError('wayfinder watch add: give one page address (http:// or https://) and --label "<what to watch>".');
      if (!label) throw new UsageError('wayfinder watch add: say what to watch with --label, e.g. --label "Trail Tent 2P price".');
      const watch = service.addWatch(url, label);
      // The first check finds the value and remembers how.
      const [first] = (await service.checkWatches(false)).filter((r) => r.watch.id === watch.id);
      if (first?.error || first?.value === null) {
        io.stderr.write(
          `wayfinder watch add: added ${watch.id}, but could not find "${label}" on the page yet${first.error ? ` (${first.error})` : ''}; it is tried again on each check.\n`,
        );
        return 1;
      }
      io.stdout.write(printable(`Watching ${watch.id}: ${label} on ${url}${first?.value ? ` — now ${first.value}` : ''}\n`));
      return 0;
    }
    if (sub === 'remove') {
      const id = args.positionals[0] ?? '';
      if (args.positionals.length !== 1)
        throw new UsageError('wayfinder watch remove: give one watch id (wayfinder watch list shows them).');
      if (service.removeWatch(id)) {
        io.stdout.write(`Stopped watching ${id}.\n`);
        return 0;
      }
      io.stderr.write(`wayfinder watch remove: no watch has the id "${id}"; wayfinder watch list shows them.\n`);
      return 1;
    }
    if (args.positionals.length) throw new UsageError(`wayfinder watch ${sub}: takes no arguments.`);
    if (sub === 'list') {
      const all = service.listWatches().map(asPublicWatch);
      if (json) io.stdout.write(`${JSON.stringify({ watches: all })}\n`);
      else if (!all.length) io.stdout.write('No watches yet: wayfinder watch add <url> --label "<what to watch>".\n');
      else
        for (const w of all)
          io.stdout.write(
            printable(
              `${w.id}  ${w.value ?? '(not found yet)'}  ${w.label}  ${w.url}  ${w.lastCheckedAt ? `checked ${formatDate(w.lastCheckedAt)}` : ''}\n`,
            ),
          );
      return 0;
    }
    const results = await service.checkWatches(true);
    if (json)
      io.stdout.write(
        `${JSON.stringify({ checked: results.map((r) => ({ id: r.watch.id, label: r.watch.label, value: r.value, change: r.change?.title ?? null, error: r.error ?? null })) })}\n`,
      );
    else if (!results.length) io.stdout.write('No watches yet: wayfinder watch add <url> --label "<what to watch>".\n');
    else
      for (const r of results)
        io.stdout.write(
          printable(
            r.error
              ? `${r.watch.id}  ${r.watch.label}: could not read the page (${r.error})\n`
              : r.change
                ? `${r.watch.id}  Changed: ${r.change.title}\n`
                : `${r.watch.id}  ${r.watch.label}: ${r.value ?? '(not found)'} (unchanged)\n`,
          ),
        );
    return results.some((r) => r.error) ? 1 : 0;
  });
}
