import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkTask, startGym, taskById, type Gym, tinyPdf } from '@wayfinder/gym';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv, runProcess } from './cli';

// The CLI as someone outside the project gets it: `npm pack`, installed into an empty
// prefix with no registry access, run from a directory that is not the checkout.

const hostDir = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The machine's own Node when it is older than the floor (these machines ship Node 20; scripts/use-node.sh puts 24 first). */
const olderNode = ((): string | null => {
  const found = spawnSync('/usr/bin/node', ['--version'], { encoding: 'utf8' });
  if (found.error) return null;
  const major = Number(/^v(\d+)/.exec(found.stdout)?.[1] ?? 'NaN');
  return major < 24 ? '/usr/bin/node' : null;
})();
let scratch: string;
let tarballPath: string;
let wayfinder: string;
let installed: string;
let gym: Gym;

/** Runs a command without blocking this process (the gym it talks to lives here). */
async function run(
  command: string,
  args: string[],
  options: { cwd?: string } = {},
): Promise<{ code: number | null; stdout: string; stderr: string; all: string }> {
  const done = await runProcess(command, args, { cwd: options.cwd ?? scratch, env: { ...cleanEnv(), NODE_PATH: '' }, timeoutMs: 120_000 });
  return { ...done, all: `${done.stdout}\n${done.stderr}` };
}

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'wayfinder-package-'));
  const packed = await run('npm', ['pack', '--pack-destination', scratch, '--json'], { cwd: hostDir });
  expect(packed.code, packed.all).toBe(0);
  const tarball = readdirSync(scratch).find((f) => f.endsWith('.tgz'));
  if (!tarball) throw new Error(`npm pack wrote no tarball:\n${packed.all}`);
  tarballPath = join(scratch, tarball);
  const prefix = join(scratch, 'prefix');
  // --offline: the package must need nothing from the registry.
  const install = await run('npm', ['install', '--global', '--prefix', prefix, '--offline', '--no-audit', '--no-fund', tarballPath]);
  expect(install.code, install.all).toBe(0);
  wayfinder = join(prefix, 'bin', 'wayfinder');
  installed = join(prefix, 'lib', 'node_modules', 'wayfinder-agent');
  gym = await startGym();
}, 180_000);

afterAll(async () => {
  await gym.close();
  rmSync(scratch, { recursive: true, force: true });
});

describe('the packed CLI, installed outside the checkout', () => {
  it('is one self-contained package under a name of its own: no dependencies, no sources, no gym, licences included', () => {
    const manifest: unknown = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
    expect(manifest).toMatchObject({
      name: 'wayfinder-agent',
      license: 'MIT',
      bin: { wayfinder: './bin/wayfinder.mjs', 'wayfinder-agent': './bin/wayfinder.mjs' },
      engines: { node: '>=24' },
    });
    expect(manifest).not.toHaveProperty('private');
    expect(manifest).not.toHaveProperty('dependencies');
    // Nothing was installed beside it: no node_modules at all.
    expect(readdirSync(installed).sort()).toEqual(['LICENSE', 'README.md', 'bin', 'dist', 'package.json']);
    expect(readFileSync(join(installed, 'LICENSE'), 'utf8')).toMatch(/^MIT License\n\nCopyright \(c\) \d{4} The Wayfinder authors/);
  });

  it('runs with npx from the tarball in an empty folder, offline, as MCP clients start it', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'wayfinder-npx-'));
    try {
      // As the README says it: the tarball beside you, `npx -y ./wayfinder-agent-….tgz mcp --help`.
      const local = `./${basename(tarballPath)}`;
      copyFileSync(tarballPath, join(empty, local));
      const npx = await run('npx', ['-y', '--offline', local, 'mcp', '--help'], { cwd: empty });
      expect(npx.code, npx.all).toBe(0);
      expect(npx.stdout).toContain('Usage: wayfinder mcp [options]');
      expect((await run('npx', ['-y', '--offline', local, 'mcp', '-h'], { cwd: empty })).stdout).toContain(
        'Usage: wayfinder mcp [options]',
      );
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('prints its version and help', async () => {
    const version = await run(wayfinder, ['--version']);
    expect(version.code, version.all).toBe(0);
    const ours: unknown = JSON.parse(readFileSync(join(hostDir, 'package.json'), 'utf8'));
    expect(ours).toMatchObject({ version: version.stdout.trim() });
    const help = await run(wayfinder, ['--help']);
    expect(help.code, help.all).toBe(0);
    expect(help.stdout).toContain('Usage: wayfinder <command> [options]');
    expect((await run(wayfinder, ['run', '--help'])).stdout).toContain('--model <spec>');
    expect((await run(wayfinder, ['run', '-h'])).stdout).toContain('--model <spec>');
    expect((await run(wayfinder, ['help', 'run'])).stdout).toContain('--model <spec>');
  });

  it.skipIf(!olderNode)('under an older Node it says, in one line, which Node it needs (not a SyntaxError)', async () => {
    const old = await run(olderNode ?? '', [join(installed, 'bin', 'wayfinder.mjs'), '--help']);
    expect(old.code).toBe(1);
    expect(old.stdout).toBe('');
    expect(old.stderr).toMatch(
      /^wayfinder needs Node 24 or later; this is Node 2\d\.\d+\.\d+\. Install Node 24 LTS \(https:\/\/nodejs\.org\) and run it again\.\n$/,
    );
  });

  it('searches memory by words without the optional model package, and says how to add it when the model is asked for', async () => {
    const minilm = await run(wayfinder, ['memory', 'reindex', '--embedder', 'minilm']);
    expect(minilm.code, minilm.all).toBe(1);
    expect(minilm.stderr).toContain('all-MiniLM-L6-v2 needs the package @huggingface/transformers, which is not installed here');
    expect(minilm.stderr).toContain('Memory still searches with word hashing (built in).');
    const hash = await run(wayfinder, ['memory', 'reindex']);
    expect(hash.code, hash.all).toBe(0);
    expect(hash.stdout).toContain('Memory searches with word hashing (built in)');
  });

  it('prints a snapshot of a page', async () => {
    const snapshot = await run(wayfinder, ['snapshot', `${gym.url}/feed`]);
    expect(snapshot.code, snapshot.all).toBe(0);
    expect(snapshot.stdout).toMatch(/^Snapshot \(viewport\):\n<page-content source="http:\/\/127\.0\.0\.1:\d+\/feed">/);
    expect(snapshot.stdout).toMatch(/\[e\d+\] combobox "Favourite fruit"/);
  });

  it('carries out a task with the command interpreter', async () => {
    const task = taskById('widgets-counter');
    const done = await run(wayfinder, ['run', task.command ?? '', '--model', 'command', '--url', `${gym.url}${task.start}`]);
    expect(done.code, done.all).toBe(0);
    expect(done.stdout).toContain('wayfinder · command interpreter · act mode');
    expect(await checkTask(task, gym.url)).toMatchObject({ ok: true });
  });

  it('keeps a PDF in memory and finds it: pdf.js and its worker are inside, with no canvas package', async () => {
    writeFileSync(join(scratch, 'otters.pdf'), tinyPdf('Sea otters hold hands while they sleep.'));
    const added = await run(wayfinder, ['memory', 'add', 'otters.pdf']);
    expect(added.code, added.all).toBe(0);
    expect(added.all).not.toContain('Warning');
    const found = await run(wayfinder, ['memory', 'search', 'how do otters sleep']);
    expect(found.stdout).toContain('> Sea otters hold hands while they sleep.');
  });

  it('has no gym inside, and says where the gym is', async () => {
    const bundle = readdirSync(join(installed, 'dist', 'chunks'))
      .map((f) => readFileSync(join(installed, 'dist', 'chunks', f), 'utf8'))
      .join('\n');
    // Class names survive the build (identifiers are not minified), so these say what is inside.
    expect(bundle.includes('GymState'), 'the gym is bundled').toBe(false);
    expect(bundle.includes('CdpTab'), 'the driver is missing').toBe(true);
    const gymCommand = await run(wayfinder, ['gym']);
    expect(gymCommand.code).toBe(2);
    expect(gymCommand.stderr).toContain('the gym comes with the Wayfinder checkout');
    expect(readFileSync(join(installed, 'dist', 'THIRD-PARTY-NOTICES.txt'), 'utf8')).toMatch(/^ws@\d+\.\d+\.\d+ \(MIT\)$/m);
  });
});
