import type { Rect } from '../protocol';

export function rectOf(r: DOMRect | Rect, dx = 0, dy = 0): Rect {
  return { x: Math.round(r.x + dx), y: Math.round(r.y + dy), width: Math.round(r.width), height: Math.round(r.height) };
}

export function intersect(a: Rect, b: Rect): Rect | null {
  const x = Math.max(a.x, b.x);
  const y = Math.max(a.y, b.y);
  const right = Math.min(a.x + a.width, b.x + b.width);
  const bottom = Math.min(a.y + a.height, b.y + b.height);
  if (right <= x || bottom <= y) return null;
  return { x, y, width: right - x, height: bottom - y };
}

export function hasArea(r: { width: number; height: number }): boolean {
  return r.width > 0 && r.height > 0;
}

export function center(r: Rect): { x: number; y: number } {
  return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
}

/** Union of an element's client rects, for inline boxes split across lines or around blocks. */
export function unionRect(rects: Iterable<DOMRect>): DOMRect | null {
  let left = Infinity;
  let top = Infinity;
  let right = -Infinity;
  let bottom = -Infinity;
  for (const r of rects) {
    if (!hasArea(r)) continue;
    left = Math.min(left, r.left);
    top = Math.min(top, r.top);
    right = Math.max(right, r.right);
    bottom = Math.max(bottom, r.bottom);
  }
  if (left === Infinity) return null;
  return new DOMRect(left, top, right - left, bottom - top);
}

/** Where a frame's own viewport sits: inside the iframe's border and padding. */
export function frameContentBox(el: HTMLIFrameElement, style: CSSStyleDeclaration, box: Rect): Rect {
  const padLeft = parseFloat(style.paddingLeft) || 0;
  const padTop = parseFloat(style.paddingTop) || 0;
  return {
    x: box.x + el.clientLeft + padLeft,
    y: box.y + el.clientTop + padTop,
    width: el.clientWidth - padLeft - (parseFloat(style.paddingRight) || 0),
    height: el.clientHeight - padTop - (parseFloat(style.paddingBottom) || 0),
  };
}
