import { has, type ElementInfo, type Locator, type LocatorKind } from './protocol';

// The page script's side of skills: finding a recorded element again from its locators
// (resolve.ts) and reporting what a person does while a skill is recorded (capture.ts).

/** A locator to resolve: what `locators` gives, plus `aria` (accessible name, any role) and `xpath` from DevTools recordings. */
export interface LocatorQuery {
  kind: LocatorKind | 'aria' | 'xpath';
  value: string;
  /** For `role`: the accessible name; for `row` and `nth`: the repeated control's name or visible text. */
  name?: string;
  /** For `row`: the title of the row the control sits in. */
  within?: string;
  /** For `nth`: which copy of the control, from 0. */
  nth?: number;
}

/** What one locator matched in a document (with its open shadow roots and same-origin frames). */
export interface LocatorHits {
  /** Visible, enabled elements it matched. */
  matches: number;
  /** Elements it matched that a person could not use: hidden, zero-size, disabled, behind a modal dialog. */
  hidden: number;
  /** Refs of the first usable matches, in document order (capped). */
  refs: string[];
}

export interface ResolveOptions {
  /** As for snapshot: the ref prefix of a cross-origin frame resolved on its own. */
  framePrefix?: string;
  /** As for snapshot: where a fresh document's refs start counting. */
  refBase?: number;
}

export interface ResolveResult {
  /** One entry per locator, in the order given. */
  hits: LocatorHits[];
  /** Refs of the cross-origin frames in this document, which the driver resolves in on its own. */
  frames: string[];
  docId: string;
  /** The highest ref number this document has issued so far. */
  refHigh: number;
}

/** The element a list of locators points at (see `chooseLocated`), or what each matched. */
export type LocateOutcome =
  { ref: string; by: LocatorQuery; matches: number } | { ref: null; tried: { by: LocatorQuery; matches: number; hidden: number }[] };

/** How the recorder's capture reports: the name of the CDP binding it calls (present only in our isolated world). */
export interface CaptureOptions {
  binding: string;
}

/** An element a person acted on, as the capture describes it (its ranked locators and what it is; never its ref). */
export interface CapturedTarget {
  locators: Locator[];
  info: ElementInfo;
}

/**
 * What the capture sends for each trusted event (JSON through the binding). A password or
 * payment field's value is never sent: `value` is null and the recorder names a secret.
 */
export type CapturedEvent =
  | { kind: 'click'; target: CapturedTarget; count: 1 | 2; offsetX: number; offsetY: number }
  | { kind: 'input'; target: CapturedTarget; value: string | null }
  | { kind: 'select'; target: CapturedTarget; value: string }
  | { kind: 'check'; target: CapturedTarget; checked: boolean }
  | { kind: 'key'; key: string; modifiers: string[]; target: CapturedTarget | null }
  | { kind: 'upload'; target: CapturedTarget; fileNames: string[] }
  | { kind: 'scroll'; x: number; y: number; target: CapturedTarget | null };

function isLocatorHits(value: unknown): value is LocatorHits {
  return (
    has(value, 'matches', 'hidden', 'refs') &&
    typeof value.matches === 'number' &&
    typeof value.hidden === 'number' &&
    Array.isArray(value.refs) &&
    value.refs.every((r) => typeof r === 'string')
  );
}

export function isResolveResult(value: unknown): value is ResolveResult {
  return (
    has(value, 'hits', 'frames', 'docId', 'refHigh') &&
    Array.isArray(value.hits) &&
    value.hits.every(isLocatorHits) &&
    Array.isArray(value.frames) &&
    value.frames.every((f) => typeof f === 'string')
  );
}
