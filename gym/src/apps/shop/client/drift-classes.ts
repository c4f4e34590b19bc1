// Shared by the client and the server (whose drift.css is shop.css with these renames).

/** The drifted class names; the server's drift.css is shop.css with the same renames. */
export const DRIFT_CLASSES: Record<string, string> = {
  top: 'masthead',
  logo: 'brand',
  search: 'finder',
  categories: 'departments',
  content: 'page-body',
  listing: 'browse',
  filters: 'refine',
  check: 'option-row',
  grid: 'tiles',
  card: 'tile',
  price: 'cost',
  meta: 'facts',
  buy: 'purchase',
  checkout: 'order-form',
  field: 'form-row',
  total: 'sum',
  steps: 'progress',
  bottom: 'site-footer',
};
