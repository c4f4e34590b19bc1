// The browser port: what the agent's tools need from a browser, and nothing more. Core
// declares it; packages/cdp implements it (over chrome.debugger in the extension, a CDP
// WebSocket in Node); tests may use a fake. Plain data in, plain data out.

export interface TabInfo {
  id: string;
  url: string;
  title: string;
  active: boolean;
  /** The tab whose page opened this one (a link with target=_blank, window.open). */
  openerId?: string;
}

export type SnapshotMode = 'viewport' | 'full';

export interface SnapshotRequest {
  mode?: SnapshotMode;
  maxTokens?: number;
  /** Changes since the previous snapshot of the same document, when there was one. */
  diff?: boolean;
}

export interface PageRef {
  ref: string;
  role: string;
  name: string;
  states: string[];
  value?: string;
  href?: string;
}

export interface PageSnapshot {
  text: string;
  refs: PageRef[];
  url: string;
  title: string;
  /** Refs are valid for this document only. */
  docId: string;
  isDiff: boolean;
  truncated: boolean;
  tokens: number;
}

export interface FoundElement {
  ref: string;
  role: string;
  name: string;
  score: number;
  line: string;
}

export interface PageContent {
  url: string;
  content: string;
  wordCount: number;
  truncated: boolean;
  metadata: {
    title: string;
    description: string;
    image: string;
    canonical: string;
    siteName: string;
    author: string;
    published: string;
    lang: string;
  };
  jsonLd: unknown[];
  contacts: { emails: string[]; phones: string[]; social: { platform: string; url: string; handle: string }[] };
}

/** What the safety policy reads about an element: its role and names, its attributes, where it sits and its form. */
export interface ElementFacts {
  role: string;
  /** The accessible name (what the snapshot shows). */
  name: string;
  /**
   * Every other name the page gives it, as written: its own text, aria-label, what
   * aria-labelledby and its labels point at, ::before/::after content, title, an input
   * button's value, alt and svg titles and icon hints inside, placeholder.
   */
  names: string[];
  tag: string;
  inputType: string;
  autocomplete: string;
  /** The `name` and `id` attributes. */
  fieldName: string;
  /** A password field. */
  secret: boolean;
  /** Takes typed text. */
  editable: boolean;
  fileInput: boolean;
  /** A checkbox, radio button or switch. */
  checkable: boolean;
  /** Opens a menu or dialog (aria-haspopup). */
  popup: boolean;
  /** Activating it (or Enter in it) submits its form; and what that form holds. */
  submits: boolean;
  /** For a field: the names of the button Enter presses (its form's default button). */
  submitNames: string[];
  formHasPassword: boolean;
  formHasPayment: boolean;
  /** Where its form goes (absolute; '' outside a form) and how: 'get', 'post' or 'dialog'. */
  formAction: string;
  formMethod: string;
  /** What surrounds it: the nearest heading, its fieldset's legend, its dialog's name, its form's label, its description. */
  context: string[];
  /** A native select's options. */
  options: { label: string; value: string }[];
  /** A link's address ('' if none), and whether it downloads. */
  href: string;
  download: boolean;
  /** The address of the document the element is in (a frame's own). */
  frameUrl: string;
}

export type MouseButton = 'left' | 'right' | 'middle';
export type Modifier = 'Alt' | 'Control' | 'Meta' | 'Shift';

/** A file to put into a file input: bytes (base64) the caller has, or a path the browser can read. */
export interface FileInput {
  name: string;
  mimeType?: string;
  /** Base64 contents. */
  data?: string;
  /** A path on the machine running the browser (Node hosts only). */
  path?: string;
}

export type Action =
  | { kind: 'click'; button?: MouseButton; clickCount?: 1 | 2; modifiers?: Modifier[] }
  | { kind: 'type'; text: string; mode?: 'insert' | 'keys'; replace?: boolean; submit?: boolean }
  | { kind: 'press'; keys: string }
  | { kind: 'select'; values: string[]; by?: 'auto' | 'value' | 'label' | 'index' }
  | { kind: 'check'; checked: boolean }
  | { kind: 'hover' }
  | { kind: 'drag'; toRef?: string; offset?: { x: number; y: number } }
  | { kind: 'scroll'; direction: 'up' | 'down' | 'left' | 'right' | 'top' | 'bottom'; amount?: number }
  | { kind: 'scroll-into-view' }
  | { kind: 'upload'; files: FileInput[] };

export type DialogType = 'alert' | 'confirm' | 'prompt' | 'beforeunload';

export interface DialogInfo {
  type: DialogType;
  message: string;
  defaultPrompt: string;
  url: string;
}

export interface DialogDecision {
  accept: boolean;
  /** For prompt(): the answer. */
  promptText?: string;
}

/** Decides each dialog a page opens. Returning a promise lets a host ask the user. */
export type DialogPolicy = (dialog: DialogInfo, tab: TabInfo) => DialogDecision | Promise<DialogDecision>;

export interface HandledDialog extends DialogInfo {
  accepted: boolean;
  promptText?: string;
}

export interface FindOptions {
  /** Only the copies of a repeated control (an "Edit" in every row) whose row, item or card has this text. */
  row?: string;
}

/** What an action (or opening an address) waits for before it answers. */
export interface ActOptions {
  /**
   * `rendered` (the default): a navigation it started has loaded, the requests it started
   * have landed, and the page has had a quiet moment to render them — a new page's scripts
   * often ask for their data only after its load event. `loaded`: the same without that
   * moment after a new page's load, for a caller that finds what it needs next itself and
   * waits for that (a skill's replay: each step looks for its own target).
   */
  settle?: 'rendered' | 'loaded';
}

export interface ActionOutcome {
  /** What happened, in a sentence the model can read. */
  summary: string;
  /** The page navigated (a new document) as a result. */
  navigated: boolean;
  url: string;
  /** Tabs the action opened (links with target=_blank, popups). */
  newTabs: TabInfo[];
  /** Dialogs the page opened during the action, and how they were answered. */
  dialogs: HandledDialog[];
}

/** What a snippet run in the page (Tab.runPageCode) gave back, and what it caused. */
export interface PageCodeOutcome extends ActionOutcome {
  /** What the snippet returned, as JSON text (capped); null when it returned nothing or the page navigated away first. */
  value: string | null;
}

export type WaitCondition =
  | { kind: 'text'; text: string; gone?: boolean }
  | { kind: 'ref'; ref: string; gone?: boolean }
  | { kind: 'navigation' }
  | { kind: 'network-idle'; idleMs?: number }
  | { kind: 'time'; ms: number };

export interface ScreenshotRequest {
  /** Just this element (its box, scrolled into view). */
  ref?: string;
  /** The whole page, not just the viewport. */
  fullPage?: boolean;
  /** Draw each visible control's ref on it (set-of-marks, for vision models). */
  marks?: boolean;
  format?: 'png' | 'jpeg';
  quality?: number;
  /** Scale the viewport picture down (0.1–1), e.g. for thumbnails. */
  scale?: number;
}

export interface Screenshot {
  /** Base64 image data. */
  data: string;
  mimeType: 'image/png' | 'image/jpeg';
  width: number;
  height: number;
  /** With marks: where each labelled ref sits in the image. */
  marks: { ref: string; x: number; y: number; width: number; height: number }[];
}

/**
 * How an element is found again without a ref (a skill's step, recorded once): role (value:
 * the role, name: its accessible name), label, aria-label, placeholder, text, testid (value:
 * `attribute=value`), id, css (` >>> ` steps into an open shadow root); `aria` (an accessible
 * name, any role) and `xpath` come from imported DevTools recordings.
 */
export interface ElementLocator {
  kind: 'role' | 'label' | 'aria-label' | 'placeholder' | 'text' | 'testid' | 'id' | 'css' | 'aria' | 'xpath' | 'row' | 'nth';
  value: string;
  name?: string;
  /** `row`: the control (role `value`, name or visible text `name`) in the row whose title is this (may be `{{input}}`). */
  within?: string;
  /** `nth`: the control's place among its copies on the page, from 0. */
  nth?: number;
}

/**
 * Which element a list of locators points at now. `matches`: visible, enabled elements
 * the locator matched; `hidden`: elements it matched that a person could not use (hidden,
 * zero-size, disabled, behind a modal dialog).
 */
export type LocateResult =
  { ref: string; by: ElementLocator; matches: number } | { ref: null; tried: { by: ElementLocator; matches: number; hidden: number }[] };

export interface Tab {
  readonly id: string;
  info(): Promise<TabInfo>;
  navigate(url: string, options?: ActOptions): Promise<ActionOutcome>;
  goBack(): Promise<ActionOutcome>;
  goForward(): Promise<ActionOutcome>;
  reload(): Promise<ActionOutcome>;
  snapshot(request?: SnapshotRequest): Promise<PageSnapshot>;
  find(query: string, k?: number, options?: FindOptions): Promise<FoundElement[]>;
  extract(options?: { maxChars?: number }): Promise<PageContent>;
  /** Acts on a ref from the latest snapshot; `null` targets the page (keys, scrolling). */
  act(ref: string | null, action: Action, options?: ActOptions): Promise<ActionOutcome>;
  waitFor(condition: WaitCondition, timeoutMs?: number): Promise<string>;
  /** What a ref is on the page now (for policies and confirmations; never shown to the model). */
  describe(ref: string): Promise<ElementFacts>;
  /** What has keyboard focus now (through shadow roots and frames), or null when nothing does. */
  describeFocused(): Promise<ElementFacts | null>;
  screenshot(request?: ScreenshotRequest): Promise<Screenshot>;
  /** Outer HTML of the first match of a CSS selector (or the page), capped. */
  html(selector?: string, maxChars?: number): Promise<string>;
  /**
   * A ref for the element these locators point at, searched in the page, its open shadow
   * roots and its frames. Only visible, enabled elements count. The first locator, in the
   * order given, that matches exactly one wins. When none does, the element most locators
   * point at wins, if it is the only one with that many and at least two agree; otherwise
   * nothing wins and `tried` says what each locator matched. Waits up to `timeoutMs`
   * (default 0: look once) for the page to render a winner.
   */
  locate(locators: ElementLocator[], options?: { timeoutMs?: number }): Promise<LocateResult>;
  /**
   * How a ref's element can be found again without the ref, best first (what a recording
   * keeps): a repaired skill step stores these. Only locators that match it now.
   */
  locatorsOf(ref: string): Promise<ElementLocator[]>;
  /**
   * Runs `code` as the body of an async function in a world of its own in the tab's main
   * frame (the page cannot reach it), with helpers click, setValue, waitForElement and
   * delay, for at most `timeoutMs`. A syntax error, a thrown error and running out of time
   * fail as BrowserErrors; a navigation it causes is reported, not an error.
   */
  runPageCode(code: string, timeoutMs: number): Promise<PageCodeOutcome>;
}

/** A request a tab (or a frame in it) is about to make, as the browser reports it. */
export interface PageRequest {
  /** The tab making it (a frame's requests belong to its tab). */
  tabId: string;
  url: string;
  method: string;
  /** CDP's resource type: Document, XHR, Fetch, Script, Image, … */
  resourceType: string;
  /** Loads a document: the tab's page or a frame's. */
  navigation: boolean;
  /** Loads the tab's own page (its top frame), whoever caused it: a link, a redirect, a script. */
  topFrame: boolean;
  /** What the request sends (a form's fields, a script's payload), as text; absent when it sends nothing. */
  body?: string;
  /** For a download (resourceType `Download`): the name the file would be saved under. */
  filename?: string;
}

export type RequestVerdict = { allow: true } | { allow: false; reason: string };

/** Decides every request a browser's tabs make before it leaves the browser. */
export type RequestGuard = (request: PageRequest) => RequestVerdict | Promise<RequestVerdict>;

/** How a new tab opens. */
export interface OpenTabOptions {
  /** Opens behind the tab in front, which stays the active one. */
  background?: boolean;
  /**
   * false: the page's own scripts never run in this tab (a saved HTML file read offline:
   * its trackers and frameworks have nothing to do, and cost seconds); Wayfinder's page
   * script still does. Default true.
   */
  pageScripts?: boolean;
}

export interface Browser {
  tabs(): Promise<TabInfo[]>;
  activeTab(): Promise<Tab>;
  openTab(url?: string, options?: OpenTabOptions): Promise<Tab>;
  switchTab(id: string): Promise<Tab>;
  closeTab(id: string): Promise<void>;
  /** How dialogs are answered; the default accepts alerts and dismisses everything else. */
  setDialogPolicy(policy: DialogPolicy): void;
  /**
   * Puts every request of every tab this browser drives (pages, frames, redirects, what a
   * page loads by itself) through `guard` before it is sent; null lets everything through.
   */
  setRequestGuard(guard: RequestGuard | null): Promise<void>;
  /**
   * Whether a page has stopped responding: when a call into one of its pages got no answer
   * in time since this was last asked, and that page does not answer a trivial call now
   * either, the sentence to end the task with; else null. The loop asks before each step.
   */
  stalled?(): Promise<string | null>;
}
