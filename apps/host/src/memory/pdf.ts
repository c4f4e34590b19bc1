import { SourceError } from './source-error';

// PDF text through pdf.js (the legacy build, which runs on Node). Its worker module is loaded
// into this process and handed over as globalThis.pdfjsWorker, so pdf.js never looks for a
// worker file next to the bundle: both are bundled into the command, no remote code.
// Text is read page by page, streamed, and reading stops at the character cap: a small PDF
// of compressed, repeated pages can expand to tens of millions of characters (the vault's
// limits.ts), and none of that beyond the cap is ever expanded.

export interface PdfText {
  text: string;
  /** The document's own title (Info /Title), or '' when it has none. */
  title: string;
  pages: number;
  /** Reading stopped at the cap: on which page. */
  stoppedAt: number | null;
}

function isList(value: unknown): value is unknown[] {
  return Array.isArray(value);
}

/** A piece of a page's streamed text content: its items, of which the text ones have `str`. */
function textOf(chunk: unknown): string {
  const items: unknown = typeof chunk === 'object' && chunk !== null && 'items' in chunk ? chunk.items : null;
  if (!isList(items)) return '';
  let text = '';
  for (const item of items) {
    if (typeof item !== 'object' || item === null || !('str' in item) || typeof item.str !== 'string') continue;
    text += item.str + ('hasEOL' in item && item.hasEOL === true ? '\n' : ' ');
  }
  return text;
}

// pdf.js's display module builds a DOMMatrix when it loads and names ImageData and Path2D;
// only rendering uses them, never text. Without a canvas package (the installed command has
// none) they are missing on Node, so inert stand-ins let the module load.
async function loadPdfjs() {
  for (const name of ['DOMMatrix', 'ImageData', 'Path2D'])
    if (!Reflect.has(globalThis, name))
      Reflect.set(
        globalThis,
        name,
        class {
          readonly standIn = name;
        },
      );
  const worker = await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
  Reflect.set(globalThis, 'pdfjsWorker', worker);
  return import('pdfjs-dist/legacy/build/pdf.mjs');
}

function errorName(error: unknown): string {
  return typeof error === 'object' && error !== null && 'name' in error && typeof error.name === 'string' ? error.name : '';
}

/** The text of every page, in order, up to `maxChars` characters; `name` is for messages; `onPage` is told each page as it is read. */
export async function pdfText(
  bytes: Uint8Array,
  name: string,
  maxChars: number,
  onPage?: (page: number, pages: number) => void,
): Promise<PdfText> {
  const pdfjs = await loadPdfjs();
  let doc;
  try {
    // A copy: pdf.js takes ownership of (detaches) the buffer it is given.
    doc = await pdfjs.getDocument({ data: bytes.slice(), isEvalSupported: false, verbosity: 0, disableFontFace: true }).promise;
  } catch (error) {
    if (errorName(error) === 'PasswordException')
      throw new SourceError(`${name} is password-protected; remove the password (print it to a new PDF) and add that file.`);
    throw new SourceError(`${name} is not a readable PDF (${error instanceof Error ? error.message : String(error)}); it may be damaged.`);
  }
  try {
    const pages: string[] = [];
    let chars = 0;
    let stoppedAt: number | null = null;
    for (let n = 1; n <= doc.numPages && stoppedAt === null; n++) {
      onPage?.(n, doc.numPages);
      const page = await doc.getPage(n);
      const stream: ReadableStream<unknown> = page.streamTextContent();
      const reader = stream.getReader();
      let text = '';
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        text += textOf(value);
        if (chars + text.length > maxChars) {
          // Past the cap: the rest of this page, and every page after it, is never expanded.
          stoppedAt = n;
          await reader.cancel(new Error('Wayfinder keeps no more of this document: its character cap was reached.'));
          break;
        }
      }
      const flat = text.replace(/[ \t]+/g, ' ').trim();
      chars += flat.length + 2;
      pages.push(flat);
      page.cleanup();
    }
    const info: unknown = (await doc.getMetadata().catch(() => null))?.info;
    const title = typeof info === 'object' && info !== null && 'Title' in info && typeof info.Title === 'string' ? info.Title.trim() : '';
    return { text: pages.filter(Boolean).join('\n\n'), title, pages: doc.numPages, stoppedAt };
  } catch (error) {
    throw new SourceError(
      `${name} could not be read to the end (${error instanceof Error ? error.message : String(error)}); it may be damaged.`,
    );
  } finally {
    await doc.destroy();
  }
}
