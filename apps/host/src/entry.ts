// The process behind the `wayfinder` command (built to dist/wayfinder.mjs, which
// bin/wayfinder.mjs loads). Commands are loaded only when they run.
import { main } from './cli';
import { processIo } from './io';

const code = await main(process.argv.slice(2), processIo());
// Exit now: nothing a finished command started should keep the process alive.
process.exit(code);
