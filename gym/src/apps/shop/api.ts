import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { escapeHtml, fail, readJson, sendError, sendHtml, sendJson, str, type Ctx } from '../../http';
import type { GymState } from '../../state';
import { driftWanted } from '../drift';
import { DRIFT_CLASSES } from './client/drift-classes';
import { CATEGORIES, productById, PRODUCTS, type Product } from './products';

// The shop: a React single-page app over a small JSON API. Cart and orders live in the
// gym's state, so checkers can see what an agent really bought. `?drift=1` serves its
// drifted variant (gym/src/apps/drift.ts): another root id and style sheet here, and the
// client (client/drift.ts) renders renamed ids and classes, reordered sections, wrappers,
// a repeated Add to cart button and a hinted Full name field, and keeps the flag on every
// in-app link and navigation.

const here = dirname(fileURLToPath(import.meta.url));
let bundle: Promise<string> | null = null;

function shopBundle(): Promise<string> {
  bundle ??= build({
    entryPoints: [join(here, 'client/main.tsx')],
    bundle: true,
    write: false,
    format: 'iife',
    target: 'chrome120',
    jsx: 'automatic',
    minify: true,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  }).then((r) => r.outputFiles[0]?.text ?? '');
  return bundle;
}

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Wayfinder Outfitters</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="description" content="Camping gear for every trip.">
<link rel="stylesheet" href="/shop/shop.css"></head>
<body><div id="root"></div><script src="/shop/app.js"></script></body></html>`;

const DRIFTED_PAGE = PAGE.replace('/shop/shop.css', '/shop/drift.css').replace('<div id="root">', '<div id="app">');

/** shop.css with the drifted class names. */
async function driftCss(publicDir: string): Promise<string> {
  let css = await readFile(join(publicDir, 'shop/shop.css'), 'utf8');
  for (const [from, to] of Object.entries(DRIFT_CLASSES)) css = css.replace(new RegExp(`\\.${from}(?![\\w-])`, 'g'), `.${to}`);
  return `${css}.buy-bar { position: sticky; bottom: 0; background: #fff; border-top: 1px solid var(--line); padding: .5rem 0; }\n`;
}

function filterProducts(url: URL): Product[] {
  const q = (url.searchParams.get('q') ?? '').toLowerCase().trim();
  const category = url.searchParams.get('category') ?? '';
  const maxPrice = Number(url.searchParams.get('maxPrice') ?? '') || Infinity;
  const capacity = Number(url.searchParams.get('capacity') ?? '') || 0;
  const inStock = url.searchParams.get('inStock') === '1';
  const sort = url.searchParams.get('sort') ?? 'relevance';
  let items = PRODUCTS.filter((p) => {
    if (category && p.category !== category) return false;
    if (p.price > maxPrice) return false;
    if (capacity && p.capacity !== capacity) return false;
    if (inStock && !p.inStock) return false;
    if (q) {
      const haystack = `${p.name} ${p.category} ${p.description} ${p.capacity ? `${p.capacity} person` : ''}`.toLowerCase();
      return q.split(/\s+/).every((word) => haystack.includes(word.replace(/s$/, '')));
    }
    return true;
  });
  if (sort === 'price-asc') items = [...items].sort((a, b) => a.price - b.price);
  else if (sort === 'price-desc') items = [...items].sort((a, b) => b.price - a.price);
  else if (sort === 'rating') items = [...items].sort((a, b) => b.rating - a.rating);
  return items;
}

const SHIPPING_FIELDS = ['fullName', 'email', 'address', 'city', 'postalCode', 'country'] as const;

function validateShipping(body: Record<string, unknown>): { errors: Record<string, string>; shipping: Record<string, string> } {
  const errors: Record<string, string> = {};
  const shippingRaw = typeof body.shipping === 'object' && body.shipping !== null ? Object.fromEntries(Object.entries(body.shipping)) : {};
  const shipping: Record<string, string> = {};
  for (const field of [...SHIPPING_FIELDS, 'phone']) shipping[field] = str(shippingRaw[field]);
  for (const field of SHIPPING_FIELDS) if (!shipping[field]) errors[field] = 'This field is required.';
  if (shipping.email && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(shipping.email)) errors.email = 'Enter a valid email address.';
  return { errors, shipping };
}

function validateOrder(body: Record<string, unknown>): {
  errors: Record<string, string>;
  shipping: Record<string, string>;
  card: { name: string; number: string; expiry: string; cvc: string };
} {
  const { errors, shipping } = validateShipping(body);
  const paymentRaw = typeof body.payment === 'object' && body.payment !== null ? Object.fromEntries(Object.entries(body.payment)) : {};
  const card = {
    name: str(paymentRaw.name),
    number: str(paymentRaw.number).replace(/[\s-]/g, ''),
    expiry: str(paymentRaw.expiry),
    cvc: str(paymentRaw.cvc),
  };
  if (!card.name) errors.cardName = 'Enter the name on the card.';
  if (!/^\d{13,19}$/.test(card.number)) errors.cardNumber = 'Enter a valid card number.';
  if (!/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/.test(card.expiry)) errors.expiry = 'Use MM/YY.';
  if (!/^\d{3,4}$/.test(card.cvc)) errors.cvc = 'Enter the 3 or 4 digit code.';
  return { errors, shipping, card };
}

export async function shopRoutes(ctx: Ctx, state: GymState): Promise<boolean> {
  const path = ctx.url.pathname;
  if (!path.startsWith('/shop')) return false;
  if (path === '/shop/app.js') {
    ctx.res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' });
    ctx.res.end(await shopBundle());
    return true;
  }
  if (path === '/shop/drift.css') {
    ctx.res.writeHead(200, { 'content-type': 'text/css; charset=utf-8', 'cache-control': 'no-store' });
    ctx.res.end(await driftCss(ctx.publicDir));
    return true;
  }
  if (path === '/shop/api/categories') {
    sendJson(ctx, 200, CATEGORIES);
    return true;
  }
  if (path === '/shop/api/products') {
    sendJson(ctx, 200, filterProducts(ctx.url));
    return true;
  }
  const productMatch = /^\/shop\/api\/products\/([\w-]+)$/.exec(path);
  if (productMatch) {
    const product = productById(productMatch[1] ?? '');
    if (product) sendJson(ctx, 200, product);
    else sendError(ctx, 404, 'No such product.');
    return true;
  }
  if (path === '/shop/api/cart') {
    if (ctx.method === 'POST') {
      const body = await readJson(ctx);
      const product = productById(str(body?.productId));
      const qty = Math.max(1, Math.min(10, Number(body?.qty ?? 1) || 1));
      if (!product) return fail(ctx, 400, 'Unknown product.');
      if (!product.inStock) return fail(ctx, 409, `${product.name} is out of stock.`);
      const color = str(body?.color) || (product.colors[0] ?? '');
      const line = state.cart.find((l) => l.productId === product.id && l.color === color);
      if (line) line.qty = Math.min(10, line.qty + qty);
      else state.cart.push({ productId: product.id, name: product.name, price: product.price, qty, color });
    }
    sendJson(ctx, 200, state.cart);
    return true;
  }
  const lineMatch = /^\/shop\/api\/cart\/([\w-]+)$/.exec(path);
  if (lineMatch) {
    const id = lineMatch[1] ?? '';
    if (ctx.method === 'DELETE') state.cart = state.cart.filter((l) => l.productId !== id);
    else if (ctx.method === 'PATCH') {
      const body = await readJson(ctx);
      const qty = Number(body?.qty);
      const line = state.cart.find((l) => l.productId === id);
      if (line && qty >= 1 && qty <= 10) line.qty = Math.round(qty);
      else if (line && qty === 0) state.cart = state.cart.filter((l) => l.productId !== id);
    }
    sendJson(ctx, 200, state.cart);
    return true;
  }
  // Step one of checkout: the shipping address, checked and kept while the buyer pays.
  if (path === '/shop/api/checkout' && ctx.method === 'POST') {
    const body = await readJson(ctx);
    if (!body) return fail(ctx, 400, 'Send the shipping address as JSON.');
    if (!state.cart.length) return fail(ctx, 409, 'Your cart is empty.');
    const { errors, shipping } = validateShipping(body);
    if (Object.keys(errors).length) {
      sendJson(ctx, 422, { error: 'Please correct the highlighted fields.', fields: errors });
      return true;
    }
    state.checkout = { step: 'payment', shipping };
    sendJson(ctx, 200, state.checkout);
    return true;
  }
  if (path === '/shop/api/orders' && ctx.method === 'POST') {
    const body = await readJson(ctx);
    if (!body) return fail(ctx, 400, 'Send the order as JSON.');
    if (!state.cart.length) return fail(ctx, 409, 'Your cart is empty.');
    const { errors, shipping, card } = validateOrder(body);
    if (Object.keys(errors).length) {
      sendJson(ctx, 422, { error: 'Please correct the highlighted fields.', fields: errors });
      return true;
    }
    const total = Math.round(state.cart.reduce((sum, l) => sum + l.price * l.qty, 0) * 100) / 100;
    const order = {
      id: state.newOrderId(),
      lines: state.cart,
      total,
      shipping,
      payment: { name: card.name, cardLast4: card.number.slice(-4), expiry: card.expiry },
      createdAt: new Date().toISOString(),
    };
    state.orders.push(order);
    state.cart = [];
    state.checkout = null;
    sendJson(ctx, 201, order);
    return true;
  }
  const orderMatch = /^\/shop\/api\/orders\/(\d+)$/.exec(path);
  if (orderMatch) {
    const order = state.orders.find((o) => o.id === orderMatch[1]);
    if (order) sendJson(ctx, 200, order);
    else sendError(ctx, 404, 'No such order.');
    return true;
  }
  if (path.startsWith('/shop/api/')) {
    sendError(ctx, 404, `No shop API at ${escapeHtml(path)}.`);
    return true;
  }
  if (path.endsWith('.css')) return false; // served from public/
  sendHtml(ctx, driftWanted(ctx.url) ? DRIFTED_PAGE : PAGE);
  return true;
}
