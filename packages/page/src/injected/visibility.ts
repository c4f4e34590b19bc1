import { paintBackground, PAGE, readableOn, type Backdrop } from './backdrop';
import { colorsIn, parseColor, type Rgba } from './colors';
import { boxOf, heightOf, meet, overlap, widthOf, type Box } from './css-effects';
import { composedParent } from './dom';
import { hasArea, Layers } from './layers';

export { contrastRatio, parseColor, type Rgba } from './colors';

// The visibility oracle: can a person see this element, this text, this value? The
// snapshot, find(), extraction and get_html all ask it, so a hiding technique is handled
// once for all four (docs/0003-hidden-text.md). Text hidden from people is the usual home
// of prompt injection, so when in doubt about something hidden, it stays out.
//
// Cost matters: it runs over whole real pages. Boxes are judged in layers.ts, once per
// element from its parent's layer; text here, by its element's style first, and by the
// range it covers only where a clip, an indent or a cover leaves the element's box unable
// to settle it.

/** Smaller than this (px), a glyph cannot be read. */
const MIN_GLYPH = 4;

/** How an element draws its own text. */
interface TextLook {
  reason: string | null;
  /** Glyph size on screen (px), after transforms. */
  font: number;
  /** text-indent in px; 1 stands for an indent of unknown size (percentages, calc()). */
  indent: number;
  /** The line was moved by an indent: its own, or (inline-level boxes) that of the block it sits in. */
  shifted: boolean;
}

/** One per pass (snapshot, find, extraction, get_html): everything it reads is cached for the pass. */
export class Visibility extends Layers {
  private readonly backdrops = new Map<Element, Backdrop>();
  private readonly looks = new Map<Element, TextLook>();
  private readonly texts = new Map<Text, boolean>();

  /** Can a person read this text node where it is drawn? */
  textHidden(node: Text): boolean {
    let hidden = this.texts.get(node);
    if (hidden === undefined) {
      hidden = this.computeTextHidden(node);
      this.texts.set(node, hidden);
    }
    return hidden;
  }

  /** A form control's value (or selected option) drawn so that people cannot read it. */
  valueHidden(el: Element): boolean {
    return this.layer(el).hidden || this.textHiddenReason(el) !== null;
  }

  /** An <option> that the list never shows. */
  optionHidden(option: Element): boolean {
    return option.hasAttribute('hidden') || this.display(option) === 'none';
  }

  /** Why the element's own text cannot be read by a person, or null if it can (style alone; see textHidden). */
  textHiddenReason(el: Element): string | null {
    return this.look(el).reason;
  }

  private look(el: Element): TextLook {
    let look = this.looks.get(el);
    if (!look) {
      const style = this.style(el);
      const indentText = style.textIndent;
      const indent = parseFloat(indentText);
      // A percentage or calc() indent still moves the text: unknown amounts count as a shift.
      const own = indentText === '0px' ? 0 : Number.isNaN(indent) || indent === 0 ? 1 : indent;
      // An inline box (or inline-block) resetting its own indent still sits where its block's indent put it.
      const parent = own === 0 && this.display(el).startsWith('inline') ? composedParent(el) : null;
      look = {
        reason: null,
        font: parseFloat(style.fontSize) * this.layer(el).scale,
        indent: own,
        shifted: own !== 0 || (!!parent && this.look(parent).shifted),
      };
      look.reason = this.computeTextReason(el, style, look);
      this.looks.set(el, look);
    }
    return look;
  }

  /** The colours behind the element's text (its background over its ancestors'; see backdrop.ts). */
  backdrop(el: Element): Backdrop {
    let result = this.backdrops.get(el);
    if (result) return result;
    const style = this.style(el);
    const parent = composedParent(el);
    const below = parent ? this.backdrop(parent) : PAGE;
    const image = style.backgroundImage;
    const own = parseColor(style.backgroundColor);
    if ((!image || image === 'none') && (!own || own.a <= 0)) result = below;
    // A background clipped to the text paints the glyphs, not the box behind them.
    else if (this.clipsBackgroundToText(style)) result = below;
    else {
      const background = {
        color: style.backgroundColor,
        image,
        size: style.backgroundSize,
        repeat: style.backgroundRepeat,
        positionX: style.backgroundPositionX,
        positionY: style.backgroundPositionY,
      };
      result = paintBackground(below, background, () => this.rect(el), parseFloat(style.fontSize) / 2 || 8);
    }
    this.backdrops.set(el, result);
    return result;
  }

  private clipsBackgroundToText(style: CSSStyleDeclaration): boolean {
    return style.backgroundClip === 'text' || style.getPropertyValue('-webkit-background-clip') === 'text';
  }

  private computeTextHidden(node: Text): boolean {
    const parent = node.parentElement;
    if (!parent) return false;
    const layer = this.layer(parent);
    // Text straight inside a closed <details> is not its summary: not shown.
    if (layer.hidden || layer.closed) return true;
    const look = this.look(parent);
    if (look.reason !== null) return true;
    if (!/\S/.test(node.data)) return false;
    const bound = meet(layer.clip, layer.shape);
    const indent = look.indent;
    const clipped = !!bound && (layer.exact || look.shifted);
    if (!clipped && indent === 0 && !layer.covers.length) return false;

    // The parent's box stands in for the text's where it can settle the question (covers);
    // against a clip it cannot: the parent may be the clipping box itself.
    const parentBox = boxOf(this.rect(parent));
    let textBox: Box | null = null;
    const measureText = (): Box => {
      if (!textBox) {
        const range = node.ownerDocument.createRange();
        range.selectNodeContents(node);
        textBox = boxOf(range.getBoundingClientRect());
      }
      return textBox;
    };
    const box = clipped || indent !== 0 || !hasArea(parentBox) ? measureText() : parentBox;
    if (bound && clipped) {
      const seen = overlap(box, bound);
      if (!seen || !this.legible(seen, box, look.font)) return true;
      if (look.shifted && this.pushedAside(seen, box, bound, this.style(parent))) return true;
    }
    if (indent !== 0 && this.offPage(box, parent)) return true;
    if (layer.covers.length) {
      const near = this.coversOver(layer.covers, box, parent);
      if (near.length) {
        if (this.coveredBy(near, box, parent)) return true;
        if (box === parentBox && this.coveredBy(near, measureText(), parent)) return true;
      }
    }
    return false;
  }

  /**
   * An indent moved the text so that the clip shows little of it: less than half the clip
   * (pushed to its far edge), or less than the clip cuts off its start. Typographic indents
   * (a few em, hanging ones pulled into padding) leave the line in its box; image
   * replacement and its cousins push the text out, and a word left showing at the edge does
   * not make the rest readable.
   */
  private pushedAside(seen: Box, box: Box, bound: Box, style: CSSStyleDeclaration): boolean {
    const vertical = !style.writingMode.startsWith('horizontal');
    const shown = vertical ? heightOf(seen) : widthOf(seen);
    if (shown >= (vertical ? heightOf(box) : widthOf(box)) - 1) return false;
    const room = vertical ? heightOf(bound) : widthOf(bound);
    const lost = vertical ? bound.top - box.top : style.direction === 'rtl' ? box.right - bound.right : bound.left - box.left;
    return shown < room / 2 || lost > shown;
  }

  /** Enough of the text's box shows to read it: at least half a glyph's height and width. */
  private legible(seen: Box, box: Box, font: number): boolean {
    const needH = Math.max(2, 0.5 * Math.min(heightOf(box), font));
    const needW = Math.max(2, 0.5 * Math.min(widthOf(box), font));
    return heightOf(seen) >= needH && widthOf(seen) >= needW;
  }

  private computeTextReason(el: Element, style: CSSStyleDeclaration, look: TextLook): string | null {
    const layer = this.layer(el);
    if (style.visibility !== 'visible') return 'visibility';
    const font = look.font;
    if (font < MIN_GLYPH) return 'font-size';
    if (look.indent <= -500) return 'text-indent';
    if (layer.blur >= Math.max(2, font * 0.25)) return 'blur';
    const fill = parseColor(style.webkitTextFillColor) ?? parseColor(style.color);
    if (!fill) return null;
    if (fill.a <= 0.05) return this.unfilledTextReason(el, style, layer.opacity);
    return readableOn(fill, layer.opacity, this.backdrop(el)) ? null : fill.a * layer.opacity <= 0.05 ? 'transparent' : 'no-contrast';
  }

  /** Glyphs with no fill of their own show only through a stroke or a background clipped to the text. */
  private unfilledTextReason(el: Element, style: CSSStyleDeclaration, opacity: number): string | null {
    const stroke = parseColor(style.webkitTextStrokeColor);
    if (stroke && parseFloat(style.webkitTextStrokeWidth) > 0 && readableOn(stroke, opacity, this.backdrop(el))) return null;
    for (let node: Element | null = el; node; node = composedParent(node)) {
      const s = this.style(node);
      if (!this.clipsBackgroundToText(s)) continue;
      const parent = composedParent(node);
      const behind = parent ? this.backdrop(parent) : PAGE;
      const image = s.backgroundImage;
      const paints: Rgba[] = [];
      if (image && image !== 'none') {
        const colors = colorsIn(image);
        // An image clipped to the text: we cannot see into it, so we cannot call it invisible.
        if (!colors) return null;
        paints.push(...colors);
      }
      const color = parseColor(s.backgroundColor);
      if (color) paints.push(color);
      return paints.some((c) => readableOn(c, opacity, behind)) ? null : 'transparent';
    }
    return 'transparent';
  }
}
