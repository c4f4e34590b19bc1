import { PAGE_HELPERS_PORT, type FrameEvent, type FrameRequest } from '../../lib/page-helpers';
import { FrameViews } from './views';
import './frame.css';

// The helper frame's line to the worker (docs/0038-page-helpers-origin.md). It says nothing
// until the content script that made it posts the key it gave the worker (only that script
// holds this frame's window: a page does not see it in window.frames); the worker pairs the
// frame with its tab by that key and tells it what to show. A copy of this page that a web
// page loads itself never gets a key, so it is never told anything.

interface PairMessage {
  type: 'wayfinder-pair';
  key: string;
}
interface FocusMessage {
  type: 'wayfinder-focus';
  id: string;
  /** What the person typed for the writer while it opened, and whether Enter followed. */
  text?: string;
  enter?: boolean;
}

function isPair(data: unknown): data is PairMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    'type' in data &&
    data.type === 'wayfinder-pair' &&
    'key' in data &&
    typeof data.key === 'string'
  );
}

function isFocus(data: unknown): data is FocusMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    'type' in data &&
    data.type === 'wayfinder-focus' &&
    'id' in data &&
    typeof data.id === 'string'
  );
}

export function startHelperFrame(root: HTMLElement): void {
  let key: string | null = null;
  let port: chrome.runtime.Port | null = null;
  const views = new FrameViews(root, (request) => post(request));

  const connect = (): chrome.runtime.Port => {
    if (port) return port;
    const opened = chrome.runtime.connect({ name: PAGE_HELPERS_PORT });
    opened.onMessage.addListener((event: FrameEvent) => views.handle(event));
    opened.onDisconnect.addListener(() => {
      if (port === opened) port = null;
      views.lost();
    });
    port = opened;
    if (key) opened.postMessage({ type: 'hello', key } satisfies FrameRequest);
    return opened;
  };

  function post(request: FrameRequest): void {
    if (!key) return;
    try {
      connect().postMessage(request);
    } catch {
      views.lost();
    }
  }

  window.addEventListener('message', (event) => {
    // Only the window that holds this frame (its content script posts here; the page has no handle on it).
    if (event.source !== window.parent) return;
    const data: unknown = event.data;
    if (isPair(data)) {
      // The first key is this frame's for its life; a later one must be the same (the worker restarted).
      if (key && data.key !== key) return;
      key = data.key;
      if (port) port.postMessage({ type: 'hello', key } satisfies FrameRequest);
      else connect();
    } else if (isFocus(data)) views.focus(data.id, { text: typeof data.text === 'string' ? data.text : '', enter: data.enter === true });
  });
}
