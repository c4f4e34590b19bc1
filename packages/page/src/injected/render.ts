import type { FramePlaceholder, Rect, SnapshotMode } from '../protocol';
import type { ControlItem, FrameItem, Item } from './items';
import { truncate } from './dom';
import { estimateLines, fitLines } from '../shared/text';

// Turns collected items into the text a model reads. The format, one line per thing:
//   navigation "Main":            a landmark or dialog; what is inside is indented
//   ## Results                    a heading
//   [e12] button "Add to cart"    a control: ref, role, name, states, value, href, options
//   $149.99 · 4.5 stars           a short line of text near controls
// See docs/0002-snapshot-format.md for why it looks like this.

const INDENT = '  ';
const MAX_DEPTH = 4;
const NEAR = 2;

/** The page's own origin and address without its hash, parsed once per page, not per link. */
let here = { base: '', origin: '', page: '' };

function locate(base: string): typeof here {
  if (here.base !== base) {
    try {
      const url = new URL(base);
      here = { base, origin: url.origin, page: url.origin + url.pathname + url.search };
    } catch {
      here = { base, origin: '', page: '' };
    }
  }
  return here;
}

function shortHref(href: string, base: string): string {
  if (!href || /^javascript:/i.test(href)) return '';
  if (/^(mailto|tel):/i.test(href)) return truncate(href, 48);
  const { origin, page } = locate(base);
  // Link hrefs come resolved (absolute), so most need no parsing at all.
  if (origin && href.startsWith(`${origin}/`)) {
    if (href.startsWith(`${page}#`)) return truncate(href.slice(page.length), 40);
    return truncate(href.slice(origin.length), 48);
  }
  let url: URL;
  try {
    url = new URL(href, base);
  } catch {
    return truncate(href, 40);
  }
  const host = url.host.replace(/^www\./, '');
  const path = url.pathname === '/' ? '' : url.pathname;
  return truncate(host + path, 48);
}

export function controlLine(item: ControlItem, base: string): string {
  let line = `[${item.ref}] ${item.role}`;
  if (item.name) line += ` ${JSON.stringify(item.name)}`;
  if (item.states.length) line += ` ${item.states.join(' ')}`;
  if (item.withheld) line += ' (hidden label withheld)';
  if (item.value !== undefined) line += ` value=${JSON.stringify(item.value)}`;
  if (item.options !== undefined) line += ` options: ${item.options}`;
  if (item.href) {
    const href = shortHref(item.href, base);
    if (href) line += ` →${href}`;
  }
  return line;
}

function normalize(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export interface RenderOptions {
  mode: SnapshotMode;
  maxTokens: number;
  url: string;
  title: string;
  /** Viewport mode: where the viewport sits in the page, for the header. */
  scroll: { y: number; height: number; viewportHeight: number; viewportWidth: number } | null;
  /** The viewport the items were measured against (root coordinates); null: none visible. */
  viewport: Rect | null;
  /** Viewport mode: controls in view that something covers, with what covers them. */
  covered: Map<ControlItem, string>;
}

export interface Rendered {
  text: string;
  shown: ControlItem[];
  frames: FramePlaceholder[];
  truncated: boolean;
  tokens: number;
  above: number;
  below: number;
}

interface Line {
  text: string;
  control?: ControlItem;
  frame?: FramePlaceholder;
}

/** Which items appear: all of them, or (viewport) what is on screen and not covered. */
function visibleItems(items: Item[], options: RenderOptions): Item[] {
  if (options.mode === 'full') return items;
  const shown: Item[] = [];
  for (const item of items) {
    if (!item.inViewport) continue;
    if (item.kind === 'control' && options.covered.has(item)) continue;
    shown.push(item);
  }
  return shown;
}

/** Keep text lines that orient: near a control, first under a heading, or in a live region. */
function keepText(items: Item[]): boolean[] {
  const keep = items.map((item) => item.kind !== 'text');
  items.forEach((item, i) => {
    if (item.kind !== 'text') return;
    if (item.live) {
      keep[i] = true;
      return;
    }
    const before = items[i - 1];
    if (before?.kind === 'heading') {
      keep[i] = true;
      return;
    }
    // Prose between inline links is reading matter (extract() serves it), not a label.
    if (item.prose) return;
    const key = normalize(item.text);
    for (const dir of [-1, 1]) {
      for (let step = 1; step <= NEAR; step++) {
        const other = items[i + dir * step];
        if (!other || other.kind === 'heading' || other.kind === 'section' || other.kind === 'frame') break;
        if (other.kind === 'control') {
          if (normalize(other.name) === key) return; // the text is that control's label
          keep[i] = true;
        }
      }
    }
  });
  return keep;
}

/** Drops sections and frames that ended up with nothing inside. */
function dropEmptyContainers(items: Item[]): Item[] {
  const result: Item[] = [];
  items.forEach((item, i) => {
    if (item.kind === 'section' || (item.kind === 'frame' && !item.crossOrigin)) {
      const next = items[i + 1];
      if (!next || next.depth <= item.depth) return;
    }
    result.push(item);
  });
  return result;
}

function indent(depth: number): string {
  return INDENT.repeat(Math.min(depth, MAX_DEPTH));
}

function itemLines(items: Item[], base: string): Line[] {
  const lines: Line[] = [];
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    if (!item) continue;
    const pad = indent(item.depth);
    switch (item.kind) {
      case 'section':
        lines.push({ text: `${pad}${item.role}${item.name ? ` ${JSON.stringify(item.name)}` : ''}:` });
        break;
      case 'heading': {
        const hashes = '#'.repeat(item.level);
        const next = items[i + 1];
        // A heading that is just a link reads as one line: "## [e5] link "Tent" →/p/1".
        if (
          next?.kind === 'control' &&
          next.heading >= 0 &&
          normalize(next.name) === normalize(item.text) &&
          items[i + 2]?.kind !== 'control'
        ) {
          lines.push({ text: `${pad}${hashes} ${controlLine(next, base)}`, control: next });
          i++;
        } else {
          lines.push({ text: `${pad}${hashes} ${item.text}` });
        }
        break;
      }
      case 'control':
        lines.push({ text: pad + controlLine(item, base), control: item });
        break;
      case 'text':
        lines.push({ text: pad + item.text });
        break;
      case 'frame': {
        const label = `${pad}[${item.ref}] iframe${item.name ? ` ${JSON.stringify(item.name)}` : ''}`;
        if (!item.crossOrigin) {
          lines.push({ text: `${label}:` });
        } else {
          const text = `${label} (cross-origin)`;
          lines.push({
            text,
            frame: placeholder(item, text, pad.length),
          });
        }
        break;
      }
    }
  }
  return lines;
}

export function placeholder(item: FrameItem, line: string, indent: number): FramePlaceholder {
  return { ref: item.ref, line, indent, src: item.src, rect: item.rect, content: item.content, visibleRect: item.visibleRect };
}

function header(options: RenderOptions): string {
  const title = truncate(options.title.trim() || '(untitled)', 80);
  let line = `Page ${JSON.stringify(title)} ${truncate(options.url, 120)}`;
  if (options.scroll) {
    const { y, height, viewportHeight, viewportWidth } = options.scroll;
    const max = Math.max(0, height - viewportHeight);
    const where =
      max <= 0 ? 'whole page fits' : y <= 1 ? 'at top' : y >= max - 1 ? 'at bottom' : `scrolled ${Math.round((y / max) * 100)}%`;
    line += ` — viewport ${viewportWidth}×${viewportHeight}, ${where}`;
  }
  return line;
}

function counted(controls: number, frames: number): string {
  const parts: string[] = [];
  if (controls) parts.push(`${controls} more control${controls === 1 ? '' : 's'}`);
  if (frames) parts.push(`${frames} embedded frame${frames === 1 ? '' : 's'}`);
  return parts.join(' and ');
}

function summary(items: Item[], options: RenderOptions): { lines: string[]; above: number; below: number } {
  if (options.mode === 'full') return { lines: [], above: 0, below: 0 };
  let above = 0;
  let below = 0;
  let beside = 0;
  let framesAbove = 0;
  let framesBelow = 0;
  const headingsBelow: string[] = [];
  const top = options.viewport?.y ?? 0;
  const bottom = top + (options.viewport?.height ?? 0);
  for (const item of items) {
    if (item.inViewport) continue;
    const isAbove = item.rect.y + item.rect.height <= top;
    const isBelow = item.rect.y >= bottom;
    if (item.kind === 'control') {
      if (isAbove) above++;
      else if (isBelow) below++;
      else beside++;
    } else if (item.kind === 'frame' && item.crossOrigin) {
      if (isAbove) framesAbove++;
      else if (isBelow) framesBelow++;
    } else if (item.kind === 'heading' && isBelow && headingsBelow.length < 3) {
      headingsBelow.push(JSON.stringify(truncate(item.text, 40)));
    }
  }
  const lines: string[] = [];
  if (above || framesAbove) lines.push(`↑ ${counted(above, framesAbove)} above — scroll up to see them`);
  if (below || framesBelow) {
    const next = headingsBelow.length ? ` (next headings: ${headingsBelow.join(', ')})` : '';
    lines.push(`↓ ${counted(below, framesBelow)} below — scroll down to see them${next}`);
  }
  if (beside) lines.push(`→ ${beside} control${beside === 1 ? '' : 's'} outside the viewport to the side`);
  if (options.covered.size) {
    const by = new Map<string, number>();
    for (const what of options.covered.values()) by.set(what, (by.get(what) ?? 0) + 1);
    const [first] = [...by.entries()].sort((a, b) => b[1] - a[1]);
    if (first)
      lines.push(
        `${options.covered.size} control${options.covered.size === 1 ? '' : 's'} in view covered (mostly by ${first[0]}) — close or dismiss it to reach them`,
      );
  }
  return { lines, above, below };
}

export function render(items: Item[], options: RenderOptions): Rendered {
  const shownItems = visibleItems(items, options);
  const keep = keepText(shownItems);
  const selected = dropEmptyContainers(shownItems.filter((_, i) => keep[i]));
  const lines = itemLines(selected, options.url);
  const head = [header(options)];
  const sum = summary(items, options);
  if (!lines.length) lines.push({ text: options.mode === 'viewport' ? '(nothing visible in the viewport)' : '(no visible content)' });
  const fitted = fitLines(
    head,
    lines.map((l) => l.text),
    sum.lines,
    options.maxTokens,
    'scroll, use find, or ask for a larger budget',
  );
  const kept = lines.slice(0, fitted.kept);
  const text = fitted.lines.join('\n');
  return {
    text,
    shown: kept.flatMap((l) => (l.control ? [l.control] : [])),
    frames: kept.flatMap((l) => (l.frame ? [l.frame] : [])),
    truncated: fitted.truncated,
    tokens: estimateLines(text),
    above: sum.above,
    below: sum.below,
  };
}

/** Lines that identify what the page shows, for diffs: key -> line. */
export function signature(items: Item[], base: string): Map<string, string> {
  const sig = new Map<string, string>();
  for (const item of items) {
    if (item.kind === 'control') sig.set(item.ref, controlLine(item, base));
    else if (item.kind === 'heading') sig.set(`h${item.level}:${item.text}`, `${'#'.repeat(item.level)} ${item.text}`);
    else if (item.kind === 'section' && (item.role === 'dialog' || item.role === 'alertdialog' || item.role === 'alert'))
      sig.set(`s:${item.role}:${item.name}`, `${item.role}${item.name ? ` ${JSON.stringify(item.name)}` : ''}`);
    else if (item.kind === 'text' && item.live) sig.set(`t:${item.text}`, item.text);
  }
  return sig;
}
