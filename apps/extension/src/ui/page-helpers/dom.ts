// Small DOM builders for the helpers' own elements (the content script's toolbar and the
// helper frame's views): no markup parsing, so no Trusted Types trouble on strict pages.
// Every button acts only on the person's own (trusted) clicks or keys.

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

/** A button that runs `act` on a trusted click (or Enter / Space on it); `keepFocus`: pressing it leaves focus where it was. */
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
