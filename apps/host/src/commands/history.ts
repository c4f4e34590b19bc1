import { parseArgs } from '../args';
import { printable, type Io } from '../io';
import { openHostStore } from '../store';
import { formatDate, oneLine } from './format';

export const HISTORY_HELP = `Usage: wayfinder history [--limit <n>] [--json]

The tasks the host carried out (wayfinder run, and tasks a connected browser asked for
through wayfinder serve, with which one), newest first: when, how it ended, the task and
what was done. Kept in $WAYFINDER_HOME/wayfinder.db (default ~/.local/share/wayfinder).`;

export function historyCommand(argv: string[], io: Io): Promise<number> {
  return Promise.resolve(history(argv, io));
}

function history(argv: string[], io: Io): number {
  const args = parseArgs(argv, { limit: { integer: [1, 10_000] }, json: { flag: true }, help: { flag: true } }, 'history');
  if (args.flags.has('help')) {
    io.stdout.write(`${HISTORY_HELP}\n`);
    return 0;
  }
  const store = openHostStore(io.env);
  try {
    const tasks = store.tasks.history(Number(args.values.get('limit') ?? 20));
    if (args.flags.has('json')) {
      io.stdout.write(`${JSON.stringify({ tasks })}\n`);
      return 0;
    }
    if (!tasks.length) {
      io.stdout.write('No tasks yet: wayfinder run "<task>" carries one out.\n');
      return 0;
    }
    for (const t of tasks) {
      const from = t.device ? `  (from ${printable(oneLine(t.device, 40))})` : '';
      io.stdout.write(`${formatDate(t.createdAt)}  ${t.status.padEnd(11)}  ${oneLine(t.task, 80)}${from}\n`);
      if (t.summary) io.stdout.write(`${' '.repeat(18)}${oneLine(t.summary, 160)}\n`);
    }
    return 0;
  } finally {
    store.close();
  }
}
