import type { SkillExpect, SkillInput } from './types';
import { decodeLenient } from '../uri';

// What a step should lead to, told apart from the recording's data (docs/0046). A server
// makes a new id on every submission (/orders/1041 then /orders/1042), a token rides in the
// path, a search for another term opens another item: the address a step is checked against
// is a pattern — ids, numbers, dates, hashes and tokens become `*`, a typed value becomes its
// `{{input}}`, a link's destination is wherever the link clicked at replay points — and the
// query is never part of it.

type UrlExpect = Extract<SkillExpect, { kind: 'url' }>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HEX = /^[0-9a-f]{8,}$/i;
const DATE = /^\d{4}-\d{2}-\d{2}(?:T[\d:.]+Z?)?$/;

/** A segment that names one record rather than a kind of page: an id, a hash, a token, a date. */
function isToken(segment: string): boolean {
  if (UUID.test(segment) || DATE.test(segment) || (HEX.test(segment) && /\d/.test(segment))) return true;
  // Mixed letters and digits with no word separators (a7Bx9kQ2), or long base64-like runs.
  const digits = (segment.match(/\d/g) ?? []).length;
  return (segment.length >= 6 && digits >= 2 && /[a-z]/i.test(segment) && !/[-_.]/.test(segment)) || /^[\w-]{20,}$/.test(segment);
}

/** Letters and digits only, lower case (a typed "Dark Rye" and a slug dark-rye compare equal). */
export function slugish(text: string): string {
  return decodeLenient(text)
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}*{}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}

/** The address's path (no query, no fragment); a string that is no address, up to its first ? or #. */
export function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url.split(/[?#]/)[0] ?? url;
  }
}

/**
 * The path a navigation reached, as a pattern: record-naming segments become `*`, runs of
 * digits inside a word become `*` (order-1042 → order-*), and a segment that is a value the
 * person typed becomes its `{{input}}`.
 */
export function pathPattern(url: string, inputs: readonly Pick<SkillInput, 'name' | 'examples'>[] = []): string {
  return pathOf(url)
    .split('/')
    .map((segment) => {
      if (!segment) return segment;
      const typed = inputs.find((input) => input.examples.some((example) => example && slugish(example) === slugish(segment)));
      if (typed) return `{{${typed.name}}}`;
      if (isToken(segment)) return '*';
      return segment.replace(/\d+/g, '*');
    })
    .join('/');
}

/**
 * Whether the tab's address fits an expectation. `linkTo`: where the link the step clicked
 * pointed, at replay; `before`: the address the step started on.
 */
export function urlFits(url: string, expectation: UrlExpect, linkTo: string | null, before: string | null = null): boolean {
  switch (expectation.match) {
    case 'exact':
      return url === expectation.value;
    case 'prefix':
      return url.startsWith(expectation.value);
    case 'contains':
    case undefined:
      return url.includes(expectation.value);
    case 'link':
      if (linkTo) return slugish(pathOf(url)) === slugish(pathOf(linkTo));
      return pathFits(url, pathPattern(expectation.value));
    case 'path':
      return pathFits(url, expectation.value);
    case 'same':
      return before !== null ? pathOf(url) === pathOf(before) : pathFits(url, pathPattern(expectation.value));
  }
}

/** A path against a pattern (inputs already filled): segment by segment, `*` any run within one, compared as slugs. */
export function pathFits(url: string, pattern: string): boolean {
  const have = pathOf(url).split('/').filter(Boolean);
  const want = pattern.split('/').filter(Boolean);
  if (have.length !== want.length) return false;
  return want.every((segment, i) => {
    const source = slugish(segment)
      .split('*')
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('[^/]+');
    return new RegExp(`^${source}$`).test(slugish(have[i] ?? ''));
  });
}

/** An expectation as a person would read it ("an address like /orders/*"). */
export function describeExpect(expectation: SkillExpect): string {
  if (expectation.kind === 'text') return `the text "${expectation.value}"`;
  if (expectation.kind === 'url')
    return expectation.match === 'link'
      ? 'the page its link points to'
      : expectation.match === 'same'
        ? 'the page it was on again'
        : `an address like ${expectation.value}`;
  return `the element ${expectation.state}`;
}
