import { builtins } from './builtins';
import { composedParent } from './dom';

// Is this text or control something a person can see? The snapshot and the extractor
// both ask, and both must agree: text hidden from people (the usual home of prompt
// injection) never reaches the model.

export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

const WHITE: Rgba = { r: 255, g: 255, b: 255, a: 1 };

export function parseColor(value: string): Rgba | null {
  if (value === 'transparent') return { r: 0, g: 0, b: 0, a: 0 };
  const match = /^rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)(?:\s*[,/]\s*([\d.]+%?))?\s*\)$/.exec(value);
  if (!match) return null;
  const alphaText = match[4];
  let a = 1;
  if (alphaText !== undefined) a = alphaText.endsWith('%') ? parseFloat(alphaText) / 100 : parseFloat(alphaText);
  return { r: Number(match[1]), g: Number(match[2]), b: Number(match[3]), a };
}

function over(top: Rgba, bottom: Rgba): Rgba {
  const a = top.a + bottom.a * (1 - top.a);
  if (a === 0) return { r: 0, g: 0, b: 0, a: 0 };
  const mix = (t: number, b: number) => (t * top.a + b * bottom.a * (1 - top.a)) / a;
  return { r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b), a };
}

function luminance(c: Rgba): number {
  const channel = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b);
}

export function contrastRatio(a: Rgba, b: Rgba): number {
  const la = luminance(a);
  const lb = luminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

function zeroClip(style: CSSStyleDeclaration): boolean {
  const clip = style.getPropertyValue('clip');
  if (clip && clip !== 'auto') {
    const nums = (clip.match(/-?[\d.]+/g) ?? []).map(Number);
    // rect(top, right, bottom, left): nothing shows when right<=left or bottom<=top.
    if (nums.length === 4) {
      const [top = 0, right = 0, bottom = 0, left = 0] = nums;
      if (right - left <= 1 || bottom - top <= 1) return true;
    }
  }
  const clipPath = style.clipPath;
  if (clipPath && clipPath !== 'none') {
    if (/inset\(\s*(50|100)%/.test(clipPath)) return true;
    if (/circle\(\s*0(px)?\s/.test(clipPath) || clipPath === 'circle(0px at 50% 50%)') return true;
  }
  return false;
}

/** Cheap test on the computed style: could a box-level technique be hiding this subtree? */
export function needsBoxCheck(style: CSSStyleDeclaration): boolean {
  return (
    style.position !== 'static' ||
    style.opacity !== '1' ||
    style.transform !== 'none' ||
    style.getPropertyValue('clip') !== 'auto' ||
    style.clipPath !== 'none' ||
    style.overflowX !== 'visible'
  );
}

/**
 * Per-pass caches: computed styles, boxes and effective backgrounds are read many times.
 * A pass is synchronous, so the page cannot change under them. Boxes matter most: an
 * inline element spanning thousands of lines costs that much to measure, every time.
 */
export class Visibility {
  private readonly styles = new Map<Element, CSSStyleDeclaration>();
  private readonly rects = new Map<Element, DOMRect>();
  private readonly backgrounds = new Map<Element, Rgba | null>();

  style(el: Element): CSSStyleDeclaration {
    let style = this.styles.get(el);
    if (!style) {
      style = builtins.getComputedStyle(el);
      this.styles.set(el, style);
    }
    return style;
  }

  rect(el: Element): DOMRect {
    let rect = this.rects.get(el);
    if (!rect) {
      rect = el.getBoundingClientRect();
      this.rects.set(el, rect);
    }
    return rect;
  }

  /**
   * Hidden from people by a technique that hides the element and everything in it:
   * screen-reader-only boxes, zero clips, far off-screen positions, zero-size boxes that
   * clip their overflow, full transparency.
   */
  hidesSubtree(el: Element, rect: DOMRect): boolean {
    const style = this.style(el);
    if (parseFloat(style.opacity) <= 0.02) return true;
    if (zeroClip(style) && (style.position === 'absolute' || style.position === 'fixed')) return true;
    if (style.clipPath && /inset\(\s*(50|100)%/.test(style.clipPath)) return true;
    // Overflow on <html>/<body> scrolls the viewport instead of clipping.
    const isRoot = el.localName === 'html' || el.localName === 'body';
    const clipsOverflow = !isRoot && style.overflowX !== 'visible' && style.overflowY !== 'visible';
    if (clipsOverflow && (rect.width <= 1 || rect.height <= 1)) return true;
    const view = el.ownerDocument.defaultView;
    const sx = view?.scrollX ?? 0;
    const sy = view?.scrollY ?? 0;
    if (rect.right + sx <= 0 || rect.bottom + sy <= 0) return true;
    if (rect.left + sx >= 9000 && rect.width > 0) return true;
    return false;
  }

  /** Why the element's own text cannot be read by a person, or null if it can. */
  textHiddenReason(el: Element): string | null {
    const style = this.style(el);
    if (style.visibility !== 'visible') return 'visibility';
    if (parseFloat(style.fontSize) < 4) return 'font-size';
    if (parseFloat(style.textIndent) <= -500) return 'text-indent';
    const color = parseColor(style.color);
    if (!color) return null;
    if (color.a <= 0.05) return 'transparent';
    const background = this.effectiveBackground(el);
    if (!background) return null;
    if (contrastRatio(over(color, background), background) < 1.25) return 'no-contrast';
    return null;
  }

  /** The solid colour behind the element, or null when an image or gradient makes it unknowable. */
  effectiveBackground(el: Element): Rgba | null {
    if (this.backgrounds.has(el)) return this.backgrounds.get(el) ?? null;
    const style = this.style(el);
    let result: Rgba | null;
    if (style.backgroundImage && style.backgroundImage !== 'none') {
      result = null;
    } else {
      const own = parseColor(style.backgroundColor);
      const parent = composedParent(el);
      const below = parent ? this.effectiveBackground(parent) : WHITE;
      if (!own) result = below;
      else if (own.a >= 0.99) result = own;
      else result = below ? over(own, below) : own.a > 0.5 ? own : null;
    }
    this.backgrounds.set(el, result);
    return result;
  }
}
