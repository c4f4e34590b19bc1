import { existsSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BrowserError, normalizeAddress, type IngestInput } from '@wayfinder/core';
import { BrowserStartError } from '../errors';
import { printable, type Io } from '../io';
import type { HostMemory } from '../memory/open';
import { PageReader } from '../memory/read-page';
import { checkSourceFile, fileInput, fileType, readSourceBytes } from '../memory/read-file';
import { SourceError } from '../memory/source-error';
import type { Runtime } from '../runtime';
import { plural } from './format';

// `wayfinder memory add <file|url>…`: each source read, checked and stored on its own (one
// that fails stores nothing and does not stop the others), with a line for each as it ends.
// Pages load under the person's site rules (read-page.ts); a document's text is capped by
// characters, and a cut is said on its line. Every line passes the one redaction: a source's
// address may carry a secret (it is kept masked, and printed so).

type Source = { kind: 'url'; url: string } | { kind: 'file'; path: string };

function sourceOf(arg: string): Source {
  if (/^https?:\/\//i.test(arg)) return { kind: 'url', url: arg };
  if (/^file:\/\//i.test(arg)) return { kind: 'file', path: fileURLToPath(arg) };
  if (existsSync(arg) || /[\\/]/.test(arg) || /\.(?:txt|text|md|markdown|json|pdf|html?)$/i.test(arg))
    return { kind: 'file', path: resolve(arg) };
  try {
    return { kind: 'url', url: normalizeAddress(arg) };
  } catch {
    return { kind: 'file', path: resolve(arg) };
  }
}

/** A web page, or a file that is not HTML: every HTML file is read in a run (htmlReads), never here. */
async function read(source: Source, pages: PageReader, maxChars: number, status: (text: string) => void): Promise<IngestInput> {
  if (source.kind === 'url') return pages.page(source.url);
  const file = await readSourceBytes(source.path);
  if (file.type === 'html') throw new Error(`${file.name}: HTML files are read by htmlReads.`);
  return fileInput(file.type, file.name, file.bytes, file.url, maxChars, (page, count) =>
    status(`Reading ${file.name}: page ${page} of ${count}…`),
  );
}

const isHtmlFile = (source: Source | undefined) => source?.kind === 'file' && fileType(source.path) === 'html';

/**
 * The saved HTML files named one after another from `start`, read together
 * (PageReader.htmlFiles): each one's read by its index, and `done` once the browser is free
 * for a web page again. A file that fails its check (missing, empty, too large) is its own
 * error and is not opened.
 */
async function htmlReads(
  sources: Source[],
  start: number,
  pages: PageReader,
): Promise<{ reads: Map<number, Promise<IngestInput>>; done: Promise<void> }> {
  const run: { index: number; path: string }[] = [];
  for (let i = start; i < sources.length && isHtmlFile(sources[i]); i++) {
    const source = sources[i];
    if (source?.kind === 'file') run.push({ index: i, path: source.path });
  }
  const reads = new Map<number, Promise<IngestInput>>();
  const checked = await Promise.all(
    run.map(async (file) => ({
      ...file,
      check: await checkSourceFile(file.path).then(
        () => null,
        (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
      ),
    })),
  );
  const ok = checked.filter((file) => file.check === null);
  for (const file of checked) if (file.check !== null) reads.set(file.index, Promise.reject(file.check));
  const { read, done } = pages.htmlFiles(ok.map((file) => ({ path: file.path, name: basename(file.path) })));
  ok.forEach((file, i) => {
    const input = read[i];
    if (input) reads.set(file.index, input);
  });
  for (const input of reads.values()) input.catch(() => undefined); // reported when its turn comes
  return { reads, done };
}

function failure(error: unknown): string | null {
  if (SourceError.isInstance(error) || BrowserStartError.isInstance(error) || BrowserError.isInstance(error)) return error.message;
  return null;
}

export interface AddReport {
  source: string;
  ok: boolean;
  /** Stored now; false when the same text was stored before. */
  stored?: boolean;
  id?: string;
  title?: string;
  url?: string;
  chunks?: number;
  /** What of the text was not kept (over the cap): "kept the first 2,000,000 characters of 20,480,000". */
  cut?: string;
  error?: string;
}

/** Adds every source; returns the exit status (1 when any failed). */
export async function addSources(args: string[], runtime: Runtime & { memory: HostMemory }, io: Io, json: boolean): Promise<number> {
  const { memory, redaction } = runtime;
  // What is being done now, on one line of the terminal (cleared before each source's own line).
  const status = (text: string | null) => io.status?.(text === null ? null : redaction.text(text));
  const say = (out: Io['stdout'], line: string) => {
    status(null);
    out.write(printable(redaction.text(line)));
  };
  const controller = new AbortController();
  const stopped = () => controller.signal.aborted;
  const stopListening = io.onInterrupt(() => controller.abort());
  const pages = new PageReader(runtime);
  const reports: AddReport[] = [];
  try {
    const sources = args.map(sourceOf);
    let run: { reads: Map<number, Promise<IngestInput>>; done: Promise<void> } | null = null;
    for (const [i, arg] of args.entries()) {
      if (stopped()) break;
      const source = sources[i];
      if (!source) continue;
      let report: AddReport;
      try {
        if (!json) status(`Reading ${arg} (${i + 1} of ${args.length})…`);
        if (isHtmlFile(source) && !run?.reads.has(i)) run = await htmlReads(sources, i, pages);
        else if (!isHtmlFile(source) && run) {
          await run.done;
          run = null;
        }
        const input = await (run?.reads.get(i) ?? read(source, pages, memory.vault.maxChars, (text) => !json && status(text)));
        if (!json) status(`Storing ${arg}: splitting and indexing its text…`);
        const outcome = await memory.vault.ingest(input, controller.signal);
        const cut = outcome.stored ? outcome.doc.metadata.cut : undefined;
        if (outcome.stored)
          report = {
            source: arg,
            ok: true,
            stored: true,
            id: outcome.doc.id,
            title: outcome.doc.title,
            url: outcome.doc.url,
            chunks: outcome.chunks,
            ...(cut ? { cut } : {}),
          };
        else if (outcome.reason === 'unchanged' && outcome.doc)
          report = { source: arg, ok: true, stored: false, id: outcome.doc.id, title: outcome.doc.title, url: outcome.doc.url };
        else report = { source: arg, ok: false, error: `${arg} has no text to keep.` };
      } catch (error) {
        if (stopped()) break;
        const message = failure(error);
        if (message === null) throw error;
        report = { source: arg, ok: false, error: message };
      }
      reports.push(report);
      if (json) io.stdout.write(`${JSON.stringify(redaction.value(report))}\n`);
      else if (!report.ok) say(io.stderr, `✗ ${report.error ?? arg}\n`);
      else if (report.stored)
        say(
          io.stdout,
          `✓ ${arg}: "${report.title ?? ''}" stored as ${report.id ?? ''} (${plural(report.chunks ?? 0, 'chunk')}${report.cut ? `; ${report.cut}` : ''})\n`,
        );
      else say(io.stdout, `= ${arg}: already stored, unchanged (${report.id ?? ''})\n`);
    }
  } finally {
    status(null);
    stopListening();
    await pages.close();
  }
  const problem = memory.embedProblem();
  if (problem) io.stderr.write(`wayfinder: ${redaction.text(problem)}\n`);
  const failed = reports.filter((r) => !r.ok).length;
  const skipped = args.length - reports.length;
  if (!json) {
    const parts = [`${reports.length - failed} of ${plural(args.length, 'source')} added`];
    if (failed) parts.push(`${failed} failed`);
    if (skipped) parts.push(`${skipped} not tried (stopped)`);
    (failed || skipped ? io.stderr : io.stdout).write(`${parts.join('; ')}.\n`);
  }
  return failed || skipped ? 1 : 0;
}
