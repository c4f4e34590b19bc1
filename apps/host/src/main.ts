// `npm start`: until the agent lands, the main job shows what Wayfinder sees. It serves
// the gym, opens its shop in headless Chromium and prints the snapshot a model would
// get, then keeps the gym up for exploring (Ctrl+C stops). `--once` exits after printing;
// `--url <address>` snapshots another page instead of the shop.
import { NodeBrowser } from '@wayfinder/cdp/node';
import { startGym, type Gym } from '@wayfinder/gym';
import type { SnapshotMode } from '@wayfinder/page';

interface Args {
  once: boolean;
  url: string | null;
  mode: SnapshotMode;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { once: false, url: null, mode: 'viewport' };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--once') args.once = true;
    else if (arg === '--full') args.mode = 'full';
    else if (arg === '--url') args.url = argv[++i] ?? null;
    else if (arg === '--help' || arg === '-h') {
      console.log('Usage: npm start -- [--once] [--full] [--url <address>]');
      process.exit(0);
    } else {
      console.error(`Unknown option ${arg ?? ''}. Try --help.`);
      process.exit(2);
    }
  }
  return args;
}

/** The gym on its usual ports (4170/4171, or GYM_PORT), or on free ones when those are taken. */
async function openGym(): Promise<Gym> {
  const port = Number(process.env.GYM_PORT ?? 4170);
  try {
    return await startGym({ port, otherPort: port + 1 });
  } catch {
    return startGym();
  }
}

const args = parseArgs(process.argv.slice(2));
const gym = await openGym();
let browser: NodeBrowser | null = null;
const shutdown = async (code: number) => {
  await browser?.close().catch(() => undefined);
  await gym.close();
  process.exit(code);
};
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

try {
  console.log(`Gym running at ${gym.url} (second origin ${gym.otherUrl}).`);
  browser = await NodeBrowser.launch();
  const page = await browser.newPage();
  const target = args.url ?? `${gym.url}/shop`;
  await page.navigate(target);
  const snapshot = await page.script.snapshot({ mode: args.mode });
  console.log(`\nWhat Wayfinder sees (${args.mode} snapshot, ${snapshot.stats.tokens} tokens, ${snapshot.refs.length} refs, ${snapshot.stats.ms.toFixed(0)} ms in the page):\n`);
  console.log(snapshot.text);
  if (args.once) await shutdown(0);
  console.log(`\nThe gym stays up: open ${gym.url} in a browser. Ctrl+C stops.`);
  await browser.close();
  browser = null;
} catch (error) {
  console.error(`wayfinder: ${error instanceof Error ? error.message : String(error)}`);
  await shutdown(1);
}
