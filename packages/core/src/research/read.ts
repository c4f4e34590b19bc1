import type { Browser, PageContent } from '../browser/port';
import { summariseUntrusted } from '../context/untrusted';
import type { ModelSlot } from '../model/slot';
import { readInBackground } from '../browser/read';

/**
 * Reads a page for research exactly as the browse tool does: extraction in a background tab,
 * then a summary by `slot` called with no tools and nothing of the person's — only the text.
 */
export function summariseUntrustedPage(
  browser: Browser,
  url: string,
  slot: ModelSlot,
  signal: AbortSignal,
): Promise<{ page: PageContent; summary: string }> {
  return readInBackground(browser, url, (at, text) => summariseUntrusted(slot, at, text, signal));
}
