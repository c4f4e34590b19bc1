import type { Rect } from '../protocol';
import {
  bodyOf,
  collapseSpaces,
  flatChildren,
  frameDocument,
  rootOf,
  isAnchor,
  isElement,
  isIFrame,
  isInput,
  isLabel,
  isText,
  labelsOf,
  truncate,
} from './dom';
import { frameContentBox, hasArea, intersect, rectOf, unionRect } from './geometry';
import { accessibleName, attributeLabel, hiddenLabel, visibleTextOf } from './name';
import type { ControlItem, FrameContext, Item } from './items';
import type { RefRegistry } from './refs';
import {
  headingLevel,
  INTERACTIVE_ROLES,
  isContentEditable,
  isNativelyInteractive,
  LANDMARK_ROLES,
  LIVE_ROLES,
  roleOf,
  SECTION_ROLES,
} from './roles';
import { optionsOf, statesOf, valueOf } from './state';
import type { Visibility } from './visibility';

// One pass over the flattened tree (open shadow roots, slots, same-origin frames) that
// yields, in document order, what a person would see and could operate: controls,
// headings, landmarks, lines of text and frames (items.ts). Rendering decides what to show.

interface Ctx {
  frame: FrameContext;
  depth: number;
  /** An ancestor hides everything inside it from people (screen-reader-only, clipped, ...). */
  hidden: boolean;
  /** Text here is a control's (or a label's, or a heading's) own name: not a separate line. */
  quiet: boolean;
  inControl: boolean;
  heading: number;
  live: boolean;
  modal: Element | null;
  insideModal: boolean;
}

const SKIP_TAGS = new Set([
  'script',
  'style',
  'template',
  'noscript',
  'head',
  'meta',
  'link',
  'title',
  'base',
  'datalist',
  'object',
  'embed',
  'param',
  'source',
  'track',
  'canvas',
  'map',
]);
const NO_DESCEND = new Set(['select', 'textarea', 'input', 'svg', 'math', 'video', 'audio', 'img', 'picture']);
const MAX_TEXT_LINE = 100;
const MAX_HEADING = 100;

function isInlineDisplay(display: string): boolean {
  return display.startsWith('inline') || display === 'contents' || display === 'ruby';
}

export interface CollectOptions {
  /** The viewport in root coordinates: the window, or the visible part of a frame. */
  viewport: Rect | null;
  focused: Element | null;
}

export class Collector {
  readonly items: Item[] = [];
  readonly controls: ControlItem[] = [];
  private line: { parts: string[]; depth: number; rect: Rect; inViewport: boolean; live: boolean; prose: boolean } | null = null;
  /** Set when an inline control splits a line: the text on both sides of it is prose. */
  private proseBlock = false;
  /** Text since the last visual separation (cell, inline block): a control here is mid-sentence. */
  private segmentHasText = false;

  constructor(
    private readonly registry: RefRegistry,
    private readonly vis: Visibility,
    private readonly options: CollectOptions,
  ) {}

  collect(doc: Document): Item[] {
    const refs = this.registry.forDocument(doc, true);
    const frame: FrameContext = { doc, refs, offsetX: 0, offsetY: 0, clip: this.options.viewport, frameElement: null, parent: null };
    this.walkDocument(doc, frame, 0);
    this.flush();
    return this.items;
  }

  private walkDocument(doc: Document, frame: FrameContext, depth: number): void {
    const root = rootOf(doc);
    if (!root) return;
    const modal = modalDialog(doc);
    this.walkChildren(root, {
      frame,
      depth,
      hidden: false,
      quiet: false,
      inControl: false,
      heading: -1,
      live: false,
      modal,
      insideModal: false,
    });
  }

  private walkChildren(node: Node, ctx: Ctx): void {
    // Shadow hosts and slots need the flattened tree; everything else walks its own children.
    if (isElement(node) && (node.shadowRoot || node.localName === 'slot')) {
      for (const child of flatChildren(node)) this.visit(child, ctx);
      return;
    }
    for (let child = node.firstChild; child; child = child.nextSibling) this.visit(child, ctx);
  }

  private visit(node: Node, ctx: Ctx): void {
    if (isText(node)) this.text(node, ctx);
    else if (isElement(node)) this.element(node, ctx);
  }

  private inViewport(rect: Rect, frame: FrameContext): boolean {
    return !!frame.clip && !!intersect(rect, frame.clip);
  }

  private text(node: Text, ctx: Ctx): void {
    if (ctx.quiet || ctx.hidden) return;
    if (!node.data.trim() && !this.line) return;
    const parent = node.parentElement;
    if (!parent || this.vis.textHidden(node)) return;
    if (!this.line) {
      const rect = rectOf(this.vis.rect(parent), ctx.frame.offsetX, ctx.frame.offsetY);
      this.line = {
        parts: [],
        depth: ctx.depth,
        rect,
        inViewport: this.inViewport(rect, ctx.frame),
        live: ctx.live,
        prose: this.proseBlock,
      };
    }
    this.line.parts.push(node.data);
    if (node.data.trim()) this.segmentHasText = true;
  }

  /** Visual separation inside a line: inline blocks, table cells, line breaks. */
  private separate(text: string): void {
    this.segmentHasText = false;
    if (this.line?.parts.length) this.line.parts.push(text);
  }

  private flush(): void {
    const line = this.line;
    this.line = null;
    this.segmentHasText = false;
    if (!line) return;
    const text = truncate(collapseSpaces(line.parts.join('')).replace(/^\| | \|$/g, ''), MAX_TEXT_LINE);
    if (text.length < 2 && !/[\p{L}\p{N}]/u.test(text)) return;
    this.items.push({
      kind: 'text',
      text,
      depth: line.depth,
      rect: line.rect,
      inViewport: line.inViewport,
      live: line.live,
      prose: line.prose,
    });
  }

  /** A block starts or ends: the current line is done, and so is any paragraph of prose. */
  private endBlock(): void {
    this.flush();
    this.proseBlock = false;
  }

  private box(el: Element, style: CSSStyleDeclaration): DOMRect {
    const rect = this.vis.rect(el);
    if (hasArea(rect)) return rect;
    // Inline boxes around blocks, and display:contents, have no box of their own.
    if (style.display === 'contents' || isInlineDisplay(style.display)) {
      return unionRect(el.getClientRects()) ?? unionRect(Array.from(el.children, (c) => this.vis.rect(c))) ?? rect;
    }
    return rect;
  }

  private element(el: Element, parentCtx: Ctx): void {
    const tag = el.localName;
    if (SKIP_TAGS.has(tag)) return;
    if (el.getAttribute('aria-hidden') === 'true' || el.hasAttribute('inert')) return;
    let ctx = parentCtx;
    if (ctx.modal && !ctx.insideModal) {
      if (el === ctx.modal) ctx = { ...ctx, insideModal: true };
      else if (!el.contains(ctx.modal)) return;
    }
    const display = this.vis.display(el);
    if (display === 'none') return;
    const style = this.vis.style(el);
    if (style.contentVisibility === 'hidden') return;
    // Table cells stay on their row's line; other blocks start a new one.
    const cell = display === 'table-cell';
    const block = !isInlineDisplay(display) && !cell;
    if (block) this.endBlock();
    else if (cell) this.separate(' | ');
    else if (display !== 'inline' || tag === 'br') this.separate(' ');

    let rect: DOMRect | null = null;
    const box = () => (rect ??= this.box(el, style));
    const hidden = ctx.hidden || this.vis.hidesSubtree(el);
    const role = roleOf(el);

    if (isIFrame(el)) {
      if (!hidden) this.frame(el, box(), ctx);
      return;
    }

    const controlRole = this.controlRole(el, role, style, ctx);
    if (controlRole) {
      // A link inside a run of text: the text around it is prose, not a label.
      if (display === 'inline' && this.line && this.segmentHasText) {
        this.line.prose = true;
        this.proseBlock = true;
      }
      this.control(el, controlRole, hidden, box, style, ctx);
      if (!NO_DESCEND.has(tag)) this.walkChildren(el, { ...ctx, quiet: true, inControl: true });
      if (block) this.endBlock();
      return;
    }
    if (NO_DESCEND.has(tag)) return;

    let childCtx = ctx;
    if (role === 'heading' && !hidden && !ctx.quiet) {
      this.flush();
      const text = visibleTextOf(el, this.vis, MAX_HEADING);
      if (text) {
        const r = rectOf(box(), ctx.frame.offsetX, ctx.frame.offsetY);
        this.items.push({
          kind: 'heading',
          level: headingLevel(el),
          text,
          depth: ctx.depth,
          rect: r,
          inViewport: this.inViewport(r, ctx.frame),
        });
        childCtx = { ...ctx, quiet: true, heading: this.items.length - 1 };
      }
    } else if (role && (LANDMARK_ROLES.has(role) || SECTION_ROLES.has(role) || LIVE_ROLES.has(role)) && !hidden && !ctx.inControl) {
      const isLive = LIVE_ROLES.has(role) || SECTION_ROLES.has(role);
      const name = sectionName(el, role, this.vis);
      if ((role !== 'region' && role !== 'form') || name) {
        this.flush();
        const r = rectOf(box(), ctx.frame.offsetX, ctx.frame.offsetY);
        this.items.push({ kind: 'section', role, name, depth: ctx.depth, rect: r, inViewport: this.inViewport(r, ctx.frame) });
        childCtx = { ...ctx, depth: ctx.depth + 1, live: ctx.live || isLive };
      } else if (isLive) {
        childCtx = { ...ctx, live: true };
      }
    } else if (isLabel(el) && el.control) {
      childCtx = { ...ctx, quiet: true };
    }
    if (hidden !== ctx.hidden) childCtx = { ...childCtx, hidden };
    this.walkChildren(el, childCtx);
    if (block) this.endBlock();
  }

  private controlRole(el: Element, role: string | null, style: CSSStyleDeclaration, ctx: Ctx): string | null {
    if (isInput(el) && el.type === 'file') return 'file';
    if (isNativelyInteractive(el)) return role ?? (el.localName === 'summary' ? 'button' : 'clickable');
    if (role && INTERACTIVE_ROLES.has(role)) return role;
    if (isContentEditable(el)) return 'textbox';
    const tag = el.localName;
    if (tag === 'html' || tag === 'body' || tag === 'label') return null;
    const tabindex = el.getAttribute('tabindex');
    if (tabindex !== null && Number(tabindex) >= 0 && !ctx.inControl) return 'clickable';
    if (el.hasAttribute('onclick') && !ctx.inControl) return 'clickable';
    if (el.getAttribute('draggable') === 'true' && !ctx.inControl) return 'draggable';
    if (style.cursor === 'pointer' && !ctx.inControl) {
      const parent = el.parentElement;
      if (parent && this.vis.style(parent).cursor === 'pointer') return null;
      // A pointer container around a real link or button: the inner control is the target.
      if (el.querySelector('a[href],button,input,select,textarea,[role=button],[role=link],[role=checkbox],[role=tab]')) return null;
      return 'clickable';
    }
    return null;
  }

  private control(el: Element, role: string, hidden: boolean, box: () => DOMRect, style: CSSStyleDeclaration, ctx: Ctx): void {
    let rect = box();
    let visible = !hidden && style.visibility === 'visible' && hasArea(rect);
    // Custom-styled checkboxes, radios and file inputs hide the native input and show a
    // label; the label is what a person sees and clicks.
    if (!visible && isInput(el) && (el.type === 'checkbox' || el.type === 'radio' || el.type === 'file') && style.display !== 'none') {
      const label = labelsOf(el).find((l) => hasArea(this.vis.rect(l)) && this.vis.style(l).visibility === 'visible');
      if (label && !ctx.hidden) {
        rect = this.vis.rect(label);
        visible = true;
      }
    }
    if (!visible || !el.checkVisibility()) return;
    this.flush();
    const refs = ctx.frame.refs;
    const { name, withheld } = accessibleName(el, role, this.vis);
    const r = rectOf(rect, ctx.frame.offsetX, ctx.frame.offsetY);
    const item: ControlItem = {
      kind: 'control',
      el,
      frame: ctx.frame,
      ref: refs.refFor(el),
      role,
      name,
      withheld,
      states: statesOf(el, this.options.focused),
      depth: ctx.depth,
      rect: r,
      inViewport: this.inViewport(r, ctx.frame),
      heading: ctx.heading,
    };
    const value = valueOf(el, role);
    if (value !== undefined && !this.vis.valueHidden(el)) item.value = value;
    const options = optionsOf(el, this.vis);
    if (options !== undefined) item.options = options;
    if (isAnchor(el) && el.hasAttribute('href')) item.href = el.href || (el.getAttribute('href') ?? '');
    this.items.push(item);
    this.controls.push(item);
  }

  private frame(el: Element, rect: DOMRect, ctx: Ctx): void {
    if (!isIFrame(el) || !hasArea(rect)) return;
    this.flush();
    const r = rectOf(rect, ctx.frame.offsetX, ctx.frame.offsetY);
    const content = frameContentBox(el, this.vis.style(el), r);
    const contentX = content.x;
    const contentY = content.y;
    const clip = ctx.frame.clip ? intersect(content, ctx.frame.clip) : null;
    const attribute = collapseSpaces(el.getAttribute('title') ?? el.getAttribute('aria-label') ?? el.getAttribute('name') ?? '');
    // A frame's name is an attribute nobody sees on the page: withheld when it gives orders.
    const name = attributeLabel(attribute);
    const src = el.getAttribute('src') ?? '';
    const doc = frameDocument(el);
    if (doc && bodyOf(doc)) {
      const refs = this.registry.forDocument(doc, false);
      this.items.push({
        kind: 'frame',
        ref: refs.prefix,
        name,
        src,
        crossOrigin: false,
        visibleRect: null,
        content,
        el,
        depth: ctx.depth,
        rect: r,
        inViewport: !!clip,
      });
      const frame: FrameContext = { doc, refs, offsetX: contentX, offsetY: contentY, clip, frameElement: el, parent: ctx.frame };
      this.walkDocument(doc, frame, ctx.depth + 1);
      this.flush();
      return;
    }
    const visibleRect = clip ? { x: clip.x - contentX, y: clip.y - contentY, width: clip.width, height: clip.height } : null;
    this.items.push({
      kind: 'frame',
      ref: this.registry.frameRef(el),
      name,
      src,
      crossOrigin: true,
      visibleRect,
      content,
      el,
      depth: ctx.depth,
      rect: r,
      inViewport: !!clip,
    });
  }
}

function modalDialog(doc: Document): Element | null {
  try {
    return doc.querySelector('dialog:modal');
  } catch {
    return null;
  }
}

function sectionName(el: Element, role: string, vis: Visibility): string {
  const label = collapseSpaces(el.getAttribute('aria-label') ?? '');
  if (label) return attributeLabel(label);
  const labelledBy = el.getAttribute('aria-labelledby');
  if (labelledBy) {
    const labels = labelledBy.split(/\s+/).flatMap((id) => {
      const label = el.ownerDocument.getElementById(id);
      return label ? [label] : [];
    });
    const visible = collapseSpaces(labels.map((label) => visibleTextOf(label, vis, 60)).join(' '));
    if (visible) return truncate(visible, 60);
    // Hidden label text names the section only as a short label that gives no orders.
    const hidden = collapseSpaces(labels.map((label) => label.textContent).join(' '));
    if (hidden && hiddenLabel(hidden)) return hidden;
  }
  if (role === 'dialog' || role === 'alertdialog') {
    const heading = el.querySelector('h1,h2,h3,h4,[role=heading]');
    if (heading) return visibleTextOf(heading, vis, 60);
  }
  return '';
}
