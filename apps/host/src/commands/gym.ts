import { startGym, TASKS, type Gym } from '@wayfinder/gym';
import { parseArgs } from '../args';
import type { Io } from './run';

export const GYM_HELP = `Usage: wayfinder gym [--port <n>]

Serves the gym: a shop, a signup form, an admin table, widgets, an infinite feed and
pages with planted traps, with a checker for each task. Ctrl+C stops it.`;

/** The gym on its usual ports (4170/4171, or GYM_PORT), or on free ones when those are taken. */
export async function openGym(port: number | null): Promise<Gym> {
  const wanted = port ?? 4170;
  try {
    return await startGym({ port: wanted, otherPort: wanted + 1 });
  } catch (error) {
    if (port !== null) throw error;
    return startGym();
  }
}

export async function gymCommand(argv: string[], io: Io): Promise<number> {
  const args = parseArgs(argv, { port: { integer: [1, 65534] }, help: { flag: true } }, 'gym');
  if (args.flags.has('help')) {
    io.stdout.write(`${GYM_HELP}\n`);
    return 0;
  }
  const fromEnv = io.env.GYM_PORT ? Number(io.env.GYM_PORT) : null;
  const gym = await openGym(args.values.has('port') ? Number(args.values.get('port')) : fromEnv);
  io.stdout.write(`Gym running at ${gym.url} (second origin ${gym.otherUrl}). Ctrl+C stops it.\n\nTasks:\n`);
  for (const task of TASKS) io.stdout.write(`  ${task.id.padEnd(26)} ${gym.url}${task.start}\n`);
  await new Promise<void>((resolve) => {
    const stop = io.onInterrupt(() => {
      stop();
      resolve();
    });
  });
  await gym.close();
  return 0;
}
