import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CliOutcome } from '@wayfinder/gym';

// Runs the built `wayfinder` command (apps/host/bin/wayfinder.mjs, what the package
// installs) as a person would: its own environment, without the developer's Wayfinder and
// provider settings, no colour, nothing on stdin (nobody answers the prompts).

const BIN = join(dirname(fileURLToPath(import.meta.url)), '../../apps/host/bin/wayfinder.mjs');
const OURS = /^(WAYFINDER_|OPENAI_|ANTHROPIC_|GOOGLE_GENERATIVE_AI_|GEMINI_|MISTRAL_|OLLAMA_|GYM_PORT)/;

export function runWayfinder(args: string[], env: Record<string, string>, timeoutMs: number): Promise<CliOutcome> {
  const base = Object.fromEntries(Object.entries(process.env).filter(([key]) => !OURS.test(key)));
  const child = spawn(process.execPath, [BIN, ...args], { env: { ...base, NO_COLOR: '1', ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin.end();
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
