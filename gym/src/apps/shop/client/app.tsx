import { useCallback, useEffect, useState, type SyntheticEvent, type ReactNode } from 'react';
import { api, type CartLine } from './api';
import { Link, type ShopContext } from './link';
import { CartPage } from './cart';
import { CheckoutPage } from './checkout';
import { cls, DRIFT, id, keepDrift } from './drift';
import { Listing } from './listing';
import { OrderPage } from './order';
import { ProductPage } from './product';

function usePath(): [string, (to: string) => void] {
  const [path, setPath] = useState(location.pathname + location.search);
  useEffect(() => {
    const onPop = () => setPath(location.pathname + location.search);
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, []);
  const navigate = useCallback((path: string) => {
    const to = keepDrift(path);
    history.pushState(null, '', to);
    setPath(to);
    scrollTo(0, 0);
  }, []);
  return [path, navigate];
}

function Header({ shop, path }: { shop: ShopContext; path: string }) {
  const current = new URL(path, location.origin);
  const [query, setQuery] = useState(current.searchParams.get('q') ?? '');
  const count = shop.cart.reduce((sum, line) => sum + line.qty, 0);
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    shop.navigate(`/shop/search?q=${encodeURIComponent(query)}`);
  };
  // Drifted: the search box is an autocomplete combobox named by aria-label, with another placeholder.
  const search = (
    <form role="search" onSubmit={submit} className={cls('search')}>
      {DRIFT ? (
        <input
          id={id('q')}
          type="search"
          role="combobox"
          aria-expanded="false"
          aria-autocomplete="list"
          aria-label="Search products"
          placeholder="What are you looking for?"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      ) : (
        <>
          <label htmlFor="q" className="visually-hidden">
            Search products
          </label>
          <input
            id="q"
            type="search"
            placeholder="Search tents, stoves, lights…"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        </>
      )}
      <button type="submit">Search</button>
    </form>
  );
  const cart = (
    <Link to="/shop/cart" shop={shop} className={DRIFT ? 'basket' : 'cart-link'}>
      Cart ({count})
    </Link>
  );
  // Drifted: the cart link moves before the search, both in a wrapper.
  return (
    <header className={cls('top')}>
      <Link to="/shop" shop={shop} className={cls('logo')}>
        Wayfinder Outfitters
      </Link>
      {DRIFT ? (
        <div className="header-tools">
          {cart}
          {search}
        </div>
      ) : (
        <>
          {search}
          {cart}
        </>
      )}
    </header>
  );
}

function Categories({ shop }: { shop: ShopContext }) {
  const categories = [
    ['tents', 'Tents'],
    ['sleeping-bags', 'Sleeping bags'],
    ['backpacks', 'Backpacks'],
    ['stoves', 'Stoves'],
    ['lights', 'Lights'],
    ['furniture', 'Camp furniture'],
  ];
  return (
    <nav aria-label="Categories" className={cls('categories')}>
      {categories.map(([id = '', label = '']) => (
        <Link key={id} to={`/shop/c/${id}`} shop={shop}>
          {label}
        </Link>
      ))}
    </nav>
  );
}

function route(path: string, shop: ShopContext): ReactNode {
  const url = new URL(path, location.origin);
  const parts = url.pathname.split('/').filter(Boolean);
  if (parts[1] === 'p' && parts[2]) return <ProductPage id={parts[2]} shop={shop} />;
  if (parts[1] === 'cart') return <CartPage shop={shop} />;
  if (parts[1] === 'checkout') return <CheckoutPage shop={shop} />;
  if (parts[1] === 'order' && parts[2]) return <OrderPage id={parts[2]} shop={shop} />;
  if (parts[1] === 'c' && parts[2]) return <Listing key={path} category={parts[2]} query="" shop={shop} />;
  if (parts[1] === 'search') return <Listing key={path} category="" query={url.searchParams.get('q') ?? ''} shop={shop} />;
  return <Listing key="home" category="" query="" shop={shop} />;
}

export function App() {
  const [path, navigate] = usePath();
  const [cart, setCart] = useState<CartLine[]>([]);
  const [toast, setToast] = useState('');
  useEffect(() => {
    api
      .cart()
      .then(setCart)
      .catch(() => setCart([]));
  }, []);
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(''), 4000);
    return () => clearTimeout(timer);
  }, [toast]);
  const shop: ShopContext = { navigate, cart, setCart, notify: setToast };
  return (
    <>
      <Header shop={shop} path={path} />
      <Categories shop={shop} />
      <main className={cls('content')}>{route(path, shop)}</main>
      <div role="status" className={toast ? 'toast show' : 'toast'}>
        {toast}
      </div>
      <footer className={cls('bottom')}>
        <p>
          Wayfinder Outfitters · 12 Trailhead Road, Boulder · <a href="mailto:help@outfitters.example">help@outfitters.example</a>
        </p>
      </footer>
    </>
  );
}
