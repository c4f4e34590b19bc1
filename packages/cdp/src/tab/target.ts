import type { TabInfo } from '@wayfinder/core';
import type { ElementInfo } from '@wayfinder/page';
import type { CdpSession } from '../connection';
import type { Keyboard, Mouse } from '../input/input';
import type { PageScriptHost } from '../page-script';
import type { TabHost } from './host';
import type { NetworkTracker } from './network';

// What the tab's helpers (actions, input, drag, waits, screenshots) work with: the page's
// session, its page script and input devices, and the checks every action makes. CdpTab
// provides it; the helpers never import CdpTab, so they cannot reach past it.

export interface Actionable {
  point: { x: number; y: number };
  label: string;
  /** The tab is not shown (it draws no frames): pointer moves are skipped, presses go straight to the point. */
  hidden?: boolean;
}

/** An element made ready to act on: where it is and what to call it. */
export interface Located extends Actionable {
  ref: string;
}

export interface ActionTarget {
  readonly session: CdpSession;
  readonly script: PageScriptHost;
  readonly mouse: Mouse;
  readonly keyboard: Keyboard;
  readonly host: TabHost;
  readonly network: NetworkTracker;
  info(): Promise<TabInfo>;
  /** Calls the page script, turning its errors into BrowserErrors and checking the answer's shape. */
  page<T>(method: string, args: unknown[], ref: string | undefined, check: (value: unknown) => value is T): Promise<T>;
  describe(ref: string): Promise<ElementInfo>;
  /** Waits until the element can be acted on (visible, enabled, still, uncovered), scrolling it into view. */
  actionable(ref: string): Promise<Actionable>;
  /** With the pointer at the element: throws if it has moved away or something now covers it (a page can swap controls on hover). */
  stillUnderPointer(el: Located): Promise<void>;
}
