import type { Discovery, FeedPage } from '@wayfinder/core';

// Thumbs drawn as SVG, not emoji: a machine without an emoji font shows boxes.
const THUMB_UP =
  '<svg class="thumb" aria-hidden="true" viewBox="0 0 24 24" width="14" height="14" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M7 10v12"/><path d="M15 5.88 14 10h5.83a2 2 0 0 1 1.92 2.56l-2.33 8A2 2 0 0 1 17.5 22H4a2 2 0 0 1-2-2v-8a2 2 0 0 1 2-2h2.76a2 2 0 0 0 1.79-1.11L12 2a3.13 3.13 0 0 1 3 3.88Z"/></svg>';
const THUMB_DOWN = THUMB_UP.replace('<path', '<g transform="rotate(180 12 12)"><path').replace('</svg>', '</g></svg>');

// The feed page `wayfinder serve` shows at /feed: server-rendered cards (image, title, the
// interest and site, the date, the summary), New and Archive tabs, pages of 12, a card
// opening in a dialog, 👍 / 👎 on each. Its small script only enhances: the dialog and the
// reactions (sent with the page's token). Light and dark follow the system.

export const PAGE_SIZE = 12;

const esc = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const webUrl = (url: string | undefined) => (url && /^https?:\/\//i.test(url) ? url : '');
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function card(d: Discovery): string {
  const image = webUrl(d.image);
  const reacted = d.reaction
    ? `<p class="reacted">${d.reaction === 'up' ? `${THUMB_UP} You liked this` : `${THUMB_DOWN} Not for you`}</p>`
    : '';
  const kind = d.kind === 'change' ? 'Change' : d.kind === 'video' ? 'Video' : 'Article';
  return `<li class="card" data-id="${esc(d.id)}" data-url="${esc(webUrl(d.url))}" data-why="${esc(d.why)}" data-kind="${kind}">
<button type="button" class="open" aria-haspopup="dialog" aria-label="${image ? '' : `${kind}. `}Open: ${esc(d.title)}">
${image ? `<img src="${esc(image)}" alt="" loading="lazy" referrerpolicy="no-referrer">` : `<div class="noimg" aria-hidden="true">${kind}</div>`}
</button>
<div class="body"><h2 class="title">${esc(d.title)}</h2>
<p class="byline"><span class="interest">${esc(d.interest)}</span> · <span class="site">${esc(d.site)}</span> · <time datetime="${new Date(d.foundAt).toISOString()}">${day(d.foundAt)}</time></p>
<p class="summary">${esc(d.summary)}</p>${reacted}
<div class="actions"><button type="button" class="react" data-reaction="up" aria-label="Like: ${esc(d.title)}" aria-pressed="${d.reaction === 'up'}">${THUMB_UP} Like</button><button type="button" class="react" data-reaction="down" aria-label="Not for me: ${esc(d.title)}" aria-pressed="${d.reaction === 'down'}">${THUMB_DOWN} Not for me</button></div>
</div></li>`;
}

const STYLE = `:root{color-scheme:light dark;--bg:#f6f7f9;--fg:#16181d;--muted:#555b66;--card:#fff;--line:#d9dde3;--accent:#1d4ed8;--chip:#e8eefc}
@media (prefers-color-scheme:dark){:root{--bg:#111318;--fg:#e8eaee;--muted:#a4abb8;--card:#1b1e25;--line:#2e333d;--accent:#8ab4ff;--chip:#22304d}}
*{box-sizing:border-box}body{margin:0;font:15px/1.45 system-ui,sans-serif;background:var(--bg);color:var(--fg)}
header{display:flex;align-items:center;gap:1rem;padding:1rem 1.5rem;border-bottom:1px solid var(--line)}h1{font-size:1.25rem;margin:0}
nav.tabs{display:flex;gap:.25rem}nav.tabs a{padding:.4rem .8rem;border-radius:999px;color:var(--fg);text-decoration:none}
nav.tabs a[aria-current=page]{background:var(--chip);color:var(--accent);font-weight:600}
main{padding:1.5rem;max-width:1200px;margin:0 auto}ul.grid{list-style:none;padding:0;margin:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(260px,1fr));gap:1rem}
.card{background:var(--card);border:1px solid var(--line);border-radius:12px;overflow:hidden;display:flex;flex-direction:column}
.card .open{padding:0;border:0;background:none;cursor:pointer;display:block;width:100%}.card img,.noimg{width:100%;aspect-ratio:2/1;object-fit:cover;display:block}
.noimg{display:grid;place-items:center;background:var(--chip);color:var(--accent);font-weight:600}
.body{padding:.75rem 1rem 1rem;display:flex;flex-direction:column;gap:.35rem;flex:1}.title{font-size:1.05rem;margin:0}
.byline,.reacted{color:var(--muted);font-size:.85rem;margin:0}.interest{color:var(--accent);font-weight:600}
.summary{margin:0;display:-webkit-box;-webkit-line-clamp:3;-webkit-box-orient:vertical;overflow:hidden}
.actions{display:flex;gap:.5rem;margin-top:auto;padding-top:.5rem}.react{font-size:.9rem;border:1px solid var(--line);background:var(--bg);color:var(--fg);border-radius:8px;padding:.3rem .7rem;cursor:pointer}
.react[aria-pressed=true]{border-color:var(--accent)}button:focus-visible,a:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.pager{display:flex;gap:1rem;align-items:center;justify-content:center;margin-top:1.5rem}.pager a{color:var(--accent)}.empty{color:var(--muted);text-align:center;padding:3rem 0}
dialog{max-width:640px;width:calc(100% - 2rem);border:1px solid var(--line);border-radius:14px;background:var(--card);color:var(--fg);padding:0}
dialog::backdrop{background:rgb(0 0 0 / .5)}dialog img{width:100%;aspect-ratio:2/1;object-fit:cover;display:block}dialog .inner{padding:1rem 1.25rem 1.25rem;display:flex;flex-direction:column;gap:.5rem}
dialog h2{margin:0}dialog .why{color:var(--muted);font-size:.9rem}dialog a.source{color:var(--accent)}.row{display:flex;gap:.5rem;align-items:center}.close{margin-left:auto;border:1px solid var(--line);background:var(--bg);color:var(--fg);border-radius:8px;padding:.35rem .8rem;cursor:pointer}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}`;

const SCRIPT = `(()=>{const token=document.querySelector('meta[name=wayfinder-feed-token]').content;const dialog=document.getElementById('item');const live=document.getElementById('live');
const count=document.getElementById('unread');let current=null;
function fill(card){current=card;const img=card.querySelector('img');const d=dialog.querySelector('.pic');d.innerHTML='';if(img){const i=document.createElement('img');i.src=img.src;i.alt='';i.referrerPolicy='no-referrer';d.append(i);}
dialog.querySelector('h2').textContent=card.querySelector('.title').textContent;dialog.querySelector('.byline').textContent=card.querySelector('.byline').textContent;
dialog.querySelector('.full').textContent=card.querySelector('.summary').textContent;dialog.querySelector('.why').textContent=card.dataset.why;
const a=dialog.querySelector('a.source');a.href=card.dataset.url;a.hidden=!card.dataset.url;dialog.showModal();}
async function react(card,reaction){const r=await fetch('/feed/api/react',{method:'POST',headers:{'content-type':'application/json','x-wayfinder-token':token},body:JSON.stringify({id:card.dataset.id,reaction})});
if(!r.ok){live.textContent='Could not save that: '+(await r.text());return;}const done=await r.json();count.textContent=String(done.unread);
live.textContent=(reaction==='up'?'Liked':'Marked not for you')+' and archived: '+card.querySelector('.title').textContent;
if(document.body.dataset.tab==='new')card.remove();else card.querySelectorAll('.react').forEach(b=>b.setAttribute('aria-pressed',String(b.dataset.reaction===reaction)));
if(dialog.open&&current===card)dialog.close();if(document.body.dataset.tab==='new'&&!document.querySelector('.card'))location.reload();}
document.addEventListener('click',e=>{const t=e.target instanceof Element?e.target:null;if(!t)return;const card=t.closest('.card');
const open=t.closest('.open,.title');if(open&&card){fill(card);return;}const b=t.closest('.react');if(b&&card){react(card,b.dataset.reaction);return;}
const m=t.closest('dialog .react');if(m&&current){react(current,m.dataset.reaction);return;}if(t.closest('.close'))dialog.close();});
dialog.addEventListener('click',e=>{if(e.target===dialog)dialog.close();});})();`;

export function renderFeedPage(page: FeedPage, state: 'new' | 'archived', pageNo: number, token: string, nonce: string): string {
  const pages = Math.max(1, Math.ceil(page.total / PAGE_SIZE));
  const link = (n: number) => `/feed?tab=${state}&page=${n}`;
  const pager =
    pages > 1
      ? `<nav class="pager" aria-label="Pages">${pageNo > 1 ? `<a href="${link(pageNo - 1)}" rel="prev">← Newer</a>` : ''}<span>Page ${pageNo} of ${pages}</span>${pageNo < pages ? `<a href="${link(pageNo + 1)}" rel="next">Older →</a>` : ''}</nav>`
      : '';
  const empty =
    state === 'new'
      ? 'Nothing new. Research runs add here (wayfinder research).'
      : 'Nothing archived yet: Like or Not for me on a card archives it.';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="wayfinder-feed-token" content="${esc(token)}"><title>Wayfinder feed${page.unread ? ` (${page.unread})` : ''}</title><style nonce="${nonce}">${STYLE}</style></head>
<body data-tab="${state}"><header><h1>Your feed</h1><nav class="tabs" aria-label="Feed"><a href="/feed?tab=new" ${state === 'new' ? 'aria-current="page"' : ''}>New (<span id="unread">${page.unread}</span>)</a><a href="/feed?tab=archived" ${state === 'archived' ? 'aria-current="page"' : ''}>Archive</a></nav></header>
<main>${page.items.length ? `<ul class="grid">${page.items.map(card).join('')}</ul>` : `<p class="empty">${empty}</p>`}${pager}</main>
<p id="live" class="sr" role="status" aria-live="polite"></p>
<dialog id="item" aria-labelledby="item-title"><div class="pic"></div><div class="inner"><h2 id="item-title"></h2><p class="byline"></p><p class="full"></p><p class="why"></p>
<a class="source" href="#" target="_blank" rel="noopener noreferrer">Open the page</a><div class="row"><button type="button" class="react" data-reaction="up">${THUMB_UP} Like</button><button type="button" class="react" data-reaction="down">${THUMB_DOWN} Not for me</button><button type="button" class="close">Close</button></div></div></dialog>
<script nonce="${nonce}">${SCRIPT}</script></body></html>`;
}
