// How much of one document the vault keeps, whatever it came from. A file's size says
// little about its text: a 100 KB PDF of compressed, repeated pages expanded to 20 million
// characters, which filled a 224 MB store (chunks, their index and a vector each) and took
// about 1 GB of memory on the way. So text is capped by characters, per document, where it
// is read (readers stop early) and again where it is kept (here), and what was cut is said.
//
// 2,000,000 characters is about 1,000 printed pages (War and Peace is ~3.2 M): every
// document a person means to search fits or nearly fits, and one document stays under
// ~5,000 chunks (~20 MB on the host) however its text was made. See docs/0036-host-runtime.md.

/** The most characters of text one document keeps. */
export const MAX_DOCUMENT_CHARS = 2_000_000;

/** The most chunks one document keeps (text in many tiny sentences makes more chunks per character). */
export const MAX_DOCUMENT_CHUNKS = 10_000;

/** A title or a metadata value beyond this is cut (they are labels, not text to search). */
export const MAX_FIELD_CHARS = 2_000;

/** What was cut from a document's text: `kept` characters of `of` (null: not known, the reader stopped early). */
export interface TextCut {
  kept: number;
  of: number | null;
  /** Where the reader stopped, in the person's words ("page 41 of 400"). */
  at?: string;
}

/** The text up to `max` characters, cut after a word when one ends near the cap (never inside a surrogate pair). */
export function capText(text: string, max: number): { text: string; cut: TextCut | null } {
  if (text.length <= max) return { text, cut: null };
  let end = max;
  const space = text.lastIndexOf(' ', max);
  const newline = text.lastIndexOf('\n', max);
  const boundary = Math.max(space, newline);
  if (boundary > max - 200) end = boundary;
  else if (/[\uD800-\uDBFF]/.test(text.charAt(end - 1))) end -= 1;
  const kept = text.slice(0, end);
  return { text: kept, cut: { kept: kept.length, of: text.length } };
}

/** A short field (a title, a metadata value) cut to MAX_FIELD_CHARS. */
export function capField(text: string): string {
  return text.length > MAX_FIELD_CHARS ? `${capText(text, MAX_FIELD_CHARS - 1).text}…` : text;
}

const count = (n: number) => n.toLocaleString('en');

/** The cut in words, as the document keeps it and the person is told: "kept the first 2,000,000 characters of 5,120,000". */
export function describeCut(cut: TextCut): string {
  const of = cut.of !== null ? ` of ${count(cut.of)}` : '';
  return `kept the first ${count(cut.kept)} characters${of}${cut.at ? ` (${cut.at})` : ''}`;
}
