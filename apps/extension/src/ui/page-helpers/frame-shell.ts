import { HELPER_FRAME_PAGE } from '../../lib/page-helpers';
import { h } from './dom';
import type { HelperView } from './view';

// The box the helper frame is shown in (docs/0038-page-helpers-origin.md): an iframe of the
// extension's own page inside the closed shadow root. A page's scripts cannot read or script
// a frame of another origin, cannot dispatch events into it, and do not see it in
// window.frames; the frame's words never pass through this script until the person presses
// Insert. Only where it is and how tall is decided here.
//
// Pairing: this script makes a random key, gives it to the worker over its own port (which a
// page cannot reach), and, once the worker has it, posts it into the frame; the frame presents
// it on its own port. A copy of the frame's page that a page loads itself never gets a key.

/** The frame's own padding around its panel (room for the panel's shadow). */
export const FRAME_PAD = 10;
const PANEL_MAX = 420;
const FRAME_ORIGIN = new URL(chrome.runtime.getURL('/')).origin;

function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export class HelperFrame {
  private el: HTMLIFrameElement | null = null;
  private readonly key = newKey();
  private loaded = false;
  private keyed = false;
  private shownFor: string | null = null;

  constructor(
    private readonly view: HelperView,
    /** Gives the key to the worker (over the content script's port). */
    private readonly giveKey: (key: string) => void,
  ) {}

  /** The frame, made (and its page loaded) on first use and kept for the page's life. */
  private ensure(): HTMLIFrameElement {
    if (this.el?.isConnected) return this.el;
    const el = h('iframe', {
      class: 'frame',
      src: chrome.runtime.getURL(HELPER_FRAME_PAGE),
      title: 'Wayfinder',
      allow: 'clipboard-write',
    });
    this.loaded = false;
    // A frame moved or put back loads again: it is paired again.
    el.addEventListener('load', () => {
      this.loaded = true;
      this.pair();
    });
    this.el?.remove();
    this.el = this.view.overlay(el);
    this.giveKey(this.key);
    return el;
  }

  /** Made ready for view `id` (hidden until it has drawn it). */
  prepare(id: string): void {
    const el = this.ensure();
    this.shownFor = null;
    el.classList.remove('shown');
    el.style.width = `${this.width()}px`;
    el.dataset.view = id;
  }

  /** The worker has the key (again, after its port opened anew): the frame gets it now or when loaded. */
  keyTaken(): void {
    this.keyed = true;
    this.pair();
  }

  /** The content script's port opened anew (the worker restarted): the key is given again. */
  portReopened(): void {
    this.keyed = false;
    if (this.el) this.giveKey(this.key);
  }

  private pair(): void {
    if (this.loaded && this.keyed) this.el?.contentWindow?.postMessage({ type: 'wayfinder-pair', key: this.key }, FRAME_ORIGIN);
  }

  private width(): number {
    return Math.min(PANEL_MAX + 2 * FRAME_PAD, innerWidth);
  }

  /**
   * Shows view `id`, `height` px tall, by `near`; the first time, focus goes into it, with what
   * the person typed ahead while it opened (`ahead()`: the writer's first words, and whether Enter followed).
   */
  show(id: string, near: DOMRect, height: number, ahead: () => { text: string; enter: boolean }): void {
    const el = this.el;
    if (!el || el.dataset.view !== id) return;
    const width = this.width();
    const left = Math.max(0, Math.min(near.left - FRAME_PAD, innerWidth - width));
    const below = near.bottom + 8 - FRAME_PAD;
    const top = below + height <= innerHeight ? below : Math.max(0, near.top - 8 - height + FRAME_PAD);
    Object.assign(el.style, { width: `${width}px`, height: `${height}px`, left: `${left}px`, top: `${top}px` });
    el.classList.add('shown');
    if (this.shownFor === id) return;
    this.shownFor = id;
    this.focus(ahead());
  }

  /** Whether view `id` has been shown (and focus given to it). */
  hasShown(id: string): boolean {
    return this.shownFor === id;
  }

  /** Focus into the frame's view (its first control), with text the person typed ahead. */
  focus(ahead: { text: string; enter: boolean } = { text: '', enter: false }): void {
    const el = this.el;
    if (!el?.dataset.view) return;
    el.focus();
    el.contentWindow?.postMessage({ type: 'wayfinder-focus', id: el.dataset.view, ...ahead }, FRAME_ORIGIN);
  }

  /** Takes focus out of the frame (to the page's body) when nothing else is to have it. */
  blur(): void {
    if (this.focused) this.el?.blur();
  }

  hide(): void {
    this.shownFor = null;
    if (!this.el) return;
    this.el.classList.remove('shown');
    delete this.el.dataset.view;
  }

  get visible(): boolean {
    return this.el?.classList.contains('shown') ?? false;
  }

  /** Whether focus is in the frame now. */
  get focused(): boolean {
    return this.el !== null && this.view.focused === this.el;
  }
}
