import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Discovery, FeedPage, Reaction } from '@wayfinder/core';
import { PAGE_SIZE, renderFeedPage } from './feed-view';

// The feed page on the hub's port (http://127.0.0.1:PORT/feed), for people who use the CLI
// only. Who may see it and react: requests from this machine (the hub already refused any
// whose Host header is not 127.0.0.1/localhost:PORT, so a rebinding page cannot reach it).
// Reading the JSON and reacting need the page's token (in the page, readable only by the
// page itself: another site's script cannot read a cross-origin response) or the hub's
// local secret, sent in a header — a header a cross-site form or image cannot send, and a
// cross-site fetch may not send without a preflight we never answer. Reactions are POSTs
// with JSON only. The page may not be framed (no clickjacking of 👍).

export interface FeedSource {
  feed(state: 'new' | 'archived', offset: number, limit: number): FeedPage;
  react(id: string, reaction: Reaction): { discovery: Discovery; unread: number } | null;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

function send(res: ServerResponse, status: number, type: string, body: string, extra: Record<string, string> = {}): true {
  res.writeHead(status, {
    'content-type': type,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    ...extra,
  });
  res.end(body);
  return true;
}

const json = (res: ServerResponse, status: number, body: unknown) => send(res, status, 'application/json', JSON.stringify(body));

async function body(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const piece = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += piece.length;
    if (size > 10_000) throw new Error('too large');
    chunks.push(piece);
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

export class FeedHttp {
  /** Given to the page it serves; good until serve stops. */
  readonly token = randomBytes(24).toString('base64url');

  constructor(
    private readonly source: FeedSource,
    /** The hub's local secret (scripts may use it instead of the page token). */
    private readonly secret: string,
  ) {}

  private authorised(req: IncomingMessage, port: number): boolean {
    const origin = req.headers.origin;
    if (origin !== undefined && origin !== `http://127.0.0.1:${port}` && origin !== `http://localhost:${port}`) return false;
    const token = req.headers['x-wayfinder-token'];
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    return (typeof token === 'string' && same(token, this.token)) || (bearer !== undefined && same(bearer, this.secret));
  }

  /** Answers /feed and /feed/api/*; false for anything else (the hub answers it). */
  handle = (req: IncomingMessage, res: ServerResponse, port: number): boolean => {
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    if (url.pathname !== '/feed' && !url.pathname.startsWith('/feed/')) return false;
    if (!LOOPBACK.has(req.socket.remoteAddress ?? '')) return send(res, 403, 'text/plain', 'The feed is shown on this machine only.\n');
    const state = url.searchParams.get('tab') === 'archived' || url.searchParams.get('state') === 'archived' ? 'archived' : 'new';
    if (url.pathname === '/feed' && req.method === 'GET') {
      const pageNo = Math.max(1, Math.floor(Number(url.searchParams.get('page')) || 1));
      const page = this.source.feed(state, (pageNo - 1) * PAGE_SIZE, PAGE_SIZE);
      const nonce = randomBytes(16).toString('base64');
      return send(res, 200, 'text/html; charset=utf-8', renderFeedPage(page, state, pageNo, this.token, nonce), {
        'content-security-policy': `default-src 'none'; img-src http: https: data:; style-src 'nonce-${nonce}'; script-src 'nonce-${nonce}'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'`,
      });
    }
    if (!this.authorised(req, port)) return json(res, 403, { error: 'Send the feed page token (x-wayfinder-token) or the hub secret.' });
    if (url.pathname === '/feed/api/list' && req.method === 'GET') {
      const offset = Math.max(0, Math.floor(Number(url.searchParams.get('offset')) || 0));
      const limit = Math.min(100, Math.max(1, Math.floor(Number(url.searchParams.get('limit')) || PAGE_SIZE)));
      return json(res, 200, this.source.feed(state, offset, limit));
    }
    if (url.pathname === '/feed/api/react' && req.method === 'POST') {
      if (!/^application\/json\b/.test(req.headers['content-type'] ?? '')) return json(res, 415, { error: 'Send JSON.' });
      void body(req)
        .then((sent) => {
          const id: unknown = typeof sent === 'object' && sent !== null ? Reflect.get(sent, 'id') : undefined;
          const reaction: unknown = typeof sent === 'object' && sent !== null ? Reflect.get(sent, 'reaction') : undefined;
          if (typeof id !== 'string' || (reaction !== 'up' && reaction !== 'down'))
            return json(res, 422, { error: 'Send {"id": "…", "reaction": "up" | "down"}.' });
          const done = this.source.react(id, reaction);
          return done ? json(res, 200, done) : json(res, 404, { error: `Nothing in the feed has the id ${id}.` });
        })
        .catch(() => json(res, 400, { error: 'Send a small JSON body.' }));
      return true;
    }
    return json(res, 404, { error: `Nothing at ${url.pathname}.` });
  };
}
