#!/usr/bin/env node
// The `wayfinder` command. It runs the build in ../dist (apps/host/build.ts); Node keeps
// the compiled code between runs, so later starts are quicker.
import { enableCompileCache } from 'node:module';

enableCompileCache?.();
try {
  await import('../dist/wayfinder.mjs');
} catch (error) {
  if (error?.code === 'ERR_MODULE_NOT_FOUND' && String(error.message).includes('wayfinder.mjs')) {
    console.error('wayfinder: the command is not built yet. In the Wayfinder checkout, run: npm run build:host');
    process.exit(1);
  }
  throw error;
}
