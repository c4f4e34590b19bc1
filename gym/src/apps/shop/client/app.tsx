import { useCallback, useEffect, useState, type SyntheticEvent, type ReactNode } from 'react';
import { api, type CartLine } from './api';
import { Link, type ShopContext } from './link';
import { CartPage } from './cart';
import { CheckoutPage } from './checkout';
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
  const navigate = useCallback((to: string) => {
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
  return (
    <header className="top">
      <Link to="/shop" shop={shop} className="logo">
        Wayfinder Outfitters
      </Link>
      <form role="search" onSubmit={submit} className="search">
        <label htmlFor="q" className="visually-hidden">
          Search products
        </label>
        <input id="q" type="search" placeholder="Search tents, stoves, lights…" value={query} onChange={(e) => setQuery(e.target.value)} />
        <button type="submit">Search</button>
      </form>
      <Link to="/shop/cart" shop={shop} className="cart-link">
        Cart ({count})
      </Link>
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
    <nav aria-label="Categories" className="categories">
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
      <main className="content">{route(path, shop)}</main>
      <div role="status" className={toast ? 'toast show' : 'toast'}>
        {toast}
      </div>
      <footer className="bottom">
        <p>
          Wayfinder Outfitters · 12 Trailhead Road, Boulder · <a href="mailto:help@outfitters.example">help@outfitters.example</a>
        </p>
      </footer>
    </>
  );
}
