import { SourceError } from './source-error';

// PDF text through pdf.js (the legacy build, which runs on Node). Its worker module is loaded
// into this process and handed over as globalThis.pdfjsWorker, so pdf.js never looks for a
// worker file next to the bundle: both are bundled into the command, no remote code.

export interface PdfText {
  text: string;
  /** The document's own title (Info /Title), or '' when it has none. */
  title: string;
  pages: number;
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

/** The text of every page, in order; `name` is for messages. */
export async function pdfText(bytes: Uint8Array, name: string): Promise<PdfText> {
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
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      let text = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        text += item.str + (item.hasEOL ? '\n' : ' ');
      }
      pages.push(text.replace(/[ \t]+/g, ' ').trim());
      page.cleanup();
    }
    const info: unknown = (await doc.getMetadata().catch(() => null))?.info;
    const title = typeof info === 'object' && info !== null && 'Title' in info && typeof info.Title === 'string' ? info.Title.trim() : '';
    return { text: pages.filter(Boolean).join('\n\n'), title, pages: doc.numPages };
  } catch (error) {
    throw new SourceError(
      `${name} could not be read to the end (${error instanceof Error ? error.message : String(error)}); it may be damaged.`,
    );
  } finally {
    await doc.destroy();
  }
}
