import type {
  Actionability,
  DomAction,
  ElementInfo,
  ExtractOptions,
  ExtractResult,
  FindResult,
  LocatorSet,
  MarkBox,
  PageError,
  PointerCheck,
  Rect,
  ScrollResult,
  SnapshotOptions,
  SnapshotResult,
} from './protocol';
import type { CaptureOptions, LocatorQuery, ResolveOptions, ResolveResult } from './protocol-skills';

/** The API object the script installs, for typing calls on the driver side. */
export interface PageApi {
  version: number;
  docId: string;
  snapshot(options?: SnapshotOptions): SnapshotResult;
  /** `framePrefix`: as for snapshot, for a cross-origin frame searched on its own; `row`: only controls in the row with that text (rows.ts). */
  find(query: string, k?: number, options?: { framePrefix?: string; refBase?: number; row?: string }): FindResult;
  extract(options?: ExtractOptions): ExtractResult;
  actionability(ref: string): Promise<Actionability | PageError>;
  /** The light re-check before a press: no scrolling, no waiting for frames, no naming. */
  underPointer(ref: string, x: number, y: number): PointerCheck | PageError;
  locators(ref: string): LocatorSet | PageError;
  /** What each locator matches now: counts, and refs for the usable matches (registered like snapshot refs). */
  resolveLocators(locators: LocatorQuery[], options?: ResolveOptions): ResolveResult;
  /**
   * The iframe element behind a cross-origin frame ref, for the driver to find its frame
   * id (fetched by object id, never by value). Typed loosely: this file is read by Node too.
   */
  frameOwner(ref: string): object | null;
  describe(ref: string): ElementInfo | PageError;
  /** What has keyboard focus, through shadow roots and same-origin frames (a cross-origin frame: the iframe), or null. */
  describeFocused(): ElementInfo | null;
  /** The cross-origin iframe holding focus (fetched by object id), or null. */
  focusedFrame(): object | null;
  focus(ref: string): string | PageError;
  /**
   * A cross-origin iframe's own viewport, as of now, in this document's viewport
   * coordinates; scrolls the iframe fully into view first when it is not.
   */
  frameBox(ref: string): Rect | PageError;
  /** The element itself (fetched by object id, for DOM.setFileInputFiles and the like). */
  element(ref: string): object | PageError;
  /** Focuses an element and selects its text (so typing replaces it), or puts the caret at its end. */
  prepareTyping(ref: string, replace: boolean): ElementInfo | PageError;
  value(ref: string): string | PageError;
  /** Sets a native colour input (#rgb, #rrggbb or a CSS colour name), firing input and change; returns the #rrggbb it set. */
  setColour(ref: string, text: string): string | PageError;
  /** Chooses options of a native select, firing input and change; returns the labels chosen. */
  selectOptions(ref: string, values: string[], by: 'auto' | 'value' | 'label' | 'index'): string[] | PageError;
  /** For a custom listbox that is open: refs of the options matching these values. */
  listboxOptions(ref: string, values: string[]): { ref: string; label: string }[] | PageError;
  scroll(
    ref: string | null,
    direction: 'up' | 'down' | 'left' | 'right' | 'top' | 'bottom',
    amount: number | null,
  ): ScrollResult | PageError;
  hasText(text: string): boolean;
  refPresent(ref: string): boolean;
  /** Resolves after the next frame and one task: what an input's handlers scheduled (effects, fetches) has started. */
  /** Resolves after the next rendered frame (true), or at once in a hidden tab, which renders none (false). */
  /** After the page has rendered `frames` frames (default 2: observers report after the first); false in a hidden tab. */
  afterFrame(frames?: number): Promise<boolean>;
  showMarks(marks: MarkBox[]): void;
  hideMarks(): void;
  html(selector: string | null, maxChars: number): string | PageError;
  /** The DOM-event fallback: performs an action with script-made events. */
  domAct(ref: string, action: DomAction): Promise<string | PageError>;
  /** Starts reporting what a person does in this document through the binding (false: it already was). */
  startCapture(options: CaptureOptions): boolean;
  /** Stops reporting (false: it was not capturing). */
  stopCapture(): boolean;
}
