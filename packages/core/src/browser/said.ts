import type { PageText } from './page-text';

// What a tool says, as the type system sees it (docs/ARCHITECTURE.md, "One fence"). A tool
// result is built only from `Said` text: our own sentences written with the `said` tag, in
// which every value put in is a number, page text already quoted or fenced (pageData,
// fencePage: PageText), or other Said text. A plain string cannot go in, so page text cannot
// reach a model unfenced by accident: a string from anywhere else must be named for what it
// is — `ours(…)`, text Wayfinder wrote itself (a name the model chose, a driver's sentence
// whose page text is already quoted) — which a reviewer sees, and the fence test
// (packages/cdp/test/fence.e2e.ts) checks on every tool's output.

declare const SAID: unique symbol;
export type Said = string & { readonly [SAID]: true };

/** A value a sentence may hold. */
export type SaidValue = Said | PageText | number;

function brand(text: string): Said {
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- the brand is given here and nowhere else
  return text as Said;
}

/** Our sentence, with page text only as quoted or fenced values: said`Clicked ${pageData(name)}.` */
export function said(strings: TemplateStringsArray, ...values: SaidValue[]): Said {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    out += String(value) + (strings[i + 1] ?? '');
  });
  return brand(out);
}

/**
 * Text Wayfinder wrote itself: a sentence from the driver or the policy (page text in it
 * already quoted), or words the model or the person chose. Never text read from a page.
 */
export function ours(text: string): Said {
  return brand(text);
}

/** Said lines joined. */
export function lines(parts: readonly SaidValue[], separator = '\n'): Said {
  return brand(parts.map(String).join(separator));
}
