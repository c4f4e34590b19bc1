// The page script's API as data: what the driver sends in and gets back. Everything here
// crosses a CDP `Runtime.callFunctionOn` with `returnByValue`, so it is plain JSON.

/** The global (inside our isolated world only) the page script installs itself on. */
export const PAGE_GLOBAL = '__wayfinder';
/**
 * Where the reader (Defuddle, two thirds of the page script's size) puts itself in the same
 * world: a second script, evaluated only before the first `extract` in a document.
 */
export const READER_GLOBAL = '__wayfinderReader';
/** What `extract` says when the reader is not in its world yet (the driver installs it and calls again). */
export const READER_MISSING = 'The Wayfinder reader is not installed in this world.';
/** Bumped whenever the API's shape changes, so a driver never talks to a stale script. */
export const PAGE_API_VERSION = 7;

export type SnapshotMode = 'viewport' | 'full';

export interface SnapshotOptions {
  /** `viewport`: what is on screen now, plus one line each for what lies above/below. */
  mode?: SnapshotMode;
  /** Hard budget for the text; lines past it are dropped with a note, never cut mid-line. */
  maxTokens?: number;
  /** Render the changes since the previous snapshot of this document instead of the page. */
  diff?: boolean;
  /**
   * For a frame snapshotted on its own (a cross-origin iframe reached through its own
   * world): the part of this frame's viewport the parent actually shows, in frame pixels.
   */
  visibleRect?: Rect | null;
  /** Ref prefix for this document (`f2`), given by the driver for cross-origin frames. */
  framePrefix?: string;
  /**
   * Where a fresh document's refs start counting (ignored once it has refs): the driver
   * keeps a tab's refs unique across its documents, so a ref from the page before a
   * navigation can never land on an element of the next one.
   */
  refBase?: number;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** One row of the ref table: everything the driver needs to describe or re-find a control. */
export interface RefEntry {
  ref: string;
  role: string;
  name: string;
  tag: string;
  states: string[];
  value?: string;
  href?: string;
  /** The element's box in this document's viewport coordinates, at snapshot time. */
  rect: Rect;
  inViewport: boolean;
}

/** A cross-origin iframe the page could not see into; the driver snapshots it separately. */
export interface FramePlaceholder {
  ref: string;
  /** The exact line of `text` to replace with the frame's own snapshot. */
  line: string;
  /** Leading spaces of that line, so the driver can indent the frame's lines under it. */
  indent: number;
  src: string;
  /** The iframe's box, in this document's viewport coordinates. */
  rect: Rect;
  /** Where the frame's own viewport starts (inside border and padding): add to its points. */
  content: Rect;
  /** The part of the frame that is inside this document's viewport (frame pixels), or null. */
  visibleRect: Rect | null;
}

export interface SnapshotStats {
  /** Controls that exist in the document (all modes). */
  controls: number;
  /** Controls listed in `text`. */
  shown: number;
  above: number;
  below: number;
  /** Controls inside the viewport that something else covers (viewport mode). */
  covered: number;
  truncated: boolean;
  tokens: number;
  ms: number;
}

export interface SnapshotResult {
  text: string;
  refs: RefEntry[];
  frames: FramePlaceholder[];
  /** Identifies the document: refs are valid only for the document that issued them. */
  docId: string;
  url: string;
  title: string;
  mode: SnapshotMode;
  /** Set when `diff` was asked for and a previous snapshot of this document existed. */
  isDiff: boolean;
  /** With isDiff: the change lines (without headline), so frames can be merged. */
  diff?: { lines: string[]; added: number; removed: number; changed: number };
  stats: SnapshotStats;
  /** The highest ref number this document has issued so far. */
  refHigh: number;
}

export interface FindMatch {
  ref: string;
  role: string;
  name: string;
  score: number;
  /** The element's snapshot line, so a small model can act on it directly. */
  line: string;
}

export interface FindResult {
  query: string;
  matches: FindMatch[];
  docId: string;
  /** Cross-origin frames in this document, which the driver searches on its own. */
  frames: FramePlaceholder[];
  /** The highest ref number this document has issued so far. */
  refHigh: number;
}

export interface Contacts {
  emails: string[];
  phones: string[];
  social: { platform: string; url: string; handle: string }[];
}

export interface PageMetadata {
  title: string;
  description: string;
  image: string;
  canonical: string;
  siteName: string;
  author: string;
  published: string;
  lang: string;
}

export type ExtractSource = 'defuddle' | 'article' | 'visible-text';

export interface ExtractOptions {
  /** Cap on the content text; longer content is cut at a paragraph with a note. */
  maxChars?: number;
}

export interface ExtractResult {
  url: string;
  /** Readable content as light markdown (headings, paragraphs, lists). */
  content: string;
  wordCount: number;
  source: ExtractSource;
  truncated: boolean;
  metadata: PageMetadata;
  jsonLd: unknown[];
  contacts: Contacts;
  ms: number;
}

export interface Point {
  x: number;
  y: number;
}

export interface Actionability {
  ref: string;
  /** Where to click, in this document's viewport coordinates. */
  point: Point | null;
  box: Rect | null;
  visible: boolean;
  enabled: boolean;
  stable: boolean;
  receivesEvents: boolean;
  /** When something else is on top at the click point: a short description of it. */
  coveredBy: string | null;
  scrolled: boolean;
  /** The first failed check, written for the model; null when the element is actionable. */
  problem: string | null;
  /** Which failed, for the driver to decide: retry (moving, covered) or give up. */
  failure: 'not-visible' | 'disabled' | 'not-stable' | 'covered' | 'clipped' | null;
  /** How to name the element in messages, its name quoted as page data: `e12 (button <page-text>Buy</page-text>)`. */
  label: string;
  /**
   * The document is not shown (a tab behind another, such as the one a popup covered): it
   * draws no frames, so a pointer move, which waits for one, would wait seconds for nothing.
   */
  hidden: boolean;
}

/** What is under the pointer now, at a point the actionability check found (in this document's viewport coordinates). */
export interface PointerCheck {
  /** The point is still inside the element's box. */
  inside: boolean;
  /** A press at the point would reach the element (itself, inside it, or its label). */
  reaches: boolean;
  /** When it would not: a short description of what is on top. */
  coveredBy: string | null;
}

export function isPointerCheck(value: unknown): value is PointerCheck {
  return has(value, 'inside', 'reaches', 'coveredBy');
}

export type LocatorKind = 'role' | 'text' | 'testid' | 'label' | 'placeholder' | 'aria-label' | 'id' | 'css' | 'row' | 'nth';

export interface Locator {
  kind: LocatorKind;
  /** For `role`, `row` and `nth`: the role; otherwise the value to match. */
  value: string;
  /** For `role`: the accessible name; for `row` and `nth`: the repeated control's name or visible text. */
  name?: string;
  /** For `row`: the title of the row (result, card, list item) the control sits in. */
  within?: string;
  /** For `nth`: its place among the copies of the control, from 0, in page order. */
  nth?: number;
  /** How many elements in the document this locator matches right now. */
  matches: number;
  /** 0–1: how likely the locator still finds the element after the page changes. */
  confidence: number;
}

export interface LocatorSet {
  ref: string;
  locators: Locator[];
}

/** What the driver needs to know about an element before acting on it. */
export interface ElementInfo {
  ref: string;
  role: string;
  name: string;
  tag: string;
  /** input type, '' for other elements. */
  inputType: string;
  /** Accepts typed text (text inputs, textareas, contenteditable). */
  editable: boolean;
  checkable: boolean;
  checked: boolean | null;
  disabled: boolean;
  readonly: boolean;
  /** A native <select>, and whether it takes several values. */
  nativeSelect: boolean;
  multiple: boolean;
  fileInput: boolean;
  /** The element is a password field (its value must never be echoed). */
  secret: boolean;
  expanded: boolean | null;
  /** For safety checks (never shown to the model): what the field is for, and where the control leads. */
  autocomplete: string;
  /** The field's `name` and `id` attributes, space-separated. */
  fieldName: string;
  /**
   * Every name the page gives it, accessible name first: its text (hidden parts too),
   * aria-label, aria-labelledby and label texts, ::before/::after content, title,
   * placeholder, an input button's value, alt and svg titles inside, icon hints when it has no text.
   */
  names: string[];
  /** Opens a menu or dialog (aria-haspopup). */
  popup: boolean;
  /** Submits a form (a submit button, or a field whose Enter submits), and that form's kind. */
  submits: boolean;
  /** For a field: the names of the button its Enter presses (the form's first submit button). */
  submitNames: string[];
  formHasPassword: boolean;
  formHasPayment: boolean;
  /** Where a submission goes (absolute; '' outside a form) and its method: 'get', 'post' or 'dialog'. */
  formAction: string;
  formMethod: string;
  /** Around it: its dialog's name, fieldset legend, form label, the nearest heading before it, its description. */
  context: string[];
  /** A native select's options. */
  options: { label: string; value: string }[];
  /** A link's absolute address ('' otherwise), and whether it downloads. */
  href: string;
  download: boolean;
  /** The address of the document it is in (a frame's own). */
  frameUrl: string;
}

export type DomAction =
  | { kind: 'click'; button?: 'left' | 'right' | 'middle'; clickCount?: number }
  | { kind: 'type'; text: string; replace?: boolean; submit?: boolean }
  | { kind: 'press'; keys: string }
  | { kind: 'check'; checked: boolean }
  | { kind: 'hover' }
  | { kind: 'drag'; toRef?: string; offset?: { x: number; y: number } }
  | { kind: 'upload'; files: { name: string; mimeType: string; data: string }[] };

export interface ScrollResult {
  /** What scrolled: "the page" or the element's description. */
  target: string;
  x: number;
  y: number;
  moved: boolean;
  atTop: boolean;
  atBottom: boolean;
}

export interface MarkBox {
  ref: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Errors the page script reports as values (not exceptions), so the driver can map them. */
export interface PageError {
  error: 'stale-ref' | 'unknown-ref' | 'bad-argument' | 'not-found' | 'ignored';
  message: string;
}

export function isBoolean(value: unknown): value is boolean {
  return typeof value === 'boolean';
}

export function isPageError(value: unknown): value is PageError {
  return typeof value === 'object' && value !== null && 'error' in value && 'message' in value;
}

// Shape checks for replies that cross from the page to the driver: a stale or foreign
// script answering with something else is reported, not trusted.
/** The value is an object with these keys (the guards below, and protocol-skills.ts's). */
export function has(value: unknown, ...keys: string[]): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && keys.every((key) => key in value);
}

export function isSnapshotResult(value: unknown): value is SnapshotResult {
  return (
    has(value, 'text', 'refs', 'frames', 'docId', 'stats') &&
    typeof value.text === 'string' &&
    Array.isArray(value.refs) &&
    Array.isArray(value.frames)
  );
}

export function isFindResult(value: unknown): value is FindResult {
  return has(value, 'query', 'matches', 'docId', 'frames') && Array.isArray(value.matches) && Array.isArray(value.frames);
}

export function isExtractResult(value: unknown): value is ExtractResult {
  return has(value, 'content', 'metadata', 'contacts', 'jsonLd') && typeof value.content === 'string';
}

export function isActionability(value: unknown): value is Actionability {
  return has(value, 'ref', 'point', 'visible', 'enabled', 'stable', 'receivesEvents', 'problem');
}

export function isElementInfo(value: unknown): value is ElementInfo {
  return has(value, 'ref', 'role', 'tag', 'editable', 'nativeSelect', 'fileInput');
}

export function isScrollResult(value: unknown): value is ScrollResult {
  return has(value, 'target', 'x', 'y', 'moved');
}

export function isLocatorSet(value: unknown): value is LocatorSet {
  return has(value, 'ref', 'locators') && Array.isArray(value.locators);
}
