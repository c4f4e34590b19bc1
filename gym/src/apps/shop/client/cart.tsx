import { api, money } from './api';
import { cls, DRIFT, id } from './drift';
import { Link, type ShopContext } from './link';

export function CartPage({ shop }: { shop: ShopContext }) {
  const total = shop.cart.reduce((sum, l) => sum + l.price * l.qty, 0);
  if (!shop.cart.length)
    return (
      <section>
        <h1>Your cart</h1>
        <p>
          Your cart is empty.{' '}
          <Link to="/shop" shop={shop}>
            Continue shopping
          </Link>
        </p>
      </section>
    );
  const proceed = (
    <button type="button" className="primary" onClick={() => shop.navigate('/shop/checkout')}>
      Proceed to checkout
    </button>
  );
  return (
    <section>
      <h1>Your cart</h1>
      <table className={DRIFT ? 'basket-lines' : 'cart'}>
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col">Colour</th>
            <th scope="col">Price</th>
            <th scope="col">Quantity</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {shop.cart.map((line) => (
            <tr key={`${line.productId}-${line.color}`}>
              <td>
                <Link to={`/shop/p/${line.productId}`} shop={shop}>
                  {line.name}
                </Link>
              </td>
              <td>{line.color}</td>
              <td>{money(line.price)}</td>
              <td>
                <label className="visually-hidden" htmlFor={id(`qty-${line.productId}`)}>
                  Quantity of {line.name}
                </label>
                <input
                  id={id(`qty-${line.productId}`)}
                  type="number"
                  min={1}
                  max={10}
                  value={line.qty}
                  onChange={(e) => void api.setQty(line.productId, Number(e.target.value)).then(shop.setCart)}
                />
              </td>
              <td>
                <button type="button" onClick={() => void api.remove(line.productId).then(shop.setCart)}>
                  Remove
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className={cls('total')}>
        Total: <strong>{money(total)}</strong>
      </p>
      {DRIFT ? <div className="basket-actions">{proceed}</div> : proceed}
    </section>
  );
}
