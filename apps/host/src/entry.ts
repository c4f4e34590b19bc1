// The process behind the `wayfinder` command (bin/wayfinder.mjs loads it).
import { main, processIo } from './cli';

const code = await main(process.argv.slice(2), processIo());
// Exit now: nothing a finished command started should keep the process alive.
process.exit(code);
