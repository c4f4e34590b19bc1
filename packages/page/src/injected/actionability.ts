import type { Actionability, PageError, Point, PointerCheck, Rect } from '../protocol';
import { isPageError } from '../protocol';
import { pageText } from '../shared/page-text';
import { nextFrame } from './builtins';
import { isInput, labelsOf } from './dom';
import { frameContextFor } from './frames';
import { center, hasArea, intersect, rectOf } from './geometry';
import { describeElement, hitAt, reaches } from './hit';
import { accessibleName } from './name';
import type { RefRegistry } from './refs';
import { displayRole } from './roles';
import { windowViewport } from './snapshot';
import { isDisabled } from './state';
import { Visibility } from './visibility';

// Before the driver clicks: is the element visible, enabled, holding still, and would a
// click at its point reach it? Scrolls it into view first when it is not fully in view.

const STABLE_TRIES = 6;
/** How long the last try waits for a frame when none came yet, before taking the tab for one in the background. */
const NO_FRAME_MS = 500;

function sameRect(a: Rect, b: Rect): boolean {
  return Math.abs(a.x - b.x) < 1 && Math.abs(a.y - b.y) < 1 && Math.abs(a.width - b.width) < 1 && Math.abs(a.height - b.height) < 1;
}

function contains(outer: Rect, inner: Rect): boolean {
  return (
    inner.x >= outer.x &&
    inner.y >= outer.y &&
    inner.x + inner.width <= outer.x + outer.width &&
    inner.y + inner.height <= outer.y + outer.height
  );
}

/** The element people see for `el`: itself, or the label of a visually hidden checkbox. */
function visibleTarget(el: Element): Element | null {
  const box = el.getBoundingClientRect();
  if (el.checkVisibility({ visibilityProperty: true }) && hasArea(box)) return el;
  if (isInput(el) && (el.type === 'checkbox' || el.type === 'radio' || el.type === 'file')) {
    return labelsOf(el).find((l) => l.checkVisibility({ visibilityProperty: true }) && hasArea(l.getBoundingClientRect())) ?? null;
  }
  return null;
}

export function describeRef(ref: string, el: Element, vis: Visibility): string {
  const role = displayRole(el);
  const { name } = accessibleName(el, role, vis);
  // The name is the page's: quoted as page data in every sentence this label goes into.
  return `${ref} (${role}${name ? ` ${pageText(name, 100)}` : ''})`;
}

export async function checkActionability(registry: RefRegistry, ref: string): Promise<Actionability | PageError> {
  const el = registry.resolve(ref);
  if (isPageError(el)) return el;
  const vis = new Visibility();
  const who = describeRef(ref, el, vis);
  const result: Actionability = {
    ref,
    point: null,
    box: null,
    visible: false,
    enabled: !isDisabled(el),
    stable: false,
    receivesEvents: false,
    coveredBy: null,
    scrolled: false,
    problem: null,
    failure: null,
    label: who,
    hidden: el.ownerDocument.visibilityState === 'hidden',
  };
  const target = visibleTarget(el);
  if (!target) {
    result.problem = `${who} is not visible (hidden, collapsed or zero-size); open or expand what contains it, or pick another element.`;
    result.failure = 'not-visible';
    return result;
  }
  result.visible = true;

  const measure = () => {
    const frame = frameContextFor(target.ownerDocument, registry, vis, windowViewport());
    return { frame, rect: rectOf(target.getBoundingClientRect(), frame.offsetX, frame.offsetY) };
  };
  let { frame, rect } = measure();
  if (!frame.clip || !contains(frame.clip, rect)) {
    target.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
    result.scrolled = true;
    ({ frame, rect } = measure());
  }
  // Only a frame shows whether it moved: two measures with no frame between them (a timeout on
  // a busy machine) are the same by construction, and prove nothing.
  let frames = 0;
  for (let i = 0; i < STABLE_TRIES; i++) {
    const framed = await nextFrame(i === STABLE_TRIES - 1 && frames === 0 ? NO_FRAME_MS : undefined);
    if (framed) frames++;
    const next = measure();
    const settled = sameRect(next.rect, rect);
    ({ frame, rect } = next);
    if (settled && framed) {
      result.stable = true;
      break;
    }
  }
  // A tab that gets no frames at all (in the background) runs no animations: where it is, it stays.
  if (frames === 0) result.stable = true;
  result.box = rect;
  const shown = frame.clip ? intersect(rect, frame.clip) : null;
  if (!shown || !hasArea(shown)) {
    result.problem = `${who} stays outside the visible area even after scrolling (clipped by a container); scroll that container or pick another element.`;
    result.failure = 'clipped';
    return result;
  }
  const candidates: Point[] = [
    center(shown),
    { x: shown.x + shown.width * 0.25, y: shown.y + shown.height / 2 },
    { x: shown.x + shown.width * 0.75, y: shown.y + shown.height / 2 },
  ];
  let firstHit: Element | null = null;
  for (const point of candidates) {
    const hit = hitAt(frame, point.x, point.y);
    firstHit ??= hit;
    if (reaches(el, hit)) {
      result.point = { x: Math.round(point.x), y: Math.round(point.y) };
      result.receivesEvents = true;
      break;
    }
  }
  if (!result.receivesEvents) {
    result.point = { x: Math.round(center(shown).x), y: Math.round(center(shown).y) };
    result.coveredBy = firstHit ? describeElement(firstHit) : 'nothing (the point is outside the page)';
  }
  if (!result.enabled) {
    result.problem = `${who} is disabled; complete what it depends on first (for example required fields), or pick another element.`;
    result.failure = 'disabled';
  } else if (!result.stable) {
    result.problem = `${who} is still moving (animating); wait for it to settle and try again.`;
    result.failure = 'not-stable';
  } else if (!result.receivesEvents) {
    const blocker = firstHit && result.coveredBy ? pageText(result.coveredBy, 100) : (result.coveredBy ?? 'another element');
    result.problem = `${who} is covered by ${blocker}; close or dismiss that first, or scroll.`;
    result.failure = 'covered';
  }
  return result;
}

/**
 * Just before the button goes down: is the point still inside the element, and would a
 * press there still reach it? The page may have moved or covered it on hover. Kept light
 * (one hit test, no frame wait, no names): it runs on every trusted click.
 */
export function checkUnderPointer(registry: RefRegistry, ref: string, x: number, y: number): PointerCheck | PageError {
  const el = registry.resolve(ref);
  if (isPageError(el)) return el;
  const target = visibleTarget(el);
  if (!target) return { inside: false, reaches: false, coveredBy: null };
  const frame = frameContextFor(target.ownerDocument, registry, new Visibility(), windowViewport());
  const rect = rectOf(target.getBoundingClientRect(), frame.offsetX, frame.offsetY);
  const inside = x >= rect.x && x <= rect.x + rect.width && y >= rect.y && y <= rect.y + rect.height;
  if (!inside) return { inside, reaches: false, coveredBy: null };
  const hit = hitAt(frame, x, y);
  if (reaches(el, hit)) return { inside, reaches: true, coveredBy: null };
  return { inside, reaches: false, coveredBy: hit ? describeElement(hit) : null };
}
