import { parseArgs, UsageError } from '../args';
import { printable, type Io } from '../io';
import { hubDevice } from '../research/browser';
import { ResearchService } from '../research/service';
import { wayfinderHome } from '../store/db';
import { plural } from './format';
import { reporting } from './research-common';

export const RESEARCH_HELP = `Usage: wayfinder research [--interest <topic or id>] [--json]

Looks for new things about your interests (wayfinder interests): searches each one, reads
the promising results in a background tab — each page summarised by a separate model with
no tools (WAYFINDER_SUMMARISER_MODEL, else WAYFINDER_MODEL) — and keeps what is new in your
feed (wayfinder feed). Only sites you allowed in your site rules are read; others are listed
as skipped for you to decide about. Reads in your own Chrome when one is connected to
wayfinder serve, else in a headless Chromium.

Settings (config file, "research"): searchUrl (default https://html.duckduckgo.com/html/?q=%s),
videoUrl, pagesPerRun (12), pagesPerSite (4), siteGapSeconds (2), everyMinutes (scheduled
runs inside wayfinder serve; 0, the default, is off).

Exit status: 0 when the run finished, 1 when it could not run, 2 for a usage error.`;

export async function researchCommand(argv: string[], io: Io): Promise<number> {
  const args = parseArgs(argv, { interest: {}, json: { flag: true }, help: { flag: true } }, 'research');
  if (args.flags.has('help')) {
    io.stdout.write(`${RESEARCH_HELP}\n`);
    return 0;
  }
  if (args.positionals.length)
    throw new UsageError(`wayfinder research: unexpected "${args.positionals.join(' ')}". Try wayfinder research --help.`);
  const json = args.flags.has('json');
  const status = (text: string | null) => {
    if (!json) io.status?.(text);
  };
  const say = (line: string) => {
    status(null);
    if (!json) io.stdout.write(`${printable(line)}\n`);
  };
  const controller = new AbortController();
  const stop = io.onInterrupt(() => controller.abort());
  // The run's progress on one line (a terminal only); the service passes its lines and its progress through the one redaction.
  const service = new ResearchService(io.env, { devices: hubDevice(wayfinderHome(io.env)), log: say, progress: status });
  try {
    return await reporting(io, 'research', async () => {
      const outcome = await service.run(args.values.get('interest'), controller.signal);
      if (json) io.stdout.write(`${JSON.stringify(outcome)}\n`);
      else {
        say(`Found ${plural(outcome.discoveries, 'new thing')} reading ${plural(outcome.visited, 'page')}.`);
        if (outcome.skipped.length) say(`Skipped (allow them in your site rules to include them): ${outcome.skipped.join(', ')}`);
        if (outcome.discoveries) say('See them with wayfinder feed.');
      }
      return 0;
    });
  } finally {
    status(null);
    stop();
  }
}
