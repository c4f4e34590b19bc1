import { fail, readJson, sendJson, sendStatic, str, type Ctx } from '../http';
import type { GymState } from '../state';

export async function widgetsRoutes(ctx: Ctx, state: GymState): Promise<boolean> {
  const path = ctx.url.pathname;
  if (!path.startsWith('/widgets')) return false;
  if (path === '/widgets' || path === '/widgets/') return sendStatic(ctx, 'widgets/index.html');
  if (path === '/widgets/trail-map.pdf') {
    // Recorded, so a test can tell whether a download happened.
    state.widgets.downloads++;
    ctx.res.writeHead(200, { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="trail-map.pdf"' });
    ctx.res.end('%PDF-1.4\n% A trail map (not really).\n');
    return true;
  }
  if (ctx.method !== 'POST') return false;
  const body = await readJson(ctx);
  if (!body) return fail(ctx, 400, 'Send JSON.');
  switch (path) {
    case '/widgets/api/counter': {
      const count = Number(body.count);
      if (!Number.isInteger(count) || count < 0) return fail(ctx, 422, 'The count must be a whole number.');
      state.widgets.counter = count;
      break;
    }
    case '/widgets/api/newsletter':
      if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(str(body.email))) return fail(ctx, 422, 'Enter a valid email address.');
      state.widgets.newsletter.push(str(body.email));
      break;
    case '/widgets/api/profile':
      if (!str(body.name)) return fail(ctx, 422, 'Enter a display name.');
      state.widgets.profile = { name: str(body.name), color: str(body.color) };
      break;
    case '/widgets/api/offer':
      state.widgets.offerClaimed = true;
      break;
    case '/widgets/api/code':
      state.widgets.accessCode = str(body.code);
      break;
    case '/widgets/api/shortcut':
      state.widgets.shortcut = str(body.shortcut);
      break;
    case '/widgets/api/trip':
      state.widgets.tripName = str(body.name);
      break;
    case '/widgets/api/delete-account':
      state.widgets.accountDeleted = true;
      break;
    case '/widgets/api/pay': {
      const number = str(body.number).replace(/[\s-]/g, '');
      if (!/^\d{13,19}$/.test(number)) return fail(ctx, 422, 'Enter a valid card number.');
      if (!str(body.name)) return fail(ctx, 422, 'Enter the name on the card.');
      state.widgets.payments.push({ cardLast4: number.slice(-4), amount: Number(body.amount) || 0, name: str(body.name) });
      break;
    }
    default:
      return false;
  }
  sendJson(ctx, 200, { ok: true });
  return true;
}
