import { fail, otherSite, readJson, sendHtml, type Ctx } from '../http';
import type { GymState } from '../state';
import {
  ARTICLES,
  BLOCKED_SITE,
  OTHER_SITE_ARTICLE,
  VIDEOS,
  WATCHED_PRODUCT,
  WIRE_COPY,
  type GymArticle,
  type GymVideo,
} from './research-corpus';

// The gym's research sites (issue 15): a small search engine (/search?q=), a news site
// (/news/<slug>, with og:image and JSON-LD; /wire/<slug> syndicates one story under another
// address), a video site (/videos/results?search_query=, /videos/watch?v=), a product page
// whose price a test changes (/store/p/trail-tent-2p; POST /store/api/price {price}), and
// the pictures they show (/research/img/<name>.svg).

const prices = new WeakMap<GymState, number>();
const priceOf = (state: GymState) => prices.get(state) ?? WATCHED_PRODUCT.price;

const esc = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const words = (text: string) => text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
const stem = (w: string) => w.replace(/(ing|es|s)$/, '');

function page(title: string, head: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">${head}
<style>body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;line-height:1.5}
li{margin-bottom:1rem;list-style:none}cite{color:#166534;font-style:normal;font-size:.85rem}.meta{color:#555;font-size:.9rem}</style>
</head><body>${body}</body></html>`;
}

function matches(query: string, title: string, keywords: string[]): number {
  const wanted = words(query).map(stem);
  const have = new Set([...words(title), ...keywords].map(stem));
  return wanted.filter((w) => have.has(w)).length;
}

interface Hit {
  title: string;
  url: string;
  snippet: string;
  score: number;
}

function searchHits(ctx: Ctx, query: string): Hit[] {
  const main = ctx.mainOrigin;
  const hits: Hit[] = [];
  for (const a of ARTICLES) {
    const score = matches(query, a.title, a.keywords);
    if (!score) continue;
    const snippet = (a.paragraphs[0] ?? '').slice(0, 160);
    hits.push({ title: a.title, url: `${main}/news/${a.slug}`, snippet, score: score + 0.5 });
    // The same story syndicated (content duplicate) and with tracking parameters (address duplicate).
    if (a.slug === WIRE_COPY) hits.push({ title: `${a.title} | Gym Wire`, url: `${main}/wire/${a.slug}`, snippet, score });
    if (a.slug === 'ultralight-tents-under-a-kilo')
      hits.push({ title: a.title, url: `${main}/news/${a.slug}/?utm_source=gymgle&utm_medium=search#top`, snippet, score });
  }
  const other = OTHER_SITE_ARTICLE;
  const otherScore = matches(query, other.title, other.keywords);
  if (otherScore) {
    hits.push({ title: other.title, url: `${otherSite(ctx)}/news/${other.slug}`, snippet: other.paragraphs[0] ?? '', score: otherScore });
    hits.push({
      title: 'Trail running deals — 70% off today',
      url: `http://${BLOCKED_SITE}/deals/trail`,
      snippet: 'Click now.',
      score: otherScore,
    });
  }
  return hits.sort((a, b) => b.score - a.score);
}

function searchPage(ctx: Ctx): string {
  const query = ctx.url.searchParams.get('q') ?? '';
  const hits = query ? searchHits(ctx, query) : [];
  const list = hits
    .map((h) => `<li><h3><a href="${esc(h.url)}">${esc(h.title)}</a></h3><cite>${esc(h.url)}</cite><p>${esc(h.snippet)}</p></li>`)
    .join('');
  return page(
    `${query} — Gymgle`,
    '',
    `<header><a href="/search">Gymgle</a><form action="/search"><label>Search <input name="q" value="${esc(query)}"></label><button>Search</button></form></header>
<main><h2>Results</h2>${hits.length ? `<ol>${list}</ol>` : `<p>No results for “${esc(query)}”.</p>`}
<nav aria-label="Related"><h2><a href="/search?q=${encodeURIComponent(`${query} news`)}">More about ${esc(query)}</a></h2></nav></main>`,
  );
}

function articleHtml(ctx: Ctx, a: GymArticle, origin: string, wire: boolean): string {
  const url = `${origin}/${wire ? 'wire' : 'news'}/${a.slug}`;
  const image = `${ctx.mainOrigin}/research/img/${a.slug}.svg`;
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: a.title,
    image: [image],
    datePublished: a.published,
    author: { '@type': 'Person', name: a.author },
    publisher: { '@type': 'Organization', name: wire ? 'Gym Wire' : 'Gym News' },
  };
  const head = `<meta property="og:title" content="${esc(a.title)}"><meta property="og:image" content="${esc(image)}">
<meta property="og:site_name" content="${wire ? 'Gym Wire' : 'Gym News'}"><meta name="description" content="${esc((a.paragraphs[0] ?? '').slice(0, 150))}">
<meta name="author" content="${esc(a.author)}"><link rel="canonical" href="${esc(`${ctx.mainOrigin}/news/${a.slug}`)}">
<script type="application/ld+json">${JSON.stringify(jsonLd)}</script>`;
  const paragraphs = a.paragraphs.map((p) => `<p>${esc(p)}</p>`).join('');
  return page(
    a.title,
    head,
    `<header><a href="/news/">${wire ? 'Gym Wire' : 'Gym News'}</a></header><main><article><h1>${esc(a.title)}</h1>
<p class="meta">By ${esc(a.author)} · <time datetime="${a.published}">${a.published}</time></p>
<img src="${esc(image)}" alt="" width="640" height="320">${paragraphs}${wire ? '<p class="meta">Distributed by Gym Wire.</p>' : ''}</article></main>
<link rel="alternate" href="${esc(url)}">`,
  );
}

function videoResults(ctx: Ctx): string {
  const query = ctx.url.searchParams.get('search_query') ?? '';
  const found = VIDEOS.filter((v) => matches(query, v.title, words(v.topic)) > 0);
  const card = (v: GymVideo) =>
    `<li class="video"><a href="/videos/watch?v=${v.id}"><img src="/research/img/${v.id}.svg" alt="" width="240" height="135"><span class="duration">${v.duration}</span></a>
<div><h3><a href="/videos/watch?v=${v.id}">${esc(v.title)}</a></h3><a class="channel" href="/videos/@${encodeURIComponent(v.channel.replace(/\s+/g, ''))}">${esc(v.channel)}</a>
<span class="views">${v.views}</span> · <span>2 weeks ago</span></div></li>`;
  return page(
    `${query} — GymTube`,
    '',
    `<header><a href="/videos/">GymTube</a></header><main><h2>Videos</h2>${found.length ? `<ul>${found.map(card).join('')}</ul>` : '<p>No videos found.</p>'}</main>`,
  );
}

function watchPage(ctx: Ctx, v: GymVideo): string {
  const image = `${ctx.mainOrigin}/research/img/${v.id}.svg`;
  const jsonLd = { '@context': 'https://schema.org', '@type': 'VideoObject', name: v.title, thumbnailUrl: image, duration: v.duration };
  return page(
    v.title,
    `<meta property="og:title" content="${esc(v.title)}"><meta property="og:image" content="${esc(image)}"><meta property="og:type" content="video.other">
<script type="application/ld+json">${JSON.stringify(jsonLd)}</script>`,
    `<main><h1>${esc(v.title)}</h1><p class="meta">${esc(v.channel)} · ${v.views} · ${v.duration}</p><img src="${esc(image)}" alt="" width="640" height="360"><p>${esc(v.description)}</p></main>`,
  );
}

function productPage(ctx: Ctx, state: GymState): string {
  const p = WATCHED_PRODUCT;
  const price = priceOf(state).toFixed(2);
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.name,
    offers: { '@type': 'Offer', price, priceCurrency: p.currency, availability: 'https://schema.org/InStock' },
  };
  // ?plain=1: the same page without its JSON-LD (a shop that declares nothing).
  const declared = ctx.url.searchParams.get('plain') === '1' ? '' : `<script type="application/ld+json">${JSON.stringify(jsonLd)}</script>`;
  return page(
    p.name,
    `<meta property="og:title" content="${esc(p.name)}"><meta property="og:image" content="${ctx.mainOrigin}/research/img/${p.slug}.svg">
${declared}`,
    `<main><nav><a href="/store/">Gym Store</a></nav><h1>${esc(p.name)}</h1><p>A two-person trail tent, 1.4 kg.</p>
<p class="price">$${price}</p><button>Add to cart</button><h2>You may also like</h2><p>Camp Stove</p><p>$39.00</p></main>`,
  );
}

function picture(name: string): string {
  let hue = 0;
  for (const c of name) hue = (hue * 31 + c.charCodeAt(0)) % 360;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="320" viewBox="0 0 640 320"><rect width="640" height="320" fill="hsl(${hue} 45% 45%)"/><path d="M0 260 L180 120 L300 220 L420 90 L640 260 V320 H0Z" fill="hsl(${hue} 35% 25%)"/><circle cx="520" cy="70" r="34" fill="hsl(${(hue + 40) % 360} 80% 75%)"/></svg>`;
}

export async function researchRoutes(ctx: Ctx, state: GymState): Promise<boolean> {
  const path = ctx.url.pathname;
  if (path === '/search') return (sendHtml(ctx, searchPage(ctx)), true);
  const news = /^\/(news|wire)\/([a-z0-9-]+)\/?$/.exec(path);
  if (news) {
    const [, kind, slug] = news;
    const onOther = ctx.url.host !== new URL(ctx.mainOrigin).host;
    const article = onOther && slug === OTHER_SITE_ARTICLE.slug ? OTHER_SITE_ARTICLE : ARTICLES.find((a) => a.slug === slug);
    if (!article || (kind === 'wire' && slug !== WIRE_COPY)) return fail(ctx, 404, `No article ${path}.`);
    return (sendHtml(ctx, articleHtml(ctx, article, ctx.mainOrigin, kind === 'wire')), true);
  }
  if (path === '/videos/results') return (sendHtml(ctx, videoResults(ctx)), true);
  if (path === '/videos/watch') {
    const video = VIDEOS.find((v) => v.id === ctx.url.searchParams.get('v'));
    if (!video) return fail(ctx, 404, 'No such video.');
    return (sendHtml(ctx, watchPage(ctx, video)), true);
  }
  if (path === `/store/p/${WATCHED_PRODUCT.slug}`) return (sendHtml(ctx, productPage(ctx, state)), true);
  if (path === '/store/api/price') {
    if (ctx.method === 'POST') {
      const body = await readJson(ctx);
      const price = Number(body?.price);
      if (!Number.isFinite(price) || price <= 0) return fail(ctx, 422, 'Send {"price": <a positive number>}.');
      prices.set(state, price);
    }
    ctx.res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    ctx.res.end(JSON.stringify({ price: priceOf(state) }));
    return true;
  }
  const img = /^\/research\/img\/([a-z0-9-]+)\.svg$/.exec(path);
  if (img?.[1]) {
    ctx.res.writeHead(200, { 'content-type': 'image/svg+xml', 'cache-control': 'max-age=3600' });
    ctx.res.end(picture(img[1]));
    return true;
  }
  return false;
}
