import {
  diffHeadline,
  estimateLines,
  fitLines,
  isActionability,
  isBoolean,
  isExtractResult,
  isFindResult,
  isLocatorSet,
  isPageError,
  isPointerCheck,
  isResolveResult,
  isSnapshotResult,
  chooseLocated,
  mergeHits,
  type Actionability,
  type ExtractOptions,
  type ExtractResult,
  type FindResult,
  type FramePlaceholder,
  type LocateOutcome,
  type LocatorHits,
  type LocatorQuery,
  type LocatorSet,
  type PageError,
  type Point,
  type PointerCheck,
  type RefEntry,
  type SnapshotOptions,
  type SnapshotResult,
} from '@wayfinder/page';
import type { CdpSession } from './connection';
import { PageScriptError, ScriptWorlds, type FrameTarget } from './script-worlds';

export { PageScriptError };

// The page script as the driver sees it: calls into the right frame, and snapshots
// composed across frames — a cross-origin iframe's snapshot is taken in its own world and
// spliced under the iframe's line, with its refs routed back to that frame.

const MAX_FRAME_DEPTH = 4;

/** How to reach a cross-origin frame: its own target, and the iframe ref in its parent. */
interface FrameRoute extends FrameTarget {
  frameRef: string;
  parent: FrameRoute | null;
  parentTarget: FrameTarget;
}

const isRect = (v: unknown): v is { x: number; y: number; width: number; height: number } =>
  typeof v === 'object' && v !== null && 'x' in v && 'y' in v && 'width' in v;

export class PageScriptHost {
  readonly worlds: ScriptWorlds;
  private readonly routes = new Map<string, FrameRoute>();
  private mainFrameId: string | null = null;
  /** Whether this document's cross-origin frames have been looked for (routes found). */
  private framesFound = false;
  /**
   * Where the next fresh document's refs start: past every ref this tab has issued,
   * rounded up to a hundred (after e87, a new page starts at e101). A ref the model kept
   * from the page before cannot land on an element of the next one.
   */
  private refFloor = 0;

  constructor(private readonly session: CdpSession) {
    this.worlds = new ScriptWorlds(session);
    session.on('Page.frameNavigated', ({ frame }) => {
      if (!frame.parentId) {
        this.mainFrameId = frame.id;
        this.routes.clear();
        this.framesFound = false;
      }
    });
  }

  /** Follows out-of-process frames from now on; call once after Page.enable. */
  init(): Promise<void> {
    return this.worlds.init();
  }

  async mainFrame(): Promise<string> {
    if (!this.mainFrameId) {
      const { frameTree } = await this.session.send('Page.getFrameTree');
      this.mainFrameId = frameTree.frame.id;
    }
    return this.mainFrameId;
  }

  private async top(): Promise<FrameTarget> {
    return { session: this.session, frameId: await this.mainFrame() };
  }

  /** Calls a page API method in the main frame (or the frame a ref routes to). */
  async call(
    method: string,
    args: unknown[],
    ref?: string,
    returnByValue = true,
  ): Promise<{ value: unknown; objectId?: string; target: FrameTarget }> {
    const target = ref ? this.route(ref) : await this.top();
    return this.worlds.call(target, method, args, returnByValue);
  }

  private routeOf(ref: string): FrameRoute | null {
    let best: [string, FrameRoute] | null = null;
    for (const entry of this.routes) {
      if (ref.startsWith(entry[0]) && /^e\d+$|^f/.test(ref.slice(entry[0].length)) && (!best || entry[0].length > best[0].length))
        best = entry;
    }
    return best?.[1] ?? null;
  }

  /** Which frame a ref lives in (the main frame unless it is inside a cross-origin frame). */
  route(ref: string): FrameTarget {
    return this.routeOf(ref) ?? { session: this.session, frameId: this.mainFrameId ?? '' };
  }

  /**
   * Where a frame's viewport sits in the top page right now, with every iframe on the way
   * scrolled into view: measured at the moment of acting, because scrolling moves frames.
   */
  private async frameOffset(route: FrameRoute | null): Promise<{ x: number; y: number }> {
    if (!route) return { x: 0, y: 0 };
    const outer = await this.frameOffset(route.parent);
    const { value } = await this.worlds.call(route.parentTarget, 'frameBox', [route.frameRef]);
    if (isPageError(value)) throw new PageScriptError(value.message);
    if (!isRect(value)) throw new PageScriptError('The page script could not measure a frame.');
    return { x: outer.x + value.x, y: outer.y + value.y };
  }

  private raiseFloor(refHigh: unknown): void {
    if (typeof refHigh === 'number' && refHigh >= this.refFloor) this.refFloor = Math.ceil((refHigh + 1) / 100) * 100;
  }

  async snapshot(options: SnapshotOptions = {}): Promise<SnapshotResult> {
    const result = await this.snapshotFrame(await this.top(), { ...options, refBase: this.refFloor }, 0, 0, 0);
    this.raiseFloor(result.refHigh);
    const maxTokens = options.maxTokens;
    if (maxTokens && estimateLines(result.text) > maxTokens) {
      // Frames were composed in: fit the whole again, keeping the header line.
      const [head = '', ...body] = result.text.split('\n');
      const fitted = fitLines([head], body, [], maxTokens, 'scroll, use find, or ask for a larger budget');
      result.text = fitted.lines.join('\n');
      result.stats.truncated = true;
      const visible = new Set(fitted.lines.flatMap((line) => /\[((?:f\d+)*e\d+)\]/.exec(line)?.[1] ?? []));
      result.refs = result.refs.filter((r) => visible.has(r.ref));
    }
    result.stats.tokens = estimateLines(result.text);
    return result;
  }

  private async snapshotFrame(
    target: FrameTarget,
    options: SnapshotOptions,
    depth: number,
    offsetX: number,
    offsetY: number,
    via: FrameRoute | null = null,
  ): Promise<SnapshotResult> {
    const { value } = await this.worlds.call(target, 'snapshot', [options]);
    const result = expectShape(value, isSnapshotResult, 'snapshot');
    if (offsetX || offsetY) result.refs = result.refs.map((r) => shiftEntry(r, offsetX, offsetY));
    if (depth >= MAX_FRAME_DEPTH || !result.frames.length) return result;

    let text = result.text;
    const diffLines = result.diff ? [...result.diff.lines] : [];
    const totals = result.diff ? { ...result.diff } : null;
    for (const frame of result.frames) {
      const child = await this.frameOf(target, frame.ref);
      if (!child) continue;
      const route: FrameRoute = { ...child, frameRef: frame.ref, parent: via, parentTarget: target };
      this.routes.set(frame.ref, route);
      const childX = offsetX + frame.content.x;
      const childY = offsetY + frame.content.y;
      const inView = frame.visibleRect !== null;
      if (options.mode !== 'full' && !inView && !options.diff) continue;
      const { refBase: _topOnly, ...inherited } = options;
      const childOptions: SnapshotOptions = {
        ...inherited,
        framePrefix: frame.ref,
        visibleRect: options.mode === 'full' ? undefined : frame.visibleRect,
      };
      let childResult: SnapshotResult;
      try {
        childResult = await this.snapshotFrame(child, childOptions, depth + 1, childX, childY, route);
      } catch (error) {
        if (frame.line)
          text = text.replace(frame.line, `${frame.line} — could not be read: ${error instanceof Error ? error.message : String(error)}`);
        continue;
      }
      result.refs.push(...childResult.refs);
      result.stats.controls += childResult.stats.controls;
      result.stats.shown += childResult.stats.shown;
      if (childResult.diff && totals) {
        totals.added += childResult.diff.added;
        totals.removed += childResult.diff.removed;
        totals.changed += childResult.diff.changed;
        if (childResult.diff.lines.length) diffLines.push(`in [${frame.ref}] iframe:`, ...childResult.diff.lines.map((l) => `  ${l}`));
      } else if (frame.line) {
        text = text.replace(frame.line, spliceFrame(frame, childResult.text));
      }
    }
    if (totals) {
      const diff = { ...totals, lines: diffLines };
      result.diff = diff;
      text = [diffHeadline({ ...diff, touched: [] }), ...diffLines].join('\n');
    }
    result.text = text;
    return result;
  }

  /** The frame behind a cross-origin frame ref, found through the iframe element. */
  private async frameOf(parent: FrameTarget, ref: string): Promise<FrameTarget | null> {
    const { objectId } = await this.worlds.call(parent, 'frameOwner', [ref], false);
    if (!objectId) return null;
    try {
      const { node } = await parent.session.send('DOM.describeNode', { objectId });
      return node.frameId ? this.worlds.target(node.frameId, parent.session) : null;
    } finally {
      await parent.session.send('Runtime.releaseObject', { objectId }).catch(() => undefined);
    }
  }

  /** Finds controls in the page and in its cross-origin frames; the best `k` overall (`row`: only in the row with that text). */
  async find(query: string, k = 5, row?: string): Promise<FindResult> {
    const result = await this.findIn(await this.top(), query, k, '', 0, null, row);
    this.raiseFloor(result.refHigh);
    result.matches.sort((a, b) => b.score - a.score);
    result.matches = result.matches.slice(0, Math.max(1, k));
    return result;
  }

  /** Whether the text shows in the page or in any of its cross-origin frames. */
  async hasText(text: string): Promise<boolean> {
    if (await this.callBoolean(await this.top(), 'hasText', [text])) return true;
    if (!this.framesFound) await this.findIn(await this.top(), '', 1, '', 0, null);
    for (const route of [...this.routes.values()]) {
      if (await this.callBoolean(route, 'hasText', [text]).catch(() => false)) return true;
    }
    return false;
  }

  private async callBoolean(target: FrameTarget, method: string, args: unknown[]): Promise<boolean> {
    const { value } = await this.worlds.call(target, method, args);
    return expectShape(value, isBoolean, method);
  }

  private async findIn(
    target: FrameTarget,
    query: string,
    k: number,
    prefix: string,
    depth: number,
    via: FrameRoute | null,
    row?: string,
  ): Promise<FindResult> {
    const where = prefix ? { framePrefix: prefix } : { refBase: this.refFloor };
    const { value } = await this.worlds.call(target, 'find', [query, k, row ? { ...where, row } : where]);
    const result = expectShape(value, isFindResult, 'find');
    if (depth === 0) this.framesFound = true;
    if (depth >= MAX_FRAME_DEPTH) return result;
    for (const frame of result.frames) {
      const child = await this.frameOf(target, frame.ref).catch(() => null);
      if (!child) continue;
      const route: FrameRoute = { ...child, frameRef: frame.ref, parent: via, parentTarget: target };
      this.routes.set(frame.ref, route);
      // A frame that cannot be searched (still loading, crashed) leaves the rest of the page's matches.
      const inner = await this.findIn(child, query, k, frame.ref, depth + 1, route, row).catch(() => null);
      if (inner) result.matches.push(...inner.matches);
    }
    return result;
  }

  async extract(options: ExtractOptions = {}): Promise<ExtractResult> {
    const { value } = await this.call('extract', [options]);
    return expectShape(value, isExtractResult, 'extract');
  }

  /** Actionability of a ref, with its point in top-page coordinates. */
  async actionability(ref: string): Promise<Actionability | PageError> {
    const route = this.routeOf(ref);
    // Bring the frame into view in its parents first; then the element inside the frame.
    await this.frameOffset(route);
    const { value } = await this.worlds.call(this.route(ref), 'actionability', [ref]);
    if (isPageError(value)) return value;
    const result = expectShape(value, isActionability, 'actionability');
    if (route) {
      const offset = await this.frameOffset(route);
      if (result.point) result.point = { x: result.point.x + offset.x, y: result.point.y + offset.y };
      if (result.box) result.box = { ...result.box, x: result.box.x + offset.x, y: result.box.y + offset.y };
    }
    return result;
  }

  /** The light re-check before a press, at a point in top-page coordinates. */
  async underPointer(ref: string, point: Point): Promise<PointerCheck | PageError> {
    const offset = await this.frameOffset(this.routeOf(ref));
    const { value } = await this.worlds.call(this.route(ref), 'underPointer', [ref, point.x - offset.x, point.y - offset.y]);
    if (isPageError(value)) return value;
    return expectShape(value, isPointerCheck, 'underPointer');
  }

  /**
   * The element these locators point at (shared/locate.ts decides), from what each matches
   * in the page, its same-origin frames (the page script walks those) and its cross-origin
   * frames (each resolved in its own world, as `find` searches them).
   */
  async locate(locators: LocatorQuery[]): Promise<LocateOutcome> {
    const parts = await this.resolveIn(await this.top(), locators, '', 0, null);
    return chooseLocated(locators, mergeHits(parts, locators.length));
  }

  private async resolveIn(
    target: FrameTarget,
    locators: LocatorQuery[],
    prefix: string,
    depth: number,
    via: FrameRoute | null,
  ): Promise<LocatorHits[][]> {
    const options = prefix ? { framePrefix: prefix } : { refBase: this.refFloor };
    const { value } = await this.worlds.call(target, 'resolveLocators', [locators, options]);
    const result = expectShape(value, isResolveResult, 'resolveLocators');
    if (depth === 0) {
      this.framesFound = true;
      this.raiseFloor(result.refHigh);
    }
    const parts = [result.hits];
    if (depth >= MAX_FRAME_DEPTH) return parts;
    for (const frameRef of result.frames) {
      const child = await this.frameOf(target, frameRef).catch(() => null);
      if (!child) continue;
      const route: FrameRoute = { ...child, frameRef, parent: via, parentTarget: target };
      this.routes.set(frameRef, route);
      // A frame that cannot be searched (still loading, crashed) leaves what the rest of the page matched.
      const inner = await this.resolveIn(child, locators, frameRef, depth + 1, route).catch(() => null);
      if (inner) parts.push(...inner);
    }
    return parts;
  }

  async locators(ref: string): Promise<LocatorSet | PageError> {
    const { value } = await this.call('locators', [ref], ref);
    if (isPageError(value)) return value;
    return expectShape(value, isLocatorSet, 'locators');
  }
}

function expectShape<T>(value: unknown, check: (value: unknown) => value is T, method: string): T {
  if (check(value)) return value;
  // Replies come by value, so they are JSON; only undefined has no JSON text.
  const shown = value === undefined ? 'undefined' : JSON.stringify(value);
  throw new PageScriptError(
    `The page script answered ${method} with something unexpected (${shown.slice(0, 120)}); it may be an older version.`,
  );
}

function shiftEntry(entry: RefEntry, dx: number, dy: number): RefEntry {
  return { ...entry, rect: { ...entry.rect, x: entry.rect.x + dx, y: entry.rect.y + dy } };
}

/** The iframe's line becomes a heading for the frame's own lines, indented under it. */
function spliceFrame(frame: FramePlaceholder, childText: string): string {
  const [, ...lines] = childText.split('\n');
  const pad = ' '.repeat(frame.indent + 2);
  const head = frame.line.replace(/ \(cross-origin\)$/, ':');
  return [head, ...lines.map((line) => pad + line)].join('\n');
}
