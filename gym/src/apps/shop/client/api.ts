import type { CartLine, Order } from '../../../state';
import type { Product } from '../products';

export type { CartLine, Order, Product };

async function call<T>(path: string, init?: RequestInit): Promise<T> {
  const response = await fetch(path, { headers: { 'content-type': 'application/json' }, ...init });
  const body: unknown = await response.json();
  if (!response.ok) {
    const message =
      typeof body === 'object' && body !== null && 'error' in body ? String(body.error) : `Request failed (${response.status})`;
    throw Object.assign(new Error(message), { body });
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- the gym's own API, shaped by api.ts
  return body as T;
}

export const api = {
  products: (query: string) => call<Product[]>(`/shop/api/products?${query}`),
  product: (id: string) => call<Product>(`/shop/api/products/${encodeURIComponent(id)}`),
  cart: () => call<CartLine[]>('/shop/api/cart'),
  addToCart: (productId: string, qty: number, color: string) =>
    call<CartLine[]>('/shop/api/cart', { method: 'POST', body: JSON.stringify({ productId, qty, color }) }),
  setQty: (productId: string, qty: number) =>
    call<CartLine[]>(`/shop/api/cart/${productId}`, { method: 'PATCH', body: JSON.stringify({ qty }) }),
  remove: (productId: string) => call<CartLine[]>(`/shop/api/cart/${productId}`, { method: 'DELETE' }),
  checkout: (shipping: Record<string, string>) =>
    call<unknown>('/shop/api/checkout', { method: 'POST', body: JSON.stringify({ shipping }) }),
  order: (shipping: Record<string, string>, payment: Record<string, string>) =>
    call<Order>('/shop/api/orders', { method: 'POST', body: JSON.stringify({ shipping, payment }) }),
  getOrder: (id: string) => call<Order>(`/shop/api/orders/${id}`),
};

export function money(value: number): string {
  return `$${value.toFixed(2)}`;
}
