import { fail, readJson, sendHtml, sendJson, str, type Ctx } from '../http';
import type { GymState, PhrasingPage, PhrasingState } from '../state';

export type { PhrasingPage, PhrasingState };
import { PHRASING_PAGES } from './phrasing-pages';

// Pages for the command interpreter's phrasing set (bench/interpreter): forms, lists,
// dialogs with icon-only buttons, menus, collapsible sections, tabs, a scrollable terms
// box, typed inputs (dates, times, sliders, spinbuttons), drag and drop, a login. Each page
// reports what a person could see on it (values, focus, what was opened, closed, chosen)
// to the gym with a synchronous request, so the state is in before the action's event
// handler returns; checkers read it from /api/state under `phrasing`.

export async function phrasingRoutes(ctx: Ctx, state: GymState): Promise<boolean> {
  const path = ctx.url.pathname;
  if (!path.startsWith('/phrasing')) return false;
  if (path === '/phrasing/api/report' && ctx.method === 'POST') {
    const body = await readJson(ctx);
    const page = str(body?.page);
    if (!body || !PHRASING_PAGES[page]) return fail(ctx, 400, 'Send {page, values, event} for a phrasing page.');
    const entry = (state.phrasing[page] ??= { values: {}, events: [], focused: '' });
    const values: unknown = body.values;
    entry.values = Object.fromEntries(
      Object.entries(values && typeof values === 'object' ? values : {}).flatMap(([k, v]) =>
        typeof v === 'string' || typeof v === 'boolean' ? [[k, v]] : [],
      ),
    );
    entry.focused = str(body.focused);
    const event = str(body.event);
    if (event && event !== 'load') entry.events.push(event);
    sendJson(ctx, 200, { ok: true });
    return true;
  }
  const name = path.replace(/^\/phrasing\/?/, '');
  const page = PHRASING_PAGES[name];
  if (!page || ctx.method !== 'GET') return false;
  sendHtml(ctx, page(ctx.url.searchParams));
  return true;
}
