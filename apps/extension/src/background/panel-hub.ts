import type { PanelMessage, Status } from '../lib/messages';
import { logError } from '../lib/log';

// The open side panels: one port each. Everything the panels show changes through here
// (timeline items, pending questions, task changes, status), pushed as it happens.

export class PanelHub {
  private readonly ports = new Set<chrome.runtime.Port>();

  constructor(private readonly status: () => Promise<Status>) {}

  add(port: chrome.runtime.Port): void {
    this.ports.add(port);
    port.onDisconnect.addListener(() => this.ports.delete(port));
    this.status()
      .then((status) => this.send(port, { type: 'status', status }))
      .catch((error: unknown) => logError('wayfinder: status for a new panel failed', error));
  }

  broadcast(message: PanelMessage): void {
    for (const port of [...this.ports]) this.send(port, message);
  }

  pushStatus(): void {
    this.status()
      .then((status) => this.broadcast({ type: 'status', status }))
      .catch((error: unknown) => logError('wayfinder: status update failed', error));
  }

  private send(port: chrome.runtime.Port, message: PanelMessage): void {
    try {
      port.postMessage(message);
    } catch {
      this.ports.delete(port);
    }
  }
}
