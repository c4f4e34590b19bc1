// What the gym's research sites hold (issue 15): news articles (each with og:image and
// JSON-LD), videos, and which interest each serves — so a test knows the discoveries a
// research run over the gym should make.

export interface GymArticle {
  slug: string;
  title: string;
  topic: string;
  author: string;
  published: string;
  /** Words the small search engine matches besides the title's. */
  keywords: string[];
  paragraphs: string[];
}

const sentences = (subject: string, facts: string[]): string[] =>
  facts.map(
    (fact, i) =>
      `${fact} ${i % 2 ? `Readers who follow ${subject} will recognise the pattern.` : `It is a detail that matters for anyone into ${subject}.`} ` +
      `Field notes ${i + 1}: conditions, gear and timing were logged over several weeks so the findings are repeatable.`,
  );

export const ARTICLES: GymArticle[] = [
  {
    slug: 'trail-shoes-wet-rock',
    title: 'Trail running shoes that grip wet rock',
    topic: 'trail running',
    author: 'Mara Quinn',
    published: '2026-10-02',
    keywords: ['trail', 'running', 'shoes', 'grip'],
    paragraphs: sentences('trail running', [
      'We tested eleven trail running shoes on slick granite slabs after a week of autumn rain.',
      'Sticky rubber compounds with shallow lugs held best, while deep lugs skated on smooth stone.',
      'The winner kept its grip even when the soles were caked with mud from the approach.',
      'Cushioning mattered less than expected: stability on off-camber rock was the deciding factor.',
      'Two pairs wore through at the toe bumper within 200 kilometres, which we flag in the table.',
    ]),
  },
  {
    slug: 'first-trail-10k',
    title: 'Trail running for beginners: your first 10K off-road',
    topic: 'trail running',
    author: 'Dev Patel',
    published: '2026-09-18',
    keywords: ['trail', 'running', 'beginners', '10k'],
    paragraphs: sentences('trail running', [
      'A first off-road 10K is less about speed and more about learning to read the ground ahead.',
      'Walk the steep climbs from the start; almost every experienced runner does the same.',
      'Shorten your stride on descents and keep your eyes three steps ahead of your feet.',
      'Carry water even on short routes, because shade and streams are never guaranteed.',
      'Plan your first race on a course with a gentle profile and good waymarking.',
    ]),
  },
  {
    slug: 'ultralight-tents-under-a-kilo',
    title: 'Ultralight tents: three shelters under a kilo',
    topic: 'ultralight tents',
    author: 'Ines Ferreira',
    published: '2026-08-30',
    keywords: ['ultralight', 'tent', 'tents', 'shelter'],
    paragraphs: sentences('ultralight tents', [
      'Three single-wall shelters came in under a kilogram with stakes and a stuff sack included.',
      'Condensation was the main trade-off: the lightest one dripped on the two coldest nights.',
      'Trekking-pole pitches saved weight but took practice to get taut in gusty conditions.',
      'Floor fabrics at this weight need a groundsheet on rocky pitches to survive a season.',
      'Our pick balances livable space with a packed size that fits a small daypack.',
    ]),
  },
  {
    slug: 'pitching-in-high-wind',
    title: 'Pitching a tent in high wind',
    topic: 'ultralight tents',
    author: 'Sam Okafor',
    published: '2026-07-12',
    keywords: ['tent', 'tents', 'wind', 'pitching'],
    paragraphs: sentences('ultralight tents', [
      'Face the narrow end of the tent into the wind and stake that end down before anything else.',
      'Guy lines triple the stability of a light shelter; use every attachment point you have.',
      'Look for natural windbreaks such as boulders or a low wall, but stay clear of dead branches.',
      'Double up stakes in sandy or loose ground, or bury them sideways as deadman anchors.',
      'Practise at home first: a windy ridge is the worst place to learn a new pitch.',
    ]),
  },
  {
    slug: 'sourdough-in-five-days',
    title: 'A sourdough starter in five days',
    topic: 'sourdough',
    author: 'Lea Novak',
    published: '2026-06-05',
    keywords: ['sourdough', 'starter', 'bread', 'baking'],
    paragraphs: sentences('sourdough baking', [
      'Mix equal weights of wholemeal flour and water and keep the jar somewhere warm.',
      'Discard half and feed twice a day once bubbles appear on the second morning.',
      'A sharp, yoghurt-like smell on day three is normal and fades as yeasts take over.',
      'The starter is ready when it doubles within six hours of a feed, reliably.',
      'Keep it in the fridge between bakes and feed it once a week.',
    ]),
  },
  {
    slug: 'council-bike-lanes',
    title: 'City council approves new bike lanes',
    topic: 'local news',
    author: 'Ana Ruiz',
    published: '2026-10-10',
    keywords: ['council', 'bike', 'city'],
    paragraphs: sentences('city politics', [
      'The council voted seven to two to add protected bike lanes on three central streets.',
      'Construction starts in spring and should finish before the summer holidays.',
      'Shop owners asked for loading bays, which the plan now includes on every block.',
    ]),
  },
];

/** The syndicated copy of an article (another address, the same story): a content duplicate. */
export const WIRE_COPY = 'trail-shoes-wet-rock';
/** An article on the second site (localhost), which a person has not allowed: research must skip it. */
export const OTHER_SITE_ARTICLE: GymArticle = {
  slug: 'alpine-trail-races',
  title: 'Trail running races in the Alps this winter',
  topic: 'trail running',
  author: 'Jon Weber',
  published: '2026-10-05',
  keywords: ['trail', 'running', 'alps', 'races'],
  paragraphs: sentences('trail running', ['Five winter trail races in the Alps, with dates, distances and how to enter.']),
};
/** A site a test blocks: the search engine lists it, research never opens it (nothing serves it). */
export const BLOCKED_SITE = 'tracker.test';

export interface GymVideo {
  id: string;
  title: string;
  channel: string;
  duration: string;
  views: string;
  topic: string;
  description: string;
}

export const VIDEOS: GymVideo[] = [
  {
    id: 'tr-drills',
    title: 'Trail running form drills for steep hills',
    channel: 'Hill Lab',
    duration: '12:04',
    views: '48K views',
    topic: 'trail running',
    description:
      'Four drills to run steep climbs efficiently: short quick steps, high cadence, power hiking with hands on knees and relaxed shoulders. Filmed on a 20% grade with slow-motion breakdowns of each drill and common mistakes.',
  },
  {
    id: 'tent-pitch',
    title: 'Ultralight tent pitch in 90 seconds',
    channel: 'Packed Light',
    duration: '4:31',
    views: '1.2M views',
    topic: 'ultralight tents',
    description:
      'A trekking-pole shelter pitched start to finish in real time: stake the corners, set the pole, tension the guy lines. Includes tips for rocky ground where stakes will not go in and how to avoid a sagging ridge overnight.',
  },
  {
    id: 'bread-score',
    title: 'How to score sourdough bread',
    channel: 'Crumb Club',
    duration: '7:58',
    views: '310K views',
    topic: 'sourdough',
    description: 'Scoring patterns for sourdough loaves, the angle of the blade and when to score for the best ear.',
  },
];

/** The watched product: its price starts here and changes when a test asks (POST /store/api/price). */
export const WATCHED_PRODUCT = { slug: 'trail-tent-2p', name: 'Trail Tent 2P', price: 149.99, currency: 'USD' };
