import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';

// `wayfinder mcp --http PORT`: streamable HTTP on 127.0.0.1 only. Before anything reaches the
// MCP transport, a request must name this server as its Host (a web page cannot rebind a
// name of its own to 127.0.0.1 and read the answers), carry no Origin (MCP clients are not
// web pages; a page's fetch always sends one) unless it is one the person allowed, and carry
// the bearer token. What is refused is logged, and answered with a status and a sentence.

export interface McpHttpOptions {
  port: number;
  /** A new MCP session for a client that initializes. */
  // eslint-disable-next-line @typescript-eslint/no-deprecated -- the low-level server: see mcp/session.ts
  session: () => Server;
  /** The bearer token's check. */
  authorized: (token: string) => boolean;
  /** Origins allowed to call (--allow-origin); none by default. */
  origins: readonly string[];
  log: (line: string) => void;
}

export interface McpHttpServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

const MAX_BODY = 4 * 1024 * 1024;

function refuse(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32001, message }, id: null }));
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > MAX_BODY) throw new Error('The request is larger than 4 MB.');
    chunks.push(buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : undefined;
}

export async function serveMcpHttp(options: McpHttpOptions): Promise<McpHttpServer> {
  const transports = new Map<string, StreamableHTTPServerTransport>();
  let port = options.port;
  const hosts = () => new Set([`127.0.0.1:${port}`, `localhost:${port}`]);

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const who = `${req.method ?? '?'} ${req.url ?? ''} from ${req.socket.remoteAddress ?? '?'}`;
    const host = req.headers.host ?? '';
    if (!hosts().has(host)) {
      options.log(`wayfinder mcp: refused ${who}: Host "${host}" is not this server.`);
      return refuse(res, 403, `Refused: the Host header must be 127.0.0.1:${port} or localhost:${port}.`);
    }
    const origin = req.headers.origin;
    if (origin !== undefined && !options.origins.includes(origin)) {
      options.log(`wayfinder mcp: refused ${who}: Origin "${origin}" is not allowed.`);
      return refuse(
        res,
        403,
        `Refused: requests from ${origin} are not allowed (MCP clients send no Origin; start with --allow-origin to allow one).`,
      );
    }
    const auth = req.headers.authorization ?? '';
    const token = /^Bearer\s+(\S+)$/i.exec(auth)?.[1] ?? '';
    if (!token || !options.authorized(token)) {
      options.log(`wayfinder mcp: refused ${who}: ${token ? 'wrong' : 'no'} bearer token.`);
      res.setHeader('www-authenticate', 'Bearer');
      return refuse(
        res,
        401,
        'Refused: this server needs the bearer token wayfinder mcp printed when it issued it (Authorization: Bearer …).',
      );
    }
    if (new URL(req.url ?? '/', 'http://x').pathname !== '/mcp') return refuse(res, 404, 'Not found: the MCP endpoint is /mcp.');

    const sessionId = req.headers['mcp-session-id'];
    const known = typeof sessionId === 'string' ? transports.get(sessionId) : undefined;
    if (req.method === 'POST') {
      let body: unknown;
      try {
        body = await readJson(req);
      } catch (error) {
        return refuse(res, 400, `The request body is not JSON: ${error instanceof Error ? error.message : String(error)}`);
      }
      if (known) return known.handleRequest(req, res, body);
      if (sessionId === undefined && isInitializeRequest(body)) {
        const transport = new StreamableHTTPServerTransport({
          sessionIdGenerator: () => randomUUID(),
          onsessioninitialized: (id) => {
            transports.set(id, transport);
          },
        });
        transport.onclose = () => {
          if (transport.sessionId) transports.delete(transport.sessionId);
        };
        await options.session().connect(transport);
        return transport.handleRequest(req, res, body);
      }
      return refuse(res, 400, 'No such MCP session: start one with an initialize request.');
    }
    if (known && (req.method === 'GET' || req.method === 'DELETE')) return known.handleRequest(req, res);
    return refuse(res, known ? 405 : 400, known ? 'Method not allowed.' : 'No such MCP session.');
  };

  const http: HttpServer = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      options.log(`wayfinder mcp: a request failed: ${error instanceof Error ? error.message : String(error)}`);
      if (!res.headersSent) refuse(res, 500, 'The request failed inside Wayfinder.');
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port, '127.0.0.1', () => resolve());
  });
  const address = http.address();
  if (address !== null && typeof address === 'object') port = address.port;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    port,
    close: async () => {
      for (const transport of transports.values()) await transport.close().catch(() => undefined);
      await new Promise<void>((resolve) => http.close(() => resolve()));
      http.closeAllConnections();
    },
  };
}
