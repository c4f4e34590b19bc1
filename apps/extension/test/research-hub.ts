import { createServer, type Server } from 'node:http';
import { BridgeError, CLOSE, parseHello, Peer, PROTOCOL_VERSION, type Welcome } from '@wayfinder/bridge';
import type { Discovery, FeedPage, Interest, Watch } from '@wayfinder/core';
import { WebSocketServer, type WebSocket } from 'ws';

// A small stand-in for `wayfinder serve` in the research tests (issue 15): a hub the real
// extension pairs with, answering `feed.list`, `feed.react`, `interests.*` and `watch.*` in the seam's
// shapes from canned discoveries, and able to call the browser (`history.recent`) and send
// `feed.changed`. Its HTTP side serves the cards' pictures and a few pages to visit (real
// history for the opt-in tests), on 127.0.0.1.

export const CODE = 'F33D-C0DE';
const TOKEN = `device-token-${Math.random().toString(36).slice(2)}`;

export interface HostCall {
  method: string;
  params: unknown;
}

export interface ResearchHub {
  port: number;
  url: string;
  calls: HostCall[];
  discoveries: Discovery[];
  interests: Interest[];
  watches: Watch[];
  peer(): Promise<Peer>;
  /** Adds a discovery and tells the browser, as a finished research run does. */
  discover(discovery: Discovery): Promise<void>;
  close(): Promise<void>;
}

const COLOURS = ['#2f7d5b', '#3b5ba5', '#a5533b', '#7a3ba5', '#a58a3b', '#3b95a5'];

/** A picture for a card: a coloured panel with a word on it. */
function picture(n: number): string {
  const colour = COLOURS[n % COLOURS.length] ?? '#2f7d5b';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360" viewBox="0 0 640 360"><rect width="640" height="360" fill="${colour}"/><circle cx="520" cy="90" r="50" fill="#fff" opacity="0.35"/><path d="M0 300 L180 160 L320 280 L450 200 L640 330 L640 360 L0 360Z" fill="#000" opacity="0.25"/><text x="40" y="80" font-family="sans-serif" font-size="44" fill="#fff">Story ${n}</text></svg>`;
}

const PAGES: Record<string, string> = {
  '/read/tents': 'Best ultralight tents of 2026 compared',
  '/read/statement': 'Your credit card statement is ready',
  '/read/symptoms': 'Early symptoms of diabetes explained',
  '/read/stoves': 'Backpacking stoves: a field test',
};

const TOPICS = ['ultralight camping', 'rust programming', 'sourdough baking'];

/** n canned discoveries, newest first, in the seam's shape. */
export function cannedDiscoveries(base: string, count: number, now = Date.now()): Discovery[] {
  return Array.from({ length: count }, (_, i) => {
    const n = i + 1;
    const interest = TOPICS[i % TOPICS.length] ?? 'ultralight camping';
    return {
      id: `disc-${n}`,
      url: `https://news.example.org/story-${n}`,
      title: `Story ${n}: what is new in ${interest}`,
      summary: `A summary of story ${n}, written from the page by the sandboxed reader. It says what the article covers about ${interest}, in two or three sentences, so the person can decide whether to open it.`,
      ...(n % 4 === 0 ? {} : { image: `${base}/img/${n}.svg` }),
      interest,
      why: `It matches your interest in ${interest}.`,
      site: 'news.example.org',
      kind: n % 5 === 0 ? 'video' : 'article',
      foundAt: now - i * 3_600_000,
      state: 'new',
    };
  });
}

function field(params: unknown, name: string): unknown {
  return typeof params === 'object' && params !== null ? Reflect.get(params, name) : undefined;
}

export async function startResearchHub(): Promise<ResearchHub> {
  const http: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const image = /^\/img\/(\d+)\.svg$/.exec(path);
    if (image) {
      res.writeHead(200, { 'content-type': 'image/svg+xml' });
      res.end(picture(Number(image[1])));
      return;
    }
    const title = PAGES[path];
    if (title) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><title>${title}</title><h1>${title}</h1><p>Some text.</p>`);
      return;
    }
    res.writeHead(404).end('not found');
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', () => resolve()));
  const address = http.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  const server = new WebSocketServer({ server: http });
  const peers: Peer[] = [];
  const waiting: (() => void)[] = [];
  let next = 0;
  const url = `http://127.0.0.1:${port}`;
  const hub: ResearchHub = {
    port,
    url,
    calls: [],
    discoveries: [],
    interests: [],
    watches: [],
    peer: async () => {
      for (;;) {
        const peer = peers.at(-1);
        if (peer) return peer;
        await new Promise<void>((resolve) => waiting.push(resolve));
      }
    },
    discover: async (discovery) => {
      hub.discoveries.unshift(discovery);
      (await hub.peer()).emit('feed.changed', { unread: unread() });
    },
    close: async () => {
      for (const client of server.clients) client.terminate();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
  const unread = () => hub.discoveries.filter((d) => d.state === 'new').length;
  const answer = (method: string, params: unknown): unknown => {
    hub.calls.push({ method, params });
    switch (method) {
      case 'feed.list': {
        const state = field(params, 'state') === 'archived' ? 'archived' : 'new';
        const offset = Number(field(params, 'offset') ?? 0);
        const limit = Number(field(params, 'limit') ?? 12);
        const all = hub.discoveries.filter((d) => d.state === state);
        const page: FeedPage = { items: all.slice(offset, offset + limit), total: all.length, unread: unread() };
        return page;
      }
      case 'feed.react': {
        const found = hub.discoveries.find((d) => d.id === field(params, 'id'));
        if (!found) throw new BridgeError('not-found', 'The host keeps no such discovery.', false);
        const reaction = field(params, 'reaction') === 'down' ? 'down' : 'up';
        Object.assign(found, { state: 'archived', reaction });
        return { discovery: found, unread: unread() };
      }
      case 'interests.list':
        return { interests: hub.interests };
      case 'interests.add': {
        next += 1;
        const interest: Interest = { id: `int-${next}`, topic: String(field(params, 'topic')), weight: 1, addedAt: Date.now() };
        hub.interests.push(interest);
        return { interest };
      }
      case 'interests.remove': {
        const before = hub.interests.length;
        hub.interests = hub.interests.filter((i) => i.id !== field(params, 'id'));
        return { removed: hub.interests.length < before };
      }
      case 'watch.add': {
        next += 1;
        const watch: Watch = {
          id: `watch-${next}`,
          url: String(field(params, 'url')),
          label: String(field(params, 'label')),
          everyMinutes: 60,
        };
        hub.watches.push(watch);
        return { watch };
      }
      case 'watch.list':
        return { watches: hub.watches };
      case 'watch.remove': {
        const before = hub.watches.length;
        hub.watches = hub.watches.filter((w) => w.id !== field(params, 'id'));
        return { removed: hub.watches.length < before };
      }
      default:
        throw new BridgeError('unknown-method', `The test hub answers no ${method}.`, false);
    }
  };
  server.on('connection', (ws: WebSocket) => {
    ws.once('message', (data: Buffer) => {
      const hello = parseHello(data.toString('utf8'));
      if (hello?.role !== 'device') {
        ws.close(CLOSE.refused, 'malformed');
        return;
      }
      const pairing = hello.pairingCode !== undefined;
      if ((pairing && hello.pairingCode !== CODE) || (!pairing && hello.token !== TOKEN)) {
        ws.send(JSON.stringify({ type: 'refused', code: 'bad-token', message: 'Not known here.' }));
        ws.close(CLOSE.refused, 'bad-token');
        return;
      }
      const welcome: Welcome = {
        type: 'welcome',
        protocolVersion: PROTOCOL_VERSION,
        deviceId: 'dev-1',
        label: hello.label,
        hub: { version: '9.9.9-test' },
        ...(pairing ? { token: TOKEN } : {}),
      };
      ws.send(JSON.stringify(welcome));
      const peer = new Peer(
        { send: (text) => ws.send(text), close: (code, reason) => ws.close(code, reason) },
        { pingMs: 0, handle: (call) => Promise.resolve(answer(call.method, call.params)) },
      );
      ws.on('message', (frame: Buffer) => peer.receive(frame.toString('utf8')));
      ws.on('close', (code) => peer.closed(`the browser closed the connection (${code})`));
      peers.push(peer);
      for (const wake of waiting.splice(0)) wake();
    });
  });
  return hub;
}

/** Every page the hub serves for visiting, with its title. */
export const VISIT_PAGES = PAGES;
