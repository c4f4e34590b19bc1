import { DRIFT_PARAM } from './drift';

// The two looks of Millbrook Bakery: the site as it is, and the same site after a redesign
// (`?drift=1`, see drift.ts). The pages (bakery-pages.ts) are written once against a Skin:
// its ids, classes and test-id attribute, plus `drift` for the places where the redesign
// moved things around or added wrappers. Links and form actions go through `to()`, which
// keeps the flag on every address the site makes.

const IDS = {
  top: 'top',
  basketCount: 'basket-count',
  main: 'content',
  search: 'search',
  query: 'q',
  notice: 'notice',
  results: 'results',
  qty: 'qty',
  basket: 'basket-lines',
  preorder: 'preorder-form',
  name: 'name',
  contact: 'contact',
  day: 'pickup-day',
  note: 'note',
  noteLeft: 'note-left',
  pay: 'pay-at-pickup',
  errors: 'form-errors',
  footer: 'shop-info',
} as const;

export type IdKey = keyof typeof IDS;

const DRIFT_IDS: Record<IdKey, string> = {
  top: 'masthead',
  basketCount: 'bag-size',
  main: 'page-body',
  search: 'finder',
  query: 'finder-text',
  notice: 'flash',
  results: 'bake-grid',
  qty: 'how-many',
  basket: 'bag-items',
  preorder: 'order-form',
  name: 'customer-name',
  contact: 'customer-contact',
  day: 'collect-on',
  note: 'baker-note',
  noteLeft: 'baker-note-count',
  pay: 'pay-in-shop',
  errors: 'problems',
  footer: 'visit-us',
};

const CLASSES = {
  header: 'site-header',
  brand: 'brand',
  nav: 'nav',
  count: 'count',
  wrap: 'wrap',
  intro: 'intro',
  searchRow: 'search-row',
  notice: 'notice',
  list: 'bake-list',
  row: 'bake',
  rowTitle: 'bake-title',
  rowBlurb: 'bake-blurb',
  rowPrice: 'bake-price',
  rowActions: 'bake-actions',
  addButton: 'add-btn',
  detailsLink: 'details',
  crumbs: 'crumbs',
  product: 'product',
  price: 'price',
  buyBox: 'buy-box',
  table: 'lines',
  num: 'num',
  total: 'total',
  muted: 'muted',
  field: 'field',
  check: 'check',
  primary: 'primary',
  error: 'error',
  receipt: 'receipt',
  footer: 'site-footer',
} as const;

export type ClassKey = keyof typeof CLASSES;

const DRIFT_CLASSES: Record<ClassKey, string> = {
  header: 'mast',
  brand: 'logo',
  nav: 'menu',
  count: 'bag-badge',
  wrap: 'container',
  intro: 'lede',
  searchRow: 'finder-bar',
  notice: 'flash-msg',
  list: 'grid',
  row: 'card',
  rowTitle: 'card-name',
  rowBlurb: 'card-text',
  rowPrice: 'card-cost',
  rowActions: 'card-foot',
  addButton: 'btn-bag',
  detailsLink: 'more-link',
  crumbs: 'trail',
  product: 'item',
  price: 'cost',
  buyBox: 'purchase',
  table: 'bag-table',
  num: 'right',
  total: 'sum',
  muted: 'soft',
  field: 'form-group',
  check: 'tick',
  primary: 'btn-main',
  error: 'oops',
  receipt: 'ticket',
  footer: 'foot',
};

export interface Skin {
  drift: boolean;
  id(key: IdKey): string;
  cls(key: ClassKey): string;
  /** The attribute the site's own tests hook onto. */
  testId: string;
  /** A site address, with the drift flag kept when it is on. */
  to(address: string): string;
}

export function withDrift(address: string, drift: boolean): string {
  if (!drift) return address;
  const [path = '', hash] = address.split('#');
  const out = `${path}${path.includes('?') ? '&' : '?'}${DRIFT_PARAM}=1`;
  return hash === undefined ? out : `${out}#${hash}`;
}

export function skinFor(drift: boolean): Skin {
  const ids: Record<IdKey, string> = drift ? DRIFT_IDS : IDS;
  const classes: Record<ClassKey, string> = drift ? DRIFT_CLASSES : CLASSES;
  return {
    drift,
    id: (key) => ids[key],
    cls: (key) => classes[key],
    testId: drift ? 'data-qa' : 'data-testid',
    to: (address) => withDrift(address, drift),
  };
}
