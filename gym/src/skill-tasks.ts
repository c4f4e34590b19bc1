import type { BakeryOrder, GymSnapshot } from './state';
import type { CheckResult, GymTask } from './tasks';

// Tasks on Millbrook Bakery (/bakery), a site held out from the skills work: each has a
// demonstration in gym/solutions/<id>.json, and variants that replay it with other values
// typed in. A variant's checker looks for what those values should have done, in the gym's
// state only. The base `check` is for the demonstration's own values.

export interface SkillVariant {
  /** What this replay changes: each value the demonstration typed (exact string) → the value to type instead. */
  replace: Record<string, string>;
  /** Whether the replay with those values did the right thing (gym state only). */
  check: (state: GymSnapshot, answer: string) => CheckResult;
  note: string;
}

export interface SkillTask extends Omit<GymTask, 'app'> {
  app: 'bakery';
  variants: SkillVariant[];
}

const pass = (reason: string): CheckResult => ({ ok: true, reason });
const failed = (reason: string): CheckResult => ({ ok: false, reason });

const basketText = (s: GymSnapshot) => s.bakery.basket.map((l) => `${l.qty} × ${l.title}`).join(', ') || 'nothing';

/** The basket holds exactly these bakes, one of each. */
function basketIs(...titles: string[]): (s: GymSnapshot) => CheckResult {
  return (s) => {
    const want = [...titles].sort();
    const have = s.bakery.basket.map((l) => l.title).sort();
    const ones = s.bakery.basket.every((l) => l.qty === 1);
    return JSON.stringify(want) === JSON.stringify(have) && ones
      ? pass(`The basket holds one each of ${titles.join(' and ')}.`)
      : failed(`The basket should hold one each of ${titles.join(' and ')}; it holds ${basketText(s)}.`);
  };
}

interface OrderWanted {
  name: string;
  contact: string;
  day: string;
  bake: string;
  /** The order's own page must have been opened (from the thank-you page's link). */
  viewed?: boolean;
}

function describe(o: BakeryOrder): string {
  return `${o.id} for ${o.name} (${o.contact}), ${o.pickupDay}, ${o.lines.map((l) => l.title).join(', ')}${o.payAtPickup ? ', pay at pickup' : ''}`;
}

/** A pre-order with these values exists (the newest such, when a run placed more than one). */
function orderPlaced(want: OrderWanted): (s: GymSnapshot) => CheckResult {
  return (s) => {
    const mine = s.bakery.orders.filter((o) => o.name === want.name);
    const order = mine.at(-1);
    if (!order) {
      const others = s.bakery.orders.map(describe).join('; ') || 'none';
      return failed(`No pre-order for ${want.name}; orders: ${others}.`);
    }
    const wrong = [
      order.contact === want.contact || `contact ${order.contact}`,
      order.pickupDay === want.day || `pickup day ${order.pickupDay}`,
      order.payAtPickup || 'not paying at pickup',
      order.lines.some((l) => l.title === want.bake) || `no ${want.bake}`,
      !want.viewed || order.views > 0 || 'its order page was never opened',
    ].filter((x) => x !== true);
    if (wrong.length) return failed(`Pre-order ${order.id} for ${want.name} is wrong: ${wrong.join(', ')}.`);
    return pass(`Pre-order ${order.id} placed: ${describe(order)}${want.viewed ? ', and its page opened' : ''}.`);
  };
}

export const SKILL_TASKS: SkillTask[] = [
  {
    id: 'bakery-add-from-results',
    app: 'bakery',
    start: '/bakery',
    instruction: 'At Millbrook Bakery, search for the Cardamom bun and add one to the basket from the search results.',
    command: 'type "Cardamom bun" into "Find a bake" and press Enter, then click "Add" in the Cardamom bun row',
    check: basketIs('Cardamom bun'),
    variants: [
      {
        replace: { 'Cardamom bun': 'Dark rye loaf' },
        check: basketIs('Dark rye loaf'),
        note: 'Another bake by its full title; "Rye loaf" and "Seeded rye rolls" rows are listed under it.',
      },
      {
        replace: { 'Cardamom bun': 'Rye loaf' },
        check: basketIs('Rye loaf'),
        note: 'A title that is also inside another row\'s title ("Dark rye loaf", in other case): only the Rye loaf row is right.',
      },
    ],
  },
  {
    id: 'bakery-first-result',
    app: 'bakery',
    start: '/bakery',
    instruction: 'At Millbrook Bakery, search for "rye", open the first result and add one to the basket from its page.',
    command: 'type "rye" into "Find a bake" and press Enter, click the first "Details", then click "Add to basket"',
    check: basketIs('Rye loaf'),
    variants: [
      {
        replace: { rye: 'sourdough' },
        check: basketIs('Sourdough loaf'),
        note: '"sourdough" lists Sourdough loaf first, then Sourdough baguette and Seeded sourdough.',
      },
      {
        replace: { rye: 'bun' },
        check: basketIs('Cardamom bun'),
        note: '"bun" lists Cardamom bun first (ties go to the shorter title, then the alphabet), then Cinnamon bun.',
      },
    ],
  },
  {
    id: 'bakery-preorder',
    app: 'bakery',
    start: '/bakery',
    instruction:
      'At Millbrook Bakery, pre-order one Cinnamon bun for Ada Lovelace (ada@example.org), to pick up on Saturday, paying at pickup.',
    check: orderPlaced({ name: 'Ada Lovelace', contact: 'ada@example.org', day: 'Saturday', bake: 'Cinnamon bun' }),
    variants: [
      {
        replace: { 'Ada Lovelace': 'Grace Hopper', Saturday: 'Friday' },
        check: orderPlaced({ name: 'Grace Hopper', contact: 'ada@example.org', day: 'Friday', bake: 'Cinnamon bun' }),
        note: 'Another name and pickup day (the day is chosen in a select, not typed).',
      },
      {
        replace: { 'Ada Lovelace': 'Katherine Johnson', 'ada@example.org': '07700 900123', Saturday: 'Sunday' },
        check: orderPlaced({ name: 'Katherine Johnson', contact: '07700 900123', day: 'Sunday', bake: 'Cinnamon bun' }),
        note: 'Another name, a phone number for the contact, and another day.',
      },
    ],
  },
  {
    id: 'bakery-two-orders',
    app: 'bakery',
    start: '/bakery',
    instruction:
      'At Millbrook Bakery, pre-order one Sourdough loaf for Hedy Lamarr (hedy@example.org), pickup on Thursday, paying at pickup; then open the order from the confirmation page.',
    check: orderPlaced({ name: 'Hedy Lamarr', contact: 'hedy@example.org', day: 'Thursday', bake: 'Sourdough loaf', viewed: true }),
    variants: [
      {
        replace: { 'Hedy Lamarr': 'Radia Perlman', Thursday: 'Saturday' },
        check: orderPlaced({ name: 'Radia Perlman', contact: 'hedy@example.org', day: 'Saturday', bake: 'Sourdough loaf', viewed: true }),
        note: 'A new order gets a new number and ref: the "View order" address must be the new one, not the recorded one.',
      },
      {
        replace: { 'Hedy Lamarr': 'Frances Allen', 'hedy@example.org': 'frances@example.org' },
        check: orderPlaced({
          name: 'Frances Allen',
          contact: 'frances@example.org',
          day: 'Thursday',
          bake: 'Sourdough loaf',
          viewed: true,
        }),
        note: 'Another name and email, the same day.',
      },
    ],
  },
  {
    id: 'bakery-add-two',
    app: 'bakery',
    start: '/bakery',
    instruction: 'At Millbrook Bakery, add one Cinnamon bun and one Sourdough loaf to the basket, each from its search results.',
    command: 'search for "Cinnamon bun" and click "Add" in its row, then search for "Sourdough loaf" and click "Add" in its row',
    check: basketIs('Cinnamon bun', 'Sourdough loaf'),
    variants: [
      {
        replace: { 'Cinnamon bun': 'Almond croissant', 'Sourdough loaf': 'Seeded rye rolls' },
        check: basketIs('Almond croissant', 'Seeded rye rolls'),
        note: 'Two other bakes; "Butter croissant" and the other rye bakes are listed beside them.',
      },
      {
        replace: { 'Cinnamon bun': 'Hot cross bun', 'Sourdough loaf': 'Seeded sourdough' },
        check: basketIs('Hot cross bun', 'Seeded sourdough'),
        note: 'Each search lists the other buns, or the other sourdoughs and seeded bakes, beside the one to add.',
      },
    ],
  },
];

export function skillTaskById(id: string): SkillTask {
  const task = SKILL_TASKS.find((t) => t.id === id);
  if (!task) throw new Error(`No skill task "${id}"; known: ${SKILL_TASKS.map((t) => t.id).join(', ')}.`);
  return task;
}
