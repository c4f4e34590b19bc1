import { PAGE_HELPERS_PORT, type HelperEvent, type HelperRequest } from '../../lib/page-helpers';

// The content script's line to the worker: one port, opened again when the worker stopped
// (Chrome stops idle workers; the port closes with it). Jobs are told apart by id.

type Listener = (event: HelperEvent) => void;

export class HelperConnection {
  private port: chrome.runtime.Port | null = null;
  private readonly jobs = new Map<string, Listener>();
  private next = 0;

  constructor(private readonly onState: (enabled: boolean) => void) {}

  private open(): chrome.runtime.Port {
    if (this.port) return this.port;
    const port = chrome.runtime.connect({ name: PAGE_HELPERS_PORT });
    port.onMessage.addListener((message: HelperEvent) => {
      if (message.type === 'state') this.onState(message.enabled);
      else if ('id' in message) this.jobs.get(message.id)?.(message);
    });
    port.onDisconnect.addListener(() => {
      this.port = null;
      // Jobs in flight ended with the worker: say so (a new port serves the next ones).
      for (const [id, listener] of this.jobs) listener({ type: 'error', id, message: 'Wayfinder restarted in the middle; try again.' });
      this.jobs.clear();
    });
    this.port = port;
    return port;
  }

  post(request: HelperRequest): void {
    try {
      this.open().postMessage(request);
    } catch {
      // The extension was reloaded or removed: this page's helpers are gone until it reloads.
      this.onState(false);
    }
  }

  newId(): string {
    this.next += 1;
    return `h${this.next}-${Date.now().toString(36)}`;
  }

  /** Sends a request with an id and hands its events to `listener` until done or error (or cancel). */
  run(request: HelperRequest & { id: string }, listener: Listener): () => void {
    this.jobs.set(request.id, (event) => {
      if (event.type === 'done' || event.type === 'error' || event.type === 'captured' || event.type === 'sent')
        this.jobs.delete(request.id);
      listener(event);
    });
    this.post(request);
    return () => {
      if (!this.jobs.delete(request.id)) return;
      this.post({ type: 'cancel', id: request.id });
    };
  }
}
