import { parseArgs, UsageError } from '../args';
import { openBrowser } from '../browser';
import type { Io } from '../io';

export const SNAPSHOT_HELP = `Usage: wayfinder snapshot <url> [--full] [--cdp-endpoint <url>] [--headed]

Prints what Wayfinder sees on a page: its controls with refs, headings and text.
--full covers the whole page rather than what is in view.`;

export async function snapshotCommand(argv: string[], io: Io): Promise<number> {
  const args = parseArgs(argv, { full: { flag: true }, 'cdp-endpoint': {}, headed: { flag: true }, help: { flag: true } }, 'snapshot');
  if (args.flags.has('help')) {
    io.stdout.write(`${SNAPSHOT_HELP}\n`);
    return 0;
  }
  const [url, extra] = args.positionals;
  if (!url || extra !== undefined) throw new UsageError('wayfinder snapshot: give one address, e.g. wayfinder snapshot https://example.com');
  const opened = await openBrowser({ cdpEndpoint: args.values.get('cdp-endpoint'), headed: args.flags.has('headed'), url });
  try {
    const mode = args.flags.has('full') ? 'full' : 'viewport';
    const snapshot = await opened.tab.snapshot({ mode });
    io.stdout.write(`# ${snapshot.title} — ${snapshot.url}\n# ${mode} snapshot, ${snapshot.tokens} tokens, ${snapshot.refs.length} refs${snapshot.truncated ? ', truncated' : ''}\n\n${snapshot.text}\n`);
    return 0;
  } finally {
    await opened.close();
  }
}
