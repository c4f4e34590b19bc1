import type { RefEntry, Rect, SnapshotOptions, SnapshotResult } from '../protocol';
import { diffHeadline, diffSignatures } from '../shared/diff';
import { builtins } from './builtins';
import { Collector } from './collect';
import type { ControlItem, Item } from './items';
import { deepActiveElement } from './dom';
import { hasArea, intersect } from './geometry';
import { describeElement, hitAt, reaches } from './hit';
import type { RefRegistry } from './refs';
import { placeholder, render, signature } from './render';
import { estimateLines, fitLines } from '../shared/text';
import { Visibility } from './visibility';

export const DEFAULT_VIEWPORT_TOKENS = 2500;
export const DEFAULT_FULL_TOKENS = 12000;

export interface Collected {
  items: Item[];
  controls: ControlItem[];
  vis: Visibility;
}

export function windowViewport(): Rect {
  return { x: 0, y: 0, width: window.innerWidth, height: window.innerHeight };
}

export function collectPage(registry: RefRegistry, viewport: Rect | null): Collected {
  const vis = new Visibility();
  const collector = new Collector(registry, vis, { viewport, focused: deepActiveElement(document) });
  const items = collector.collect(document);
  return { items, controls: collector.controls, vis };
}

function probePoints(r: Rect): { x: number; y: number }[] {
  const cy = r.y + r.height / 2;
  return [
    { x: r.x + r.width / 2, y: cy },
    { x: r.x + Math.min(r.width * 0.2, 8), y: cy },
    { x: r.x + r.width - Math.min(r.width * 0.2, 8), y: cy },
  ];
}

/** Controls in view that a click could not reach, with what is on top of each. */
function coveredControls(controls: ControlItem[], vis: Visibility): Map<ControlItem, string> {
  const covered = new Map<ControlItem, string>();
  for (const control of controls) {
    if (!control.inViewport || !control.frame.clip) continue;
    if (vis.style(control.el).pointerEvents === 'none') continue;
    const visible = intersect(control.rect, control.frame.clip);
    if (!visible || !hasArea(visible)) continue;
    let blocker: Element | null = null;
    let reached = false;
    for (const point of probePoints(visible)) {
      const hit = hitAt(control.frame, point.x, point.y);
      if (reaches(control.el, hit)) {
        reached = true;
        break;
      }
      blocker ??= hit;
    }
    if (!reached && blocker) covered.set(control, describeElement(blocker));
  }
  return covered;
}

function entry(item: ControlItem): RefEntry {
  const e: RefEntry = {
    ref: item.ref,
    role: item.role,
    name: item.name,
    tag: item.el.localName,
    states: item.states,
    rect: item.rect,
    inViewport: item.inViewport,
  };
  if (item.value !== undefined) e.value = item.value;
  if (item.href) e.href = item.href;
  return e;
}

export function takeSnapshot(registry: RefRegistry, options: SnapshotOptions): SnapshotResult {
  const started = builtins.now();
  const mode = options.mode ?? 'viewport';
  const maxTokens = Math.max(50, options.maxTokens ?? (mode === 'viewport' ? DEFAULT_VIEWPORT_TOKENS : DEFAULT_FULL_TOKENS));
  const viewport = options.visibleRect === undefined ? windowViewport() : options.visibleRect;
  const top = registry.forDocument(document, true);
  top.startAt(options.refBase);
  const { items, controls, vis } = collectPage(registry, viewport);
  top.prune();
  const url = location.href;
  const title = document.title;
  const sig = signature(items, url);
  const previous = top.previous;
  top.previous = sig;
  const base = { docId: registry.docId, url, title, mode, frames: [], refHigh: top.high };

  if (options.diff && previous) {
    const diff = diffSignatures(previous, sig);
    const fitted = fitLines([diffHeadline(diff)], diff.lines, [], maxTokens, 'take a full snapshot to see everything');
    const text = fitted.lines.join('\n');
    const touched = new Set(diff.touched);
    const refs = controls.filter((c) => touched.has(c.ref)).map(entry);
    // Cross-origin frames keep their own diffs; the driver appends them (no line to replace).
    const frames = items.flatMap((item) => (item.kind === 'frame' && item.crossOrigin ? [placeholder(item, '', 0)] : []));
    return {
      ...base,
      text,
      refs,
      frames,
      isDiff: true,
      diff: { lines: diff.lines, added: diff.added, removed: diff.removed, changed: diff.changed },
      stats: {
        controls: controls.length,
        shown: refs.length,
        above: 0,
        below: 0,
        covered: 0,
        truncated: fitted.truncated,
        tokens: estimateLines(text),
        ms: builtins.now() - started,
      },
    };
  }

  const covered = mode === 'viewport' ? coveredControls(controls, vis) : new Map<ControlItem, string>();
  const scroll =
    mode === 'viewport'
      ? {
          y: Math.round(window.scrollY),
          height: document.documentElement.scrollHeight,
          viewportHeight: viewport?.height ?? 0,
          viewportWidth: viewport?.width ?? 0,
        }
      : null;
  const rendered = render(items, { mode, maxTokens, url, title, scroll, covered, viewport });
  return {
    ...base,
    text: rendered.text,
    refs: rendered.shown.map(entry),
    frames: rendered.frames,
    isDiff: false,
    stats: {
      controls: controls.length,
      shown: rendered.shown.length,
      above: rendered.above,
      below: rendered.below,
      covered: covered.size,
      truncated: rendered.truncated,
      tokens: rendered.tokens,
      ms: builtins.now() - started,
    },
  };
}
