/**
 * The four members a CDP transport needs. `chrome.debugger` (extension) and a WebSocket
 * (Node) both fit, so the connection above them is the same code in both places.
 */
export interface CdpTransport {
  send(message: string): void;
  onmessage: ((message: string) => void) | null;
  onclose: ((reason: string) => void) | null;
  close(): void;
}
