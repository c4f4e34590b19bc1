#!/usr/bin/env node
// The `wayfinder` command. The host runs from its TypeScript sources through tsx.
import { register } from 'tsx/esm/api';

register();
await import('../src/entry.ts');
