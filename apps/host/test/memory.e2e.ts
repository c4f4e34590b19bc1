import { tinyPdf } from '@wayfinder/gym';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BIN, cleanEnv, explain, runCli, useGym } from './cli';

// `wayfinder memory`, `facts` and `history` run as processes against a data folder of each
// test's own (WAYFINDER_HOME), with real files, the gym's pages in real Chromium, and the
// SQLite file inspected directly to see that what was forgotten is gone.

const gym = useGym();
let home = '';
let files = '';

beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'wayfinder-memory-home-'));
  files = mkdtempSync(join(tmpdir(), 'wayfinder-memory-files-'));
});
afterEach(() => {
  rmSync(home, { recursive: true, force: true });
  rmSync(files, { recursive: true, force: true });
});

const cli = (args: string[], options: { stdin?: string; env?: Record<string, string> } = {}) =>
  runCli(args, { ...options, env: { WAYFINDER_HOME: home, ...options.env } });

/** The address a file added from the test's folder is kept under. */
const fileUrl = (name: string): string => pathToFileURL(join(files, name)).href;

function file(name: string, content: string | Buffer): string {
  const path = join(files, name);
  writeFileSync(path, content);
  return path;
}

// Strict: a key more or less than documented fails the parse.
const SEARCH_JSON = z.strictObject({
  results: z.array(
    z.strictObject({
      title: z.string(),
      url: z.string(),
      site: z.string(),
      score: z.number(),
      chunks: z.array(z.strictObject({ text: z.string(), score: z.number() })),
    }),
  ),
});
const LIST_JSON = z.object({
  documents: z.array(z.object({ id: z.string(), kind: z.string(), title: z.string(), url: z.string(), site: z.string() })),
});
const FACTS_JSON = z.object({ facts: z.array(z.object({ id: z.string(), text: z.string() })) });
const HISTORY_JSON = z.object({ tasks: z.array(z.object({ task: z.string(), status: z.string(), summary: z.string().nullable() })) });
const ADD_LINE = z.record(z.string(), z.unknown());

async function searchJson(query: string, k?: number): Promise<z.infer<typeof SEARCH_JSON>> {
  const run = await cli(['memory', 'search', query, '--json', ...(k ? ['-k', String(k)] : [])]);
  expect(run.code, explain(run)).toBe(0);
  return SEARCH_JSON.parse(JSON.parse(run.stdout));
}

async function listJson(): Promise<z.infer<typeof LIST_JSON>['documents']> {
  const run = await cli(['memory', 'list', '--json']);
  expect(run.code, explain(run)).toBe(0);
  return LIST_JSON.parse(JSON.parse(run.stdout)).documents;
}

/** Rows in each table of the data file, and whether a word is anywhere in its full-text index. */
function inspect(word?: string): Record<string, number> {
  const db = new DatabaseSync(join(home, 'wayfinder.db'), { readOnly: true });
  try {
    const count = (sql: string, ...params: string[]) => Number(db.prepare(sql).get(...params)?.n);
    return {
      documents: count('SELECT COUNT(*) AS n FROM documents'),
      chunks: count('SELECT COUNT(*) AS n FROM chunks'),
      vectors: count('SELECT COUNT(*) AS n FROM vectors'),
      ...(word ? { matches: count('SELECT COUNT(*) AS n FROM chunks_fts WHERE chunks_fts MATCH ?', `"${word}"`) } : {}),
    };
  } finally {
    db.close();
  }
}

describe('adding files and pages, and finding them again', () => {
  it('txt, md, json and pdf files are stored with a line each, and each is found by a question in other words', async () => {
    const paths = [
      file('hiding-places.txt', 'The spare key is under the blue flowerpot by the back door. The garage code changed in May.'),
      file('ferry.md', '# Island trip\n\nThe ferry to Vashon leaves Fauntleroy at 7:15. Parking takes cash only.\n'),
      file(
        'doctor.json',
        JSON.stringify({ doctor: { name: 'Dr. Amy Chen', email: 'amy.chen@clinic.example', city: 'Moncton, New Brunswick' } }),
      ),
      file('invoice.pdf', tinyPdf('Northwind Traders invoice 4471: total 82 EUR, due on 30 June.', { title: 'Northwind invoice' })),
    ];
    const run = await cli(['memory', 'add', ...paths]);
    expect(run.code, explain(run)).toBe(0);
    expect(run.stdout).toMatch(/✓ .*hiding-places\.txt: "hiding-places\.txt" stored as \w+ \(1 chunk\)/);
    expect(run.stdout).toMatch(/✓ .*ferry\.md: "Island trip" stored as/);
    expect(run.stdout).toMatch(/✓ .*doctor\.json: "doctor\.json" stored as/);
    expect(run.stdout).toMatch(/✓ .*invoice\.pdf: "Northwind invoice" stored as/);
    expect(run.stdout).toContain('4 of 4 sources added.');

    const asks: [string, string, string][] = [
      ['where did I hide the spare key', fileUrl('hiding-places.txt'), 'blue flowerpot'],
      ['what time does the boat to Vashon depart', fileUrl('ferry.md'), '7:15'],
      ["the New Brunswick doctor's email", fileUrl('doctor.json'), 'amy.chen@clinic.example'],
      ['how much do I owe Northwind', fileUrl('invoice.pdf'), '82 EUR'],
    ];
    for (const [question, url, text] of asks) {
      const top = (await searchJson(question)).results[0];
      expect(top?.url, question).toBe(url);
      expect(top?.chunks.map((c) => c.text).join(' '), question).toContain(text);
    }

    // Adding the same file again stores nothing new.
    const again = await cli(['memory', 'add', paths[0] ?? '']);
    expect(again.code, explain(again)).toBe(0);
    expect(again.stdout).toMatch(/= .*hiding-places\.txt: already stored, unchanged/);
    expect(inspect().documents).toBe(4);
  });

  it('at a terminal, a PDF being read says which page it is on, on one line that the result replaces', async () => {
    const path = file('invoice.pdf', tinyPdf('Northwind Traders invoice 4471: total 82 EUR.', { title: 'Northwind invoice' }));
    // A real terminal (util-linux script gives the command a pty); piped, the same command shows no such line (above).
    const command = [process.execPath, BIN, 'memory', 'add', path].map((part) => `'${part.replace(/'/g, "'\\''")}'`).join(' ');
    const env = { ...cleanEnv(), WAYFINDER_HOME: home, TERM: 'xterm' };
    const shown = spawnSync('script', ['-qfec', command, '/dev/null'], { env, encoding: 'utf8', timeout: 60_000 });
    expect(shown.status, shown.stdout + shown.stderr).toBe(0);
    expect(shown.stdout).toContain('\r\u001b[2KReading invoice.pdf: page 1 of 1…');
    // (The line is cut to the terminal's width: the path in front may take most of it.)
    const erase = '\r\u001b[2K';
    const storing = shown.stdout.indexOf(`${erase}Storing `);
    expect(storing, shown.stdout).toBeGreaterThan(0);
    expect(shown.stdout.slice(shown.stdout.indexOf(erase, storing + 1))).toMatch(/^\r.\[2K✓ .*invoice\.pdf: "Northwind invoice" stored as/);
    const piped = await cli(['memory', 'add', path]);
    expect(piped.stdout + piped.stderr).not.toContain('Reading invoice.pdf');
  });

  it('a web page and an HTML file are read in the browser: a contact only in a mailto: link is found; the file is read offline', async () => {
    let fetched = 0;
    const tracker = createServer((_req, res) => {
      fetched++;
      res.end('');
    });
    await new Promise<void>((resolve) => tracker.listen(0, '127.0.0.1', resolve));
    const address = tracker.address();
    const port = typeof address === 'object' && address ? (address satisfies AddressInfo).port : 0;
    try {
      const page = `${gym.url}/articles/leave-no-trace.html`;
      const html = file(
        'clinic.html',
        `<!doctype html><html><head><title>Riverside Clinic</title></head><body><h1>Riverside Clinic</h1>
         <p>Our paediatrician sees children on Tuesdays. <a href="mailto:dr.ng@riverside.example">Write to Dr. Ng</a>.</p>
         <img src="http://127.0.0.1:${port}/pixel.png" alt=""></body></html>`,
      );
      const run = await cli(['memory', 'add', page, html, '--json']);
      expect(run.code, explain(run)).toBe(0);
      const lines = run.stdout
        .trim()
        .split('\n')
        .map((l) => ADD_LINE.parse(JSON.parse(l)));
      expect(lines).toEqual([
        expect.objectContaining({ source: page, ok: true, stored: true, title: 'Leave No Trace, fifty years on' }),
        expect.objectContaining({ source: html, ok: true, stored: true, title: 'Riverside Clinic', url: fileUrl('clinic.html') }),
      ]);
      expect(fetched).toBe(0);

      const editor = (await searchJson('how do I email the editor a story tip')).results[0];
      expect(editor).toMatchObject({ url: page, title: 'Leave No Trace, fifty years on', site: '127.0.0.1' });
      expect(editor?.chunks.map((c) => c.text).join(' ')).toContain('editor@trailjournal.example');

      const doctor = (await searchJson("children's doctor email address")).results[0];
      expect(doctor?.url).toBe(fileUrl('clinic.html'));
      expect(doctor?.chunks.map((c) => c.text).join(' ')).toContain('dr.ng@riverside.example');
    } finally {
      await new Promise<void>((resolve) => tracker.close(() => resolve()));
    }
  });

  it('HTML files named together are read side by side, reported in order, with their styles but never their scripts', async () => {
    file('hide.css', '.aside { display: none }');
    const pages = ['Alder', 'Birch', 'Cedar', 'Damson', 'Elder'].map((tree, i) =>
      file(
        `${tree.toLowerCase()}.html`,
        `<!doctype html><html><head><title>${tree} notes</title><link rel="stylesheet" href="hide.css"></head><body>
         <h1>${tree} notes</h1><p>The ${tree.toLowerCase()} by the gate is tree number ${i + 1} of the walk.</p>
         <p class="aside">Hidden ${tree} footnote.</p>
         <script>document.body.innerHTML = '<p>script rewrote ${tree}</p>';</script></body></html>`,
      ),
    );
    const missing = join(files, 'gone.html');
    const notes = file('walk.txt', 'The walk starts at the mill.');
    const [alder, birch, cedar, damson, elder] = pages;
    const sources = [alder, birch, missing, cedar, notes, damson, elder].map(String);
    const run = await cli(['memory', 'add', ...sources, '--json']);
    expect(run.code, explain(run)).toBe(1);
    const lines = run.stdout
      .trim()
      .split('\n')
      .map((l) => ADD_LINE.parse(JSON.parse(l)));
    expect(lines.map((l) => [l.source, l.ok])).toEqual(sources.map((s) => [s, s !== missing]));
    expect(lines[2]?.error).toBe(`${missing}: no such file (or, for a web page, give its full address: https://…).`);
    expect(lines.filter((l) => l.ok).map((l) => l.title)).toEqual([
      'Alder notes',
      'Birch notes',
      'Cedar notes',
      'walk.txt',
      'Damson notes',
      'Elder notes',
    ]);
    const cedarHit = (await searchJson('cedar by the gate', 1)).results[0];
    expect(cedarHit?.url).toBe(fileUrl('cedar.html'));
    const stored = cedarHit?.chunks.map((c) => c.text).join(' ') ?? '';
    expect(stored).toContain('tree number 3 of the walk');
    expect(stored).not.toContain('script rewrote');
    expect(stored).not.toContain('Hidden Cedar footnote');

    // At a terminal (a pty, as above), the line says how far it has got.
    const command = `cd '${files}' && '${process.execPath}' '${BIN}' memory add alder.html fir.html elder.html`;
    file('fir.html', '<!doctype html><title>Fir notes</title><p>The fir stands alone.</p>');
    const env = { ...cleanEnv(), WAYFINDER_HOME: home, TERM: 'xterm' };
    const shown = spawnSync('script', ['-qfec', command, '/dev/null'], { env, encoding: 'utf8', timeout: 60_000 });
    expect(shown.status, shown.stdout + shown.stderr).toBe(0);
    expect(shown.stdout).toContain('\r\u001b[2KReading fir.html (2 of 3)…');
    expect(shown.stdout).toMatch(
      /= alder\.html: already stored, unchanged[^]*✓ fir\.html: "Fir notes" stored as[^]*= elder\.html: already stored/,
    );
  });

  it('search --json has exactly the documented shape, -k limits it, and an empty memory says so', async () => {
    const empty = await cli(['memory', 'search', 'anything']);
    expect(empty.stdout).toContain('Memory is empty: add pages and files with wayfinder memory add.');
    await cli([
      'memory',
      'add',
      file('a.txt', 'Apples grow in the orchard.'),
      file('b.txt', 'Apple pie needs apples.'),
      file('c.txt', 'Apple cider.'),
    ]);
    const { results } = await searchJson('apple', 2);
    expect(results).toHaveLength(2);
    for (const r of results) {
      expect(Object.keys(r)).toEqual(['title', 'url', 'site', 'score', 'chunks']);
      for (const c of r.chunks) expect(Object.keys(c)).toEqual(['text', 'score']);
    }
    const text = await cli(['memory', 'search', 'apple pie', '-k', '1']);
    expect(text.stdout).toMatch(
      /^1\. b\.txt {2}\(score [\d.]+\)\n {3}file:\/\/\/\S+\/b\.txt · added \d{4}-\d\d-\d\d \d\d:\d\d\n {3}> Apple pie needs apples\.\n$/,
    );
    const bad = await cli(['memory', 'search', 'x', '-k', '0']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('-k must be a whole number from 1 to 20');
  });
});

describe('files of the same name', () => {
  it('in two folders stay two documents; the same file added again is unchanged', async () => {
    const first = file('notes.txt', 'The canoe paddles are in the garage loft.');
    mkdirSync(join(files, 'work'));
    const second = join(files, 'work', 'notes.txt');
    writeFileSync(second, 'The quarterly report is due on the ninth.');
    expect((await cli(['memory', 'add', first, second])).stdout).toContain('2 of 2 sources added.');
    expect((await searchJson('where are the canoe paddles')).results[0]?.url).toBe(pathToFileURL(first).href);
    expect((await searchJson('when is the quarterly report due')).results[0]?.url).toBe(pathToFileURL(second).href);
    const again = await cli(['memory', 'add', first]);
    expect(again.stdout).toMatch(/unchanged|already/i);
    expect(await listJson()).toHaveLength(2);
  });
});

describe('files that cannot be added', () => {
  it('empty, corrupt, password-protected, too large, unknown, missing and invalid ones are refused with the reason; nothing of them is stored', async () => {
    const bad = [
      file('empty.txt', ''),
      file('broken.pdf', '%PDF-1.4\nthis is not really a pdf'),
      file('locked.pdf', tinyPdf('Top secret plans', { encrypted: true })),
      file('huge.txt', Buffer.alloc(20 * 1024 * 1024 + 1, 'a')),
      file('photo.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a])),
      file('broken.json', '{"name": "Sam", '),
      file('binary.txt', Buffer.from([0x61, 0x00, 0x62])),
      join(files, 'missing.md'),
    ];
    const good = file('fine.txt', 'This one is fine.');
    const run = await cli(['memory', 'add', ...bad, good]);
    expect(run.code, explain(run)).toBe(1);
    for (const message of [
      '✗ empty.txt is empty.',
      '✗ broken.pdf is not a readable PDF (',
      '✗ locked.pdf is password-protected; remove the password',
      '✗ huge.txt is 20.0 MB; files up to 20.0 MB can be added.',
      '✗ photo.png cannot be added: Wayfinder reads text (.txt), Markdown (.md), HTML (.html), JSON (.json) and PDF (.pdf) files.',
      '✗ broken.json is not valid JSON (',
      '✗ binary.txt holds binary data, not text.',
      `✗ ${join(files, 'missing.md')}: no such file`,
      '1 of 9 sources added; 8 failed.',
    ])
      expect(run.stderr).toContain(message);
    expect(run.stdout).toMatch(/✓ .*fine\.txt/);
    expect((await listJson()).map((d) => d.title)).toEqual(['fine.txt']);
    expect(inspect()).toEqual({ documents: 1, chunks: 1, vectors: 1 });
    expect(inspect('secret').matches).toBe(0);
  });
});

describe('listing and forgetting', () => {
  it('forget by id, by site and everything: the documents, their chunks, index entries and vectors are gone', async () => {
    const page = `${gym.url}/articles/night-hiking.html`;
    const add = await cli([
      'memory',
      'add',
      page,
      file('kayak.txt', 'The quixotic kayak rental opens at nine.'),
      file('tent.md', '# Tent\n\nThe tent pegs are in the red bag.'),
    ]);
    expect(add.code, explain(add)).toBe(0);

    const list = await cli(['memory', 'list']);
    expect(list.stdout).toMatch(/\w+ {2}page {2}\d{4}-\d\d-\d\d \d\d:\d\d .*chars {2}.+ — 127\.0\.0\.1\n/);
    expect(list.stdout).toMatch(/file .*Tent\n/);
    expect(list.stdout).toContain('3 documents,');
    const docs = await listJson();
    const kayak = docs.find((d) => d.title === 'kayak.txt');
    expect(kayak).toBeDefined();

    // By id.
    expect((await searchJson('quixotic kayak')).results[0]?.url).toBe(fileUrl('kayak.txt'));
    const byId = await cli(['memory', 'forget', kayak?.id ?? '']);
    expect(byId.code, explain(byId)).toBe(0);
    expect(byId.stdout).toContain('Forgot 1 document.');
    expect((await searchJson('quixotic kayak')).results.map((r) => r.url)).not.toContain(fileUrl('kayak.txt'));
    expect(inspect('quixotic')).toMatchObject({ documents: 2, matches: 0 });
    expect(readFileSync(join(home, 'wayfinder.db')).toString('latin1')).not.toContain('quixotic');
    const unknown = await cli(['memory', 'forget', 'no-such-id']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No document has the id "no-such-id"; wayfinder memory list shows them.');

    // By site.
    const bySite = await cli(['memory', 'forget', '--site', '127.0.0.1']);
    expect(bySite.stdout).toContain('Forgot 1 document.');
    expect((await listJson()).map((d) => d.title)).toEqual(['Tent']);

    // Everything: asked first; no answer keeps it all.
    const unasked = await cli(['memory', 'forget', '--all']);
    expect(unasked.code).toBe(1);
    expect(unasked.stderr).toContain('Forget everything in memory (1 document)? This cannot be undone.');
    expect(unasked.stderr).toContain('Nothing was forgotten. (No answer: input ended. Pass --yes to forget without asking.)');
    expect(inspect().documents).toBe(1);
    const confirmed = await cli(['memory', 'forget', '--all'], { stdin: 'y\n' });
    expect(confirmed.code, explain(confirmed)).toBe(0);
    expect(confirmed.stdout).toContain('Forgot 1 document.');
    expect(inspect('pegs')).toEqual({ documents: 0, chunks: 0, vectors: 0, matches: 0 });
    expect((await searchJson('tent pegs')).results).toEqual([]);
    const none = await cli(['memory', 'list']);
    expect(none.stdout).toContain('Memory is empty');

    const both = await cli(['memory', 'forget', 'abc', '--all']);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('name document ids, or --site <site>, or --all (one of them)');
  });
});

describe('facts', () => {
  it('add, list and remove; secrets (credentials, said in words, or the config’s own) are refused', async () => {
    const added = await cli(['facts', 'add', 'I prefer metric units']);
    expect(added.code, explain(added)).toBe(0);
    const id = /Remembered \((\w+)\): I prefer metric units/.exec(added.stdout)?.[1] ?? '';
    expect(id).not.toBe('');

    const config = join(home, 'config.json');
    writeFileSync(config, JSON.stringify({ secrets: { bank: { value: 'Tr0ub4dor&3-horse', site: 'bank.example' } } }), { mode: 0o600 });
    for (const secret of [
      'my OpenAI key is sk-proj-abcdefghijklmnopqrstuvwx',
      'my bank password is hunter2',
      'the bank login is Tr0ub4dor&3-horse',
    ]) {
      const refused = await cli(['facts', 'add', secret], { env: { WAYFINDER_CONFIG: config } });
      expect(refused.code, secret).toBe(1);
      expect(refused.stderr).toContain('This looks like a secret (a password, key, token or card number), and secrets never become facts');
    }

    const list = await cli(['facts', 'list', '--json']);
    const facts = FACTS_JSON.parse(JSON.parse(list.stdout));
    expect(facts.facts.map((f) => f.text)).toEqual(['I prefer metric units']);
    expect((await cli(['facts', 'list'])).stdout).toMatch(
      new RegExp(`^${id} {2}\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d {2}I prefer metric units\\n$`),
    );

    const removed = await cli(['facts', 'remove', id]);
    expect(removed.stdout).toContain(`Forgot fact ${id}.`);
    expect((await cli(['facts', 'list'])).stdout).toContain('No facts yet');
    const again = await cli(['facts', 'remove', id]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`no fact has the id "${id}"`);
  });
});

describe('history', () => {
  it('lists the tasks wayfinder run carried out, newest first, with how each ended', async () => {
    const empty = await cli(['history']);
    expect(empty.stdout).toContain('No tasks yet');
    const first = await cli(['run', 'click "Increase trips" and click "Save count"', '--url', gym.startOf('widgets-counter')]);
    expect(first.code, explain(first)).toBe(0);
    const second = await cli(['run', 'click "No such button"', '--url', gym.startOf('widgets-counter'), '--no-memory']);
    expect(second.code).toBe(1);

    const run = await cli(['history', '--json']);
    const { tasks } = HISTORY_JSON.parse(JSON.parse(run.stdout));
    expect(tasks.map((t) => [t.task, t.status])).toEqual([
      ['click "No such button"', 'failed'],
      ['click "Increase trips" and click "Save count"', 'done'],
    ]);
    expect(tasks[1]?.summary).toBeTruthy();
    const text = await cli(['history']);
    expect(text.stdout).toMatch(
      /^\d{4}-\d\d-\d\d \d\d:\d\d {2}failed {7}click "No such button"\n {18}Nothing named exactly "No such button"[^\n]*\n\d{4}-\d\d-\d\d \d\d:\d\d {2}done {9}click "Increase trips" and click "Save count"\n {18}Done: clicked button "Increase trips"; clicked button "Save count"\.\n$/,
    );
  });
});
