import { useEffect, useState } from 'react';
import { api, money, type Order } from './api';
import { Link, type ShopContext } from './link';

export function OrderPage({ id, shop }: { id: string; shop: ShopContext }) {
  const [order, setOrder] = useState<Order | null>(null);
  useEffect(() => {
    api
      .getOrder(id)
      .then(setOrder)
      .catch(() => setOrder(null));
  }, [id]);
  if (!order) return <p>Loading order…</p>;
  return (
    <section>
      <h1>Thank you! Order #{order.id} is placed</h1>
      <p>
        We will email {order.shipping.email} when it ships to {order.shipping.city}.
      </p>
      <ul>
        {order.lines.map((l) => (
          <li key={l.productId}>
            {l.qty} × {l.name} ({l.color}) — {money(l.price * l.qty)}
          </li>
        ))}
      </ul>
      <p>
        Total charged to the card ending {order.payment.cardLast4}: <strong>{money(order.total)}</strong>
      </p>
      <Link to="/shop" shop={shop}>
        Continue shopping
      </Link>
    </section>
  );
}
