import { createServer, type Server } from 'node:http';
import { rmSync, writeFileSync } from 'node:fs';
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
      '/framed': page(`<h1>Framed</h1><iframe title="Partner" src="${at('evil.localhost', '/frame-doc')}"></iframe>`),
      '/landing': page('<h1>Landed</h1>'),
      '/frame-doc': page('<button>Inside the frame</button>'),
    };
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
async function play(start: string, sites: Record<string, 'allow' | 'block'>, calls: { tool: string; args: Record<string, unknown> }[]) {
  writeFileSync(config, JSON.stringify({ sites }), { mode: 0o600 });
  const script = join(tmpdir(), `wayfinder-lying-${process.pid}-${scripts.length}.json`);
  scripts.push(script);
  const steps = [...calls.map((call) => ({ calls: [call] })), { calls: [{ tool: 'done', args: { summary: 'Done.', success: true } }] }];
  writeFileSync(script, JSON.stringify({ steps }));
  return runCli(['run', 'Follow the page.', '--url', start, '--model', `script:${script}`], { env: { WAYFINDER_CONFIG: config } });
}

describe('where the browser actually goes is what is judged', () => {
  it('a same-site link the server redirects to a blocked site: the blocked site gets no request', async () => {
    const run = await play(at('127.0.0.1', '/start'), { 'evil.localhost': 'block' }, [
      { tool: 'click', args: { ref: '$ref(link "Read the terms")' } },
    ]);
    expect(run.code, explain(run)).toBe(0);
    expect(hits).toContain('127.0.0.1/go/evil');
    expect(hits.filter((h) => h.startsWith('evil.localhost'))).toEqual([]);
    expect(run.stdout).toContain(`Wayfinder stopped the page from loading ${at('evil.localhost', '/landing')}: evil.localhost is blocked`);
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
    expect(run.stdout).toContain('/landing: 127.0.0.1 is blocked');
  });
});
