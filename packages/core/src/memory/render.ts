import { fencePage, type PageText } from '../browser/page-text';
import { said, type Said } from '../browser/said';
import type { MemoryResult } from './types';

// What search_memory gives the model: a few lines per document, about 200 tokens for three
// results, fenced like any page text (what the person read on the web is data, never
// instructions, even when it comes back from memory).

export interface RenderMemoryOptions {
  /** Characters of the whole answer inside the fence (headings and text). Default 900. */
  maxChars?: number;
}

const DEFAULT_MAX_CHARS = 900;

export function renderMemoryResults(results: MemoryResult[], options: RenderMemoryOptions = {}): Said | PageText {
  if (results.length === 0) return said`Nothing in memory matches that search.`;
  const maxChars = options.maxChars ?? DEFAULT_MAX_CHARS;
  const headings = results.map((result, i) => `${i + 1}. ${result.title} — ${origin(result)} — ${day(result.addedAt)}`);
  const headingChars = headings.reduce((sum, heading) => sum + heading.length + 1, 0);
  // What is left after the headings is shared out evenly; a result that needs less leaves its
  // share to the ones after it.
  let budget = Math.max(0, maxChars - headingChars);
  const blocks = results.map((result, i) => {
    const share = Math.floor(budget / (results.length - i));
    const body = trimTo(result.chunks.map((chunk) => chunk.text).join(' … '), share);
    budget -= body.length + 1;
    return body ? `${headings[i]}\n${body}` : (headings[i] ?? '');
  });
  return fencePage('memory search', blocks.join('\n'));
}

function origin(result: MemoryResult): string {
  if (result.kind === 'file') return `file ${result.url.replace(/^file:/, '')}`;
  return result.site || result.url;
}

function day(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Cut at a word boundary with an ellipsis when longer than `max` characters. */
function trimTo(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max < 2) return '';
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > max / 2 ? cut.slice(0, space) : cut}…`;
}
