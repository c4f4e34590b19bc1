#!/usr/bin/env node
// The `wayfinder` command. It runs the build in ../dist (apps/host/build.ts); Node keeps
// the compiled code between runs, so later starts are quicker. The Node check comes first,
// before anything that an older Node could not even parse or link is loaded.
const NEEDS = 24;
const major = Number(process.versions.node.split('.')[0]);
if (!(major >= NEEDS)) {
  console.error(
    `wayfinder needs Node ${NEEDS} or later; this is Node ${process.versions.node}. Install Node ${NEEDS} LTS (https://nodejs.org) and run it again.`,
  );
  process.exit(1);
}
import('node:module')
  .then(({ enableCompileCache }) => {
    enableCompileCache?.();
    return import('../dist/wayfinder.mjs');
  })
  .catch((error) => {
    if (error?.code === 'ERR_MODULE_NOT_FOUND' && String(error.message).includes('wayfinder.mjs')) {
      console.error('wayfinder: the command is not built yet. In the Wayfinder checkout, run: npm run build:host');
      process.exit(1);
    }
    throw error;
  });
