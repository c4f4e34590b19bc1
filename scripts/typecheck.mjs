// Typechecks every package against its own tsconfig (each has its own lib/types:
// core sees no DOM and no Node, page sees only the DOM). Runs them one after another
// so a failure names the package it came from.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const projects = [
  'packages/core/tsconfig.json',
  'packages/page/tsconfig.json',
  'packages/page/test/tsconfig.json',
  'packages/cdp/tsconfig.json',
  'packages/bridge/tsconfig.json',
  'packages/bridge/test/tsconfig.json',
  'apps/host/tsconfig.json',
  'apps/extension/tsconfig.json',
  'gym/tsconfig.json',
  'bench/tsconfig.json',
  'tsconfig.json',
].filter((p) => existsSync(p) && hasSources(dirname(p)));

/** A package that has no TypeScript yet (a later issue fills it) has nothing to check. */
function hasSources(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    if (entry.isDirectory() ? hasSources(join(dir, entry.name)) : /\.tsx?$/.test(entry.name)) return true;
  }
  return false;
}

// tsc's own script under this Node (npx would start npm for every project).
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

let failed = 0;
for (const project of projects) {
  const started = Date.now();
  const result = spawnSync(process.execPath, [tsc, '--noEmit', '-p', project], { stdio: 'inherit' });
  const status = result.status === 0 ? 'ok' : 'FAILED';
  console.log(`typecheck ${project}: ${status} (${Date.now() - started} ms)`);
  if (result.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
