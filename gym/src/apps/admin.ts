import { randomBytes } from 'node:crypto';
import { fail, readJson, sendJson, sendStatic, str, type Ctx } from '../http';
import type { AdminUser, GymState } from '../state';
import { driftWanted, renameClasses, renameIds, sendDrifted, type Edit } from './drift';

// Club Admin: a sign-in page and a members table. `?drift=1` serves the drifted variant of
// both pages (see drift.ts); the flag travels on the admin's own redirects: /admin to the
// sign-in page (and its `next` back), sign-out, and the members page's 401 fallback.
// Drift: ids, classes and data hooks renamed; the sign-in fields in a wrapper and "Keep me
// signed in" after the button; the statistics below the table; wrappers
// around the filter and the table; each row's Delete button labelled "Remove NAME from the
// club" for screen readers (its visible text still "Delete").

export const ADMIN_USERNAME = 'admin';
export const ADMIN_PASSWORD = 'correct-horse-42';
const PAGE_SIZE = 10;
const DRIFT_LOGIN_URL = '/admin/login?drift=1&next=%2Fadmin%3Fdrift%3D1';

const LOGIN_FIELDS = `    <div class="field"><label for="username">Username</label><input id="username" name="username" autocomplete="username" required></div>
    <div class="field"><label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required></div>
    <label><input type="checkbox" name="remember"> Keep me signed in</label>
    <p><button type="submit" class="primary">Sign in</button></p>`;
const LOGIN_FIELDS_DRIFTED = `    <div class="credentials">
    <div class="field"><label for="username">Username</label><input id="username" name="username" autocomplete="username" required></div>
    <div class="field"><label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required></div>
    </div>
    <p><button type="submit" class="primary">Sign in</button></p>
    <label><input type="checkbox" name="remember"> Keep me signed in</label>`;

const LOGIN_DRIFT: Edit[] = [
  [LOGIN_FIELDS, LOGIN_FIELDS_DRIFTED],
  ...renameIds({ login: 'signin', error: 'signin-problem', username: 'handle', password: 'passphrase' }),
  ...renameClasses({ card: 'signin-card', field: 'form-row', primary: 'cta' }),
];

const STATS =
  '  <section class="stats" aria-label="Statistics"><div>Members: <strong id="total">…</strong></div><div>Admins: <strong id="admins">…</strong></div></section>\n';
const FILTER = '<label for="filter">Filter by name</label> <input id="filter" type="search" placeholder="Type a name…">';

const MEMBERS_DRIFT: Edit[] = [
  [STATS, ''],
  ['</main>', `${STATS}</main>`],
  [FILTER, `<div class="toolbar">${FILTER}</div>`],
  ['<table id="users">', '<div class="table-scroll"><table id="users">'],
  ['</table>', '</table></div>'],
  [
    "button.setAttribute('aria-label', 'Delete ' + user.name);",
    "button.setAttribute('aria-label', 'Remove ' + user.name + ' from the club');",
  ],
  ['data-sort', 'data-column'],
  ['dataset.sort', 'dataset.column'],
  ["location.href = '/admin/login?next=/admin'", `location.href = '${DRIFT_LOGIN_URL}'`],
  ["location.href = '/admin/login'", "location.href = '/admin/login?drift=1'"],
  ...renameIds({
    users: 'members',
    filter: 'name-filter',
    status: 'notice',
    total: 'members-count',
    admins: 'admins-count',
    prev: 'page-back',
    next: 'page-forward',
    'page-label': 'page-of',
    logout: 'sign-out',
    who: 'signed-in-as',
  }),
  ...renameClasses({ bar: 'topbar', pager: 'paging', stats: 'figures' }),
];

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
  const drift = driftWanted(ctx.url);
  if (path === '/admin/login') return drift ? sendDrifted(ctx, 'admin/login.html', LOGIN_DRIFT) : sendStatic(ctx, 'admin/login.html');
  if (path === '/admin' || path === '/admin/') {
    if (!session(ctx, state)) {
      ctx.res.writeHead(302, { location: drift ? DRIFT_LOGIN_URL : '/admin/login?next=/admin' });
      ctx.res.end();
      return true;
    }
    return drift ? sendDrifted(ctx, 'admin/index.html', MEMBERS_DRIFT) : sendStatic(ctx, 'admin/index.html');
  }
  if (path === '/admin/api/login' && ctx.method === 'POST') {
    const body = await readJson(ctx);
    if (str(body?.username) !== ADMIN_USERNAME || body?.password !== ADMIN_PASSWORD) {
      state.failedLogins++;
      return fail(ctx, 401, 'Wrong username or password.');
    }
    const token = randomBytes(16).toString('hex');
    state.adminSessions.add(token);
    // "Keep me signed in": a cookie that outlives the browser (30 days), as sites do; else one for this session.
    const lasting = body.remember === 'on' ? '; Max-Age=2592000' : '';
    ctx.res.setHeader('set-cookie', `wf_admin=${token}; Path=/; HttpOnly; SameSite=Lax${lasting}`);
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
