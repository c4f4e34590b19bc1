import { builtins } from './builtins';
import { coveringOf, findCovers, type Cover } from './covers';
import {
  boxOf,
  clipPathBox,
  clipRectBox,
  encloses,
  filterEffect,
  heightOf,
  individualTransforms,
  maskHides,
  meet,
  overlap,
  transformEffect,
  widthOf,
  type Box,
  type TransformEffect,
} from './css-effects';
import { bodyOf, composedContains, composedParent, isHTMLElement } from './dom';

// The box half of the visibility oracle (visibility.ts has the text half). Each element
// gets a layer, computed once per pass from its parent's: cumulative opacity, blur and
// scale, the clip boxes that apply to what is inside it, and the covers that overlap it.
// Style reads come first; boxes are measured only where a clip or cover is in play.

/** Below this cumulative opacity nothing inside can be made out. */
const MIN_OPACITY = 0.1;
/** A scale below this leaves nothing of the box. */
const MIN_SCALE = 0.02;
/** A visible sliver narrower or lower than this (px) shows nothing readable. */
export const MIN_SLIVER = 4;

export interface Layer {
  hidden: boolean;
  opacity: number;
  blur: number;
  scale: number;
  /** The overflow clip on in-flow content inside this element (viewport coordinates), or null. */
  clip: Box | null;
  /** clip-path / clip on everything inside, wherever it is positioned. */
  shape: Box | null;
  /** Content inside may lie outside `clip`/`shape`: inner boxes must be measured. */
  exact: boolean;
  /** Covers that overlap this element (all of the document's, when its content escapes its box). */
  covers: readonly Cover[];
  /** A closed <details>: only its summary shows. */
  closed: boolean;
}

const HIDDEN: Layer = {
  hidden: true,
  opacity: 0,
  blur: 0,
  scale: 0,
  clip: null,
  shape: null,
  exact: false,
  covers: [],
  closed: false,
};

export function hasArea(b: Box): boolean {
  return widthOf(b) > 0 && heightOf(b) > 0;
}

function negativeMargin(style: CSSStyleDeclaration): boolean {
  return style.marginLeft.startsWith('-') || style.marginTop.startsWith('-');
}

function firstSummary(details: Element): Element | null {
  for (const child of Array.from(details.children)) if (child.localName === 'summary') return child;
  return null;
}

function isRootBox(el: Element): boolean {
  // Overflow on <html>/<body> scrolls the viewport instead of clipping.
  return el.localName === 'html' || el.localName === 'body';
}

/**
 * Per-pass caches of computed styles, boxes and layers. A pass is synchronous, so the page
 * cannot change under them.
 */
export class Layers {
  private readonly styles = new Map<Element, CSSStyleDeclaration>();
  private readonly displays = new Map<Element, string>();
  private readonly positions = new Map<Element, string>();
  private readonly rects = new Map<Element, DOMRect>();
  private readonly layers = new Map<Element, Layer | null>();
  private readonly covers = new Map<Document, Cover[]>();
  private readonly sideways = new Map<Document, boolean>();
  private readonly liveCovers = new Map<Cover, Cover | null>();
  private readonly styleOf = (el: Element) => this.style(el);
  private readonly liveOf = (cover: Cover) => this.live(cover);

  style(el: Element): CSSStyleDeclaration {
    let style = this.styles.get(el);
    if (!style) {
      style = builtins.getComputedStyle(el);
      this.styles.set(el, style);
    }
    return style;
  }

  /** Computed display, read once per pass (walkers and the oracle all need it). */
  display(el: Element): string {
    let value = this.displays.get(el);
    if (value === undefined) {
      value = this.style(el).display;
      this.displays.set(el, value);
    }
    return value;
  }

  position(el: Element): string {
    let value = this.positions.get(el);
    if (value === undefined) {
      value = this.style(el).position;
      this.positions.set(el, value);
    }
    return value;
  }

  rect(el: Element): DOMRect {
    let rect = this.rects.get(el);
    if (!rect) {
      rect = el.getBoundingClientRect();
      this.rects.set(el, rect);
    }
    return rect;
  }

  /** Hidden from people together with everything inside it (by the element or an ancestor). */
  hidesSubtree(el: Element): boolean {
    return this.layer(el).hidden;
  }

  protected layer(el: Element): Layer {
    const cached = this.layers.get(el);
    if (cached) return cached;
    // A cycle (a cover asked about while its own ancestors are being judged) reads as visible.
    if (cached === null) return this.rootLayer(el.ownerDocument);
    this.layers.set(el, null);
    const layer = this.computeLayer(el);
    this.layers.set(el, layer);
    return layer;
  }

  private rootLayer(doc: Document): Layer {
    return { ...HIDDEN, hidden: false, opacity: 1, scale: 1, covers: this.documentCovers(doc) };
  }

  private documentCovers(doc: Document): Cover[] {
    let covers = this.covers.get(doc);
    if (!covers) {
      covers = findCovers(doc, this);
      this.covers.set(doc, covers);
    }
    return covers;
  }

  /** The cover as it is painted: null when it is itself hidden; its box cut to what clips it. */
  private live(cover: Cover): Cover | null {
    if (this.liveCovers.has(cover)) return this.liveCovers.get(cover) ?? null;
    this.liveCovers.set(cover, null);
    const layer = this.layer(cover.el);
    let result: Cover | null = null;
    if (!layer.hidden && layer.opacity >= 0.9) {
      const parent = composedParent(cover.el);
      const outer = parent ? this.layer(parent) : null;
      const bound = outer ? meet(this.outerClip(cover.el, this.position(cover.el), outer), outer.shape) : null;
      const box = bound ? overlap(cover.box, bound) : cover.box;
      if (box) result = { el: cover.el, box };
    }
    this.liveCovers.set(cover, result);
    return result;
  }

  /** Covers that overlap `box`, except those that contain `el` (what is inside a box is not under it). */
  protected coversOver(covers: readonly Cover[], box: Box, el: Element): Cover[] {
    return covers.filter((cover) => overlap(cover.box, box) && !composedContains(cover.el, el));
  }

  protected coveredBy(covers: readonly Cover[], box: Box, el: Element): boolean {
    return !!coveringOf(covers, box, el, this.styleOf, this.liveOf);
  }

  /** The overflow clip that applies to an element's own box: its containing block's for positioned boxes. */
  private outerClip(el: Element, position: string, parent: Layer): Box | null {
    if (position === 'fixed') return null;
    if (position === 'absolute') {
      const block = isHTMLElement(el) ? el.offsetParent : null;
      return block ? this.layer(block).clip : null;
    }
    return parent.clip;
  }

  private computeLayer(el: Element): Layer {
    const parent = composedParent(el);
    const p = parent ? this.layer(parent) : this.rootLayer(el.ownerDocument);
    if (p.hidden) return HIDDEN;
    if (p.closed && !(el.localName === 'summary' && parent && firstSummary(parent) === el)) return HIDDEN;
    const display = this.display(el);
    if (display === 'none') return HIDDEN;
    const style = this.style(el);
    // Transforms, overflow and containment do not apply to inline boxes or to display:contents.
    const boxed = display !== 'inline' && display !== 'contents';

    // Effects on everything inside, from style alone.
    const own = parseFloat(style.opacity);
    let opacity = p.opacity * (Number.isNaN(own) ? 1 : own);
    let blur = p.blur;
    const filter = style.filter;
    if (filter && filter !== 'none') {
      const effect = filterEffect(filter);
      if (effect.flat) return HIDDEN;
      opacity *= effect.opacity;
      blur = Math.hypot(blur, effect.blur);
    }
    if (opacity < MIN_OPACITY) return HIDDEN;
    // Chromium aliases -webkit-mask-* to mask-*: one read covers both spellings.
    const maskImage = style.maskImage;
    if (maskImage && maskImage !== 'none' && maskHides(maskImage, style.maskSize)) return HIDDEN;
    let scale = p.scale;
    let transformed = false;
    if (boxed) {
      const effect = this.transformOf(style, parent);
      if (effect) {
        if (effect.gone) return HIDDEN;
        scale *= effect.scale;
        transformed = true;
      }
      const zoom = parseFloat(style.zoom);
      if (zoom > 0 && zoom !== 1) scale *= zoom;
    }
    if (scale < MIN_SCALE) return HIDDEN;

    // Geometry: what clips the element, whether it is off the page, what covers it.
    const position = this.position(el);
    const outer = this.outerClip(el, position, p);
    const bound = meet(outer, p.shape);
    const escapes = position !== 'static' || transformed || (!!bound && negativeMargin(style));
    let box: Box | null = null;
    const measure = (): Box => (box ??= boxOf(this.rect(el)));
    let exact = false;
    if (bound && (p.exact || escapes)) {
      const b = measure();
      if (hasArea(b)) {
        const seen = overlap(b, bound);
        if (!seen) return HIDDEN;
        const cut = widthOf(seen) < widthOf(b) - 1 || heightOf(seen) < heightOf(b) - 1;
        if (cut && (widthOf(seen) < MIN_SLIVER || heightOf(seen) < MIN_SLIVER)) return HIDDEN;
        exact = !encloses(bound, b) || this.overflows(el, display);
      } else {
        exact = true;
      }
    }
    if (escapes && this.offPage(measure(), el)) return HIDDEN;
    let covers = escapes ? this.documentCovers(el.ownerDocument) : p.covers;
    if (covers.length) {
      const b = measure();
      if (hasArea(b)) {
        const near = this.coversOver(covers, b, el);
        if (near.length && this.coveredBy(near, b, el)) return HIDDEN;
        // What is inside stays inside the box unless it overflows: only covers over the box matter.
        if (!this.overflows(el, display)) covers = near;
      }
    }

    // What the element clips its own content to.
    let clip = outer;
    let shape = p.shape;
    const clipPath = style.clipPath;
    if (clipPath && clipPath !== 'none' && display !== 'contents') {
      const region = clipPathBox(clipPath, measure());
      if (region) {
        if (widthOf(region) < MIN_SLIVER || heightOf(region) < MIN_SLIVER) return HIDDEN;
        shape = meet(shape, region);
        exact = true;
      }
    }
    if (position === 'absolute' || position === 'fixed') {
      const legacy = style.getPropertyValue('clip');
      if (legacy && legacy !== 'auto') {
        const region = clipRectBox(legacy, measure());
        if (region) {
          if (widthOf(region) < MIN_SLIVER || heightOf(region) < MIN_SLIVER) return HIDDEN;
          shape = meet(shape, region);
          exact = true;
        }
      }
    }
    if (boxed && !isRootBox(el)) {
      const ox = style.overflowX;
      const oy = style.overflowY;
      const paint = /paint|strict|content/.test(style.contain);
      const clipsX = paint || ox === 'hidden' || ox === 'clip';
      const clipsY = paint || oy === 'hidden' || oy === 'clip';
      if (clipsX || clipsY) {
        const b = measure();
        const own: Box = {
          left: clipsX ? b.left : -Infinity,
          right: clipsX ? b.right : Infinity,
          top: clipsY ? b.top : -Infinity,
          bottom: clipsY ? b.bottom : Infinity,
        };
        clip = meet(clip, own);
        if (this.overflows(el, display)) exact = true;
      }
    }
    return {
      hidden: false,
      opacity,
      blur,
      scale,
      clip,
      shape,
      exact,
      covers,
      closed: el.localName === 'details' && !el.hasAttribute('open'),
    };
  }

  /** What transform, scale and rotate do to the box's legibility; null when there are none. */
  private transformOf(style: CSSStyleDeclaration, parent: Element | null): TransformEffect | null {
    const transform = style.transform;
    const scaleProp = style.scale;
    const rotateProp = style.rotate;
    if ((!transform || transform === 'none') && (!scaleProp || scaleProp === 'none') && (!rotateProp || rotateProp === 'none')) return null;
    const backface = style.backfaceVisibility === 'hidden';
    const perspective = parent ? parseFloat(this.style(parent).perspective) || 0 : 0;
    const effect = transform && transform !== 'none' ? transformEffect(transform, perspective, backface) : { scale: 1, gone: false };
    const extra = individualTransforms(scaleProp, rotateProp, backface);
    return { scale: effect.scale * extra.scale, gone: effect.gone || extra.gone };
  }

  /** Content reaches past the element's box (scrollable overflow; inline boxes have none of their own). */
  private overflows(el: Element, display: string): boolean {
    if (display === 'inline' || display === 'contents') return false;
    return el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1;
  }

  /**
   * Past the page's top or left edge (where no scrolling reaches), very far to the right,
   * or right of the viewport when the page cannot be scrolled sideways.
   */
  protected offPage(b: Box, el: Element): boolean {
    const doc = el.ownerDocument;
    const view = doc.defaultView;
    const sx = view?.scrollX ?? 0;
    const sy = view?.scrollY ?? 0;
    if (b.right + sx < 0 || b.bottom + sy < 0 || b.left + sx >= 9000) return true;
    if (this.clipsSideways(doc) && b.left >= doc.documentElement.clientWidth) return true;
    return hasArea(b) && (b.right + sx <= 0 || b.bottom + sy <= 0);
  }

  /** The viewport's overflow-x is hidden or clip (from <html>, or from <body> when <html> leaves it visible). */
  private clipsSideways(doc: Document): boolean {
    let clips = this.sideways.get(doc);
    if (clips === undefined) {
      const hides = (el: Element) => this.style(el).overflowX === 'hidden' || this.style(el).overflowX === 'clip';
      const root = this.style(doc.documentElement);
      const body = bodyOf(doc);
      clips = root.overflowX === 'visible' && root.overflowY === 'visible' ? !!body && hides(body) : hides(doc.documentElement);
      this.sideways.set(doc, clips);
    }
    return clips;
  }
}
