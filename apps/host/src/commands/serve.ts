import { DEFAULT_PORT, PAIRING_CODE_MS } from '@wayfinder/bridge';
import { parseArgs, UsageError } from '../args';
import { HubError, StoreError } from '../errors';
import { Hub } from '../hub/hub';
import { hostTasks } from '../hub/host-tasks';
import { printable, type Io } from '../io';
import { serveResearch } from '../research/serve';
import { openRuntime } from '../runtime';
import { CredentialStore } from '../store/credentials';
import { databasePath, openDatabase, wayfinderHome } from '../store/db';

// wayfinder serve: the hub that keeps the connection to the person's own Chrome (the
// Wayfinder extension dials out to it) and lets `wayfinder run --browser extension` and
// `wayfinder mcp --extension` work there. See docs/0028-bridge.md.

export const SERVE_HELP = `Usage: wayfinder serve [--port N]

Lets Wayfinder work in your own Chrome: the Wayfinder extension connects to this host, and
wayfinder run --browser extension (or wayfinder mcp --extension) then acts in a tab group
there, under your browser's own site rules, asking you in its side panel.

Listens on 127.0.0.1 only. To connect a browser, enter the code it prints in Wayfinder's
Options → Connect to the host (a code works once, for ${PAIRING_CODE_MS / 60_000} minutes). wayfinder devices lists,
renames and removes the browsers connected this way.

A connected browser can also hand a task to this host (choose "host" as the model in its
side panel): it runs here with this host's model (WAYFINDER_MODEL), rules and memory, in a
tab of that browser; every connected browser shows the conversation, and wayfinder history
lists it with the browser that asked.

Research: your feed is at http://127.0.0.1:PORT/feed (this machine only); research runs on
a schedule when research.everyMinutes is set in the config (off by default), and watched
pages are checked when due (wayfinder research --help, wayfinder watch --help).

Options:
  --port N          listen on this port (default ${DEFAULT_PORT})

Ctrl+C stops it.`;

const OPTIONS = {
  port: { integer: [0, 65_535] satisfies [number, number] },
  help: { flag: true },
};

export async function serveCommand(argv: string[], io: Io): Promise<number> {
  const args = parseArgs(argv, OPTIONS, 'serve');
  if (args.flags.has('help')) {
    io.stdout.write(`${SERVE_HELP}\n`);
    return 0;
  }
  if (args.positionals.length)
    throw new UsageError(`wayfinder serve: unexpected "${args.positionals.join(' ')}". Try wayfinder serve --help.`);
  // What it logs (tasks, research, connections) passes the one redaction of the config as serve started;
  // each task and research run opens the runtime afresh (an edit applies to the next one).
  const { redaction } = openRuntime(io, { command: 'serve' });
  const say = (line: string) => io.stdout.write(`${printable(redaction.text(line))}\n`);
  let db;
  try {
    db = openDatabase(databasePath(io.env));
  } catch (error) {
    if (StoreError.isInstance(error)) {
      io.stderr.write(`wayfinder serve: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
  let hub: Hub;
  let started = false;
  // Browsers' feed, interests, runs and watches, the feed page at /feed, and the research schedule.
  const research = serveResearch(io.env, say);
  const codes: string[] = [];
  try {
    hub = await Hub.start({
      home: wayfinderHome(io.env),
      credentials: new CredentialStore(db),
      port: args.values.has('port') ? Number(args.values.get('port')) : DEFAULT_PORT,
      log: say,
      // A task asked from a browser's side panel runs here as wayfinder run runs one.
      tasks: hostTasks(io.env),
      research: research.service,
      http: research.http,
      onCode: (code) => {
        if (started) say(`Code for the next browser: ${code}`);
        else codes.push(code);
      },
    });
  } catch (error) {
    db.close();
    if (HubError.isInstance(error)) {
      io.stderr.write(`wayfinder serve: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
  started = true;
  research.attach(hub);
  say(`wayfinder serve: listening on ${hub.url} (Ctrl+C stops).`);
  say(`Your feed: http://127.0.0.1:${hub.port}/feed`);
  const port = hub.port === DEFAULT_PORT ? '' : ` (and port ${hub.port})`;
  say(`In Wayfinder's Options → Connect to the host, enter code ${codes.at(-1) ?? hub.codes.current}${port}`);
  say(`The code works once, for ${PAIRING_CODE_MS / 60_000} minutes. Then: wayfinder run --browser extension "<task>".`);
  await new Promise<void>((resolve) => {
    const stop = io.onInterrupt(() => {
      stop();
      resolve();
    });
  });
  say('wayfinder serve: stopping.');
  research.stop();
  await hub.close();
  db.close();
  return 0;
}
