import { STYLES } from './styles';

// The helpers' elements, in one shadow root on the page: the toolbar over a selection, the
// card a result streams into, the writer's question, the capture veil, the "sent" highlight.
// Every button acts only on the person's own (trusted) clicks: a page cannot press them.

type Child = Node | string | null | false;

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
  for (const child of children) if (child) el.append(child);
  return el;
}

const THUMB_UP = [
  'M7 10v12',
  'M15 5.88 14 10h5.83a2 2 0 0 1 1.92 2.56l-2.33 8A2 2 0 0 1 17.5 22H4a2 2 0 0 1-2-2v-8a2 2 0 0 1 2-2h2.76a2 2 0 0 0 1.79-1.11L12 2a3.13 3.13 0 0 1 3 3.88Z',
];
const THUMB_DOWN = [
  'M17 14V2',
  'M9 18.12 10 14H4.17a2 2 0 0 1-1.92-2.56l2.33-8A2 2 0 0 1 6.5 2H20a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2h-2.76a2 2 0 0 0-1.79 1.11L12 22a3.13 3.13 0 0 1-3-3.88Z',
];
const SVG = 'http://www.w3.org/2000/svg';

/** 👍 or 👎, drawn (a page's fonts may have no emoji; no markup parsing, so no Trusted Types trouble). */
export function thumb(up: boolean): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  const attrs = {
    viewBox: '0 0 24 24',
    width: '15',
    height: '15',
    fill: 'none',
    stroke: 'currentColor',
    'stroke-width': '2',
    'aria-hidden': 'true',
  };
  for (const [name, value] of Object.entries(attrs)) svg.setAttribute(name, value);
  for (const d of up ? THUMB_UP : THUMB_DOWN) {
    const path = document.createElementNS(SVG, 'path');
    path.setAttribute('d', d);
    svg.append(path);
  }
  return svg;
}

/** A button that runs `act` on a trusted click; `keepFocus`: pressing it leaves the page's selection alone. */
export function button(
  label: string | Node,
  act: () => void,
  options: { primary?: boolean; keepFocus?: boolean; title?: string } = {},
): HTMLButtonElement {
  const el = h('button', { type: 'button', ...(options.title ? { title: options.title, 'aria-label': options.title } : {}) }, label);
  if (options.primary) el.className = 'primary';
  if (options.keepFocus !== false) el.addEventListener('mousedown', (event) => event.preventDefault());
  el.addEventListener('click', (event) => {
    if (!event.isTrusted) return;
    event.stopPropagation();
    act();
  });
  return el;
}

export class HelperView {
  readonly host: HTMLElement;
  private readonly root: ShadowRoot;
  private readonly layer: HTMLDivElement;

  constructor() {
    this.host = document.createElement('wayfinder-helpers');
    // Open, so tests (and screen readers' tooling) can reach it; the page could read it too (docs/0034-page-helpers.md).
    this.root = this.host.attachShadow({ mode: 'open' });
    this.root.append(h('style', {}, STYLES));
    this.layer = h('div', { class: 'layer' });
    this.root.append(this.layer);
    document.documentElement.append(this.host);
  }

  /** Whether an event happened inside the helpers' own elements. */
  owns(event: Event): boolean {
    return event.composedPath().includes(this.host);
  }

  get showing(): boolean {
    return this.layer.childElementCount > 0;
  }

  clear(): void {
    this.layer.replaceChildren();
  }

  /** Shows `panel` next to `near` (below it, or above when there is no room), within the viewport. */
  place(panel: HTMLElement, near: DOMRect): void {
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

  /** Adds an element above everything (the capture veil, highlights); returns it. */
  overlay<T extends HTMLElement>(el: T): T {
    this.root.append(el);
    return el;
  }
}

/** A result card: a heading, the text as it streams, a status line, and actions. */
export class Card {
  readonly el: HTMLElement;
  private readonly output: HTMLElement;
  private readonly status: HTMLElement;
  private readonly actions: HTMLElement;
  text = '';

  constructor(title: string, close: () => void) {
    this.output = h('div', { class: 'output', 'aria-live': 'polite', 'data-role': 'output' });
    this.status = h('div', { class: 'status', role: 'status' }, 'Working…');
    this.actions = h('div', { class: 'actions' });
    this.el = h(
      'section',
      { class: 'panel card', role: 'region', 'aria-label': `Wayfinder: ${title}` },
      h('h2', {}, title),
      this.output,
      this.status,
      this.actions,
    );
    this.el.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') close();
    });
    this.setActions([button('Close', close, { title: 'Close' })]);
  }

  append(text: string): void {
    this.text += text;
    this.output.textContent = this.text;
  }

  image(src: string, alt: string): void {
    this.output.replaceChildren(h('img', { class: 'shot', src, alt }));
  }

  setStatus(text: string): void {
    this.status.className = 'status';
    this.status.textContent = text;
  }

  setError(text: string): void {
    this.status.className = 'error';
    this.status.setAttribute('role', 'alert');
    this.status.textContent = text;
  }

  setActions(buttons: HTMLElement[]): void {
    this.actions.replaceChildren(...buttons);
  }
}
