import type { FrameContext } from './collect';
import { frameContentBox } from './collect';
import { isIFrame } from './dom';
import { intersect, rectOf } from './geometry';
import type { RefRegistry } from './refs';
import type { Visibility } from './visibility';
import type { Rect } from '../protocol';

/** Where a document sits in the root viewport, walking up through same-origin frames. */
export function frameContextFor(doc: Document, registry: RefRegistry, vis: Visibility, viewport: Rect): FrameContext {
  let frameElement: Element | null = null;
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
