import type { FrameContext } from './items';
import { frameContentBox } from './geometry';
import { isIFrame } from './dom';
import { intersect, rectOf } from './geometry';
import type { RefRegistry } from './refs';
import { Visibility } from './visibility';
import type { PageError, Rect } from '../protocol';

/** Where a document sits in the root viewport, walking up through same-origin frames. */
export function frameContextFor(doc: Document, registry: RefRegistry, vis: Visibility, viewport: Rect): FrameContext {
  let frameElement: Element | null;
  try {
    frameElement = doc === document ? null : (doc.defaultView?.frameElement ?? null);
  } catch {
    frameElement = null;
  }
  if (!frameElement || !isIFrame(frameElement)) {
    return { doc, refs: registry.forDocument(doc, true), offsetX: 0, offsetY: 0, clip: viewport, frameElement: null, parent: null };
  }
  const parent = frameContextFor(frameElement.ownerDocument, registry, vis, viewport);
  const box = rectOf(frameElement.getBoundingClientRect(), parent.offsetX, parent.offsetY);
  const content = frameContentBox(frameElement, vis.style(frameElement), box);
  return {
    doc,
    refs: registry.forDocument(doc, false),
    offsetX: content.x,
    offsetY: content.y,
    clip: parent.clip ? intersect(content, parent.clip) : null,
    frameElement,
    parent,
  };
}

/** The iframe behind a cross-origin frame ref, scrolled into view; its viewport's box now. */
export function frameBox(registry: RefRegistry, ref: string): Rect | PageError {
  const el = registry.frameOwner(ref);
  if (!el || !isIFrame(el)) return { error: 'stale-ref', message: `The frame ${ref} is no longer on the page; take a new snapshot.` };
  const vis = new Visibility();
  const viewport = { x: 0, y: 0, width: window.innerWidth, height: window.innerHeight };
  let frame = frameContextFor(el.ownerDocument, registry, vis, viewport);
  let box = rectOf(el.getBoundingClientRect(), frame.offsetX, frame.offsetY);
  const inside = box.x >= 0 && box.y >= 0 && box.x + box.width <= viewport.width && box.y + box.height <= viewport.height;
  if (!inside) {
    el.scrollIntoView({ block: 'nearest', inline: 'nearest', behavior: 'instant' });
    frame = frameContextFor(el.ownerDocument, registry, vis, viewport);
    box = rectOf(el.getBoundingClientRect(), frame.offsetX, frame.offsetY);
  }
  return frameContentBox(el, vis.style(el), box);
}
