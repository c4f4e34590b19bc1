import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { explain, runCli } from './cli';

// `wayfinder memory add` under the person's site rules and the one redaction, run as a
// process against a server of the test's own, reachable as 127.0.0.1 (no rule: the page
// the person names is theirs to keep), tracker.localhost (blocked) and other.localhost (no
// rule: a redirect there is asked about, and nobody answers a CLI). The server counts every
// request by the name it was made to, so "not fetched" is checked where it would happen.
// Also: a page whose address carries a stored secret is kept with the secret masked, in
// what is printed and in the SQLite file; a PDF that expands past the cap is cut and said so.

const SECRET = 'kestrel-7Qx9-vault';
const hits = new Map<string, number>();
let server: Server;
let port = 0;
let home = '';

function page(title: string, body: string): string {
  return `<!doctype html><html><head><title>${title}</title></head><body><h1>${title}</h1>${body}</body></html>`;
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const host = (req.headers.host ?? '').replace(/:\d+$/, '');
    hits.set(host, (hits.get(host) ?? 0) + 1);
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/redirect-blocked') {
      res.writeHead(302, { location: `http://tracker.localhost:${port}/landing` }).end();
      return;
    }
    if (path === '/redirect-ask') {
      res.writeHead(302, { location: `http://other.localhost:${port}/landing` }).end();
      return;
    }
    res.writeHead(200, { 'content-type': path === '/pixel.png' ? 'image/png' : 'text/html' });
    if (path === '/pixel.png') res.end();
    else if (path === '/account')
      res.end(page('Your account', `<p>Welcome back. Your recovery code is ${SECRET}; keep it somewhere safe.</p>`));
    else
      res.end(
        page(
          'Alpine huts guide',
          `<p>The Capanna Margherita hut sits at 4554 metres and opens from late June.</p>
           <img src="http://tracker.localhost:${port}/pixel.png" alt="">`,
        ),
      );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  port = typeof address === 'object' && address ? (address satisfies AddressInfo).port : 0;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  hits.clear();
  home = mkdtempSync(join(tmpdir(), 'wayfinder-memory-guard-'));
  writeFileSync(
    join(home, 'config.json'),
    JSON.stringify({ sites: { 'tracker.localhost': 'block' }, secrets: { bank: { value: SECRET, site: '127.0.0.1' } } }),
    { mode: 0o600 },
  );
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

const cli = (args: string[]) =>
  runCli(args, { env: { WAYFINDER_HOME: home, WAYFINDER_CONFIG: join(home, 'config.json') }, timeoutMs: 110_000 });

const LIST_JSON = z.object({
  documents: z.array(z.object({ id: z.string(), title: z.string(), url: z.string(), chars: z.number() })),
});

async function documents(): Promise<z.infer<typeof LIST_JSON>['documents']> {
  const run = await cli(['memory', 'list', '--json']);
  expect(run.code, explain(run)).toBe(0);
  return LIST_JSON.parse(JSON.parse(run.stdout)).documents;
}

/** Every byte the data file holds (the database and its write-ahead log), as text. */
function storeBytes(): string {
  return ['wayfinder.db', 'wayfinder.db-wal', 'wayfinder.db-shm']
    .map((name) => join(home, name))
    .filter((path) => existsSync(path))
    .map((path) => readFileSync(path).toString('latin1'))
    .join('\n');
}

describe('memory add loads pages under the site rules', () => {
  it('a page on a blocked site is refused with the reason: nothing fetched, nothing kept', async () => {
    const run = await cli(['memory', 'add', `http://tracker.localhost:${port}/guide`]);
    expect(run.code, explain(run)).toBe(1);
    expect(run.stderr).toContain('tracker.localhost is blocked in your site rules');
    expect(run.stderr).toContain('nothing was fetched or kept');
    expect(hits.get('tracker.localhost') ?? 0).toBe(0);
    expect(await documents()).toEqual([]);
  });

  it('a page whose redirect goes to a blocked site is refused, and the blocked site is never asked for', async () => {
    const run = await cli(['memory', 'add', `http://127.0.0.1:${port}/redirect-blocked`]);
    expect(run.code, explain(run)).toBe(1);
    expect(run.stderr).toMatch(/went on to tracker\.localhost, which is blocked in your site rules/);
    expect(hits.get('127.0.0.1')).toBe(1);
    expect(hits.get('tracker.localhost') ?? 0).toBe(0);
    expect(await documents()).toEqual([]);
  });

  it('a redirect to a site the rules ask about is a no (nobody answers here), saying how to allow it', async () => {
    const run = await cli(['memory', 'add', `http://127.0.0.1:${port}/redirect-ask`]);
    expect(run.code, explain(run)).toBe(1);
    expect(run.stderr).toContain('went on to other.localhost');
    expect(run.stderr).toContain('"sites": {"other.localhost": "allow"}');
    expect(hits.get('other.localhost') ?? 0).toBe(0);
    expect(await documents()).toEqual([]);
  });

  it('a page on an allowed site is kept, but its blocked subresource is never fetched', async () => {
    const run = await cli(['memory', 'add', `http://127.0.0.1:${port}/guide`]);
    expect(run.code, explain(run)).toBe(0);
    expect(run.stdout).toContain('"Alpine huts guide" stored as');
    expect(hits.get('127.0.0.1')).toBeGreaterThanOrEqual(1);
    expect(hits.get('tracker.localhost') ?? 0).toBe(0);
    expect((await documents()).map((d) => d.title)).toEqual(['Alpine huts guide']);
  });
});

describe('a stored secret in a kept page', () => {
  it('is masked in its address and text, in what memory add, list and search print, and in the SQLite file', async () => {
    // The fragment never leaves the browser, so the page loads; its address still carries the secret.
    const address = `http://127.0.0.1:${port}/account#token=${SECRET}`;
    const add = await cli(['memory', 'add', address, '--json']);
    expect(add.code, explain(add)).toBe(0);
    expect(add.stdout + add.stderr).not.toContain(SECRET);

    const listed = await cli(['memory', 'list', '--json']);
    expect(listed.stdout).not.toContain(SECRET);
    const [doc] = LIST_JSON.parse(JSON.parse(listed.stdout)).documents;
    expect(doc?.url).toBe(`http://127.0.0.1:${port}/account#token={{secret:bank}}`);

    const found = await cli(['memory', 'search', 'recovery code', '--json']);
    expect(found.code, explain(found)).toBe(0);
    expect(found.stdout).toContain('{{secret:bank}}');
    expect(found.stdout).not.toContain(SECRET);
    const text = await cli(['memory', 'search', 'recovery code']);
    expect(text.stdout).toContain('Your account');
    expect(text.stdout).not.toContain(SECRET);

    expect(storeBytes()).toContain('recovery code');
    expect(storeBytes()).not.toContain(SECRET);
  });
});

/**
 * A PDF of `pages` pages that all show one compressed content stream of `lines` lines of
 * text (a tall page: pdf.js reads only text inside the page): a few tens of kilobytes that
 * expand to pages × lines × 64 characters of text.
 */
function expandingPdf(pages: number, lines: number): Buffer {
  const line = 'Chamois graze above the moraine while the glacier creaks below. ';
  const height = lines * 10 + 20;
  const shown = `BT /F1 8 Tf 10 TL 10 ${height - 10} Td ${`(${line}) Tj T* `.repeat(lines)}ET`;
  const stream = deflateSync(Buffer.from(shown, 'latin1'));
  const kids = Array.from({ length: pages }, (_, i) => `${i + 6} 0 R`).join(' ');
  const objects: Buffer[] = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from(`<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`),
    Buffer.from('<< /Title (Glacier notes) >>'),
    Buffer.concat([Buffer.from(`<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`), stream, Buffer.from('\nendstream')]),
    Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'),
    ...Array.from({ length: pages }, () =>
      Buffer.from(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 600 ${height}] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>`),
    ),
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n')];
  let length = parts[0]?.length ?? 0;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(length);
    const obj = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), body, Buffer.from('\nendobj\n')]);
    parts.push(obj);
    length += obj.length;
  });
  const xref = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 3 0 R >>\nstartxref\n${length}\n%%EOF\n`));
  return Buffer.concat(parts);
}

describe('text capped by characters', () => {
  it('a small PDF that expands to 20 million characters is cut at 2 million, said so, and the store stays small', async () => {
    const pdf = join(home, 'glacier.pdf');
    writeFileSync(pdf, expandingPdf(400, 800));
    expect(statSync(pdf).size).toBeLessThan(100_000);
    const run = await cli(['memory', 'add', pdf]);
    expect(run.code, explain(run)).toBe(0);
    // Read to the cap and no further: the pages after it were never expanded.
    expect(run.stdout).toMatch(
      /"Glacier notes" stored as \w+ \(\d+ chunks; kept the first 1,9\d\d,\d\d\d characters \(to page \d\d of 400\)\)/,
    );
    const [doc] = await documents();
    expect(doc?.chars).toBeLessThanOrEqual(2_000_000);
    expect(doc?.chars).toBeGreaterThan(1_900_000);
    expect(
      statSync(join(home, 'wayfinder.db')).size +
        (existsSync(join(home, 'wayfinder.db-wal')) ? statSync(join(home, 'wayfinder.db-wal')).size : 0),
    ).toBeLessThan(60 * 1024 * 1024);
  }, 120_000);
});
