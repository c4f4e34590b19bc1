import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { COMMANDS, HELP, main } from './cli';
import type { Io } from './io';

// The README's command lines against the command line itself. Every line in a fenced code
// block that runs the CLI (`wayfinder …`, `wayfinder-agent …`, `npx [-y] wayfinder-agent …`,
// `npx wayfinder …`, and MCP client configs whose command/args start it) must name a command
// the CLI dispatches, a subcommand that command dispatches, and only options that the help
// printed for `wayfinder <command> [<subcommand>] --help` mentions. Every `npm run <script>`
// (and npm start / npm test) in the README, fenced or inline, must name a script of the root
// package.json (or of the workspace given with -w).
//
// Nothing is copied from the CLI here: the command table is cli.ts's COMMANDS, a subcommand exists when `main` hands it to that subcommand's own
// parser (its "wayfinder <command> <sub>: unknown option" error names it), and the help text is
// what `main` prints for --help. The probes carry an option no command has, so each stops at
// its argument parser before opening a browser, a store or anything else.
// README_PATH=/some/README.md checks another file (default: the repository's README.md).

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const README = process.env.README_PATH ? resolve(process.env.README_PATH) : join(ROOT, 'README.md');

const PROBE_OPTION = '--readme-probe-option';

const scratch = mkdtempSync(join(tmpdir(), 'wayfinder-readme-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

type Result = { code: number; out: string; err: string };
const calls = new Map<string, Promise<Result>>();

/** `wayfinder ARGV` through `main`, once per argv (each command module loads once). */
function call(argv: string[]): Promise<Result> {
  const key = JSON.stringify(argv);
  const known = calls.get(key);
  if (known) return known;
  let out = '';
  let err = '';
  const io: Io = {
    stdin: Readable.from([]),
    stdout: { write: (t: string) => ((out += t), true) },
    stderr: { write: (t: string) => ((err += t), true) },
    // Somewhere of its own, should a probe ever get past its parser.
    env: {
      HOME: scratch,
      WAYFINDER_HOME: join(scratch, 'home'),
      WAYFINDER_CONFIG: join(scratch, 'config.json'),
      XDG_CONFIG_HOME: join(scratch, 'config'),
      XDG_CACHE_HOME: join(scratch, 'cache'),
      XDG_DATA_HOME: join(scratch, 'data'),
    },
    onInterrupt: () => () => undefined,
  };
  const result = main(argv, io).then((code) => ({ code, out, err }));
  calls.set(key, result);
  return result;
}

// ---- What the CLI says about itself ----

/** The command table `main` dispatches from. */
function commands(): Promise<string[]> {
  return Promise.resolve(Object.keys(COMMANDS));
}

/** What `wayfinder <command> [<sub>] --help` prints. */
async function help(argv: string[]): Promise<string> {
  const { code, out, err } = await call([...argv, '--help']);
  if (code !== 0 || !out.trim()) throw new Error(`wayfinder ${argv.join(' ')} --help failed (${code}): ${err}`);
  return out;
}

/** Whether `command` dispatches `word` as a subcommand: yes, no (and which it has), or not a subcommand at all. */
async function subcommand(command: string, word: string): Promise<{ kind: 'yes' } | { kind: 'no'; known: string } | { kind: 'argument' }> {
  const { err } = await call([command, word, PROBE_OPTION]);
  if (err.startsWith(`wayfinder ${command} ${word}: `)) return { kind: 'yes' };
  if (err.includes(`unknown command "${word}"`)) return { kind: 'no', known: /Commands: ([^.]+)\./.exec(err)?.[1] ?? '' };
  // The command read the word as an argument. A command whose help shows subcommands
  // (`wayfinder feed react …`) takes none by another name.
  const documented = new Set(
    [...(await help([command])).matchAll(new RegExp(`wayfinder ${command} ([a-z][a-z-]*)\\b`, 'g'))].map((m) => m[1] ?? ''),
  );
  if (documented.size && !documented.has(word)) return { kind: 'no', known: [...documented].join(', ') };
  return { kind: 'argument' };
}

// ---- Reading the README ----

interface Token {
  text: string;
  quoted: boolean;
  op?: boolean;
}

/** Shell words, roughly as sh splits them: quotes group, # starts a comment, && || ; | & separate. */
function shellWords(line: string): Token[] {
  const tokens: Token[] = [];
  let text = '';
  let quoted = false;
  let inWord = false;
  const end = () => {
    if (inWord) tokens.push({ text, quoted });
    text = '';
    quoted = false;
    inWord = false;
  };
  for (let i = 0; i < line.length; i++) {
    const c = line[i] ?? '';
    if (c === "'" || c === '"') {
      const close = line.indexOf(c, i + 1);
      const stop = close < 0 ? line.length : close;
      text += line.slice(i + 1, stop);
      quoted = true;
      inWord = true;
      i = stop;
    } else if (c === '\\' && i + 1 < line.length) {
      text += line.charAt(i + 1);
      inWord = true;
      i++;
    } else if (/\s/.test(c)) end();
    else if (c === '#' && !inWord) break;
    else if (c === '&' || c === '|' || c === ';') {
      end();
      const two = line.slice(i, i + 2);
      const op = two === '&&' || two === '||' ? two : c;
      tokens.push({ text: op, quoted: false, op: true });
      i += op.length - 1;
    } else {
      text += c;
      inWord = true;
    }
  }
  end();
  return tokens;
}

function segments(tokens: Token[]): Token[][] {
  const out: Token[][] = [[]];
  for (const t of tokens)
    if (t.op) out.push([]);
    else out[out.length - 1]?.push(t);
  return out.filter((s) => s.length);
}

const CLI_NAMES = new Set(['wayfinder', 'wayfinder-agent']);
const bare = (t: Token | undefined, text?: string) => !!t && !t.quoted && (text === undefined || t.text === text);

/** After any VAR=value assignments. */
function commandStart(segment: Token[]): number {
  let i = 0;
  while (bare(segment[i]) && /^[A-Za-z_]\w*=/.test(segment[i]?.text ?? '')) i++;
  return i;
}

/** The CLI's arguments when this segment runs it (at its start, or through npx), else null. */
function cliArguments(segment: Token[]): Token[] | null {
  const start = commandStart(segment);
  if (bare(segment[start]) && CLI_NAMES.has(segment[start]?.text ?? '')) return segment.slice(start + 1);
  for (let i = start; i < segment.length; i++) {
    if (!bare(segment[i], 'npx')) continue;
    let k = i + 1;
    while (bare(segment[k]) && segment[k]?.text.startsWith('-')) k++;
    if (bare(segment[k]) && CLI_NAMES.has(segment[k]?.text ?? '')) return segment.slice(k + 1);
  }
  return null;
}

interface CommandLine {
  line: number;
  text: string;
  tokens: Token[];
}

interface Parsed {
  /** Lines in fenced code blocks (JSON blocks: each command + args an MCP config starts). */
  fenced: CommandLine[];
  /** Inline `code` outside fenced blocks. */
  inline: CommandLine[];
}

function commandArrays(value: unknown, found: string[][]): void {
  if (Array.isArray(value)) for (const item of value) commandArrays(item, found);
  else if (typeof value === 'object' && value !== null) {
    if ('command' in value && 'args' in value) {
      const { command, args } = value;
      const strings = Array.isArray(args) ? args.filter((a): a is string => typeof a === 'string') : [];
      if (typeof command === 'string' && Array.isArray(args) && strings.length === args.length) found.push([command, ...strings]);
    }
    for (const item of Object.values(value)) commandArrays(item, found);
  }
}

function readMarkdown(markdown: string): Parsed {
  const lines = markdown.split('\n');
  const fenced: CommandLine[] = [];
  const inline: CommandLine[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^\s*(`{3,}|~{3,})\s*([\w+-]*)/.exec(lines[i] ?? '');
    if (!open) {
      for (const span of (lines[i] ?? '').matchAll(/`([^`]+)`/g))
        inline.push({ line: i + 1, text: span[1] ?? '', tokens: shellWords(span[1] ?? '') });
      continue;
    }
    const fence = open[1] ?? '```';
    const lang = (open[2] ?? '').toLowerCase();
    const body: { line: number; text: string }[] = [];
    for (i++; i < lines.length && !(lines[i] ?? '').trim().startsWith(fence); i++) body.push({ line: i + 1, text: lines[i] ?? '' });
    if (lang === 'json' || lang === 'jsonc') {
      try {
        const found: string[][] = [];
        commandArrays(JSON.parse(body.map((b) => b.text).join('\n')), found);
        for (const argv of found)
          fenced.push({
            line: body[0]?.line ?? 0,
            text: JSON.stringify(argv),
            tokens: argv.map((a) => ({ text: a, quoted: /\s/.test(a) })),
          });
      } catch {
        // Not JSON after all (an excerpt with … in it): no commands to check.
      }
      continue;
    }
    // A trailing backslash continues the line; a leading "$ " is a prompt.
    for (let b = 0; b < body.length; b++) {
      const first = body[b];
      if (!first) continue;
      let text = first.text.replace(/^\s*\$\s+/, '');
      while (/\\\s*$/.test(text) && b + 1 < body.length) text = text.replace(/\\\s*$/, ' ') + (body[++b]?.text ?? '');
      fenced.push({ line: first.line, text: text.trim(), tokens: shellWords(text) });
    }
  }
  return { fenced, inline };
}

// ---- Checking ----

const OPTION = /^\[?(--?[A-Za-z][\w-]*)/;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function mentions(help: string, option: string): boolean {
  return new RegExp(`(^|[\\s\\[(,|/])${escapeRegExp(option)}(?![\\w-])`, 'm').test(help);
}

/** What is wrong with one run of the CLI (its arguments, after the program name); null when it is not a command line. */
async function checkCli(args: Token[]): Promise<string[] | null> {
  const endOfOptions = args.findIndex((t) => bare(t, '--'));
  const words = endOfOptions < 0 ? args : args.slice(0, endOfOptions);
  // Output that starts with the name (a timeline's header "wayfinder · …") is not a command line.
  const first = words[0];
  if (first && !first.quoted && !/^(-[\w-]+|[a-z][\w-]*)$/.test(first.text)) return null;
  const options = (from: Token[]) => from.filter((t) => !t.quoted).flatMap((t) => OPTION.exec(t.text)?.[1] ?? []);
  if (!first || first.text.startsWith('-')) {
    return options(words)
      .filter((o) => !mentions(HELP, o))
      .map((o) => `option ${o} is not in wayfinder --help`);
  }
  // `wayfinder help <command> [sub]` is `wayfinder <command> [sub] --help`.
  const at = first.text === 'help' && !first.quoted ? 1 : 0;
  const command = words[at];
  if (!command) return [];
  const known = await commands();
  if (command.quoted || !known.includes(command.text))
    return [`"${command.text}" is not a wayfinder command (the CLI has: ${known.join(', ')})`];
  const problems: string[] = [];
  let helpArgv = [command.text];
  const next = words[at + 1];
  if (next && !next.quoted && /^[a-z][a-z-]*$/.test(next.text)) {
    const sub = await subcommand(command.text, next.text);
    if (sub.kind === 'yes') helpArgv = [command.text, next.text];
    if (sub.kind === 'no')
      problems.push(`"${command.text} ${next.text}": wayfinder ${command.text} has no such subcommand (it has: ${sub.known})`);
  }
  if (at) return problems;
  const text = await help(helpArgv);
  for (const option of options(words.slice(1)))
    if (!mentions(text, option)) problems.push(`option ${option} is not in wayfinder ${helpArgv.join(' ')} --help`);
  return problems;
}

interface PackageJson {
  name: string | null;
  scripts: string[];
  workspaces: string[];
}

function readPackage(dir: string): PackageJson {
  const json: unknown = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const fields = new Map<string, unknown>(typeof json === 'object' && json !== null ? Object.entries(json) : []);
  const [name, scripts, workspaces] = ['name', 'scripts', 'workspaces'].map((f) => fields.get(f));
  return {
    name: typeof name === 'string' ? name : null,
    scripts: typeof scripts === 'object' && scripts !== null ? Object.keys(scripts) : [],
    workspaces: Array.isArray(workspaces) ? workspaces.filter((w): w is string => typeof w === 'string') : [],
  };
}

/** Scripts of the root package, and of each workspace by name and by folder. */
function packageScripts(): { root: Set<string>; workspaces: Map<string, Set<string>> } {
  const rootPackage = readPackage(ROOT);
  const workspaces = new Map<string, Set<string>>();
  for (const pattern of rootPackage.workspaces) {
    const dirs = pattern.endsWith('/*')
      ? readdirSync(join(ROOT, pattern.slice(0, -2)), { withFileTypes: true })
          .filter((d) => d.isDirectory())
          .map((d) => `${pattern.slice(0, -2)}/${d.name}`)
      : [pattern];
    for (const dir of dirs) {
      let pkg: PackageJson;
      try {
        pkg = readPackage(join(ROOT, dir));
      } catch {
        continue;
      }
      const scripts = new Set(pkg.scripts);
      workspaces.set(dir, scripts);
      if (pkg.name) workspaces.set(pkg.name, scripts);
    }
  }
  return { root: new Set(rootPackage.scripts), workspaces };
}

const NPM_RUN = new Set(['run', 'run-script', 'rum', 'urn']);
const NPM_SHORTHAND: Record<string, string> = { start: 'start', test: 'test', t: 'test', tst: 'test', stop: 'stop', restart: 'restart' };

/** The script an npm command line runs, and the workspace it names, if any. */
function npmScript(segment: Token[]): { script: string; workspace: string | null } | null {
  const start = commandStart(segment);
  if (!bare(segment[start], 'npm')) return null;
  let workspace: string | null = null;
  const positionals: string[] = [];
  for (let i = start + 1; i < segment.length; i++) {
    const t = segment[i];
    if (!t) break;
    if (bare(t, '--')) break;
    if (bare(t, '-w') || bare(t, '--workspace')) workspace = segment[++i]?.text ?? null;
    else if (!t.quoted && t.text.startsWith('--workspace=')) workspace = t.text.slice('--workspace='.length);
    else if (!t.quoted && t.text.startsWith('-')) continue;
    else positionals.push(t.text);
  }
  const [verb, script] = positionals;
  if (verb && NPM_RUN.has(verb)) return script ? { script, workspace } : null;
  const shorthand = verb ? NPM_SHORTHAND[verb] : undefined;
  return shorthand ? { script: shorthand, workspace } : null;
}

/** Every problem with the README's command lines, as "README.md:LINE: what — the line". */
async function readmeProblems(markdown: string, file: string): Promise<string[]> {
  return (await checkReadme(markdown, file)).problems;
}

/** The problems, and the lines that were checked (so a README with none to check is noticed). */
async function checkReadme(markdown: string, file: string): Promise<{ problems: string[]; checked: string[] }> {
  const { fenced, inline } = readMarkdown(markdown);
  const scripts = packageScripts();
  const problems: string[] = [];
  const checked: string[] = [];
  const report = (where: CommandLine, what: string) => problems.push(`${file}:${where.line}: ${what} — ${where.text}`);
  const checkNpm = (where: CommandLine, segment: Token[]) => {
    const run = npmScript(segment);
    if (!run) return;
    checked.push(`${file}:${where.line}: ${where.text}`);
    const known = run.workspace === null ? scripts.root : scripts.workspaces.get(run.workspace);
    if (!known) report(where, `npm: no workspace "${run.workspace ?? ''}"`);
    else if (!known.has(run.script))
      report(where, `npm run ${run.script}: no such script in ${run.workspace === null ? 'package.json' : `workspace ${run.workspace}`}`);
  };
  for (const where of fenced)
    for (const segment of segments(where.tokens)) {
      const args = cliArguments(segment);
      const found = args && (await checkCli(args));
      if (found) {
        checked.push(`${file}:${where.line}: ${where.text}`);
        for (const what of found) report(where, what);
      }
      checkNpm(where, segment);
    }
  for (const where of inline) for (const segment of segments(where.tokens)) checkNpm(where, segment);
  return { problems, checked: [...new Set(checked)] };
}

// ---- The tests ----

describe('the README’s command lines', () => {
  it(`name real commands, subcommands, options and npm scripts (${README})`, { timeout: 120_000 }, async () => {
    const file = README.startsWith(ROOT) ? README.slice(ROOT.length) : README;
    const { problems, checked } = await checkReadme(readFileSync(README, 'utf8'), file);
    if (process.env.README_VERBOSE) console.info(`Checked ${checked.length} lines:\n${checked.join('\n')}`);
    expect(checked.length, 'no command lines found to check').toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });

  it('finds the lines it checks (fenced, through npx, in an MCP client config, inline npm scripts)', () => {
    const { fenced, inline } = readMarkdown(
      [
        'Run `npm run gym` first.',
        '```sh',
        'npx -y wayfinder-agent mcp   # comment --not-an-option',
        'claude mcp add wayfinder -- npx -y wayfinder-agent mcp',
        '```',
        '```json',
        '{ "mcpServers": { "w": { "command": "npx", "args": ["-y", "wayfinder-agent", "mcp"] } } }',
        '```',
      ].join('\n'),
    );
    const runs = fenced.flatMap((l) => segments(l.tokens).flatMap((s) => (cliArguments(s) ? [cliArguments(s)?.map((t) => t.text)] : [])));
    expect(runs).toEqual([['mcp'], ['mcp'], ['mcp']]);
    expect(inline.map((l) => l.text)).toEqual(['npm run gym']);
  });

  it('reports what does not exist, and only that (the check can fail)', { timeout: 120_000 }, async () => {
    const sample = [
      '```sh',
      'wayfinder frobnicate --json',
      'npx -y wayfinder-agent run "search for tents" --url https://shop.example --frobnicate',
      'wayfinder memory frobnicate',
      'wayfinder feed frobnicate',
      'npm run no-such-script',
      'wayfinder skill list --json',
      'npx wayfinder memory search "the editor\'s email" -k 3 --json',
      'wayfinder feed react 3fa9c1d2 up',
      'wayfinder run "x" --mode ask --yes --allow-sensitive --no-memory',
      'source scripts/use-node.sh && npm install && npm test',
      '```',
      '```json',
      '{ "mcpServers": { "w": { "command": "npx", "args": ["-y", "wayfinder-agent", "frobnicate"] } } }',
      '```',
      'And `npm run nope -- --json`.',
    ].join('\n');
    const problems = await readmeProblems(sample, 'SAMPLE.md');
    expect(problems).toHaveLength(7);
    expect(problems[0]).toMatch(/^SAMPLE\.md:2: "frobnicate" is not a wayfinder command/);
    expect(problems[1]).toMatch(/^SAMPLE\.md:3: option --frobnicate is not in wayfinder run --help/);
    expect(problems[2]).toMatch(/^SAMPLE\.md:4: "memory frobnicate": wayfinder memory has no such subcommand \(it has: add, search/);
    expect(problems[3]).toMatch(/^SAMPLE\.md:5: "feed frobnicate": wayfinder feed has no such subcommand \(it has: react\)/);
    expect(problems[4]).toMatch(/^SAMPLE\.md:6: npm run no-such-script: no such script in package\.json/);
    expect(problems[5]).toMatch(/^SAMPLE\.md:14: "frobnicate" is not a wayfinder command/);
    expect(problems[6]).toMatch(/^SAMPLE\.md:16: npm run nope: no such script/);
  });
});
