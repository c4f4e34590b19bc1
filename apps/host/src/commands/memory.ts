import { parseSite, siteKey, type MemoryResult, type Redaction, type VaultDocument } from '@wayfinder/core';
import { parseArgs, UsageError } from '../args';
import type { Io } from '../io';
import { embedderLabel as embedderLabelOf, type HostMemory } from '../memory/open';
import { rememberEmbedder, type EmbedderName } from '../config';
import { MAX_FILE_BYTES } from '../memory/read-file';
import { openRuntime, type Runtime } from '../runtime';
import { Terminal } from '../terminal';
import { formatChars, formatDate, oneLine, plural } from './format';
import { addSources } from './memory-add';

export const MEMORY_HELP = `Usage: wayfinder memory <add|search|reindex|list|forget> …

Your private vault of pages and files, kept on this computer ($WAYFINDER_HOME/wayfinder.db,
default ~/.local/share/wayfinder). The agent searches it when a task needs it.

  wayfinder memory add <file|url>… [--json]
      store files (.txt .md .html .json .pdf, up to ${MAX_FILE_BYTES / 1024 / 1024} MB each) and web pages;
      pages and HTML files are read in the browser, so contacts in links are kept
      (HTML files offline, a few at a time, without running their scripts);
      pages load under your site rules (a blocked site is not read; nobody is
      asked about others here). One document keeps at most its first 2,000,000
      characters (what was cut is said)
  wayfinder memory search "<query>" [-k N] [--json]
      the N best-matching pages and files (default 3), with their best passages
  wayfinder memory reindex [--embedder hash|minilm] [--json]
      give every chunk a vector from the embedder memory searches with; with
      --embedder, switch to it first: hash (built in, no download) or minilm
      (all-MiniLM-L6-v2: finds pages by meaning, not only shared words; its
      ~23 MB are downloaded once into $WAYFINDER_HOME/models, from the hub or
      the config's "memory": {"modelHost": "…"}). The config keeps the choice
      once every chunk has its vector; stopped or failed, nothing changes
  wayfinder memory list [--site <site>] [--json]
      what is stored: id, kind, title, site, date and size
  wayfinder memory forget <id>… | --site <site> | --all [--yes]
      delete documents for good (--all asks first unless --yes)

Exit status: 0 on success, 1 when something could not be added or found, 2 for a usage error.`;

const SUBCOMMANDS = ['add', 'search', 'reindex', 'list', 'forget'];

export async function memoryCommand(argv: string[], io: Io): Promise<number> {
  const [sub, ...rest] = argv;
  if (!sub || sub === '--help' || sub === '-h' || sub === 'help' || rest.includes('--help')) {
    io.stdout.write(`${MEMORY_HELP}\n`);
    return sub ? 0 : 2;
  }
  if (!SUBCOMMANDS.includes(sub))
    throw new UsageError(`wayfinder memory: unknown command "${sub}". Commands: ${SUBCOMMANDS.join(', ')}. Try wayfinder memory --help.`);
  const command = `memory ${sub}`;
  // `-k 5` is the one short option; the parser reads long ones.
  const args = parseArgs(
    rest.map((a) => (a === '-k' ? '--k' : a)),
    { json: { flag: true }, k: { integer: [1, 20] }, site: {}, all: { flag: true }, yes: { flag: true }, embedder: {} },
    command,
  );
  const allowed: Record<string, string[]> = {
    add: ['json'],
    search: ['json', 'k'],
    reindex: ['json', 'embedder'],
    list: ['json', 'site'],
    forget: ['site', 'all', 'yes'],
  };
  for (const name of [...args.flags, ...args.values.keys()])
    if (!allowed[sub]?.includes(name))
      throw new UsageError(`wayfinder ${command}: --${name} is not an option of this command. Try wayfinder memory --help.`);
  const json = args.flags.has('json');
  const embedder = args.values.get('embedder');
  if (embedder !== undefined && embedder !== 'hash' && embedder !== 'minilm')
    throw new UsageError(`wayfinder memory reindex: --embedder is hash (built in) or minilm (all-MiniLM-L6-v2), not "${embedder}".`);

  const runtime = openRuntime(io, { command, memory: 'required' });
  const { memory, redaction } = runtime;
  try {
    switch (sub) {
      case 'add':
        if (!args.positionals.length)
          throw new UsageError('wayfinder memory add: name files or pages, e.g. wayfinder memory add notes.md https://example.com/article');
        return await addSources(args.positionals, runtime, io, json);
      case 'search':
        return await search(memory, redaction, io, args.positionals.join(' ').trim(), Number(args.values.get('k') ?? 3), json);
      case 'reindex':
        if (args.positionals.length)
          throw new UsageError(`wayfinder memory reindex takes no words ("${args.positionals.join(' ')}"); did you mean --embedder?`);
        return await reindex(runtime, io, embedder ?? runtime.config.memory.embedder, json);
      case 'list':
        return await list(memory, redaction, io, args.values.get('site'), json);
      default:
        return await forget(memory, io, args.positionals, args.values.get('site'), args.flags.has('all'), args.flags.has('yes'));
    }
  } finally {
    runtime.close();
  }
}

// What is printed passes the one redaction again, though the vault keeps nothing unredacted
// now: documents kept before it did (a secret in an address) are still printed masked.

async function search(memory: HostMemory, redaction: Redaction, io: Io, query: string, k: number, json: boolean): Promise<number> {
  if (!query) throw new UsageError('wayfinder memory search: say what to look for, e.g. wayfinder memory search "the editor\'s email"');
  const results = await memory.vault.search(query, k);
  embedWarning(memory, io);
  if (json) {
    const shaped = results.map((r) => ({
      title: r.title,
      url: r.url,
      site: r.site,
      score: r.score,
      chunks: r.chunks.map((c) => ({ text: c.text, score: c.score })),
    }));
    io.stdout.write(`${JSON.stringify(redaction.value({ results: shaped }))}\n`);
    return 0;
  }
  if (!results.length) {
    io.stdout.write(
      (await memory.vault.isEmpty()) ? 'Memory is empty: add pages and files with wayfinder memory add.\n' : 'Nothing found.\n',
    );
    return 0;
  }
  io.stdout.write(redaction.text(results.map((r, i) => printResult(r, i)).join('\n')));
  return 0;
}

/** Tells what went wrong with the embedder this run (memory went on by words alone). */
function embedWarning(memory: HostMemory, io: Io): void {
  const problem = memory.embedProblem();
  if (problem) io.stderr.write(`wayfinder: ${problem}\n`);
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * `memory reindex [--embedder E]`: every chunk without a vector from E gets one (a batch at a
 * time, so a stop keeps what was done); the model is downloaded first when E needs it. The
 * config names E only once all its vectors are in, so a failed or stopped switch leaves
 * search as it was.
 */
async function reindex(runtime: Runtime & { memory: HostMemory }, io: Io, name: EmbedderName, json: boolean): Promise<number> {
  const { memory, redaction } = runtime;
  const status = (text: string | null) => (json ? undefined : io.status?.(text === null ? null : redaction.text(text)));
  const { vault, embedderLabel } = memory.withEmbedder(name);
  const controller = new AbortController();
  const stopListening = io.onInterrupt(() => controller.abort(new Error('Stopped.')));
  memory.onDownload((d) => {
    if (!d.ready && d.total > 0) status(`Downloading ${embedderLabel}: ${megabytes(d.loaded)} of ${megabytes(d.total)}…`);
  });
  let embedded: number;
  try {
    status(`Loading ${embedderLabel}…`);
    // The model first (downloaded when it is not in $WAYFINDER_HOME/models yet): a model that cannot be had stops here, before any chunk.
    await vault.embedder.embed(['wayfinder'], controller.signal);
    embedded = await vault.reindex(
      (done, total) => status(`Indexing with ${embedderLabel}: ${done} of ${plural(total, 'chunk')}…`),
      controller.signal,
    );
  } catch (error) {
    status(null);
    const why = controller.signal.aborted ? 'stopped' : error instanceof Error ? error.message : String(error);
    const kept =
      runtime.config.memory.embedder === name ? '' : ` Memory still searches with ${embedderLabelOf(runtime.config.memory.embedder)}.`;
    io.stderr.write(redaction.text(`wayfinder memory reindex: ${/[.!?]$/.test(why) ? why : `${why}.`}${kept}\n`));
    return 1;
  } finally {
    stopListening();
    memory.onDownload(null);
  }
  status(null);
  if (runtime.config.memory.embedder !== name) rememberEmbedder(runtime.config.path, name);
  const stats = await memory.store.vault.stats();
  if (json) io.stdout.write(`${JSON.stringify({ embedder: name, label: embedderLabel, chunks: stats.chunks, embedded })}\n`);
  else
    io.stdout.write(
      `Memory searches with ${embedderLabel}: ${plural(stats.chunks, 'chunk')} of ${plural(stats.documents, 'document')} indexed (${embedded} just now).\n`,
    );
  return 0;
}

function printResult(r: MemoryResult, i: number): string {
  const head = `${i + 1}. ${oneLine(r.title, 100)}${r.site ? ` — ${r.site}` : ''}  (score ${r.score.toFixed(3)})`;
  const where = `   ${r.url} · added ${formatDate(r.addedAt)}`;
  const chunks = r.chunks.map((c) => `   > ${oneLine(c.text, 300)}`);
  return `${[head, where, ...chunks].join('\n')}\n`;
}

function siteFilter(input: string): string {
  const parsed = parseSite(input);
  if (!parsed.ok) throw new UsageError(`wayfinder memory: --site ${parsed.error}`);
  return siteKey(parsed.site);
}

async function list(memory: HostMemory, redaction: Redaction, io: Io, site: string | undefined, json: boolean): Promise<number> {
  const docs = await memory.store.vault.documents(site === undefined ? {} : { site: siteFilter(site) });
  if (json) {
    const shaped = docs.map(({ id, kind, title, url, site: s, addedAt, chars }) => ({ id, kind, title, url, site: s, addedAt, chars }));
    io.stdout.write(`${JSON.stringify(redaction.value({ documents: shaped }))}\n`);
    return 0;
  }
  if (!docs.length) {
    io.stdout.write(
      site === undefined ? 'Memory is empty: add pages and files with wayfinder memory add.\n' : `Nothing stored from ${site}.\n`,
    );
    return 0;
  }
  const idWidth = Math.max(...docs.map((d) => d.id.length));
  for (const d of docs)
    io.stdout.write(
      redaction.text(
        `${d.id.padEnd(idWidth)}  ${d.kind.padEnd(4)}  ${formatDate(d.addedAt)}  ${formatChars(d.chars).padStart(11)}  ${oneLine(d.title, 60)}${d.site ? ` — ${d.site}` : ''}\n`,
      ),
    );
  const stats = await memory.store.vault.stats();
  io.stdout.write(
    `${plural(stats.documents, 'document')}, ${plural(stats.chunks, 'chunk')}, ${formatChars(stats.chars)}; searched by ${memory.embedderLabel}.\n`,
  );
  return 0;
}

/** Documents named by id or by an unambiguous start of one. */
function byId(docs: VaultDocument[], ids: string[]): { found: VaultDocument[]; problems: string[] } {
  const found: VaultDocument[] = [];
  const problems: string[] = [];
  for (const id of ids) {
    const exact = docs.find((d) => d.id === id);
    const matches = exact ? [exact] : id.length >= 4 ? docs.filter((d) => d.id.startsWith(id)) : [];
    if (matches.length === 1 && matches[0]) found.push(matches[0]);
    else if (matches.length > 1) problems.push(`"${id}" starts ${matches.length} ids; give more of it.`);
    else problems.push(`No document has the id "${id}"; wayfinder memory list shows them.`);
  }
  return { found, problems };
}

async function forget(memory: HostMemory, io: Io, ids: string[], site: string | undefined, all: boolean, yes: boolean): Promise<number> {
  const ways = (ids.length ? 1 : 0) + (site === undefined ? 0 : 1) + (all ? 1 : 0);
  if (ways !== 1) throw new UsageError('wayfinder memory forget: name document ids, or --site <site>, or --all (one of them).');
  let targets: VaultDocument[];
  let problems: string[] = [];
  if (all) targets = await memory.store.vault.documents();
  else if (site !== undefined) targets = await memory.store.vault.documents({ site: siteFilter(site) });
  else ({ found: targets, problems } = byId(await memory.store.vault.documents(), ids));
  for (const problem of problems) io.stderr.write(`wayfinder memory forget: ${problem}\n`);
  if (all && targets.length && !yes) {
    const terminal = new Terminal(io.stdin, io.stderr);
    const sure = await terminal.yesNo(`Forget everything in memory (${plural(targets.length, 'document')})? This cannot be undone.`, false);
    terminal.close();
    if (sure !== true) {
      io.stderr.write(`Nothing was forgotten.${sure === null ? ' (No answer: input ended. Pass --yes to forget without asking.)' : ''}\n`);
      return 1;
    }
  }
  const count = await memory.store.vault.remove(targets.map((d) => d.id));
  // What was forgotten leaves the write-ahead log too, not only the tables.
  memory.store.db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  io.stdout.write(`Forgot ${plural(count, 'document')}.\n`);
  return problems.length ? 1 : 0;
}
