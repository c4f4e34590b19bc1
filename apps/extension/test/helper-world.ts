import type { CDPSession, Frame, Locator, Page } from 'playwright-core';

// Reaching the page helpers' UI from a test (docs/0038-page-helpers-origin.md). What the
// content script draws is in a closed shadow root that a page's scripts (and Playwright's
// locators, which run in the page) cannot enter: the test evaluates in the content script's
// own isolated world over CDP, where chrome.dom.openOrClosedShadowRoot opens it. The views
// are in the helper frame, an extension page Playwright sees as a frame of the page. Clicks
// and keys are the person's: trusted input through Playwright's mouse and keyboard.

interface World {
  session: CDPSession;
  /** Execution contexts of the content script's world, by frame id. */
  contexts: Map<number, string>;
  mainFrame: string;
}

const worlds = new WeakMap<Page, Promise<World>>();

async function world(page: Page): Promise<World> {
  let found = worlds.get(page);
  if (!found) {
    found = (async () => {
      const session = await page.context().newCDPSession(page);
      const contexts = new Map<number, string>();
      session.on('Runtime.executionContextCreated', ({ context }) => {
        const aux: unknown = context.auxData;
        const frameId = typeof aux === 'object' && aux !== null && 'frameId' in aux && typeof aux.frameId === 'string' ? aux.frameId : '';
        if (context.name === 'Wayfinder' && context.origin.startsWith('chrome-extension://')) contexts.set(context.id, frameId);
      });
      session.on('Runtime.executionContextDestroyed', ({ executionContextId }) => contexts.delete(executionContextId));
      session.on('Runtime.executionContextsCleared', () => contexts.clear());
      const { frameTree } = await session.send('Page.getFrameTree');
      await session.send('Runtime.enable');
      return { session, contexts, mainFrame: frameTree.frame.id };
    })();
    worlds.set(page, found);
  }
  return found;
}

/**
 * Runs `body` (the text of a function of the helpers' shadow root, or null when there is
 * none yet) in the content script's world of the page's top frame; returns its value.
 */
export async function inHelpers<T>(page: Page, body: string): Promise<T> {
  const w = await world(page);
  for (let tries = 0; ; tries++) {
    const contextId = [...w.contexts].reverse().find(([, frame]) => frame === w.mainFrame)?.[0];
    if (contextId !== undefined) {
      const expression = `(() => { const host = document.querySelector('wayfinder-helpers'); const root = host ? chrome.dom.openOrClosedShadowRoot(host) : null; return (${body})(root); })()`;
      const reply = await w.session.send('Runtime.evaluate', { contextId, expression, returnByValue: true, awaitPromise: true });
      if (reply.exceptionDetails) throw new Error(`In the helpers' world: ${JSON.stringify(reply.exceptionDetails).slice(0, 500)}`);
      const value: unknown = reply.result.value;
      // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- a test's own evaluate: the body says what it returns
      return value as T;
    }
    if (tries > 100) throw new Error('The page helpers’ content script never started in this page.');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Waits until the worker has told the page's helpers they are on (main.ts keeps its word in
 * the content script's world): keys typed before that are the page's alone, as they are for
 * a person who types before the helpers have woken.
 */
export function helpersOn(page: Page, timeoutMs = 10_000): Promise<void> {
  return helpersSaid(page, true, timeoutMs);
}

/** Waits until the worker has told the page's helpers they are off here (a blocked site, the setting off). */
export function helpersOff(page: Page, timeoutMs = 10_000): Promise<void> {
  return helpersSaid(page, false, timeoutMs);
}

async function helpersSaid(page: Page, on: boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await inHelpers<boolean>(page, `() => globalThis.wayfinderHelpersOn === ${on}`))) {
    if (Date.now() > deadline) throw new Error(`The worker never said the page helpers are ${on ? 'on' : 'off'} in this page.`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Whether the helpers' shadow root has an element matching `css`. */
export function helpersHave(page: Page, css: string): Promise<boolean> {
  return inHelpers<boolean>(page, `(root) => Boolean(root && root.querySelector(${JSON.stringify(css)}))`);
}

/**
 * Starts noting whether an element matching `css` ever shows in the helpers' shadow root;
 * the returned check says whether one has shown since. For marks that show for a moment
 * (the sent highlight's 3 s), which a poll on a loaded machine can miss.
 */
export async function watchHelpers(page: Page, css: string): Promise<() => Promise<boolean>> {
  const key = JSON.stringify(css);
  await inHelpers<undefined>(
    page,
    `(root) => {
      if (!root) throw new Error('no helpers root yet');
      const seen = (globalThis.wayfinderTestSeen ??= {});
      seen[${key}] = Boolean(root.querySelector(${key}));
      new MutationObserver((_, observer) => {
        if (root.querySelector(${key})) { seen[${key}] = true; observer.disconnect(); }
      }).observe(root, { subtree: true, childList: true });
    }`,
  );
  return () => inHelpers<boolean>(page, `() => globalThis.wayfinderTestSeen?.[${key}] === true`);
}

/** The toolbar's button names, or [] when no toolbar shows. */
export function toolbarButtons(page: Page): Promise<string[]> {
  return inHelpers<string[]>(
    page,
    `(root) => [...(root ? root.querySelectorAll('[data-role="toolbar"] button') : [])].map((b) => b.textContent)`,
  );
}

/** Waits until the toolbar shows (its buttons' names). */
export async function waitForToolbar(page: Page, timeoutMs = 10_000): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const names = await toolbarButtons(page);
    if (names.length) return names;
    if (Date.now() > deadline) throw new Error('The helpers’ toolbar did not show.');
    await new Promise((resolve) => setTimeout(resolve, 30));
  }
}

/** Clicks a toolbar button as the person would (the mouse at its centre). */
export async function pressToolbar(page: Page, name: string): Promise<void> {
  await waitForToolbar(page);
  const where = () =>
    inHelpers<{ x: number; y: number } | null>(
      page,
      `(root) => {
      const button = [...root.querySelectorAll('[data-role="toolbar"] button')].find((b) => b.textContent === ${JSON.stringify(name)});
      if (!button) return null;
      const r = button.getBoundingClientRect();
      return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
    }`,
    );
  // Where a person would click: the button once it has stopped moving (the toolbar follows the
  // selection, and on a busy machine it may still be taking its place when it first shows).
  let box = await where();
  for (let i = 0; i < 20 && box; i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const again = await where();
    if (again && again.x === box.x && again.y === box.y) break;
    box = again;
  }
  if (!box) throw new Error(`The toolbar has no ${name} button.`);
  await page.mouse.click(box.x, box.y);
}

/** The name of what has focus in the helpers' shadow root ('' for nothing; 'frame' for the helper frame). */
export function helpersFocus(page: Page): Promise<string> {
  return inHelpers<string>(
    page,
    `(root) => { const el = root && root.activeElement; return !el ? '' : el.tagName === 'IFRAME' ? 'frame' : (el.textContent || el.tagName); }`,
  );
}

/** The helper frame, once the page has one. */
export async function helperFrame(page: Page, timeoutMs = 10_000): Promise<Frame> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const frame = page.frames().find((f) => f.url().startsWith('chrome-extension://') && f.url().includes('/helper-frame.html'));
    if (frame) return frame;
    if (Date.now() > deadline) throw new Error('The page has no helper frame.');
    await new Promise((resolve) => setTimeout(resolve, 30));
  }
}

/** The helper frame's document, to find its views by role and label. */
export async function frameView(page: Page): Promise<Locator> {
  return (await helperFrame(page)).locator('body');
}

/** Whether the helper frame is showing on the page (and how it sits). */
export function frameShown(page: Page): Promise<boolean> {
  return inHelpers<boolean>(page, `(root) => Boolean(root && root.querySelector('iframe.frame.shown'))`);
}
