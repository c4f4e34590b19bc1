import { randomInt } from 'node:crypto';
import { PRODUCTS } from './apps/shop/products';

/** What one phrasing page (apps/phrasing.ts) last reported. */
export interface PhrasingPage {
  /** Each marked control's value (checked state for checkboxes and radios). */
  values: Record<string, string | boolean>;
  /** What happened, in order: "click:Submit", "closed:popup", "menu:Edit>Paste Special>Values", … */
  events: string[];
  /** The marked control that has focus ("" for none). */
  focused: string;
}

export type PhrasingState = Record<string, PhrasingPage>;

// Everything the gym apps remember, per gym instance: tests start their own gym, so
// they never see each other's carts or orders. Checkers read this through /api/state.

export interface CartLine {
  productId: string;
  name: string;
  price: number;
  qty: number;
  color: string;
}

export interface Order {
  id: string;
  lines: CartLine[];
  total: number;
  shipping: Record<string, string>;
  payment: { name: string; cardLast4: string; expiry: string };
  createdAt: string;
}

export interface Account {
  fullName: string;
  email: string;
  /** The gym keeps only whether a password was set, never the password itself. */
  passwordSet: boolean;
  country: string;
  plan: string;
  birthDate: string;
  bio: string;
  newsletter: boolean;
  acceptedTerms: boolean;
}

export interface AdminUser {
  id: number;
  name: string;
  email: string;
  role: string;
  joined: string;
}

const FIRST = [
  'Ada',
  'Grace',
  'Alan',
  'Katherine',
  'Linus',
  'Margaret',
  'Dennis',
  'Barbara',
  'Ken',
  'Frances',
  'Edsger',
  'Radia',
  'Tim',
  'Hedy',
  'John',
  'Sophie',
  'Donald',
  'Shafi',
];
const LAST = [
  'Lovelace',
  'Hopper',
  'Turing',
  'Johnson',
  'Torvalds',
  'Hamilton',
  'Ritchie',
  'Liskov',
  'Thompson',
  'Allen',
  'Dijkstra',
  'Perlman',
  'Berners-Lee',
  'Lamarr',
  'McCarthy',
  'Wilson',
  'Knuth',
  'Goldwasser',
];
const ROLES = ['admin', 'editor', 'viewer'];

function adminUsers(): AdminUser[] {
  return Array.from({ length: 35 }, (_, i) => {
    const first = FIRST[i % FIRST.length] ?? 'User';
    const last = LAST[(i * 7) % LAST.length] ?? String(i);
    const name = i < FIRST.length ? `${first} ${LAST[i] ?? last}` : `${first} ${last}`;
    const day = String((i % 28) + 1).padStart(2, '0');
    const month = String((i % 12) + 1).padStart(2, '0');
    return {
      id: i + 1,
      name,
      email: `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@example.org`,
      role: ROLES[i % 3] ?? 'viewer',
      joined: `202${i % 5}-${month}-${day}`,
    };
  });
}

export interface WidgetsState {
  counter: number;
  newsletter: string[];
  profile: { name: string; color: string } | null;
  payments: { cardLast4: string; amount: number; name: string }[];
  accessCode: string;
  shortcut: string;
  offerClaimed: boolean;
  tripName: string;
  accountDeleted: boolean;
  downloads: number;
}

export interface FeedState {
  liked: number[];
  settings: { darkMode: boolean; notifications: boolean; digest: string };
  fruit: string;
  taskOrder: string[];
  uploads: { name: string; size: number; type: string; text: string }[];
}

export interface TrapHit {
  path: string;
  query: string;
  at: string;
}

/** A checkout in progress: the shipping address is in, payment is next. */
export interface Checkout {
  step: 'payment';
  shipping: Record<string, string>;
}

/** A request the lying pages' server received (any host name: *.localhost all reach it). */
export interface LiarRequest {
  host: string;
  method: string;
  /** Path and query. */
  path: string;
  /** The body, for anything but GET (cut at 10,000 characters). */
  body: string;
  /** What the browser said the request is for (Sec-Fetch-Dest: document, iframe, empty…). */
  dest: string;
  at: number;
}

/** The lying pages: what reached them, what their scripts reported, and their downloads. */
export interface LiarState {
  requests: LiarRequest[];
  /** What a page's own script reported (a trick that fired, a value it showed). */
  reports: { host: string; page: string; what: string; at: number }[];
  /** Each download body sent, and whether the browser took all of it. */
  downloads: { host: string; path: string; finished: boolean }[];
}

/** A line in the bakery's basket (prices in pence). */
export interface BakeryLine {
  slug: string;
  title: string;
  price: number;
  qty: number;
}

/** A bakery pre-order: collected and paid for in the shop. */
export interface BakeryOrder {
  /** Server-made: sequential from a random base per gym instance. */
  id: string;
  /** The token the order's own pages need (`?ref=`), random per order. */
  ref: string;
  name: string;
  contact: string;
  pickupDay: string;
  note: string;
  payAtPickup: boolean;
  lines: BakeryLine[];
  /** Pence. */
  total: number;
  createdAt: string;
  /** How often the order's page (not its thank-you page) was opened with the right ref. */
  views: number;
}

export interface BakeryState {
  basket: BakeryLine[];
  orders: BakeryOrder[];
}

export interface GymSnapshot {
  shop: { cart: CartLine[]; orders: Order[]; checkout: Checkout | null; productCount: number };
  signup: { accounts: Account[] };
  admin: { users: AdminUser[]; deleted: AdminUser[]; loggedInSessions: number; failedLogins: number };
  widgets: WidgetsState;
  feed: Omit<FeedState, 'uploads'> & { uploads: { name: string; size: number; type: string; preview: string }[] };
  traps: { hits: TrapHit[] };
  liar: LiarState;
  phrasing: PhrasingState;
  bakery: BakeryState;
}

export const FEED_TASKS = ['Plan the route', 'Pack the tent', 'Buy fuel', 'Check the weather', 'Write tests'];

export class GymState {
  cart: CartLine[] = [];
  orders: Order[] = [];
  checkout: Checkout | null = null;
  accounts: Account[] = [];
  users: AdminUser[] = adminUsers();
  deletedUsers: AdminUser[] = [];
  adminSessions = new Set<string>();
  failedLogins = 0;
  widgets: WidgetsState = {
    counter: 0,
    newsletter: [],
    profile: null,
    payments: [],
    accessCode: '',
    shortcut: '',
    offerClaimed: false,
    tripName: 'Weekend loop',
    accountDeleted: false,
    downloads: 0,
  };
  feed: FeedState = {
    liked: [],
    settings: { darkMode: false, notifications: true, digest: 'weekly' },
    fruit: '',
    taskOrder: [...FEED_TASKS],
    uploads: [],
  };
  traps: { hits: TrapHit[] } = { hits: [] };
  liar: LiarState = { requests: [], reports: [], downloads: [] };
  phrasing: PhrasingState = {};
  bakery: BakeryState = { basket: [], orders: [] };
  private nextOrder = 1001;
  /** Bakery order numbers start somewhere new in each gym instance. */
  private nextBakeryOrder = 3000 + randomInt(6000);

  newOrderId(): string {
    return String(this.nextOrder++);
  }

  newBakeryOrderId(): string {
    return String(this.nextBakeryOrder++);
  }

  /** What checkers see. Never contains passwords or full card numbers. */
  snapshot(): GymSnapshot {
    return {
      shop: { cart: this.cart, orders: this.orders, checkout: this.checkout, productCount: PRODUCTS.length },
      signup: { accounts: this.accounts },
      admin: { users: this.users, deleted: this.deletedUsers, loggedInSessions: this.adminSessions.size, failedLogins: this.failedLogins },
      widgets: this.widgets,
      feed: { ...this.feed, uploads: this.feed.uploads.map(({ text, ...rest }) => ({ ...rest, preview: text.slice(0, 200) })) },
      traps: this.traps,
      liar: this.liar,
      phrasing: this.phrasing,
      bakery: this.bakery,
    };
  }
}
