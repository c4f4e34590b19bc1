import { fail, readBody, readJson, sendJson, sendStatic, str, type Ctx } from '../http';
import { FEED_TASKS, type GymState } from '../state';

const TOTAL_POSTS = 60;
const PAGE = 10;
const PLACES = ['Lost Lake', 'Granite Ridge', 'Cedar Falls', 'Eagle Pass', 'Moss Canyon', 'Blue Mesa', 'Fern Hollow', 'Hawk Point'];

function postFor(id: number, liked: boolean) {
  const place = PLACES[id % PLACES.length] ?? 'the trail';
  return {
    id,
    title: `Item ${id} — ${place}`,
    body: `Trip note ${id}: ${((id * 3) % 17) + 4} km around ${place}, ${((id * 7) % 900) + 100} m of climbing.`,
    liked,
  };
}

export async function feedRoutes(ctx: Ctx, state: GymState): Promise<boolean> {
  const path = ctx.url.pathname;
  if (!path.startsWith('/feed')) return false;
  if (path === '/feed' || path === '/feed/') return sendStatic(ctx, 'feed/index.html');
  if (path === '/feed/api/items') {
    const offset = Math.max(0, Number(ctx.url.searchParams.get('offset')) || 0);
    const ids = Array.from({ length: Math.max(0, Math.min(PAGE, TOTAL_POSTS - offset)) }, (_, i) => offset + i + 1);
    sendJson(ctx, 200, { items: ids.map((id) => postFor(id, state.feed.liked.includes(id))), more: offset + ids.length < TOTAL_POSTS });
    return true;
  }
  if (path === '/feed/api/settings') {
    if (ctx.method === 'POST') {
      const body = await readJson(ctx);
      if (!body) return fail(ctx, 400, 'Send JSON.');
      const digest = str(body.digest);
      state.feed.settings = {
        darkMode: body.darkMode === true,
        notifications: body.notifications === true,
        digest: ['daily', 'weekly', 'never'].includes(digest) ? digest : 'weekly',
      };
    }
    sendJson(ctx, 200, state.feed.settings);
    return true;
  }
  if (path === '/feed/api/order') {
    if (ctx.method === 'POST') {
      const body = await readJson(ctx);
      const order: string[] = Array.isArray(body?.order) ? body.order.filter((x): x is string => typeof x === 'string') : [];
      if (order.length !== FEED_TASKS.length || !FEED_TASKS.every((t) => order.includes(t)))
        return fail(ctx, 422, 'The order must list every task once.');
      state.feed.taskOrder = order;
    }
    sendJson(ctx, 200, state.feed.taskOrder);
    return true;
  }
  if (ctx.method !== 'POST') return false;
  if (path === '/feed/api/like') {
    const body = await readJson(ctx);
    const id = Number(body?.id);
    if (!Number.isInteger(id) || id < 1 || id > TOTAL_POSTS) return fail(ctx, 422, 'No such post.');
    state.feed.liked = state.feed.liked.filter((x) => x !== id);
    if (body?.liked === true) state.feed.liked.push(id);
    sendJson(ctx, 200, { ok: true });
    return true;
  }
  if (path === '/feed/api/fruit') {
    const body = await readJson(ctx);
    state.feed.fruit = str(body?.fruit);
    sendJson(ctx, 200, { ok: true });
    return true;
  }
  if (path === '/feed/api/upload') {
    const header = ctx.req.headers['x-file-name'];
    let name: string;
    try {
      name = decodeURIComponent(typeof header === 'string' ? header : '');
    } catch {
      return fail(ctx, 400, 'The file name is not valid URI encoding.');
    }
    if (!name) return fail(ctx, 400, 'The upload needs a file name.');
    const data = await readBody(ctx.req, 5 * 1024 * 1024);
    const type = ctx.req.headers['content-type'] ?? 'application/octet-stream';
    state.feed.uploads.push({
      name,
      size: data.length,
      type,
      text: type.startsWith('text/') || /\.(txt|md|json|gpx)$/i.test(name) ? data.toString('utf8') : '',
    });
    sendJson(ctx, 200, { ok: true, size: data.length });
    return true;
  }
  return false;
}
