import { colorsIn, parseColor } from './colors';
import { boxOf, encloses, heightOf, widthOf, type Box } from './css-effects';
import { composedContains, composedParent, isElement, isSlot } from './dom';

// Covering boxes: an opaque, positioned element laid over text hides it from people as
// surely as display:none. One pass per document finds the candidates (absolutely
// positioned, or relatively positioned and moved, with an opaque background); the oracle
// then asks, for boxes that fall inside one, whether the cover paints above them.
// Fixed and sticky boxes are not covers: they move with the viewport, and what they cover
// now a person reaches by scrolling.

export interface Cover {
  el: Element;
  box: Box;
}

const NOT_PAINTED = new Set(['script', 'style', 'template', 'noscript', 'head', 'svg', 'math', 'select', 'datalist', 'iframe', 'object']);
const MIN_SIDE = 8;
const FOLLOWING = 4; // Node.DOCUMENT_POSITION_FOLLOWING

type StyleOf = (el: Element) => CSSStyleDeclaration;

/** What the search reads, cached per pass by the oracle. */
export interface StyleReader {
  style(el: Element): CSSStyleDeclaration;
  display(el: Element): string;
  position(el: Element): string;
}

/** Element children in the flattened tree (a host's shadow root, what a slot shows). */
function elementChildren(el: Element): ArrayLike<Element> {
  if (el.shadowRoot) return el.shadowRoot.children;
  if (isSlot(el)) {
    const assigned = el.assignedElements({ flatten: true });
    if (assigned.length) return assigned;
  }
  return el.children;
}

function opaqueBackground(style: CSSStyleDeclaration): boolean {
  const image = style.backgroundImage;
  if (image && image !== 'none') {
    const colors = colorsIn(image);
    // An image may be transparent where it matters; only a gradient of opaque stops surely covers.
    if (colors?.length && colors.every((c) => c.a >= 0.9)) return true;
  }
  const color = parseColor(style.backgroundColor);
  return !!color && color.a >= 0.9;
}

function moved(style: CSSStyleDeclaration): boolean {
  for (const value of [style.top, style.left, style.bottom, style.right, style.marginTop, style.marginLeft]) {
    if (value !== 'auto' && parseFloat(value) !== 0 && !Number.isNaN(parseFloat(value))) return true;
  }
  return false;
}

/** Candidate covers in a document, in tree order (later ones paint above earlier ones at equal z). */
export function findCovers(doc: Document, read: StyleReader): Cover[] {
  const covers: Cover[] = [];
  const root = doc.documentElement;
  const stack: Element[] = [root];
  while (stack.length) {
    const node = stack.pop();
    if (!isElement(node) || NOT_PAINTED.has(node.localName)) continue;
    if (read.display(node) === 'none') continue;
    const position = read.position(node);
    const style = position === 'absolute' || position === 'relative' ? read.style(node) : null;
    if (
      style &&
      (position === 'absolute' || moved(style)) &&
      style.visibility === 'visible' &&
      parseFloat(style.opacity) >= 0.9 &&
      opaqueBackground(style)
    ) {
      const box = boxOf(node.getBoundingClientRect());
      if (widthOf(box) >= MIN_SIDE && heightOf(box) >= MIN_SIDE) covers.push({ el: node, box });
    }
    const children = elementChildren(node);
    for (let i = children.length - 1; i >= 0; i--) {
      const child = children[i];
      if (child) stack.push(child);
    }
  }
  return covers;
}

function zIndex(style: CSSStyleDeclaration): number | null {
  const z = parseInt(style.zIndex, 10);
  return Number.isNaN(z) ? null : z;
}

/** Is this element painted as its own layer (positioned, or a stacking context)? */
function layered(style: CSSStyleDeclaration): boolean {
  return (
    style.position !== 'static' || style.opacity !== '1' || style.transform !== 'none' || style.filter !== 'none' || zIndex(style) !== null
  );
}

/** The outermost layer on the way up from `el` to `stop` (exclusive): what competes with the other side. */
function outermostLayer(el: Element, stop: Element | null, styleOf: StyleOf): { el: Element; z: number } | null {
  let found: { el: Element; z: number } | null = null;
  for (let node: Element | null = el; node && node !== stop; node = composedParent(node)) {
    const style = styleOf(node);
    if (layered(style)) found = { el: node, z: zIndex(style) ?? 0 };
  }
  return found;
}

function commonAncestor(a: Element, b: Element): Element | null {
  for (let node: Element | null = a; node; node = composedParent(node)) {
    if (composedContains(node, b)) return node;
  }
  return null;
}

/**
 * Does `cover` paint over `target`? Approximates CSS painting order: layers (positioned
 * boxes, stacking contexts) paint above in-flow content; between layers, the higher
 * z-index, then the later in tree order.
 */
export function paintsOver(cover: Cover, target: Element, styleOf: StyleOf): boolean {
  if (composedContains(cover.el, target) || composedContains(target, cover.el)) return false;
  const common = commonAncestor(cover.el, target);
  const top = outermostLayer(cover.el, common, styleOf);
  if (!top || top.z < 0) return false;
  const under = outermostLayer(target, common, styleOf);
  if (!under) return true;
  if (top.z !== under.z) return top.z > under.z;
  return !!(under.el.compareDocumentPosition(top.el) & FOLLOWING);
}

/**
 * A cover in the list that holds all of `box` and paints over `target`, if any. `live`
 * says how the cover is painted (null: hidden itself), asked last because it is the dearest.
 */
export function coveringOf(
  covers: readonly Cover[],
  box: Box,
  target: Element,
  styleOf: StyleOf,
  live: (cover: Cover) => Cover | null,
): Cover | null {
  for (const cover of covers) {
    if (!encloses(cover.box, box) || !paintsOver(cover, target, styleOf)) continue;
    const painted = live(cover);
    if (painted && encloses(painted.box, box)) return painted;
  }
  return null;
}
