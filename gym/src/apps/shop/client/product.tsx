import { useEffect, useState } from 'react';
import { api, money, type Product } from './api';
import { cls, DRIFT, id as driftId } from './drift';
import { Link, type ShopContext } from './link';

export function ProductPage({ id, shop }: { id: string; shop: ShopContext }) {
  const [product, setProduct] = useState<Product | null>(null);
  const [missing, setMissing] = useState(false);
  const [color, setColor] = useState('');
  const [qty, setQty] = useState('1');

  useEffect(() => {
    api
      .product(id)
      .then((p) => {
        setProduct(p);
        setColor(p.colors[0] ?? '');
      })
      .catch(() => setMissing(true));
  }, [id]);

  if (missing)
    return (
      <p role="alert">
        That product does not exist.{' '}
        <Link to="/shop" shop={shop}>
          Back to the shop
        </Link>
      </p>
    );
  if (!product) return <p>Loading…</p>;
  const add = async () => {
    const n = Number(qty);
    if (!Number.isInteger(n) || n < 1 || n > 10) {
      shop.notify('Choose a quantity from 1 to 10.');
      return;
    }
    try {
      shop.setCart(await api.addToCart(product.id, n, color));
      shop.notify(`Added ${n} × ${product.name} to your cart.`);
    } catch (e) {
      shop.notify(e instanceof Error ? e.message : String(e));
    }
  };
  const button = (
    <button type="button" className="primary" disabled={!product.inStock} onClick={() => void add()}>
      {product.inStock ? 'Add to cart' : 'Out of stock'}
    </button>
  );
  const colour = (
    <>
      <label htmlFor={driftId('color')}>Colour</label>
      <select id={driftId('color')} value={color} onChange={(e) => setColor(e.target.value)}>
        {product.colors.map((c) => (
          <option key={c}>{c}</option>
        ))}
      </select>
    </>
  );
  const quantity = (
    <>
      <label htmlFor={driftId('qty')}>Quantity</label>
      <input id={driftId('qty')} type="number" min={1} max={10} value={qty} onChange={(e) => setQty(e.target.value)} />
    </>
  );
  // Drifted: quantity before colour, and the button in a wrapper.
  return (
    <article className={DRIFT ? 'item' : 'product'}>
      <nav aria-label="Breadcrumb">
        <Link to="/shop" shop={shop}>
          Shop
        </Link>{' '}
        ›{' '}
        <Link to={`/shop/c/${product.category}`} shop={shop}>
          {product.category}
        </Link>
      </nav>
      <h1>{product.name}</h1>
      <p className={cls('price')}>{money(product.price)}</p>
      <p className={cls('meta')}>
        {product.rating.toFixed(1)} stars from {product.reviews} reviews · {product.weightKg} kg
        {product.capacity ? ` · sleeps ${product.capacity}` : ''}
      </p>
      <p>{product.description}</p>
      {DRIFT ? (
        <div className={cls('buy')}>
          {quantity}
          {colour}
          <div className="buy-button">{button}</div>
        </div>
      ) : (
        <div className="buy">
          {colour}
          {quantity}
          {button}
        </div>
      )}
    </article>
  );
}
