import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MINILM_REPO, tinyMiniLmFiles } from './tiny-minilm';

// A local stand-in for the Hugging Face hub: serves a repository's files at the hub's
// address layout (`/<owner>/<repo>/resolve/<revision>/<file>`), counts what was asked for,
// and can be told to fail, so tests see how a download that breaks is reported.

export interface MockHub {
  /** Ends in '/', like transformers.js' `env.remoteHost`. */
  url: string;
  /** Every request's path (with its method), in order. */
  requests: string[];
  /** How many whole-file downloads a repository file had (e.g. 'onnx/model_quantized.onnx'); range requests not counted. */
  fetches(file: string): number;
  /** Bytes of a repository file sent so far, range requests included. */
  bytesServed(file: string): number;
  /** A repository file's size. */
  size(file: string): number;
  /** Answers every request with this status (404, 500 …) until set back to null. */
  failWith(status: number | null): void;
  close(): Promise<void>;
}

export async function startMockHub(options: { repo?: string; files?: Map<string, Uint8Array> } = {}): Promise<MockHub> {
  const repo = options.repo ?? MINILM_REPO;
  const files = options.files ?? tinyMiniLmFiles();
  const requests: string[] = [];
  let failure: number | null = null;
  const full = new Map<string, number>();
  const served = new Map<string, number>();
  const prefix = `/${repo}/resolve/main/`;
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://hub').pathname);
    requests.push(`${req.method ?? 'GET'} ${path}`);
    const cors = { 'access-control-allow-origin': '*', 'access-control-expose-headers': 'content-length, content-range' };
    if (failure !== null) {
      res.writeHead(failure, { 'content-type': 'text/plain', ...cors });
      res.end(failure === 404 ? 'Entry not found' : 'Internal Error');
      return;
    }
    const body = path.startsWith(prefix) ? files.get(path.slice(prefix.length)) : undefined;
    if (!body) {
      res.writeHead(404, { 'content-type': 'text/plain', ...cors });
      res.end('Entry not found');
      return;
    }
    const type = path.endsWith('.json') ? 'application/json' : 'application/octet-stream';
    // transformers.js asks for `bytes=0-0` first to learn a file's size (for its progress).
    const range = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '');
    if (range) {
      const start = Number(range[1]);
      const end = Math.min(range[2] ? Number(range[2]) : body.length - 1, body.length - 1);
      const part = body.subarray(start, end + 1);
      served.set(path, (served.get(path) ?? 0) + part.length);
      res.writeHead(206, {
        'content-type': type,
        'content-length': String(part.length),
        'content-range': `bytes ${start}-${end}/${body.length}`,
        ...cors,
      });
      res.end(req.method === 'HEAD' ? undefined : part);
      return;
    }
    full.set(path, (full.get(path) ?? 0) + 1);
    if (req.method !== 'HEAD') served.set(path, (served.get(path) ?? 0) + body.length);
    res.writeHead(200, { 'content-type': type, 'content-length': String(body.length), ...cors });
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? (address satisfies AddressInfo).port : 0;
  return {
    url: `http://127.0.0.1:${port}/`,
    requests,
    fetches: (file) => full.get(`${prefix}${file}`) ?? 0,
    bytesServed: (file) => served.get(`${prefix}${file}`) ?? 0,
    size: (file) => files.get(file)?.length ?? 0,
    failWith: (status) => {
      failure = status;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
