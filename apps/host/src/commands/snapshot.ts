import { makeToolContext, TabSession, ToolRegistry, ToolRunner } from '@wayfinder/core';
import { parseArgs, UsageError } from '../args';
import type { Io } from '../io';
import { openRuntime } from '../runtime';

export const SNAPSHOT_HELP = `Usage: wayfinder snapshot <url> [--full] [--cdp-endpoint <url>] [--headed]

Prints what Wayfinder sees on a page: its controls with refs, headings and text, exactly
as a model would read it (page text fenced as untrusted, credentials and stored secrets
redacted). --full covers the whole page rather than what is in view. The page loads under
your site rules: a blocked site is not opened, and nobody is asked about others.`;

/** A person reading a page wants all of it: far more than one tool result gives a model. */
const PRINTED_CHARS = 400_000;

export async function snapshotCommand(argv: string[], io: Io): Promise<number> {
  const args = parseArgs(argv, { full: { flag: true }, 'cdp-endpoint': {}, headed: { flag: true }, help: { flag: true } }, 'snapshot');
  if (args.flags.has('help')) {
    io.stdout.write(`${SNAPSHOT_HELP}\n`);
    return 0;
  }
  const [url, extra] = args.positionals;
  if (!url || extra !== undefined)
    throw new UsageError('wayfinder snapshot: give one address, e.g. wayfinder snapshot https://example.com');
  const runtime = openRuntime(io, { command: 'snapshot' });
  const policy = runtime.policy();
  // The page is the person's choice; what it loads besides is judged by their site rules (no one is asked here).
  const opened = await runtime.launchBrowser(
    { cdpEndpoint: args.values.get('cdp-endpoint'), headed: args.flags.has('headed'), url },
    { policy, start: url, ask: () => Promise.resolve('deny') },
  );
  try {
    // Through the one gated path every tool call takes, so the page is shown the way a model reads it.
    const runner = new ToolRunner({
      registry: new ToolRegistry(),
      policy,
      render: { maxChars: PRINTED_CHARS, redact: runtime.redaction.apply },
    });
    const context = makeToolContext({
      browser: opened.browser,
      tabs: new TabSession(opened.browser, opened.tab.id),
      signal: new AbortController().signal,
    });
    const result = await runner.run({ name: 'snapshot', input: { mode: args.flags.has('full') ? 'full' : 'viewport' } }, context);
    (result.isError ? io.stderr : io.stdout).write(`${result.isError ? 'wayfinder: ' : ''}${result.text}\n`);
    return result.isError ? 1 : 0;
  } finally {
    await opened.close();
  }
}
