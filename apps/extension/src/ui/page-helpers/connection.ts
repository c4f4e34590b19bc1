import { PAGE_HELPERS_PORT, type HelperEvent, type HelperRequest } from '../../lib/page-helpers';

// The content script's line to the worker: one port, opened again when the worker stopped
// (Chrome stops idle workers; the port closes with it). It carries page data and where to
// draw; the person's words and the results go between the worker and the helper frame.

export class HelperConnection {
  private port: chrome.runtime.Port | null = null;
  private next = 0;

  constructor(
    private readonly onEvent: (event: HelperEvent) => void,
    /** A new port opened (the first, or after the worker restarted): before anything is sent on it. */
    private readonly onOpen: () => void,
    /** The extension was reloaded or removed: this page's helpers are gone until it reloads. */
    private readonly onGone: () => void,
  ) {}

  private open(): chrome.runtime.Port {
    if (this.port) return this.port;
    const port = chrome.runtime.connect({ name: PAGE_HELPERS_PORT });
    port.onMessage.addListener((message: HelperEvent) => this.onEvent(message));
    port.onDisconnect.addListener(() => {
      this.port = null;
    });
    this.port = port;
    this.onOpen();
    return port;
  }

  post(request: HelperRequest): void {
    try {
      this.open().postMessage(request);
    } catch {
      this.onGone();
    }
  }

  newId(): string {
    this.next += 1;
    return `h${this.next}-${Date.now().toString(36)}`;
  }
}
