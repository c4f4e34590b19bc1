// Helpers for tests that need more than the gym's apps: a scratch page server, free ports.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A scratch page server for tests that need a page of their own: it answers every path
 * with the HTML last given to it, at a real http URL on 127.0.0.1.
 */
export interface ContentServer {
  url: string;
  /** Sets the page body; returns a fresh URL to open it at. */
  show(body: string): string;
  close(): Promise<void>;
}

export async function startContentServer(): Promise<ContentServer> {
  let current = '<!doctype html><title>empty</title>';
  let shown = 0;
  const server = createServer((req, res) => {
    // `/later?ms=N&text=T`: T as plain text, N ms later (a page's slow data).
    const asked = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (asked.pathname === '/later') {
      const ms = Math.min(5_000, Number(asked.searchParams.get('ms') ?? 0));
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
        res.end(asked.searchParams.get('text') ?? '');
      }, ms);
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(current);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? (address satisfies AddressInfo).port : 0}`;
  return {
    url,
    show: (body) => {
      current = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test page</title></head><body>${body}</body></html>`;
      return `${url}/page-${++shown}`;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A port nothing listens on right now (it was free a moment ago). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === 'object' && address ? (address satisfies AddressInfo).port : 0;
}
