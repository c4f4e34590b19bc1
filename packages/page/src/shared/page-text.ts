// Page text inside the page script's own sentences ("e12 (button <page-text>Pay</page-text>)"),
// quoted as page data. The twin of core's pageData (packages/core/src/browser/page-text.ts),
// which the page script cannot import; a test in cdp holds the two to the same output.

// Line breaks of every kind become spaces; other control characters (C0, DEL, C1), zero-width
// and bidi controls are dropped (a zero-width space must not split a word into two).
const BREAKS = /[\t-\r\u0085\u2028\u2029]/g;
// eslint-disable-next-line no-control-regex -- control characters are what this removes
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]/g;

/** Our markers written by the page itself: a page cannot close (or open) a fence early. */
const MARKER = /<\s*(\/?)\s*page-(text|content)/gi;

/** A page-derived string quoted as page data: one line, capped, in a marker it cannot close. */
export function pageText(text: string, max = 160): string {
  const flat = text.replace(BREAKS, ' ').replace(INVISIBLE, '').replace(/\s+/g, ' ').trim();
  const chars = Array.from(flat);
  const cut = chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : flat;
  return `<page-text>${cut.replace(MARKER, '‹$1page-$2')}</page-text>`;
}
