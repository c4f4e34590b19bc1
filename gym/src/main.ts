// `npm run gym [-- --port N]`: serves the gym on 4170/4171 (or GYM_PORT) until stopped,
// listing each task's start page.
import { openGym } from './server';
import { TASKS } from './tasks';

const at = process.argv.indexOf('--port');
const given = at >= 0 ? process.argv[at + 1] : process.env.GYM_PORT;
const port = given === undefined ? null : Number(given);
if (port !== null && (!Number.isInteger(port) || port < 1 || port > 65534)) {
  console.error(`The gym's port must be a whole number from 1 to 65534, not "${given ?? ''}".`);
  process.exit(2);
}
try {
  const gym = await openGym(port);
  console.log(`Wayfinder gym: ${gym.url}  (second origin for cross-origin frames: ${gym.otherUrl}). Ctrl+C stops it.`);
  console.log(`State at ${gym.url}/api/state. Tasks:`);
  for (const task of TASKS) console.log(`  ${task.id.padEnd(26)} ${gym.url}${task.start}`);
  const stop = () => void gym.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (error) {
  const code = typeof error === 'object' && error && 'code' in error ? error.code : '';
  console.error(code === 'EADDRINUSE' ? `Port ${String(port)} or the next one is in use; pass --port with another.` : error);
  process.exit(1);
}
