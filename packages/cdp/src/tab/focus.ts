import { BrowserError } from '@wayfinder/core';
import { isElementInfo, type ElementInfo } from '@wayfinder/page';
import type { CdpSession } from '../connection';
import type { PageScriptHost } from '../page-script';
import type { FrameTarget } from '../script-worlds';

// What has keyboard focus in a tab (where a key pressed without a ref lands), followed into
// cross-origin frames, whose page script runs in their own target.

/** How many cross-origin frames deep focus is followed. */
const MAX_FOCUS_DEPTH = 4;

/**
 * What has keyboard focus. The page script finds it through shadow roots and same-origin
 * frames; focus inside a cross-origin frame is followed into that frame's own script.
 */
export async function describeFocused(script: PageScriptHost, session: CdpSession): Promise<ElementInfo | null> {
  let target: FrameTarget = { session, frameId: await script.mainFrame() };
  let found: ElementInfo | null = null;
  for (let depth = 0; depth <= MAX_FOCUS_DEPTH; depth++) {
    const { value } = await script.worlds.call(target, 'describeFocused', []);
    // Nothing focused inside a frame that has focus: the frame itself is what keys reach.
    if (value === null) return found;
    if (!isElementInfo(value))
      throw new BrowserError('unexpected', 'The page script gave an unexpected answer about the focused element.', true);
    found = value;
    if (value.tag !== 'iframe' && value.tag !== 'frame') return found;
    const inner = await focusedFrame(script, target);
    if (!inner) return found;
    target = inner;
  }
  return found;
}

/** The cross-origin frame holding focus in a frame, found through its iframe element. */
async function focusedFrame(script: PageScriptHost, parent: FrameTarget): Promise<FrameTarget | null> {
  const { objectId } = await script.worlds.call(parent, 'focusedFrame', [], false);
  if (!objectId) return null;
  try {
    const { node } = await parent.session.send('DOM.describeNode', { objectId });
    return node.frameId ? script.worlds.target(node.frameId, parent.session) : null;
  } finally {
    await parent.session.send('Runtime.releaseObject', { objectId }).catch(() => undefined);
  }
}
