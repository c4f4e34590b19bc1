import { estimateTokens } from '../shared/text';
import { collapseSpaces, flatChildren, isElement, isInput, isShadowRoot, isText, labelsOf, truncate } from './dom';
import { NAME_FROM_CONTENT } from './roles';
import { looksLikeInstructions } from './suspicious';
import type { Visibility } from './visibility';

// Accessible names, after accname 1.2 with two deliberate departures (docs/0003):
// - a visible name wins over an aria-label (or a hidden aria-labelledby target) that does
//   not contain it (label-in-name), so text people cannot see does not replace text they can;
// - text people cannot see names a control only when nothing visible does. The text of
//   hidden elements (aria-labelledby targets, labels, screen-reader-only spans) counts only
//   as a short label (hiddenLabel); labels written in attributes (aria-label, title, alt)
//   are cut to a label's length (attributeLabel). Either, reading like instructions, is
//   withheld and the line says so. The alt of an image inside a control counts as visible
//   (the image is), through the instruction filter.

export const MAX_NAME = 80;
/** Text longer than this is content rather than a label (label-in-name; hidden labels). */
const LABEL_LIKE = 60;
/** The same bound in tokens, for scripts that pack a sentence into few characters. */
const LABEL_TOKENS = 20;
const GATHER_LIMIT = 240;

interface Parts {
  /**
   * Text people can read on screen, and labels of visible things inside (an image's alt,
   * an icon's aria-label) unless they read like instructions.
   */
  visible: string[];
  /** Screen-reader-only and otherwise hidden text: used only when nothing else names the element. */
  hidden: string[];
  length: number;
}

const SKIP = new Set(['script', 'style', 'template', 'noscript', 'head', 'title']);

function imageText(el: Element): string | null {
  const tag = el.localName;
  if (tag === 'img' || tag === 'area' || (tag === 'input' && isInput(el) && el.type === 'image')) {
    return el.getAttribute('alt') ?? el.getAttribute('title');
  }
  if (tag === 'svg') {
    const title = Array.from(el.children).find((c) => c.localName === 'title');
    return el.getAttribute('aria-label') ?? title?.textContent ?? null;
  }
  return null;
}

function gather(node: Node, vis: Visibility, parts: Parts, hiddenContext: boolean): void {
  for (const child of flatChildren(node)) {
    if (parts.length > GATHER_LIMIT) return;
    if (isText(child)) {
      // Raw text: adjacent inline runs join without spaces, as the page renders them.
      (hiddenContext || vis.textHidden(child) ? parts.hidden : parts.visible).push(child.data);
      parts.length += child.data.length;
      continue;
    }
    if (!isElement(child) || SKIP.has(child.localName)) continue;
    if (child.getAttribute('aria-hidden') === 'true') continue;
    const style = vis.style(child);
    if (style.display === 'none' || style.visibility === 'hidden' || style.visibility === 'collapse') continue;
    const image = imageText(child);
    const label = image ?? child.getAttribute('aria-label');
    if (label !== null) {
      const text = collapseSpaces(label);
      if (text) {
        // Kept in place among the visible text, so the name reads in document order.
        const usable = !hiddenContext && !looksLikeInstructions(text);
        (usable ? parts.visible : parts.hidden).push(` ${text} `);
      }
      parts.length += text.length;
      if (image !== null || text) continue;
    }
    // Form controls inside a name source contribute nothing we can trust to be short.
    if (child.localName === 'input' || child.localName === 'select' || child.localName === 'textarea') continue;
    let hidden = hiddenContext;
    if (!hidden) hidden = vis.hidesSubtree(child);
    const separate = style.display !== 'inline' || child.localName === 'br';
    if (separate) parts.visible.push(' ');
    gather(child, vis, parts, hidden);
    if (separate) parts.visible.push(' ');
  }
}

function textParts(el: Element, vis: Visibility): Parts {
  const parts: Parts = { visible: [], hidden: [], length: 0 };
  gather(el, vis, parts, false);
  return parts;
}

function idRefs(el: Element, attr: string): Element[] {
  const ids = el.getAttribute(attr);
  if (!ids) return [];
  const root = el.getRootNode();
  const scope = isShadowRoot(root) ? root : el.ownerDocument;
  return ids
    .trim()
    .split(/\s+/)
    .flatMap((id) => {
      const target = scope.getElementById(id);
      return target ? [target] : [];
    });
}

function normalize(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export interface NameResult {
  name: string;
  /** A hidden label was left out: it read like instructions to an AI, or it was a hidden paragraph. */
  withheld: boolean;
}

/**
 * May the text of elements people cannot see name something? Only as a short label.
 * accname counts hidden elements (an icon button named by a hidden span is a sound
 * pattern: "Close menu", "Remove Trail Tent 2P from your cart"), but a hidden paragraph
 * used as a name is the page talking to the model behind the person's back. 60
 * characters (and 20 tokens, for CJK) hold a verb and the name of a thing; past that it
 * is a description or a paragraph, and none of it is used: its first words are no more
 * trustworthy than the rest.
 */
export function hiddenLabel(text: string): boolean {
  return text.length <= LABEL_LIKE && estimateTokens(text) <= LABEL_TOKENS && !looksLikeInstructions(text);
}

/**
 * A label written in an attribute (aria-label, title, alt), as far as it may name
 * something: nothing when it gives orders, else cut to a label's length (60 characters,
 * the cut marked with an ellipsis). Attributes are labels by purpose, and long ones are
 * common ("Recommend to share this article with your followers and let the author know
 * you liked it", a headline repeated in a thumbnail link's title): their start still
 * names the thing.
 */
export function attributeLabel(text: string): string {
  return looksLikeInstructions(text) ? '' : truncate(text, LABEL_LIKE);
}

function hiddenSource(text: string): NameResult {
  if (!text) return { name: '', withheld: false };
  if (!hiddenLabel(text)) return { name: '', withheld: true };
  return { name: text, withheld: false };
}

function attributeSource(text: string): NameResult {
  if (!text) return { name: '', withheld: false };
  const name = attributeLabel(text);
  return { name, withheld: !name };
}

function nativeLabel(el: Element, vis: Visibility): { visible: string; hidden: string } {
  const parts = labelsOf(el).map((label) => textParts(label, vis));
  return {
    visible: collapseSpaces(parts.map((p) => p.visible.join('')).join(' ')),
    hidden: collapseSpaces(parts.map((p) => p.hidden.join('')).join(' ')),
  };
}

function inputButtonText(el: Element): string | null {
  if (!isInput(el)) return null;
  const type = el.type;
  if (type === 'submit') return el.value || 'Submit';
  if (type === 'reset') return el.value || 'Reset';
  if (type === 'button') return el.value;
  if (type === 'image') return el.alt || 'Submit';
  return null;
}

export function accessibleName(el: Element, role: string, vis: Visibility): NameResult {
  const labelledBy = idRefs(el, 'aria-labelledby');
  let hiddenBy = '';
  if (labelledBy.length) {
    const parts = labelledBy.map((ref) => textParts(ref, vis));
    const visible = collapseSpaces(parts.map((p) => p.visible.join('')).join(' '));
    if (visible) return { name: truncate(visible, MAX_NAME), withheld: false };
    // Hidden targets (display:none, hidden, visibility:hidden) count in accname; their text
    // is treated as an aria-label: people do not see it either.
    hiddenBy = collapseSpaces(labelledBy.map((ref) => ref.textContent).join(' '));
  }

  const label = nativeLabel(el, vis);
  let visible = label.visible;
  const buttonText = inputButtonText(el);
  if (!visible && buttonText) visible = collapseSpaces(buttonText);
  let hiddenContent = '';
  if (!visible && (NAME_FROM_CONTENT.has(role) || el.localName === 'label')) {
    const parts = textParts(el, vis);
    visible = collapseSpaces(parts.visible.join(''));
    hiddenContent = collapseSpaces(parts.hidden.join(''));
  }

  const ariaLabel = hiddenBy || collapseSpaces(el.getAttribute('aria-label') ?? '');
  if (ariaLabel) {
    const label = hiddenBy ? hiddenSource(ariaLabel) : attributeSource(ariaLabel);
    if (!visible) return label;
    // Long content is what a container holds, not a label: the aria-label names it.
    if (visible.length > LABEL_LIKE) return label.name ? label : { name: truncate(visible, MAX_NAME), withheld: true };
    const contains = normalize(ariaLabel).includes(normalize(visible));
    if (contains && label.name) return label;
    return { name: truncate(visible, MAX_NAME), withheld: false };
  }
  if (visible) return { name: truncate(visible, MAX_NAME), withheld: false };
  // A <label> people cannot see (screen-reader-only) names its field ahead of a placeholder, as in accname.
  if (label.hidden) return hiddenSource(label.hidden);

  const image = imageText(el);
  if (image) return attributeSource(collapseSpaces(image));
  if (hiddenContent) return hiddenSource(hiddenContent);
  const placeholder = el.getAttribute('placeholder');
  if (placeholder && collapseSpaces(placeholder)) return { name: truncate(collapseSpaces(placeholder), MAX_NAME), withheld: false };
  const title = el.getAttribute('title');
  if (title) return attributeSource(collapseSpaces(title));
  return { name: '', withheld: false };
}

/** Visible text of an element (headings, text lines), capped. Hidden parts are dropped. */
export function visibleTextOf(el: Element, vis: Visibility, max: number): string {
  return truncate(collapseSpaces(textParts(el, vis).visible.join('')), max);
}
