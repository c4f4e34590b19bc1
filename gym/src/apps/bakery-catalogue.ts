// Millbrook Bakery's bakes and its search. Prices are in pence. Several titles share words
// ("Rye loaf", "Dark rye loaf", "Seeded rye rolls"; the buns; the croissants), so a search
// lists more than one row and a row has to be told apart by its title.

export interface Bake {
  slug: string;
  title: string;
  /** Pence. */
  price: number;
  /** One line for the list. */
  blurb: string;
  /** A few sentences for the product page. */
  about: string;
  /** Words people search for that the title does not have. */
  tags: string[];
  shelf: 'Bread' | 'Buns & pastries' | 'Cakes & biscuits';
}

export const BAKES: Bake[] = [
  {
    slug: 'rye-loaf',
    title: 'Rye loaf',
    price: 420,
    blurb: 'Our everyday light rye, baked in a tin.',
    about: 'Half rye, half wheat, with a little caraway. Slices thin and keeps for four days.',
    tags: ['bread', 'caraway'],
    shelf: 'Bread',
  },
  {
    slug: 'dark-rye-loaf',
    title: 'Dark rye loaf',
    price: 480,
    blurb: 'Dense Danish-style rye with black treacle and sunflower kernels.',
    about: 'Whole rye grains soaked overnight, a long slow bake, and a crust you can knock on. Best sliced thin with butter.',
    tags: ['bread', 'rugbrød', 'danish'],
    shelf: 'Bread',
  },
  {
    slug: 'seeded-rye-rolls',
    title: 'Seeded rye rolls',
    price: 360,
    blurb: 'Bag of four, rolled in pumpkin and linseed.',
    about: 'Small rye rolls for packed lunches. Sold in bags of four.',
    tags: ['bread', 'roll', 'pumpkin', 'linseed'],
    shelf: 'Bread',
  },
  {
    slug: 'sourdough-loaf',
    title: 'Sourdough loaf',
    price: 450,
    blurb: 'Our house white sourdough, 36 hours from mix to oven.',
    about: 'Wheat, water, salt and our starter, Agnes, who is eleven years old. Open crumb, blistered crust.',
    tags: ['bread', 'white', 'levain'],
    shelf: 'Bread',
  },
  {
    slug: 'seeded-sourdough',
    title: 'Seeded sourdough',
    price: 490,
    blurb: 'The house sourdough with sesame, poppy and sunflower.',
    about: 'Toasted seeds folded through the dough and pressed into the crust.',
    tags: ['bread', 'sesame', 'poppy'],
    shelf: 'Bread',
  },
  {
    slug: 'sourdough-baguette',
    title: 'Sourdough baguette',
    price: 280,
    blurb: 'Thin and crackly, best eaten the same day.',
    about: 'Shaped by hand every morning at five. Ask us to halve it if your bag is small.',
    tags: ['bread', 'french', 'stick'],
    shelf: 'Bread',
  },
  {
    slug: 'oat-and-honey-loaf',
    title: 'Oat and honey loaf',
    price: 430,
    blurb: 'Soft sandwich bread with local honey.',
    about: 'Porridge oats and honey from the allotments on Ferry Road. A family favourite for toast.',
    tags: ['bread', 'sandwich', 'toast'],
    shelf: 'Bread',
  },
  {
    slug: 'focaccia-slab',
    title: 'Focaccia slab',
    price: 550,
    blurb: 'Rosemary, flaky sea salt and plenty of olive oil.',
    about: 'Baked in a tray and cut into a generous slab. Lovely warmed through.',
    tags: ['bread', 'italian', 'rosemary'],
    shelf: 'Bread',
  },
  {
    slug: 'cinnamon-bun',
    title: 'Cinnamon bun',
    price: 240,
    blurb: 'Swedish-style knot with cinnamon butter and pearl sugar.',
    about: 'Enriched dough, brown butter and Ceylon cinnamon, twisted into a knot and glazed.',
    tags: ['pastry', 'sweet', 'swedish', 'kanelbulle'],
    shelf: 'Buns & pastries',
  },
  {
    slug: 'cardamom-bun',
    title: 'Cardamom bun',
    price: 260,
    blurb: 'Freshly ground cardamom, a sticky syrup glaze.',
    about: 'We grind the green pods every morning. Our most asked-for bake: pre-order to be sure of one.',
    tags: ['pastry', 'sweet', 'swedish', 'kardemummabulle'],
    shelf: 'Buns & pastries',
  },
  {
    slug: 'hot-cross-bun',
    title: 'Hot cross bun',
    price: 220,
    blurb: 'Spiced fruit bun with an orange glaze.',
    about: 'Sultanas, mixed peel and mixed spice. Baked all year round because people kept asking.',
    tags: ['pastry', 'sweet', 'fruit', 'easter'],
    shelf: 'Buns & pastries',
  },
  {
    slug: 'butter-croissant',
    title: 'Butter croissant',
    price: 220,
    blurb: 'Laminated over three days with cultured butter.',
    about: 'Twenty-seven layers and a proper honeycomb inside.',
    tags: ['pastry', 'french', 'viennoiserie'],
    shelf: 'Buns & pastries',
  },
  {
    slug: 'almond-croissant',
    title: 'Almond croissant',
    price: 310,
    blurb: 'Twice baked with frangipane and flaked almonds.',
    about: "Yesterday's croissants, filled, topped and baked again. Dusted with icing sugar.",
    tags: ['pastry', 'french', 'frangipane'],
    shelf: 'Buns & pastries',
  },
  {
    slug: 'pain-au-chocolat',
    title: 'Pain au chocolat',
    price: 250,
    blurb: 'Croissant dough wrapped round two batons of dark chocolate.',
    about: 'Made alongside the croissants, with 70% dark chocolate batons.',
    tags: ['pastry', 'french'],
    shelf: 'Buns & pastries',
  },
  {
    slug: 'lemon-drizzle-slice',
    title: 'Lemon drizzle slice',
    price: 290,
    blurb: 'Sharp lemon syrup soaked into a light sponge.',
    about: 'Cut from a big tray bake. Contains egg, wheat and dairy.',
    tags: ['cake', 'sweet', 'citrus'],
    shelf: 'Cakes & biscuits',
  },
  {
    slug: 'chocolate-chip-cookie',
    title: 'Chocolate chip cookie',
    price: 180,
    blurb: 'Chewy middle, crisp edge, sea salt on top.',
    about: 'Brown butter dough rested for two days before baking.',
    tags: ['biscuit', 'sweet'],
    shelf: 'Cakes & biscuits',
  },
];

export function bakeBySlug(slug: string): Bake | undefined {
  return BAKES.find((b) => b.slug === slug);
}

export function money(pence: number): string {
  return `£${(pence / 100).toFixed(2)}`;
}

const words = (text: string): string[] => text.toLowerCase().match(/[\p{L}\d]+/gu) ?? [];

/**
 * How well a bake fits a search, 0 for not at all. Any word may match (a bakery customer
 * types "cardamom bun" and is glad to see the other buns too), but the title counts most:
 * the whole title, then a title that starts with the search, then the search as a phrase
 * in the title, then each word in the title, and last each word in the blurb or tags.
 */
export function matchScore(bake: Bake, query: string): number {
  const q = words(query);
  if (!q.length) return 0;
  const phrase = q.join(' ');
  const title = words(bake.title);
  const titleText = title.join(' ');
  const other = new Set([...words(bake.blurb), ...bake.tags.flatMap(words)]);
  let score = 0;
  if (titleText === phrase) score += 1000;
  else if (titleText.startsWith(`${phrase} `)) score += 200;
  else if (` ${titleText} `.includes(` ${phrase} `)) score += 100;
  for (const w of q) {
    if (title.includes(w)) score += 20;
    else if (w.length >= 3 && title.some((t) => t.startsWith(w))) score += 12;
    else if (other.has(w) || (w.length >= 3 && [...other].some((t) => t.startsWith(w)))) score += 3;
  }
  return score;
}

/** Bakes that match, best first; ties go to the shorter title, then the alphabet. */
export function searchBakes(query: string): Bake[] {
  return BAKES.map((bake) => ({ bake, score: matchScore(bake, query) }))
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score || a.bake.title.length - b.bake.title.length || a.bake.title.localeCompare(b.bake.title))
    .map((x) => x.bake);
}
