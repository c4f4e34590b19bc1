// `npm start`: the demo. Serves the gym, and runs a task on its shop with the configured
// model (WAYFINDER_MODEL or --model; the command interpreter when none is set), showing
// the timeline; then the gym's checker says whether it really worked. Any `wayfinder run`
// option can follow (npm start -- --headed --model ollama:llama3.1); --serve keeps the gym
// up afterwards for exploring. It runs from the source checkout: the gym is not part of
// the installed CLI.
import { checkTask, openGym, taskById } from '@wayfinder/gym';
import { runCommand } from '../src/commands/run';
import { processIo } from '../src/io';

const DEMO = taskById('shop-lantern');

const io = processIo();
const argv = process.argv.slice(2);
const serve = argv.includes('--serve');
const passThrough = argv.filter((a) => a !== '--serve');
const modelAt = passThrough.indexOf('--model');
const model = modelAt >= 0 ? passThrough[modelAt + 1] : io.env.WAYFINDER_MODEL;
const task = (!model || model === 'command') && DEMO.command ? DEMO.command : DEMO.instruction;

const gym = await openGym(io.env.GYM_PORT ? Number(io.env.GYM_PORT) : null);
io.stdout.write(`Gym running at ${gym.url}. Demo task on its shop:\n\n`);
let code: number;
try {
  code = await runCommand([task, '--url', `${gym.url}/shop`, ...passThrough], io);
  const verdict = await checkTask(DEMO, gym.url);
  io.stdout.write(`\nGym checker: ${verdict.ok ? '✓' : '✗'} ${verdict.reason}\n`);
  if (!verdict.ok) code = 1;
} catch (error) {
  io.stderr.write(`wayfinder: ${error instanceof Error ? error.message : String(error)}\n`);
  code = 1;
}
if (serve) {
  io.stdout.write(`\nThe gym stays up at ${gym.url}: open it in a browser, or try wayfinder run against it. Ctrl+C stops.\n`);
  await new Promise<void>((resolve) => io.onInterrupt(resolve));
}
await gym.close();
process.exit(code);
