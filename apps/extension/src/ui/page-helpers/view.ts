import { h } from './dom';
import { STYLES } from './styles';

// The helpers' elements on the page, in one closed shadow root: the toolbar over a
// selection, the helper frame (an extension page: every view with the person's words or a
// result, docs/0038-page-helpers-origin.md), the `/write` hint, the capture veil and the
// "sent" highlight. Closed, and no handle to it is kept anywhere a page can reach: the page
// sees one empty element. (Tests reach in through the content script's own world.)

export class HelperView {
  readonly host: HTMLElement;
  private readonly root: ShadowRoot;
  private readonly layer: HTMLDivElement;

  constructor() {
    this.host = document.createElement('wayfinder-helpers');
    this.root = this.host.attachShadow({ mode: 'closed' });
    this.root.append(h('style', {}, STYLES));
    this.layer = h('div', { class: 'layer' });
    this.root.append(this.layer);
    this.attach();
  }

  /** Puts the host back on the page when a page's script took it off. */
  attach(): void {
    if (!this.host.isConnected) document.documentElement.append(this.host);
  }

  /** Whether an event happened inside the helpers' own elements. */
  owns(event: Event): boolean {
    return event.composedPath().includes(this.host);
  }

  /** Whether the toolbar (or the hint) is showing. */
  get showing(): boolean {
    return this.layer.childElementCount > 0;
  }

  /** The element focused inside the helpers, if any. */
  get focused(): Element | null {
    return this.root.activeElement;
  }

  clear(): void {
    this.layer.replaceChildren();
  }

  /** Shows `panel` next to `near` (below it, or above when there is no room), within the viewport. */
  place(panel: HTMLElement, near: DOMRect): void {
    this.attach();
    this.layer.replaceChildren(panel);
    panel.style.position = 'fixed';
    const width = panel.offsetWidth;
    const height = panel.offsetHeight;
    const left = Math.max(8, Math.min(near.left, innerWidth - width - 8));
    const below = near.bottom + 8;
    const top = below + height <= innerHeight - 8 ? below : Math.max(8, near.top - height - 8);
    panel.style.left = `${left}px`;
    panel.style.top = `${top}px`;
  }

  /** Adds an element above everything (the frame, the capture veil, highlights); returns it. */
  overlay<T extends HTMLElement>(el: T): T {
    this.attach();
    this.root.append(el);
    return el;
  }
}
