// `npm run gym`: serves the gym on fixed ports until stopped.
import { startGym } from './server';
import { TASKS } from './tasks';

const port = Number(process.env.GYM_PORT ?? 4170);
const otherPort = Number(process.env.GYM_OTHER_PORT ?? port + 1);
try {
  const gym = await startGym({ port, otherPort });
  console.log(`Wayfinder gym: ${gym.url}  (second origin for cross-origin frames: ${gym.otherUrl})`);
  console.log(`Apps: ${['shop', 'signup', 'admin', 'widgets', 'feed', 'articles/', 'traps/'].map((a) => `${gym.url}/${a}`).join('  ')}`);
  console.log(`${TASKS.length} tasks; state at ${gym.url}/api/state. Ctrl+C stops.`);
  const stop = () => void gym.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (error) {
  const code = typeof error === 'object' && error && 'code' in error ? error.code : '';
  console.error(code === 'EADDRINUSE' ? `Port ${port} or ${otherPort} is in use; set GYM_PORT to another port.` : error);
  process.exit(1);
}
