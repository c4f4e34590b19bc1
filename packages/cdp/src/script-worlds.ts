import { PAGE_API_VERSION, PAGE_GLOBAL, PAGE_SCRIPT, READER_MISSING, READER_SCRIPT } from '@wayfinder/page';
import type { CdpSession } from './connection';
import { CdpError } from './errors';
import { CodedError } from '@wayfinder/core/errors';

// Where the page script runs: an isolated world in each frame. Each session asks Chromium
// to evaluate the script in that world at the start of every new document, so it is ready
// by the time the page has loaded (docs/0047-page-script-at-document-start.md); a document
// that was there before (or a frame that attached late) gets it on first use. The reader
// `extract` needs is evaluated in a world only before its first `extract`.
// Frames from another site live in other renderer processes; Chromium shows them as
// separate targets, which auto-attach (flattened) gives us as child sessions. A frame is
// therefore addressed by (session, frameId).

export const WORLD_NAME = 'wayfinder';
const ATTACH_WAIT_MS = 2000;

export interface FrameTarget {
  session: CdpSession;
  frameId: string;
}

export class PageScriptError extends CodedError<'page-script'> {
  static override readonly marker = Symbol.for('wayfinder.page-script.error');
  override readonly name = 'PageScriptError';

  constructor(message: string) {
    super('page-script', message, false);
  }
}

/** Methods that need the reader in their world. */
const NEEDS_READER = new Set(['extract']);

const NOT_INSTALLED = 'The Wayfinder page script is not installed in this world.';

/**
 * A page API call. A world without this driver's page script says so: a world is found by its
 * name, so a document still open from before (an updated extension, a host reconnecting to a
 * running Chrome) may hold an older one, which is replaced (main.ts installs over another version).
 */
const CALL = `function (method, args) {
  const api = globalThis[${JSON.stringify(PAGE_GLOBAL)}];
  if (!api || api.version !== ${PAGE_API_VERSION}) throw new Error(${JSON.stringify(NOT_INSTALLED)});
  return api[method](...args);
}`;

function isContextGone(error: unknown): boolean {
  return CdpError.isInstance(error) && error.code === 'protocol' && /context|Cannot find|destroyed/i.test(error.message);
}

function isNoSuchFrame(error: unknown): boolean {
  return (
    CdpError.isInstance(error) && error.code === 'protocol' && /No frame|frame.*not found|Frame with the given id/i.test(error.message)
  );
}

export class ScriptWorlds {
  /** Per (session, frame): the world's context id, pending while the script installs. */
  private readonly contexts = new Map<string, Promise<number>>();
  /** Per (session, context): the reader, pending while it installs. */
  private readonly readers = new Map<string, Promise<void>>();
  /** Out-of-process frames: frame id -> the session of its own target. */
  private readonly oopifs = new Map<string, CdpSession>();
  private readonly watched = new Set<string>();
  private readonly attachWaiters = new Set<() => void>();

  constructor(readonly root: CdpSession) {}

  /** Starts following out-of-process frames (call once, after Page.enable on the root). */
  async init(): Promise<void> {
    await this.watch(this.root);
  }

  private async watch(session: CdpSession): Promise<void> {
    if (this.watched.has(session.id)) return;
    this.watched.add(session.id);
    session.on('Page.frameNavigated', ({ frame }) => this.forget(session, frame.id));
    session.on('Page.frameDetached', ({ frameId }) => this.forget(session, frameId));
    session.on('Target.attachedToTarget', ({ sessionId, targetInfo }) => {
      if (targetInfo.type !== 'iframe') return;
      const child = session.child(sessionId);
      this.oopifs.set(targetInfo.targetId, child);
      child.onClose(() => {
        if (this.oopifs.get(targetInfo.targetId) === child) this.oopifs.delete(targetInfo.targetId);
        this.forget(child, null);
        this.watched.delete(child.id);
      });
      this.watch(child).catch(() => undefined);
      for (const wake of [...this.attachWaiters]) wake();
    });
    if (session !== this.root) await session.send('Page.enable');
    // Not having it only costs time: a document without the script gets it on first use (install).
    await session.send('Page.addScriptToEvaluateOnNewDocument', { source: PAGE_SCRIPT, worldName: WORLD_NAME }).catch(() => undefined);
    await session.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: true });
  }

  private forget(session: CdpSession, frameId: string | null): void {
    for (const [key, context] of [...this.contexts]) {
      if (key !== `${session.id}|${frameId ?? ''}` && !(frameId === null && key.startsWith(`${session.id}|`))) continue;
      this.contexts.delete(key);
      context.then((id) => this.readers.delete(`${session.id}|${id}`)).catch(() => undefined);
    }
  }

  /** The target for a frame seen from `via`: its own session if it runs out of process. */
  target(frameId: string, via: CdpSession): FrameTarget {
    return { session: this.oopifs.get(frameId) ?? via, frameId };
  }

  private waitForAttach(frameId: string): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.attachWaiters.delete(check);
        resolve();
      };
      const check = () => {
        if (this.oopifs.has(frameId)) done();
      };
      const timer = setTimeout(done, ATTACH_WAIT_MS);
      this.attachWaiters.add(check);
      check();
    });
  }

  private ensure(target: FrameTarget): Promise<number> {
    const key = `${target.session.id}|${target.frameId}`;
    let context = this.contexts.get(key);
    if (!context) {
      context = this.install(target);
      this.contexts.set(key, context);
      // A failed install is not remembered: the next call tries again.
      context.catch(() => {
        if (this.contexts.get(key) === context) this.contexts.delete(key);
      });
    }
    return context;
  }

  /**
   * The world of the frame's document: the one the new-document script ran in (the same
   * name gives the same world). Where it did not run, the first call says so and `call`
   * evaluates the script there (no round trip to check first: most documents have it).
   */
  private async install(target: FrameTarget): Promise<number> {
    const { executionContextId } = await target.session.send('Page.createIsolatedWorld', {
      frameId: target.frameId,
      worldName: WORLD_NAME,
      grantUniveralAccess: false,
    });
    return executionContextId;
  }

  private async evaluate(target: FrameTarget, contextId: number, expression: string, what: string): Promise<void> {
    const installed = await target.session.send('Runtime.evaluate', { expression, contextId, returnByValue: true });
    if (installed.exceptionDetails) {
      throw new PageScriptError(
        `Could not install ${what}: ${installed.exceptionDetails.exception?.description ?? installed.exceptionDetails.text}`,
      );
    }
  }

  /** The reader in a world, evaluated once per world (a failed install is tried again next time). */
  private ensureReader(target: FrameTarget, contextId: number): Promise<void> {
    const key = `${target.session.id}|${contextId}`;
    let reader = this.readers.get(key);
    if (!reader) {
      reader = this.evaluate(target, contextId, READER_SCRIPT, 'the page reader');
      this.readers.set(key, reader);
      reader.catch(() => {
        if (this.readers.get(key) === reader) this.readers.delete(key);
      });
    }
    return reader;
  }

  /** Calls a page API method in a frame's world, installing the script first if needed. */
  async call(
    start: FrameTarget,
    method: string,
    args: unknown[],
    returnByValue = true,
  ): Promise<{ value: unknown; objectId?: string; target: FrameTarget }> {
    let target = start;
    for (let attempt = 0; ; attempt++) {
      try {
        const contextId = await this.ensure(target);
        if (NEEDS_READER.has(method)) await this.ensureReader(target, contextId);
        const result = await target.session.sendWithTimeout(
          'Runtime.callFunctionOn',
          {
            functionDeclaration: CALL,
            executionContextId: contextId,
            arguments: [{ value: method }, { value: args }],
            returnByValue,
            awaitPromise: true,
          },
          30_000,
        );
        if (result.exceptionDetails) {
          const description = result.exceptionDetails.exception?.description ?? result.exceptionDetails.text;
          if (attempt === 0 && description.includes(READER_MISSING)) {
            this.readers.delete(`${target.session.id}|${contextId}`);
            continue;
          }
          if (attempt === 0 && description.includes(NOT_INSTALLED)) {
            // A document from before the script was registered (or a frame attached late), or an older version: install it.
            await this.evaluate(target, contextId, PAGE_SCRIPT, 'the page script');
            continue;
          }
          throw new PageScriptError(`The page script failed in ${method}: ${description}`);
        }
        const out: { value: unknown; objectId?: string; target: FrameTarget } = { value: result.result.value, target };
        if (result.result.objectId) out.objectId = result.result.objectId;
        return out;
      } catch (error) {
        if (attempt >= 2) throw error;
        if (isContextGone(error)) {
          // The document changed under us (navigation): install into the new one.
          this.forget(target.session, target.frameId);
          continue;
        }
        if (isNoSuchFrame(error) && !this.oopifs.has(target.frameId)) {
          // A frame that just moved to its own process: its target may still be attaching.
          await this.waitForAttach(target.frameId);
          target = this.target(target.frameId, target.session);
          continue;
        }
        throw error;
      }
    }
  }
}
