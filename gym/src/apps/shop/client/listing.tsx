import { useEffect, useState } from 'react';
import { api, money, type Product } from './api';
import { cls, DRIFT, id } from './drift';
import { Link, type ShopContext } from './link';

const TITLES: Record<string, string> = {
  tents: 'Tents',
  'sleeping-bags': 'Sleeping bags',
  backpacks: 'Backpacks',
  stoves: 'Stoves',
  lights: 'Lights',
  furniture: 'Camp furniture',
};

/** Drifted filters: a switch named by the text beside it (no label element). */
function Toggle({ id, label, checked, onChange }: { id: string; label: string; checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <div className={cls('check')}>
      <input type="checkbox" role="switch" aria-labelledby={`${id}-text`} checked={checked} onChange={(e) => onChange(e.target.checked)} />{' '}
      <span id={`${id}-text`}>{label}</span>
    </div>
  );
}

export function Listing({ category, query, shop }: { category: string; query: string; shop: ShopContext }) {
  const [items, setItems] = useState<Product[] | null>(null);
  const [under200, setUnder200] = useState(false);
  const [capacity, setCapacity] = useState('');
  const [inStock, setInStock] = useState(false);
  const [sort, setSort] = useState('relevance');
  const [error, setError] = useState('');

  useEffect(() => {
    const params = new URLSearchParams();
    if (query) params.set('q', query);
    if (category) params.set('category', category);
    if (under200) params.set('maxPrice', '200');
    if (capacity) params.set('capacity', capacity);
    if (inStock) params.set('inStock', '1');
    params.set('sort', sort);
    api
      .products(params.toString())
      .then(setItems)
      .catch((e: unknown) => setError(String(e)));
  }, [category, query, under200, capacity, inStock, sort]);

  const add = async (product: Product) => {
    try {
      shop.setCart(await api.addToCart(product.id, 1, product.colors[0] ?? ''));
      shop.notify(`Added ${product.name} to your cart.`);
    } catch (e) {
      shop.notify(e instanceof Error ? e.message : String(e));
    }
  };

  const title = query ? `Results for “${query}”` : category ? (TITLES[category] ?? category) : 'All gear';
  const filters = (
    <aside className={cls('filters')} aria-label="Filters">
      <h2>Filters</h2>
      {DRIFT ? (
        <>
          <Toggle id="under-200" label="Under $200" checked={under200} onChange={setUnder200} />
          <Toggle id="in-stock" label="In stock only" checked={inStock} onChange={setInStock} />
        </>
      ) : (
        <>
          <label className="check">
            <input type="checkbox" checked={under200} onChange={(e) => setUnder200(e.target.checked)} /> Under $200
          </label>
          <label className="check">
            <input type="checkbox" checked={inStock} onChange={(e) => setInStock(e.target.checked)} /> In stock only
          </label>
        </>
      )}
      <fieldset>
        <legend>Sleeps</legend>
        {['', '1', '2', '3', '4'].map((value) => (
          <label key={value} className={cls('check')}>
            <input type="radio" name="capacity" value={value} checked={capacity === value} onChange={() => setCapacity(value)} />{' '}
            {value ? `${value} ${value === '1' ? 'person' : 'people'}` : 'Any'}
          </label>
        ))}
      </fieldset>
      <label htmlFor={id('sort')}>Sort by</label>
      <select id={id('sort')} value={sort} onChange={(e) => setSort(e.target.value)}>
        <option value="relevance">Relevance</option>
        <option value="price-asc">Price: low to high</option>
        <option value="price-desc">Price: high to low</option>
        <option value="rating">Customer rating</option>
      </select>
    </aside>
  );
  const buy = (p: Product) =>
    p.inStock ? (
      <button type="button" onClick={() => void add(p)}>
        Add to cart
      </button>
    ) : (
      <button type="button" disabled>
        Out of stock
      </button>
    );
  // Drifted: the results come before the filters, and each card's button sits in a wrapper.
  return (
    <div className={cls('listing')}>
      {!DRIFT && filters}
      <section className={DRIFT ? 'found' : 'results'} aria-labelledby={id('results-title')}>
        <h1 id={id('results-title')}>{title}</h1>
        {error && <p role="alert">{error}</p>}
        {items && (
          <p className={DRIFT ? 'how-many' : 'count'}>
            {items.length} {items.length === 1 ? 'product' : 'products'}
          </p>
        )}
        <ul className={cls('grid')}>
          {items?.map((p) => (
            <li key={p.id} className={cls('card')}>
              <h3>
                <Link to={`/shop/p/${p.id}`} shop={shop}>
                  {p.name}
                </Link>
              </h3>
              <p className={cls('price')}>{money(p.price)}</p>
              <p className={cls('meta')}>
                {p.rating.toFixed(1)} stars · {p.reviews} reviews{p.capacity ? ` · sleeps ${p.capacity}` : ''}
              </p>
              {DRIFT ? <div className="tile-actions">{buy(p)}</div> : buy(p)}
            </li>
          ))}
        </ul>
        {items?.length === 0 && <p>No products match. Try fewer filters.</p>}
      </section>
      {DRIFT && filters}
    </div>
  );
}
