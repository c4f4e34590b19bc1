// Small DOM helpers that work across documents: `instanceof` fails for nodes of a
// same-origin iframe (they belong to another realm), so type checks use nodeType.

const XHTML = 'http://www.w3.org/1999/xhtml';

export function isElement(node: Node | null | undefined): node is Element {
  return !!node && node.nodeType === 1;
}

export function isText(node: Node): node is Text {
  return node.nodeType === 3;
}

export function isHTMLElement(node: Node | null | undefined): node is HTMLElement {
  return isElement(node) && node.namespaceURI === XHTML;
}

export function isShadowRoot(node: Node | null | undefined): node is ShadowRoot {
  return !!node && node.nodeType === 11 && 'host' in node;
}

export function isInput(el: Element): el is HTMLInputElement {
  return el.localName === 'input' && isHTMLElement(el);
}

export function isButton(el: Element): el is HTMLButtonElement {
  return el.localName === 'button' && isHTMLElement(el);
}

export function isSelect(el: Element): el is HTMLSelectElement {
  return el.localName === 'select' && isHTMLElement(el);
}

export function isTextArea(el: Element): el is HTMLTextAreaElement {
  return el.localName === 'textarea' && isHTMLElement(el);
}

export function isIFrame(el: Element): el is HTMLIFrameElement {
  return (el.localName === 'iframe' || el.localName === 'frame') && isHTMLElement(el);
}

export function isAnchor(el: Element): el is HTMLAnchorElement {
  return (el.localName === 'a' || el.localName === 'area') && isHTMLElement(el);
}

export function isSlot(el: Element): el is HTMLSlotElement {
  return el.localName === 'slot' && isHTMLElement(el);
}

/** The labels of a labelable element ([] for anything else). */
export function labelsOf(el: Element): HTMLLabelElement[] {
  if (isInput(el) || isSelect(el) || isTextArea(el) || isButton(el)) return Array.from(el.labels ?? []);
  return [];
}

export function isLabel(el: Element): el is HTMLLabelElement {
  return el.localName === 'label' && isHTMLElement(el);
}

/** Parent in the composed tree: steps out of shadow roots to their host. */
export function composedParent(node: Node): Element | null {
  if (isElement(node) && node.assignedSlot) return node.assignedSlot;
  const parent = node.parentNode;
  if (!parent) return null;
  if (isShadowRoot(parent)) return parent.host;
  return isElement(parent) ? parent : null;
}

/** True when `inner` is `outer` or lies inside it, across shadow boundaries. */
export function composedContains(outer: Element, inner: Node | null): boolean {
  for (let node: Node | null = inner; node; node = composedParent(node)) {
    if (node === outer) return true;
  }
  return false;
}

/** Children in the flattened tree: a host's shadow root, and what slots show. */
export function flatChildren(node: Node): Node[] {
  if (isElement(node)) {
    if (node.shadowRoot) return Array.from(node.shadowRoot.childNodes);
    if (isSlot(node)) {
      const assigned = node.assignedNodes({ flatten: true });
      if (assigned.length) return assigned;
    }
  }
  return Array.from(node.childNodes);
}

/** The element under a point, descending into open shadow roots. */
export function deepElementFromPoint(doc: Document, x: number, y: number): Element | null {
  let hit = doc.elementFromPoint(x, y);
  while (hit?.shadowRoot) {
    const inner = hit.shadowRoot.elementFromPoint(x, y);
    if (!inner || inner === hit) break;
    hit = inner;
  }
  return hit;
}

/** The focused element, descending into shadow roots and same-origin frames. */
export function deepActiveElement(doc: Document): Element | null {
  let active = doc.activeElement;
  for (;;) {
    if (active?.shadowRoot?.activeElement) {
      active = active.shadowRoot.activeElement;
      continue;
    }
    if (active && isIFrame(active)) {
      const inner = frameDocument(active)?.activeElement;
      if (inner && inner !== inner.ownerDocument.body) {
        active = inner;
        continue;
      }
    }
    return active;
  }
}

/** The document of a same-origin frame, or null when it is cross-origin or not loaded. */
export function frameDocument(frame: HTMLIFrameElement): Document | null {
  try {
    return frame.contentDocument;
  } catch {
    return null;
  }
}

/** A document's body, or null: XML documents and some about: pages have none, whatever lib.dom says. */
export function bodyOf(doc: Document): HTMLElement | null {
  const body: HTMLElement | null = doc.body;
  return body;
}

/** Where to start walking a document: its body, else its root element, else nothing. */
export function rootOf(doc: Document): Element | null {
  const root: Element | null = doc.documentElement;
  return bodyOf(doc) ?? root;
}

export function collapseSpaces(text: string): string {
  return text.replace(/[\s\u00a0\u200b]+/g, ' ').trim();
}

export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  return text.slice(0, Math.max(0, max - 1)).trimEnd() + '…';
}
