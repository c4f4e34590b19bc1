import {
  diffHeadline, estimateLines, fitLines, isActionability, isExtractResult, isFindResult, isLocatorSet, isPageError, isSnapshotResult,
  PAGE_GLOBAL, PAGE_SCRIPT, type Actionability, type ExtractOptions, type ExtractResult, type FindResult, type FramePlaceholder,
  type LocatorSet, type PageError, type RefEntry, type SnapshotOptions, type SnapshotResult,
} from '@wayfinder/page';
import type { CdpSession } from './connection';
import { CdpError } from './errors';

// Runs the page script in an isolated world of each frame, on demand, and composes what
// the frames report: a cross-origin iframe's snapshot is taken in its own world and
// spliced under the iframe's line, with its refs routed back to that frame.

const WORLD_NAME = 'wayfinder';
const MAX_FRAME_DEPTH = 4;

export class PageScriptError extends Error {
  override readonly name = 'PageScriptError';
}

interface FrameRoute {
  frameId: string;
  /** Add to the frame's own coordinates to get the top page's. */
  offsetX: number;
  offsetY: number;
}

const CALL = `function (method, args) {
  const api = globalThis[${JSON.stringify(PAGE_GLOBAL)}];
  if (!api) throw new Error('The Wayfinder page script is not installed in this world.');
  return api[method](...args);
}`;

function isContextGone(error: unknown): boolean {
  return CdpError.isInstance(error) && error.kind === 'protocol' && /context|Cannot find|destroyed|No frame/i.test(error.message);
}

export class PageScriptHost {
  /** Per frame, the isolated world's context id (pending while the script installs). */
  private readonly contexts = new Map<string, Promise<number>>();
  private readonly routes = new Map<string, FrameRoute>();
  private mainFrameId: string | null = null;

  constructor(private readonly session: CdpSession) {
    session.on('Page.frameNavigated', ({ frame }) => {
      this.contexts.delete(frame.id);
      if (!frame.parentId) {
        this.mainFrameId = frame.id;
        this.routes.clear();
      }
    });
    session.on('Page.frameDetached', ({ frameId }) => this.contexts.delete(frameId));
  }

  async mainFrame(): Promise<string> {
    if (!this.mainFrameId) {
      const { frameTree } = await this.session.send('Page.getFrameTree');
      this.mainFrameId = frameTree.frame.id;
    }
    return this.mainFrameId;
  }

  private ensure(frameId: string): Promise<number> {
    let context = this.contexts.get(frameId);
    if (!context) {
      context = this.install(frameId);
      this.contexts.set(frameId, context);
      // A failed install is not remembered: the next call tries again.
      context.catch(() => {
        if (this.contexts.get(frameId) === context) this.contexts.delete(frameId);
      });
    }
    return context;
  }

  private async install(frameId: string): Promise<number> {
    const { executionContextId } = await this.session.send('Page.createIsolatedWorld', { frameId, worldName: WORLD_NAME, grantUniveralAccess: false });
    const installed = await this.session.send('Runtime.evaluate', { expression: PAGE_SCRIPT, contextId: executionContextId, returnByValue: true });
    if (installed.exceptionDetails) {
      throw new PageScriptError(`Could not install the page script: ${installed.exceptionDetails.exception?.description ?? installed.exceptionDetails.text}`);
    }
    return executionContextId;
  }

  /** Calls a page API method in a frame's world, installing the script first if needed. */
  async call(frameId: string, method: string, args: unknown[], returnByValue = true): Promise<{ value: unknown; objectId?: string }> {
    for (let attempt = 0; ; attempt++) {
      const contextId = await this.ensure(frameId);
      try {
        const result = await this.session.sendWithTimeout('Runtime.callFunctionOn', {
          functionDeclaration: CALL,
          executionContextId: contextId,
          arguments: [{ value: method }, { value: args }],
          returnByValue,
          awaitPromise: true,
        }, 30_000);
        if (result.exceptionDetails) {
          const description = result.exceptionDetails.exception?.description ?? result.exceptionDetails.text;
          if (attempt === 0 && /not installed/.test(description)) {
            this.contexts.delete(frameId);
            continue;
          }
          throw new PageScriptError(`The page script failed in ${method}: ${description}`);
        }
        const out: { value: unknown; objectId?: string } = { value: result.result.value };
        if (result.result.objectId) out.objectId = result.result.objectId;
        return out;
      } catch (error) {
        // The document changed under us (navigation): install into the new one once.
        if (attempt === 0 && isContextGone(error)) {
          this.contexts.delete(frameId);
          continue;
        }
        throw error;
      }
    }
  }

  /** Which frame a ref lives in, and how to map that frame's points to the top page. */
  route(ref: string): FrameRoute & { localRef: string } {
    let best: [string, FrameRoute] | null = null;
    for (const entry of this.routes) {
      if (ref.startsWith(entry[0]) && /^e\d+$|^f/.test(ref.slice(entry[0].length)) && (!best || entry[0].length > best[0].length)) best = entry;
    }
    if (best) return { ...best[1], localRef: ref };
    return { frameId: this.mainFrameId ?? '', offsetX: 0, offsetY: 0, localRef: ref };
  }

  async snapshot(options: SnapshotOptions = {}): Promise<SnapshotResult> {
    const frameId = await this.mainFrame();
    const result = await this.snapshotFrame(frameId, options, 0, 0, 0);
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

  private async snapshotFrame(frameId: string, options: SnapshotOptions, depth: number, offsetX: number, offsetY: number): Promise<SnapshotResult> {
    const { value } = await this.call(frameId, 'snapshot', [options]);
    const result = expectShape(value, isSnapshotResult, 'snapshot');
    if (offsetX || offsetY) result.refs = result.refs.map((r) => shiftEntry(r, offsetX, offsetY));
    if (depth >= MAX_FRAME_DEPTH || !result.frames.length) return result;

    let text = result.text;
    const diffLines = result.diff ? [...result.diff.lines] : [];
    const totals = result.diff ? { ...result.diff } : null;
    for (const frame of result.frames) {
      const childId = await this.frameIdOf(frameId, frame.ref);
      if (!childId) continue;
      const route = { frameId: childId, offsetX: offsetX + frame.content.x, offsetY: offsetY + frame.content.y };
      this.routes.set(frame.ref, route);
      const inView = frame.visibleRect !== null;
      if (options.mode !== 'full' && !inView && !options.diff) continue;
      const childOptions: SnapshotOptions = { ...options, framePrefix: frame.ref, visibleRect: options.mode === 'full' ? undefined : frame.visibleRect };
      let child: SnapshotResult;
      try {
        child = await this.snapshotFrame(childId, childOptions, depth + 1, route.offsetX, route.offsetY);
      } catch (error) {
        if (frame.line) text = text.replace(frame.line, `${frame.line} — could not be read: ${error instanceof Error ? error.message : String(error)}`);
        continue;
      }
      result.refs.push(...child.refs);
      result.stats.controls += child.stats.controls;
      result.stats.shown += child.stats.shown;
      if (child.diff && totals) {
        totals.added += child.diff.added;
        totals.removed += child.diff.removed;
        totals.changed += child.diff.changed;
        if (child.diff.lines.length) diffLines.push(`in [${frame.ref}] iframe:`, ...child.diff.lines.map((l) => `  ${l}`));
      } else if (frame.line) {
        text = text.replace(frame.line, spliceFrame(frame, child.text));
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

  /** The frame id behind a cross-origin frame ref, found through the iframe element. */
  private async frameIdOf(parentFrameId: string, ref: string): Promise<string | null> {
    const { objectId } = await this.call(parentFrameId, 'frameOwner', [ref], false);
    if (!objectId) return null;
    try {
      const { node } = await this.session.send('DOM.describeNode', { objectId });
      return node.frameId ?? null;
    } finally {
      await this.session.send('Runtime.releaseObject', { objectId }).catch(() => undefined);
    }
  }

  async find(query: string, k = 5): Promise<FindResult> {
    const { value } = await this.call(await this.mainFrame(), 'find', [query, k]);
    return expectShape(value, isFindResult, 'find');
  }

  async extract(options: ExtractOptions = {}): Promise<ExtractResult> {
    const { value } = await this.call(await this.mainFrame(), 'extract', [options]);
    return expectShape(value, isExtractResult, 'extract');
  }

  /** Actionability of a ref, with its point in top-page coordinates. */
  async actionability(ref: string): Promise<Actionability | PageError> {
    const route = this.route(ref);
    const { value } = await this.call(route.frameId, 'actionability', [route.localRef]);
    if (isPageError(value)) return value;
    const result = expectShape(value, isActionability, 'actionability');
    if (result.point) result.point = { x: result.point.x + route.offsetX, y: result.point.y + route.offsetY };
    if (result.box) result.box = { ...result.box, x: result.box.x + route.offsetX, y: result.box.y + route.offsetY };
    return result;
  }

  async locators(ref: string): Promise<LocatorSet | PageError> {
    const route = this.route(ref);
    const { value } = await this.call(route.frameId, 'locators', [route.localRef]);
    if (isPageError(value)) return value;
    return expectShape(value, isLocatorSet, 'locators');
  }
}

function expectShape<T>(value: unknown, check: (value: unknown) => value is T, method: string): T {
  if (check(value)) return value;
  // Replies come by value, so they are JSON; only undefined has no JSON text.
  const shown = value === undefined ? 'undefined' : JSON.stringify(value);
  throw new PageScriptError(`The page script answered ${method} with something unexpected (${shown.slice(0, 120)}); it may be an older version.`);
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
