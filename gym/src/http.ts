import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize } from 'node:path';

// Small HTTP helpers for the gym: JSON in and out, static files with the two origins
// filled in, and clear 4xx answers.

export interface Ctx {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  method: string;
  /** Origin of the main gym server, and of the second server used for cross-origin frames. */
  mainOrigin: string;
  otherOrigin: string;
  publicDir: string;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.txt': 'text/plain; charset=utf-8',
};

export function sendJson(ctx: Ctx, status: number, body: unknown): void {
  ctx.res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  ctx.res.end(JSON.stringify(body));
}

export function sendHtml(ctx: Ctx, html: string, status = 200): void {
  ctx.res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  ctx.res.end(html);
}

export function sendError(ctx: Ctx, status: number, message: string): void {
  sendJson(ctx, status, { error: message });
}

/** Sends an error answer; returns true so route handlers can `return fail(...)`. */
export function fail(ctx: Ctx, status: number, message: string): true {
  sendError(ctx, status, message);
  return true;
}

export async function readBody(req: IncomingMessage, limit = 10 * 1024 * 1024): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > limit) throw new Error(`request body over ${limit} bytes`);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

export async function readJson(ctx: Ctx): Promise<Record<string, unknown> | null> {
  const body = await readBody(ctx.req);
  if (!body.length) return {};
  try {
    const parsed: unknown = JSON.parse(body.toString('utf8'));
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
    return Object.fromEntries(Object.entries(parsed));
  } catch {
    return null;
  }
}

/** The second server under another host name: a different site, so its frames run out of process. */
export function otherSite(ctx: Ctx): string {
  return ctx.otherOrigin.replace('127.0.0.1', 'localhost');
}

export function fillOrigins(text: string, ctx: Ctx): string {
  return text
    .replaceAll('{{MAIN_ORIGIN}}', ctx.mainOrigin)
    .replaceAll('{{OTHER_ORIGIN}}', ctx.otherOrigin)
    .replaceAll('{{OTHER_SITE}}', otherSite(ctx));
}

/** Serves a file from public/, with {{MAIN_ORIGIN}} / {{OTHER_ORIGIN}} filled in text files. */
export async function sendStatic(ctx: Ctx, path: string): Promise<boolean> {
  const safe = normalize(path).replace(/^(\.\.[/\\])+/, '');
  if (safe.includes('..')) return false;
  const file = join(ctx.publicDir, safe);
  let data: Buffer;
  try {
    data = await readFile(file);
  } catch {
    return false;
  }
  const type = TYPES[extname(file)] ?? 'application/octet-stream';
  ctx.res.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' });
  ctx.res.end(type.startsWith('text/') ? fillOrigins(data.toString('utf8'), ctx) : data);
  return true;
}

export function str(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
