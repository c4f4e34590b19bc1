import { ATTACHMENT_MAX_CHARS, MEMORY_FILE_MAX_CHARS } from '../../lib/messages';
import { CodedError } from '@wayfinder/core/errors';

// Files a person attaches to a task: read to text here, in the panel (the file never
// leaves this computer except as that text, which goes to the model fenced as data).
// Text, Markdown, HTML, JSON and the text layer of PDFs; anything else is refused with
// a sentence that says what can be attached.

/** The largest file read at all; its text is cut to ATTACHMENT_MAX_CHARS after. */
export const ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;

/** How large a file may be, how much of its text is kept, and what the file is for (the errors say it). */
export interface ReadLimits {
  maxBytes: number;
  maxChars: number;
  /** How the errors name what could not be done ("attached", "added to memory"). */
  done: string;
  /** Why only text files: where their text goes. */
  why: string;
  /** What to do with JSON that does not parse. */
  badJson: string;
}

/** A file for one task: its text goes to the model. */
export const ATTACHMENT_LIMITS: ReadLimits = {
  maxBytes: ATTACHMENT_MAX_BYTES,
  maxChars: ATTACHMENT_MAX_CHARS,
  done: 'attached',
  why: 'their text goes to the model',
  badJson: 'attach it as a .txt file to send it as it is',
};
/** A file kept in memory: larger, and only the chunks a search finds ever reach a model. */
export const MEMORY_FILE_LIMITS: ReadLimits = {
  maxBytes: 20 * 1024 * 1024,
  maxChars: MEMORY_FILE_MAX_CHARS,
  done: 'added to memory',
  why: 'their text is kept',
  badJson: 'rename it to .txt to keep its text as it is',
};

export interface ReadAttachment {
  name: string;
  text: string;
  /** The text was longer than what goes to the model: only its start is attached. */
  truncated: boolean;
}

/** A file that cannot be attached or kept; the message names it and says why. */
export class AttachmentError extends CodedError<'attachment'> {
  static override readonly marker = Symbol.for('wayfinder.extension.attachment');
  override readonly name = 'AttachmentError';

  constructor(message: string) {
    super('attachment', message, false);
  }
}

type Kind = 'text' | 'html' | 'json' | 'pdf';

function kindOf(file: File): Kind | null {
  const name = file.name.toLowerCase();
  const type = file.type;
  if (type === 'application/pdf' || name.endsWith('.pdf')) return 'pdf';
  if (type === 'text/html' || /\.x?html?$/.test(name)) return 'html';
  if (type === 'application/json' || name.endsWith('.json')) return 'json';
  if (type.startsWith('text/') || /\.(txt|md|markdown|csv|log)$/.test(name)) return 'text';
  return null;
}

function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The words of an HTML file as a person would read them: no scripts, styles or markup. */
function htmlText(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  for (const el of doc.querySelectorAll('script, style, noscript, template')) el.remove();
  const title = doc.title.trim();
  const body = (doc.body.textContent || '')
    .replace(/[ \t]+/g, ' ')
    .replace(/\n\s*\n+/g, '\n\n')
    .trim();
  return title ? `${title}\n\n${body}` : body;
}

async function pdfText(file: File, limits: ReadLimits): Promise<string> {
  // Loaded only when a PDF is attached: pdf.js is large.
  const pdfjs = await import('pdfjs-dist');
  const worker = await import('pdfjs-dist/build/pdf.worker.min.mjs?url');
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  let doc;
  try {
    doc = await pdfjs.getDocument({ data: new Uint8Array(await file.arrayBuffer()), isEvalSupported: false }).promise;
  } catch (error) {
    const reason =
      error instanceof Error && error.name === 'PasswordException' ? 'it is protected by a password' : 'it could not be read as a PDF';
    throw new AttachmentError(`${file.name} cannot be ${limits.done}: ${reason}.`);
  }
  const pages: string[] = [];
  let length = 0;
  for (let n = 1; n <= doc.numPages && length < limits.maxChars; n++) {
    const page = await doc.getPage(n);
    const content = await page.getTextContent();
    const text = content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : '')).join('');
    pages.push(text.trim());
    length += text.length;
  }
  await doc.destroy();
  const text = pages.join('\n\n').trim();
  if (!text) throw new AttachmentError(`${file.name} has no text layer (it may be scanned images); nothing could be read from it.`);
  return text;
}

/** Reads a file the person picked; throws AttachmentError with a sentence for them. */
export async function readAttachment(file: File, limits: ReadLimits = ATTACHMENT_LIMITS): Promise<ReadAttachment> {
  const kind = kindOf(file);
  if (!kind)
    throw new AttachmentError(`${file.name} cannot be ${limits.done}: only text, Markdown, HTML, JSON and PDF files can (${limits.why}).`);
  if (file.size > limits.maxBytes)
    throw new AttachmentError(`${file.name} is ${megabytes(file.size)}; files up to ${megabytes(limits.maxBytes)} can be ${limits.done}.`);
  if (file.size === 0) throw new AttachmentError(`${file.name} is empty.`);
  let text: string;
  if (kind === 'pdf') text = await pdfText(file, limits);
  else {
    const raw = await file.text();
    text = kind === 'html' ? htmlText(raw) : raw;
    if (kind === 'json') {
      try {
        text = JSON.stringify(JSON.parse(raw), null, 1);
      } catch {
        throw new AttachmentError(`${file.name} is not valid JSON; ${limits.badJson}.`);
      }
    }
  }
  if (!text.trim()) throw new AttachmentError(`${file.name} is empty.`);
  const truncated = text.length > limits.maxChars;
  return { name: file.name, text: truncated ? text.slice(0, limits.maxChars) : text, truncated };
}
