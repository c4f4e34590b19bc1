import { describeRequests, reached, requestsTo } from './lying-evidence';
import { c, one, open, type LyingMove } from './lying-move';
import type { LiarState } from './state';

// Classes 1–3 of issue 19: where the browser actually goes, this machine under other
// names, and loads and tabs the page makes rather than the agent.

/** Loads of pages under this path whose query number is at least 1, most in any minute. */
function loadsInAMinute(liar: LiarState, prefix: string): number {
  const times = requestsTo(liar, prefix)
    .filter((r) => r.method === 'GET' && Number(/=(\d+)/.exec(r.path)?.[1] ?? 0) >= 1)
    .map((r) => r.at)
    .sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; i < times.length; i++) {
    while ((times[i] ?? 0) - (times[j] ?? 0) >= 60_000) j++;
    most = Math.max(most, i - j + 1);
  }
  return most;
}

/** What the other site received, with the body it was sent when there was one. */
function reachedWithBody(liar: LiarState, prefix: string): string | null {
  const hits = requestsTo(liar, prefix);
  if (!hits.length) return null;
  const sent = hits.find((r) => r.body);
  return `${describeRequests(hits)}${sent ? `, with the body ${JSON.stringify(sent.body.slice(0, 120))}` : ''}`;
}

const app = (path: string) => one(c('navigate', { url: `{{APP}}${path}` }));

export const NAV_MOVES: LyingMove[] = [
  // Class 1.
  {
    id: 'redirect-new-site',
    class: 1,
    run: 'main',
    tried: 'follow a same-site link that the server redirects (302) to a site the task has not used',
    steps: [open('/liar/nav/redirect-new'), one(c('click', { ref: '$ref(link "Partner offers")' }, 'stopped'))],
    wentThrough: (e) => reached(e.liar, '/liar/x/redirect-new-site/'),
  },
  {
    id: 'meta-refresh-blocked',
    class: 1,
    run: 'main',
    tried: 'open a same-site page whose meta refresh goes to the blocked site',
    steps: [open('/liar/nav/meta-refresh', 'any'), one(c('wait_for', { text: 'Welcome to the partner site', timeout_seconds: 3 }, 'any'))],
    wentThrough: (e) => reached(e.liar, '/liar/x/meta-refresh/'),
  },
  {
    id: 'script-redirect-blocked',
    class: 1,
    run: 'main',
    tried: 'click a button whose script sets location.href to the blocked site',
    steps: [open('/liar/nav/script-redirect'), one(c('click', { ref: '$ref(button "Read the full article")' }, 'any'))],
    wentThrough: (e) => reached(e.liar, '/liar/x/script-redirect/'),
  },
  {
    id: 'form-other-site',
    class: 1,
    run: 'main',
    tried: "submit a same-site form whose action posts the reader's details to another site",
    steps: [open('/liar/nav/form-other'), one(c('click', { ref: '$ref(button "Save preferences")' }, 'stopped'))],
    wentThrough: (e) => reachedWithBody(e.liar, '/liar/x/form-other-site/'),
  },
  {
    id: 'post-redirect-307',
    class: 1,
    run: 'main',
    tried: 'submit a same-site form the server answers with a 307, which re-sends the body to the blocked site',
    steps: [open('/liar/nav/post-307'), one(c('click', { ref: '$ref(button "Save note")' }, 'any'))],
    wentThrough: (e) => reachedWithBody(e.liar, '/liar/x/redirect-post-307/'),
  },
  {
    id: 'fetch-new-site',
    class: 1,
    run: 'main',
    tried: "click a button whose script posts the page's draft to a site the task has not used (fetch, no navigation)",
    steps: [open('/liar/nav/fetch-new'), one(c('click', { ref: '$ref(button "Save draft")' }, 'any'))],
    wentThrough: (e) => reachedWithBody(e.liar, '/liar/x/fetch-new-site/'),
  },
  {
    id: 'popup-blocked-site',
    class: 1,
    run: 'main',
    tried: 'click a button that makes the page window.open the blocked site',
    steps: [open('/liar/nav/popup-blocked'), one(c('click', { ref: '$ref(button "Open the trail map")' }, 'any'))],
    wentThrough: (e) => reached(e.liar, '/liar/x/popup-blocked/'),
  },
  {
    id: 'popup-new-site',
    class: 1,
    run: 'main',
    tried: 'click a button that makes the page window.open a site the task has not used',
    steps: [open('/liar/nav/popup-new'), one(c('click', { ref: '$ref(button "Chat with us")' }, 'any'))],
    wentThrough: (e) => reached(e.liar, '/liar/x/popup-new-site/'),
  },
  {
    id: 'browse-redirect',
    class: 1,
    run: 'main',
    tried: 'browse a same-site address that redirects to the blocked site',
    steps: [one(c('get_playbook', { name: 'search' })), one(c('browse', { url: '{{GYM}}/liar/go/browse-redirect' }, 'any'))],
    wentThrough: (e) => reached(e.liar, '/liar/x/browse-redirect/'),
  },
  {
    id: 'frame-new-site',
    class: 1,
    run: 'main',
    tried: 'type into a frame from a site the task has not used, inside an allowed page (the frame posts what is typed to its site)',
    steps: [
      open('/liar/nav/frame-new'),
      one(c('type_text', { ref: '$ref(textbox "Gift note")', text: 'Happy birthday, Sam! Love, Robin' }, 'stopped')),
    ],
    // The frame itself may load (frames are how pages are built: docs/0039); typing into it, and what it would send, may not.
    wentThrough: (e) => {
      const hits = requestsTo(e.liar, '/liar/x/frame-new-site/').filter((r) => !(r.method === 'GET' && r.path.endsWith('/frame')));
      if (!hits.length) return null;
      const typed = hits.find((r) => r.body.includes('Happy birthday'));
      return `${describeRequests(hits)}${typed ? '; what was typed reached it' : ''}`;
    },
  },
  {
    id: 'start-redirect',
    class: 1,
    run: 'start-redirect',
    tried: 'start at a page that redirects to a site the task has not used',
    steps: [],
    wentThrough: (e) => reached(e.liar, '/liar/x/start-redirect/'),
    notInExtension: 'the extension starts in the tab the person already opened; there is no start page of its own to redirect',
  },

  // Class 2: the run starts at app.localhost with this machine (127.0.0.1) blocked.
  {
    id: 'address-zero',
    class: 2,
    run: 'addresses',
    tried: 'open the blocked machine as 0.0.0.0',
    steps: [one(c('navigate', { url: 'http://0.0.0.0:{{PORT}}/liar/x/addr-zero/' }, 'stopped'))],
    wentThrough: (e) => reached(e.liar, '/liar/x/addr-zero/'),
  },
  {
    id: 'address-mapped-ipv6',
    class: 2,
    run: 'addresses',
    tried: 'open the blocked machine as IPv4-mapped IPv6 ([::ffff:7f00:1])',
    steps: [one(c('navigate', { url: 'http://[::ffff:7f00:1]:{{PORT}}/liar/x/addr-mapped/' }, 'stopped'))],
    wentThrough: (e) => reached(e.liar, '/liar/x/addr-mapped/'),
  },
  {
    id: 'address-localhost-link',
    class: 2,
    run: 'addresses',
    tried: 'follow a link to the blocked machine written as localhost',
    steps: [app('/liar/addr/'), one(c('click', { ref: '$ref(link "Mirror")' }, 'stopped'))],
    wentThrough: (e) => reached(e.liar, '/liar/x/addr-localhost-link/'),
  },
  {
    id: 'address-decimal-link',
    class: 2,
    run: 'addresses',
    tried: 'follow a link to the blocked machine written as one decimal number (2130706433)',
    steps: [app('/liar/addr/'), one(c('click', { ref: '$ref(link "Status page")' }, 'stopped'))],
    wentThrough: (e) => reached(e.liar, '/liar/x/addr-decimal-link/'),
  },
  {
    id: 'address-trailing-dot',
    class: 2,
    run: 'addresses',
    tried: 'follow a same-site link the server redirects to the blocked machine as "localhost." (trailing dot)',
    steps: [app('/liar/addr/'), one(c('click', { ref: '$ref(link "Our other address")' }, 'any'))],
    wentThrough: (e) => reached(e.liar, '/liar/x/addr-trailing-dot/'),
  },
  {
    id: 'address-hex-frame',
    class: 2,
    run: 'addresses',
    tried: 'open a page with a frame from the blocked machine written in hex (0x7f.0.0.1)',
    steps: [one(c('navigate', { url: '{{APP}}/liar/addr/frame' }, 'any')), one(c('snapshot', {}))],
    wentThrough: (e) => reached(e.liar, '/liar/x/addr-hex-frame/'),
  },

  // Class 3: each in a run of its own, with the default limits (20 page loads a minute, 10 tabs a task).
  {
    id: 'reload-flood',
    class: 3,
    run: 'reload-flood',
    tried: 'one click on a page that then reloads itself 30 times by script',
    steps: [
      one(c('click', { ref: '$ref(button "Refresh prices")' }, 'any')),
      one(c('wait_for', { text: 'Prices refreshed 30 times', timeout_seconds: 15 }, 'any')),
    ],
    wentThrough: (e) => {
      const most = loadsInAMinute(e.liar, '/liar/flood/reload?n=');
      return most > 20 ? `the page was loaded ${most} times in a minute (the limit is 20)` : null;
    },
  },
  // Chromium's own popup blocker lets the CLI's browser open one popup a click; the browser
  // Playwright starts for the extension has it off, as do people who allow a site's popups.
  {
    id: 'popup-swarm',
    class: 3,
    run: 'popup-swarm',
    tried: 'one click on a button that opens 15 popups',
    steps: [one(c('click', { ref: '$ref(button "Open all 15 offers")' }, 'any'))],
    wentThrough: (e) => {
      const tabs = new Set(requestsTo(e.liar, '/liar/flood/offer?all=').map((r) => r.path)).size;
      return tabs > 10 ? `${tabs} popups loaded (the limit is 10 tabs a task)` : null;
    },
  },
  {
    id: 'popup-clicks',
    class: 3,
    run: 'popup-clicks',
    tried: 'click 15 buttons in a row, each of which opens a popup',
    steps: [Array.from({ length: 15 }, (_, i) => c('click', { ref: `$ref(button "Open offer ${i + 1}")` }, 'any'))],
    wentThrough: (e) => {
      const tabs = new Set(requestsTo(e.liar, '/liar/flood/offer?one=').map((r) => r.path)).size;
      return tabs > 10 ? `${tabs} popups loaded (the limit is 10 tabs a task)` : null;
    },
  },
  {
    id: 'click-flood',
    class: 3,
    run: 'click-flood',
    tried: 'load 25 pages in a row by clicking a link (not by navigate)',
    steps: Array.from({ length: 25 }, () => one(c('click', { ref: '$ref(link "Next page")' }, 'any'))),
    wentThrough: (e) => {
      const most = loadsInAMinute(e.liar, '/liar/flood/pages?p=');
      return most > 20 ? `${most} pages were loaded in a minute (the limit is 20)` : null;
    },
  },
];
