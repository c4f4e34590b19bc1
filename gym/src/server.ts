import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { adminRoutes } from './apps/admin';
import { bakeryRoutes } from './apps/bakery';
import { editorsRoutes } from './apps/editors/routes';
import { feedRoutes } from './apps/feed';
import { liarRoutes } from './apps/liar';
import { phrasingRoutes } from './apps/phrasing';
import { researchRoutes } from './apps/research';
import { shopRoutes } from './apps/shop/api';
import { signupRoutes } from './apps/signup';
import { trapsRoutes } from './apps/traps';
import { widgetsRoutes } from './apps/widgets';
import { sendError, sendJson, sendStatic, type Ctx } from './http';
import { GymState } from './state';

// The gym serves its apps on two ports of 127.0.0.1: the main origin, and a second
// origin for real cross-origin frames. Both share one state, which /api/state shows.

export interface GymOptions {
  /** Port of the main origin; 0 (default) picks a free one. */
  port?: number;
  /** Port of the second origin; 0 (default) picks a free one. */
  otherPort?: number;
}

export interface Gym {
  url: string;
  otherUrl: string;
  state: GymState;
  reset(): void;
  close(): Promise<void>;
}

const publicDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'public');

type Route = (ctx: Ctx, state: GymState) => Promise<boolean> | boolean;
const ROUTES: Route[] = [
  shopRoutes,
  signupRoutes,
  adminRoutes,
  widgetsRoutes,
  feedRoutes,
  trapsRoutes,
  liarRoutes,
  editorsRoutes,
  researchRoutes,
  phrasingRoutes,
  bakeryRoutes,
];

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      const address = server.address();
      resolve(typeof address === 'object' && address ? (address satisfies AddressInfo).port : port);
    });
  });
}

export async function startGym(options: GymOptions = {}): Promise<Gym> {
  let state = new GymState();
  const origins = { main: '', other: '' };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const ctx: Ctx = { req, res, url, method: req.method ?? 'GET', mainOrigin: origins.main, otherOrigin: origins.other, publicDir };
    try {
      if (url.pathname === '/api/state') return sendJson(ctx, 200, state.snapshot());
      if (url.pathname === '/api/reset' && ctx.method === 'POST') {
        state = new GymState();
        return sendJson(ctx, 200, { ok: true });
      }
      for (const route of ROUTES) if (await route(ctx, state)) return;
      const path = url.pathname.endsWith('/') ? `${url.pathname}index.html` : url.pathname;
      if (await sendStatic(ctx, path.slice(1))) return;
      sendError(ctx, 404, `Nothing at ${url.pathname}.`);
    } catch (error) {
      if (!res.headersSent) sendError(ctx, 500, error instanceof Error ? error.message : String(error));
      else res.end();
    }
  };
  const onRequest = (req: IncomingMessage, res: ServerResponse) => void handle(req, res);
  const main = createServer(onRequest);
  const other = createServer(onRequest);
  const close = (server: Server) =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve();
      server.close(() => resolve());
      server.closeAllConnections();
    });
  let mainPort: number;
  let otherPort: number;
  try {
    mainPort = await listen(main, options.port ?? 0);
    otherPort = await listen(other, options.otherPort ?? 0);
  } catch (error) {
    await Promise.all([close(main), close(other)]);
    throw error;
  }
  origins.main = `http://127.0.0.1:${mainPort}`;
  origins.other = `http://127.0.0.1:${otherPort}`;

  return {
    url: origins.main,
    otherUrl: origins.other,
    get state() {
      return state;
    },
    reset: () => {
      state = new GymState();
    },
    close: async () => {
      await Promise.all([close(main), close(other)]);
    },
  };
}

/**
 * The gym on its usual ports (4170 and the next, or `port` and the next); with no port
 * given and those taken, on free ones.
 */
export async function openGym(port: number | null): Promise<Gym> {
  const wanted = port ?? 4170;
  try {
    return await startGym({ port: wanted, otherPort: wanted + 1 });
  } catch (error) {
    if (port !== null) throw error;
    return startGym();
  }
}
