import { readFile, stat } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { IngestInput } from '@wayfinder/core';
import { pdfText } from './pdf';
import { SourceError } from './source-error';

// Files for the vault: text, Markdown, JSON and PDF are read here; HTML goes through the
// browser like a page (read-page.ts). Whatever cannot be read is refused with the reason,
// before anything is stored. A file's bytes are capped (MAX_FILE_BYTES) and so is its text,
// by characters (the vault's cap, given as `maxChars`): a PDF stops expanding there and JSON
// stops turning into lines, saying where; the vault cuts the text at the cap itself and
// records what was cut (core's memory/limits.ts).

export const MAX_FILE_BYTES = 20 * 1024 * 1024;

export type FileType = 'text' | 'markdown' | 'json' | 'pdf' | 'html';

const TYPES: Record<string, FileType> = {
  '.txt': 'text',
  '.text': 'text',
  '.md': 'markdown',
  '.markdown': 'markdown',
  '.json': 'json',
  '.pdf': 'pdf',
  '.html': 'html',
  '.htm': 'html',
};

export function fileType(path: string): FileType | null {
  return TYPES[extname(path).toLowerCase()] ?? null;
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Checks a file is a kind we read, exists, is not empty and not too large; its type, name and own address (file:///…, so two files of the same name in different folders stay two documents). */
export async function checkSourceFile(path: string): Promise<{ type: FileType; name: string; url: string }> {
  const name = basename(path);
  const type = fileType(path);
  if (!type)
    throw new SourceError(
      `${name} cannot be added: Wayfinder reads text (.txt), Markdown (.md), HTML (.html), JSON (.json) and PDF (.pdf) files.`,
    );
  let size: number;
  try {
    const info = await stat(path);
    if (!info.isFile()) throw new SourceError(`${path} is not a file.`);
    size = info.size;
  } catch (error) {
    if (SourceError.isInstance(error)) throw error;
    if (typeof error === 'object' && error !== null && 'code' in error && error.code === 'ENOENT')
      throw new SourceError(`${path}: no such file (or, for a web page, give its full address: https://…).`);
    throw new SourceError(`${path} cannot be read: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (size > MAX_FILE_BYTES) throw new SourceError(`${name} is ${megabytes(size)}; files up to ${megabytes(MAX_FILE_BYTES)} can be added.`);
  if (size === 0) throw new SourceError(`${name} is empty.`);
  return { type, name, url: pathToFileURL(path).href };
}

/** The file's bytes, once checkSourceFile has passed it. */
export async function readSourceBytes(path: string): Promise<{ type: FileType; name: string; url: string; bytes: Uint8Array }> {
  const checked = await checkSourceFile(path);
  return { ...checked, bytes: new Uint8Array(await readFile(path)) };
}

function decodeText(bytes: Uint8Array, name: string): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new SourceError(`${name} is not UTF-8 text; save it as UTF-8 and add it again.`);
  }
  if (text.includes('\u0000')) throw new SourceError(`${name} holds binary data, not text.`);
  return text;
}

// JSON as lines a search can match: "path.to.key: value" for every value. Deep paths repeat
// on every line, so the lines can be far longer than the file: they stop at `budget.left`.
function jsonLines(value: unknown, path: string, out: string[], budget: { left: number }): void {
  if (budget.left <= 0) return;
  if (Array.isArray(value)) value.forEach((item, i) => jsonLines(item, `${path}[${i}]`, out, budget));
  else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) jsonLines(item, path ? `${path}.${key}` : key, out, budget);
  } else if ((typeof value === 'string' && value) || typeof value === 'number' || typeof value === 'boolean') {
    const line = path ? `${path}: ${String(value)}` : String(value);
    out.push(line);
    budget.left -= line.length + 1;
  }
}

/** A text, Markdown, JSON or PDF file as the vault takes it: at most `maxChars` characters of text, and what was cut. */
export async function fileInput(
  type: Exclude<FileType, 'html'>,
  name: string,
  bytes: Uint8Array,
  url: string,
  maxChars: number,
  onPage?: (page: number, pages: number) => void,
): Promise<IngestInput> {
  let title = name;
  let text: string;
  let stoppedAt: string | null = null;
  const metadata: Record<string, string> = { type };
  if (type === 'pdf') {
    const pdf = await pdfText(bytes, name, maxChars, onPage);
    text = pdf.text;
    title = pdf.title || name;
    metadata.pages = String(pdf.pages);
    if (pdf.stoppedAt !== null) stoppedAt = `to page ${pdf.stoppedAt} of ${pdf.pages}`;
    if (!text.trim()) throw new SourceError(`${name} has no text to read (a scanned PDF? Wayfinder does not read text in images).`);
  } else {
    text = decodeText(bytes, name).replace(/^\uFEFF/, '');
    if (type === 'json') {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch (error) {
        throw new SourceError(`${name} is not valid JSON (${error instanceof Error ? error.message : String(error)}).`);
      }
      const lines: string[] = [];
      const budget = { left: maxChars + 1 };
      jsonLines(parsed, '', lines, budget);
      if (budget.left <= 0) stoppedAt = `as lines of "path: value", ${lines.length.toLocaleString('en')} of them`;
      text = lines.join('\n');
    }
    if (type === 'markdown') title = /^#\s+(.+)$/m.exec(text)?.[1]?.trim() ?? name;
    if (!text.trim()) throw new SourceError(`${name} has no text to keep.`);
  }
  return {
    kind: 'file',
    url,
    title,
    text,
    metadata,
    site: '',
    ...(stoppedAt ? { cut: { kept: text.length, of: null, at: stoppedAt } } : {}),
  };
}
