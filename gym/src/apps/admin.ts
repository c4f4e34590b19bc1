import { randomBytes } from 'node:crypto';
import { fail, readJson, sendJson, sendStatic, str, type Ctx } from '../http';
import type { AdminUser, GymState } from '../state';

export const ADMIN_USERNAME = 'admin';
export const ADMIN_PASSWORD = 'correct-horse-42';
const PAGE_SIZE = 10;

function session(ctx: Ctx, state: GymState): boolean {
  const cookie = ctx.req.headers.cookie ?? '';
  const token = /(?:^|;\s*)wf_admin=([a-f0-9]+)/.exec(cookie)?.[1];
  return !!token && state.adminSessions.has(token);
}

function sortKey(user: AdminUser, key: string): string {
  if (key === 'email') return user.email;
  if (key === 'role') return user.role;
  if (key === 'joined') return user.joined;
  return user.name;
}

export async function adminRoutes(ctx: Ctx, state: GymState): Promise<boolean> {
  const path = ctx.url.pathname;
  if (!path.startsWith('/admin')) return false;
  if (path === '/admin/login') return sendStatic(ctx, 'admin/login.html');
  if (path === '/admin' || path === '/admin/') {
    if (!session(ctx, state)) {
      ctx.res.writeHead(302, { location: '/admin/login?next=/admin' });
      ctx.res.end();
      return true;
    }
    return sendStatic(ctx, 'admin/index.html');
  }
  if (path === '/admin/api/login' && ctx.method === 'POST') {
    const body = await readJson(ctx);
    if (str(body?.username) !== ADMIN_USERNAME || body?.password !== ADMIN_PASSWORD) {
      state.failedLogins++;
      return fail(ctx, 401, 'Wrong username or password.');
    }
    const token = randomBytes(16).toString('hex');
    state.adminSessions.add(token);
    ctx.res.setHeader('set-cookie', `wf_admin=${token}; Path=/; HttpOnly; SameSite=Lax`);
    sendJson(ctx, 200, { ok: true });
    return true;
  }
  if (path === '/admin/api/logout' && ctx.method === 'POST') {
    const token = /(?:^|;\s*)wf_admin=([a-f0-9]+)/.exec(ctx.req.headers.cookie ?? '')?.[1];
    if (token) state.adminSessions.delete(token);
    sendJson(ctx, 200, { ok: true });
    return true;
  }
  if (!path.startsWith('/admin/api/')) return false;
  if (!session(ctx, state)) return fail(ctx, 401, 'Sign in first.');
  if (path === '/admin/api/users') {
    const q = (ctx.url.searchParams.get('q') ?? '').toLowerCase();
    const sort = ctx.url.searchParams.get('sort') ?? 'name';
    const dir = ctx.url.searchParams.get('dir') === 'desc' ? -1 : 1;
    const users = state.users
      .filter((u) => u.name.toLowerCase().includes(q))
      .sort((a, b) => sortKey(a, sort).localeCompare(sortKey(b, sort)) * dir);
    const pages = Math.max(1, Math.ceil(users.length / PAGE_SIZE));
    const page = Math.min(pages, Math.max(1, Number(ctx.url.searchParams.get('page')) || 1));
    sendJson(ctx, 200, {
      users: users.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE),
      page,
      pages,
      total: state.users.length,
      admins: state.users.filter((u) => u.role === 'admin').length,
    });
    return true;
  }
  const match = /^\/admin\/api\/users\/(\d+)$/.exec(path);
  if (match && ctx.method === 'DELETE') {
    const id = Number(match[1]);
    const user = state.users.find((u) => u.id === id);
    if (!user) return fail(ctx, 404, 'No such user.');
    state.users = state.users.filter((u) => u.id !== id);
    state.deletedUsers.push(user);
    sendJson(ctx, 200, { ok: true });
    return true;
  }
  return fail(ctx, 404, 'No such admin API.');
}
