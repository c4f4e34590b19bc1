import { randomBytes } from 'node:crypto';
import { readBody, sendHtml, type Ctx } from '../http';
import type { GymState } from '../state';
import { bakeBySlug, BAKES, searchBakes } from './bakery-catalogue';
import { skinFor, withDrift, type Skin } from './bakery-drift';
import {
  basketBody,
  EMPTY_FORM,
  layout,
  listingBody,
  missingBody,
  NOTE_LIMIT,
  orderBody,
  PICKUP_DAYS,
  preorderBody,
  preorderScript,
  productBody,
  thanksBody,
  type PreorderForm,
} from './bakery-pages';
import { driftWanted } from './drift';

// Millbrook Bakery, a neighbourhood bakery's pre-order site: plain server-rendered pages and
// forms, one basket per gym instance, orders kept in the gym's state for checkers.
//
//   GET  /bakery                      all bakes, with the search box
//   GET  /bakery/search?q=            bakes that match, best first (bakery-catalogue.ts)
//   GET  /bakery/p/<slug>             a bake, with Quantity and "Add to basket"
//   POST /bakery/basket/add           slug, qty, back: adds, then back to `back` with a notice
//   GET  /bakery/basket               the basket, "Remove" per line, "Continue to pre-order"
//   POST /bakery/basket/remove        slug
//   GET  /bakery/preorder             the pre-order form; POST places the order, then
//   GET  /bakery/orders/<id>/thanks?ref=   "Thanks, NAME — your pre-order is in", "View order"
//   GET  /bakery/orders/<id>?ref=     the order (counted in the order's `views`)
//
// Order numbers are made by the server: sequential from a random base per gym instance,
// with a random `ref` per order that the order's pages need. `?drift=1` serves the
// redesigned site (bakery-drift.ts) and every link, form and redirect keeps the flag.

const MAX_QTY = 12;

function form(body: Buffer): URLSearchParams {
  return new URLSearchParams(body.toString('utf8'));
}

function redirect(ctx: Ctx, location: string): true {
  ctx.res.writeHead(303, { location, 'cache-control': 'no-store' });
  ctx.res.end();
  return true;
}

/** Where to go back to after adding: a bakery page of this site, without old notices or the flag. */
function backTo(raw: string | null): URL {
  const url = new URL(raw && raw.startsWith('/bakery') && !raw.startsWith('//') ? raw : '/bakery', 'http://bakery.invalid');
  if (url.host !== 'bakery.invalid' || !url.pathname.startsWith('/bakery')) return new URL('/bakery', 'http://bakery.invalid');
  for (const key of ['added', 'n', 'removed', 'drift']) url.searchParams.delete(key);
  return url;
}

function page(ctx: Ctx, state: GymState, s: Skin, title: string, body: string, status = 200, script?: string): true {
  sendHtml(ctx, layout(s, { title, basket: state.bakery.basket, body, script }), status);
  return true;
}

function addedNote(url: URL): string {
  const bake = bakeBySlug(url.searchParams.get('added') ?? '');
  if (!bake) return '';
  const n = Number(url.searchParams.get('n')) || 1;
  return n > 1 ? `Added ${n} × ${bake.title} to your basket.` : `Added ${bake.title} to your basket.`;
}

/** The current address without notices or the flag: where a row's Add button comes back to. */
function here(url: URL): string {
  const clean = new URL(url.href);
  for (const key of ['added', 'n', 'removed', 'drift']) clean.searchParams.delete(key);
  return clean.pathname + clean.search;
}

function readForm(params: URLSearchParams): PreorderForm {
  return {
    name: (params.get('name') ?? '').trim(),
    contact: (params.get('contact') ?? '').trim(),
    day: (params.get('day') ?? '').trim(),
    note: (params.get('note') ?? '').trim().slice(0, NOTE_LIMIT),
    payAtPickup: params.get('payAtPickup') === 'yes',
  };
}

function formErrors(f: PreorderForm): string[] {
  const errors: string[] = [];
  if (!f.name) errors.push('Tell us your name, so we know whose bag is whose.');
  if (!f.contact) errors.push('Give us an email address or a phone number.');
  else if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(f.contact) && f.contact.replace(/\D/g, '').length < 7)
    errors.push('That does not look like an email address or a phone number.');
  if (!PICKUP_DAYS.includes(f.day)) errors.push('Choose a pickup day.');
  if (!f.payAtPickup) errors.push("Tick \u201cI'll pay at pickup\u201d: we don't take payment online yet.");
  return errors;
}

export async function bakeryRoutes(ctx: Ctx, state: GymState): Promise<boolean> {
  const path = ctx.url.pathname.replace(/\/+$/, '') || '/';
  if (path !== '/bakery' && !path.startsWith('/bakery/')) return false;
  const drift = driftWanted(ctx.url);
  const s = skinFor(drift);
  const bakery = state.bakery;
  const post = ctx.method === 'POST';

  if (path === '/bakery' || path === '/bakery/search') {
    const query = path === '/bakery/search' ? (ctx.url.searchParams.get('q') ?? '') : null;
    const bakes = query === null || !query.trim() ? BAKES : searchBakes(query);
    const body = listingBody(s, { query, bakes, back: here(ctx.url), notice: addedNote(ctx.url) });
    return page(ctx, state, s, query ? `“${query}”` : 'Our bakes', body);
  }

  const product = /^\/bakery\/p\/([\w-]+)$/.exec(path);
  if (product) {
    const bake = bakeBySlug(product[1] ?? '');
    if (!bake) return page(ctx, state, s, 'Not found', missingBody(s, 'We don’t bake anything by that name.'), 404);
    return page(ctx, state, s, bake.title, productBody(s, bake, addedNote(ctx.url)));
  }

  if (path === '/bakery/basket/add' && post) {
    const params = form(await readBody(ctx.req, 64 * 1024));
    const bake = bakeBySlug(params.get('slug') ?? '');
    const back = backTo(params.get('back'));
    if (!bake) return redirect(ctx, withDrift(back.pathname + back.search, drift));
    const qty = Math.max(1, Math.min(MAX_QTY, Math.round(Number(params.get('qty') ?? '1')) || 1));
    const line = bakery.basket.find((l) => l.slug === bake.slug);
    if (line) line.qty = Math.min(MAX_QTY, line.qty + qty);
    else bakery.basket.push({ slug: bake.slug, title: bake.title, price: bake.price, qty });
    back.searchParams.set('added', bake.slug);
    if (qty > 1) back.searchParams.set('n', String(qty));
    return redirect(ctx, withDrift(back.pathname + back.search, drift));
  }

  if (path === '/bakery/basket/remove' && post) {
    const params = form(await readBody(ctx.req, 64 * 1024));
    const slug = params.get('slug') ?? '';
    const had = bakery.basket.some((l) => l.slug === slug);
    bakery.basket = bakery.basket.filter((l) => l.slug !== slug);
    return redirect(ctx, withDrift(had ? `/bakery/basket?removed=${encodeURIComponent(slug)}` : '/bakery/basket', drift));
  }

  if (path === '/bakery/basket') {
    const removed = bakeBySlug(ctx.url.searchParams.get('removed') ?? '');
    const note = removed ? `Removed ${removed.title} from your basket.` : '';
    return page(ctx, state, s, 'Your basket', basketBody(s, bakery.basket, note));
  }

  if (path === '/bakery/preorder') {
    if (!post) return page(ctx, state, s, 'Pre-order', preorderBody(s, bakery.basket, EMPTY_FORM, []), 200, preorderScript(s));
    const f = readForm(form(await readBody(ctx.req, 64 * 1024)));
    const errors = bakery.basket.length ? formErrors(f) : [];
    if (!bakery.basket.length || errors.length)
      return page(ctx, state, s, 'Pre-order', preorderBody(s, bakery.basket, f, errors), 422, preorderScript(s));
    const total = bakery.basket.reduce((sum, l) => sum + l.price * l.qty, 0);
    const order = {
      id: state.newBakeryOrderId(),
      ref: randomBytes(4).toString('hex'),
      name: f.name,
      contact: f.contact,
      pickupDay: f.day,
      note: f.note,
      payAtPickup: f.payAtPickup,
      lines: bakery.basket,
      total,
      createdAt: new Date().toISOString(),
      views: 0,
    };
    bakery.orders.push(order);
    bakery.basket = [];
    return redirect(ctx, withDrift(`/bakery/orders/${order.id}/thanks?ref=${order.ref}`, drift));
  }

  const orderMatch = /^\/bakery\/orders\/(\d+)(\/thanks)?$/.exec(path);
  if (orderMatch) {
    const order = bakery.orders.find((o) => o.id === orderMatch[1] && o.ref === ctx.url.searchParams.get('ref'));
    if (!order) return page(ctx, state, s, 'Not found', missingBody(s, 'There is no pre-order at this address.'), 404);
    if (orderMatch[2]) return page(ctx, state, s, 'Thank you', thanksBody(s, order));
    order.views++;
    return page(ctx, state, s, `Pre-order ${order.id}`, orderBody(s, order));
  }

  return page(ctx, state, s, 'Not found', missingBody(s, 'This page is not on our menu.'), 404);
}
