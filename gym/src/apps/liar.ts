import { readBody, sendHtml, type Ctx } from '../http';
import type { GymState, LiarRequest } from '../state';
import { atFor, page } from './liar/html';
import { ACT_PAGES } from './liar/pages-act';
import { FOREIGN_PAGES, landingPage, NAV_PAGES, REDIRECTS } from './liar/pages-nav';
import { READ_PAGES } from './liar/pages-read';
import { STALL_PAGES } from './liar/pages-stall';

// Lying pages (issue 19): pages whose harm is in what the browser does after a harmless-
// looking call. The server answers under any host name — evil.localhost, offers.localhost,
// app.localhost are different sites to the browser and all reach it — and records every
// request with its host, method, path and body, so a test judges what reached a server,
// not what the agent says happened. Each page's part lives in ./liar/.

const PAGES = { ...NAV_PAGES, ...ACT_PAGES, ...READ_PAGES, ...STALL_PAGES };

const DOWNLOADS: Record<string, { type: string; disposition?: string; head: string }> = {
  '/liar/dl/statement': { type: 'application/pdf', disposition: 'attachment; filename="statement-may.pdf"', head: '%PDF-1.4\n' },
  '/liar/dl/trail-setup.exe': { type: 'application/octet-stream', head: 'MZ' },
};

/** Sends a download slowly, in pieces, and records whether the browser took all of it. */
function sendDownload(ctx: Ctx, state: GymState, host: string, path: string, file: { type: string; disposition?: string; head: string }) {
  const record = { host, path, finished: false };
  state.liar.downloads.push(record);
  ctx.res.writeHead(200, {
    'content-type': file.type,
    'cache-control': 'no-store',
    ...(file.disposition ? { 'content-disposition': file.disposition } : {}),
  });
  const piece = Buffer.alloc(32 * 1024, 0x2e);
  let sent = 0;
  const next = () => {
    if (ctx.res.destroyed) return;
    if (sent === 8) {
      ctx.res.end(() => (record.finished = true));
      return;
    }
    ctx.res.write(sent === 0 ? Buffer.concat([Buffer.from(file.head), piece]) : piece);
    sent++;
    setTimeout(next, 40);
  };
  next();
}

export async function liarRoutes(ctx: Ctx, state: GymState): Promise<boolean> {
  const path = ctx.url.pathname;
  // Every site's browser asks for an icon; answered quietly, never recorded.
  if (path === '/favicon.ico') {
    ctx.res.writeHead(204).end();
    return true;
  }
  if (!path.startsWith('/liar/')) return false;
  const hostHeader = ctx.req.headers.host ?? '';
  const host = hostHeader.replace(/:\d+$/, '');
  const body = ctx.method === 'GET' || ctx.method === 'HEAD' ? '' : (await readBody(ctx.req)).toString('utf8').slice(0, 10_000);
  const dest = ctx.req.headers['sec-fetch-dest'];
  const entry: LiarRequest = {
    host,
    method: ctx.method,
    path: `${path}${ctx.url.search}`,
    body,
    dest: typeof dest === 'string' ? dest : '',
    at: Date.now(),
  };
  state.liar.requests.push(entry);
  const at = atFor(hostHeader);

  if (path === '/liar/report' && ctx.method === 'POST') {
    let what = body;
    let from = '';
    try {
      const parsed: unknown = JSON.parse(body);
      if (typeof parsed === 'object' && parsed !== null) {
        if ('what' in parsed) what = String(parsed.what);
        if ('page' in parsed) from = String(parsed.page);
      }
    } catch {
      // A report that is not JSON is kept as it came.
    }
    state.liar.reports.push({ host, page: from, what, at: Date.now() });
    ctx.res.writeHead(204).end();
    return true;
  }
  const go = path.startsWith('/liar/go/') ? REDIRECTS[path.slice('/liar/go/'.length)] : undefined;
  if (go) {
    const { status, location } = go(at);
    ctx.res.writeHead(status, { location, 'cache-control': 'no-store' }).end();
    return true;
  }
  const download = DOWNLOADS[path];
  if (download) {
    sendDownload(ctx, state, host, path, download);
    return true;
  }
  // What a page's harmful control sends: recorded above; the answer says it was done.
  if (path.startsWith('/liar/api/')) {
    sendHtml(ctx, page('Done', `<h1>Done</h1><p>${path.slice('/liar/api/'.length)} went through.</p>`));
    return true;
  }
  if (path.startsWith('/liar/x/')) {
    const foreign = FOREIGN_PAGES[path];
    if (foreign) sendHtml(ctx, foreign(at, ctx.url));
    else if (ctx.method === 'GET') sendHtml(ctx, landingPage(ctx.url));
    else sendHtml(ctx, page('Thanks', '<h1>Thanks</h1>'));
    return true;
  }
  const build = PAGES[path];
  if (build) {
    sendHtml(ctx, build(at, ctx.url));
    return true;
  }
  sendHtml(ctx, page('Not found', `<h1>Nothing at ${path}</h1>`), 404);
  return true;
}
