import { createServer, type Server } from 'node:http';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { explain, runCli } from './cli';

// Pages that lie: the tool call is harmless (a click on a same-site link, a page with a
// frame), and the harm is in what the browser then does — a redirect to a blocked or new
// site, a frame from a blocked one, an address for a blocked host written another way.
// Decided at the network layer (every request of the task's tabs goes to the policy), and
// checked here by what the servers received, not by what the agent says. Nobody answers
// the prompts, so whatever is asked is declined.

/** One server for every host name (Chromium sends *.localhost to this machine); it records each request's host and path. */
let server: Server;
let port = 0;
const hits: string[] = [];
const config = join(tmpdir(), `wayfinder-lying-${process.pid}.json`);
const scripts: string[] = [];

const at = (host: string, path: string) => `http://${host}:${port}${path}`;

function page(body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Lying page</title></head><body>${body}</body></html>`;
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const host = (req.headers.host ?? '').replace(/:\d+$/, '');
    const path = req.url ?? '/';
    if (path !== '/favicon.ico') hits.push(`${host}${path}`);
    const target = { '/go/evil': 'evil.localhost', '/go/other': 'other.localhost', '/go/mapped': '[::ffff:127.0.0.1]' }[path];
    if (target) {
      res.writeHead(302, { location: at(target, '/landing') }).end();
      return;
    }
    const body: Record<string, string> = {
      '/start': page(
        `<h1>Start</h1><p><a href="/go/evil">Read the terms</a></p><p><a href="/go/other">See the offers</a></p>` +
          `<p><a href="/go/mapped">Our other address</a></p>`,
      ),
      '/popups': page(
        `<h1>Popups</h1><button onclick="window.open('${at('evil.localhost', '/popup')}')">Open the help</button>` +
          `<button onclick="window.open('${at('other.localhost', '/popup')}', '_blank', 'noopener')">Partner offers</button>`,
      ),
      '/login': page(
        `<h1>Sign in</h1><form method="post" action="/session"><label>Password <input type="password" name="pw"></label>` +
          `<button type="button" onclick="this.form.requestSubmit()">Continue</button></form>` +
          `<script>document.querySelector('input').addEventListener('input', () => setTimeout(() => fetch('/beacon', { method: 'POST', body: document.querySelector('input').value }), 50));</script>`,
      ),
      '/downloads': page(
        `<h1>Files</h1><p><a href="/report">The quarterly report</a></p>` +
          `<button onclick="const a = document.createElement('a'); a.href = window.URL.createObjectURL(new Blob(['made by the page'])); a.download = 'notes.txt'; document.body.append(a); a.click()">Save notes</button>`,
      ),
      '/wipe-page': page(
        `<h1>Storage</h1><button onclick="if (confirm('Delete everything? This cannot be undone.')) fetch('/wipe', { method: 'POST' })">Tidy up</button>`,
      ),
      '/swap': page(
        `<h1>Offer</h1><button id="details" style="position:absolute;left:20px;top:120px;width:220px;height:40px">Show details</button>` +
          `<button id="pay" style="position:absolute;left:20px;top:320px;width:220px;height:40px" onclick="fetch('/pay', { method: 'POST' })">Pay now</button>` +
          `<script>document.getElementById('details').addEventListener('mouseover', () => { const pay = document.getElementById('pay'); pay.style.top = '120px'; pay.style.zIndex = '9'; });</script>`,
      ),
      '/framed': page(`<h1>Framed</h1><iframe title="Partner" src="${at('evil.localhost', '/frame-doc')}"></iframe>`),
      '/landing': page('<h1>Landed</h1>'),
      '/frame-doc': page('<button>Inside the frame</button>'),
    };
    if (path === '/report') {
      res
        .writeHead(200, { 'content-type': 'application/octet-stream', 'content-disposition': 'attachment; filename="report"' })
        .end('REPORT');
      return;
    }
    if (path === '/setup.exe') {
      res.writeHead(200, { 'content-type': 'application/x-msdownload' }).end('MZ-not-really');
      return;
    }
    const html = body[path];
    res.writeHead(html ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' }).end(html ?? 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(config, { force: true });
  for (const script of scripts) rmSync(script, { force: true });
});

beforeEach(() => {
  hits.length = 0;
});

/** Runs the CLI with a scripted model that makes these calls, one step each, then finishes. */
async function play(
  start: string,
  sites: Record<string, 'allow' | 'block'>,
  calls: { tool: string; args: Record<string, unknown> }[],
  options: { env?: Record<string, string>; stdin?: string; flags?: string[] } = {},
) {
  writeFileSync(config, JSON.stringify({ sites }), { mode: 0o600 });
  const script = join(tmpdir(), `wayfinder-lying-${process.pid}-${scripts.length}.json`);
  scripts.push(script);
  const steps = [...calls.map((call) => ({ calls: [call] })), { calls: [{ tool: 'done', args: { summary: 'Done.', success: true } }] }];
  writeFileSync(script, JSON.stringify({ steps }));
  return runCli(['run', 'Follow the page.', '--url', start, '--model', `script:${script}`, ...(options.flags ?? [])], {
    env: { WAYFINDER_CONFIG: config, ...options.env },
    ...(options.stdin !== undefined ? { stdin: options.stdin } : {}),
  });
}

describe('where the browser actually goes is what is judged', () => {
  it('a same-site link the server redirects to a blocked site: the blocked site gets no request', async () => {
    const run = await play(at('127.0.0.1', '/start'), { 'evil.localhost': 'block' }, [
      { tool: 'click', args: { ref: '$ref(link "Read the terms")' } },
    ]);
    expect(run.code, explain(run)).toBe(0);
    expect(hits).toContain('127.0.0.1/go/evil');
    expect(hits.filter((h) => h.startsWith('evil.localhost'))).toEqual([]);
    expect(run.stdout).toContain(
      `Wayfinder stopped the page from loading <page-text>${at('evil.localhost', '/landing')}</page-text>: evil.localhost is blocked`,
    );
  });

  it('a same-site link the server redirects to a site the task has not used: asked, and declined when nobody answers', async () => {
    const run = await play(at('127.0.0.1', '/start'), {}, [{ tool: 'click', args: { ref: '$ref(link "See the offers")' } }]);
    expect(run.code, explain(run)).toBe(0);
    expect(run.stdout).toContain('? The page is going to other.localhost. Let it? This task has not used that site yet.');
    expect(hits.filter((h) => h.startsWith('other.localhost'))).toEqual([]);
  });

  it('a frame from a blocked site inside an allowed page is never loaded', async () => {
    const run = await play(at('127.0.0.1', '/framed'), { 'evil.localhost': 'block' }, [{ tool: 'snapshot', args: {} }]);
    expect(run.code, explain(run)).toBe(0);
    expect(hits).toContain('127.0.0.1/framed');
    expect(hits.filter((h) => h.startsWith('evil.localhost'))).toEqual([]);
    expect(run.stdout).not.toContain('Inside the frame');
  });

  it('a block on this machine holds for its address written inside IPv6 (a redirect to [::ffff:127.0.0.1])', async () => {
    const run = await play(at('app.localhost', '/start'), { '127.0.0.1': 'block' }, [
      { tool: 'click', args: { ref: '$ref(link "Our other address")' } },
    ]);
    expect(run.code, explain(run)).toBe(0);
    expect(hits).toContain('app.localhost/go/mapped');
    expect(hits.filter((h) => !h.startsWith('app.localhost'))).toEqual([]);
    expect(run.stdout).toContain('/landing</page-text>: 127.0.0.1 is blocked');
  });
});

describe('what the page does by itself', () => {
  it('popups the page opens (with or without an opener) load nothing from a blocked or new site', async () => {
    const run = await play(at('127.0.0.1', '/popups'), { 'evil.localhost': 'block' }, [
      { tool: 'click', args: { ref: '$ref(button "Open the help")' } },
      { tool: 'click', args: { ref: '$ref(button "Partner offers")' } },
    ]);
    expect(run.code, explain(run)).toBe(0);
    expect(hits).toContain('127.0.0.1/popups');
    expect(hits.filter((h) => !h.startsWith('127.0.0.1'))).toEqual([]);
    expect(run.stdout).toContain('? The page is going to other.localhost. Let it? This task has not used that site yet.');
  });

  it('a password the task typed is not sent by the page without asking: not by its beacon, not by a script submit', async () => {
    const run = await play(at('127.0.0.1', '/login'), {}, [
      { tool: 'type_text', args: { ref: '$ref(textbox "Password")', text: 'pass-word-77' } },
      // The page's beacon goes 50 ms after typing: give it its moment before the click is asked about.
      { tool: 'wait_for', args: { seconds: 1 } },
      { tool: 'click', args: { ref: '$ref(button "Continue")' } },
    ]);
    // The script says it is done; the password was never sent, so the run is not a success (record.ts).
    expect(run.code, explain(run)).toBe(1);
    expect(run.stdout).toContain('You declined sending the password, so it was not sent.');
    expect(run.stdout).toContain('? The page is sending a password to 127.0.0.1. Let it? It sends a password.');
    expect(hits.filter((h) => h.includes('/beacon') || h.includes('/session'))).toEqual([]);
  });
});

describe('downloads', () => {
  it('every download is asked about, however the page starts it; declined, no file is kept', async () => {
    const home = mkdtempSync(join(tmpdir(), 'wayfinder-home-'));
    try {
      const run = await play(
        at('127.0.0.1', '/downloads'),
        {},
        [
          { tool: 'click', args: { ref: '$ref(link "The quarterly report")' } },
          { tool: 'click', args: { ref: '$ref(button "Save notes")' } },
          { tool: 'navigate', args: { url: at('127.0.0.1', '/setup.exe') } },
        ],
        { env: { HOME: home } },
      );
      expect(run.code, explain(run)).toBe(1);
      expect(run.stdout).toContain('You declined the download, so nothing was kept.');
      expect(run.stdout).toContain('? The page is downloading "report" from 127.0.0.1. Keep it? It downloads a file to this computer.');
      expect(run.stdout).toContain('? The page is downloading "notes.txt" from 127.0.0.1.');
      expect(run.stdout).toContain('? The page is downloading "setup.exe" from 127.0.0.1.');
      expect(existsSync(join(home, 'Downloads')) ? readdirSync(join(home, 'Downloads')) : []).toEqual([]);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});

it('a download the person allows is kept in their Downloads folder, under its own name', async () => {
  const home = mkdtempSync(join(tmpdir(), 'wayfinder-home-'));
  try {
    const run = await play(at('127.0.0.1', '/downloads'), {}, [{ tool: 'click', args: { ref: '$ref(link "The quarterly report")' } }], {
      env: { HOME: home },
      stdin: 'y\n',
    });
    expect(run.code, explain(run)).toBe(0);
    await expect.poll(() => (existsSync(join(home, 'Downloads')) ? readdirSync(join(home, 'Downloads')) : [])).toEqual(['report']);
    expect(readFileSync(join(home, 'Downloads', 'report'), 'utf8')).toBe('REPORT');
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});

it('--yes does not answer OK to a dialog whose OK deletes: it is asked, and declined when nobody answers', async () => {
  const run = await play(at('127.0.0.1', '/wipe-page'), {}, [{ tool: 'click', args: { ref: '$ref(button "Tidy up")' } }], {
    flags: ['--yes'],
  });
  expect(run.code, explain(run)).toBe(0);
  expect(run.stdout).toContain(
    'The page asks (confirm): "Delete everything? This cannot be undone." — It may delete something that cannot be brought back.',
  );
  expect(hits.filter((h) => h.endsWith('/wipe'))).toEqual([]);
});

it('a control swapped under the pointer between the check and the press is not pressed', async () => {
  const run = await play(at('127.0.0.1', '/swap'), {}, [{ tool: 'click', args: { ref: '$ref(button "Show details")' } }]);
  expect(run.code, explain(run)).toBe(0);
  expect(run.stdout).toContain('as the pointer reached it (the page changed it on hover); nothing was pressed.');
  expect(hits.filter((h) => h.endsWith('/pay'))).toEqual([]);
});
