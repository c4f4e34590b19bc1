// The pages the hub bench opens: a spread of the saved real pages (../shared/corpus/pages),
// served from 127.0.0.1; the gym's pages when the corpus is not there. Their scripts, fonts
// and images point at the live web, which these machines cannot reach: the browsers are
// started with every other host unresolvable, so those requests fail at once for every
// client alike (ours, the bridge's, Playwright MCP's).
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { startGym } from '@wayfinder/gym';
import { serveDirectory } from '../lib/static-server';

export interface BenchPage {
  name: string;
  url: string;
}

/** News, wikis, blogs and docs of different sizes. */
const CORPUS_PICK = [
  'wikipedia.html',
  'cnn.html',
  'nytimes-2.html',
  'medium-1.html',
  'v8-blog.html',
  'ietf-1.html',
  'gitlab-blog.html',
  'telegraph.html',
  'wapo-2.html',
  'yahoo-2.html',
  'mozilla-1.html',
  'salon-1.html',
];

const GYM_PICK = ['/shop', '/shop/p/trail-tent-2p', '/signup', '/admin/login', '/widgets', '/feed', '/articles/leave-no-trace.html'];

/** Chromium flags that make every host but this machine unresolvable. */
export const LOCAL_ONLY_FLAGS = ['--no-sandbox', '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost'];

export interface PageSource {
  from: string;
  pages: BenchPage[];
  close(): Promise<void>;
}

/** Serves the corpus (or starts the gym) and lists the pages to open. */
export async function openPages(corpusDir: string | null): Promise<PageSource> {
  const corpus = corpusDir ?? resolve('../shared/corpus/pages');
  if (existsSync(corpus)) {
    const server = await serveDirectory(corpus);
    const pages = CORPUS_PICK.filter((f) => existsSync(resolve(corpus, f))).map((f) => ({ name: f, url: `${server.url}/${f}` }));
    if (pages.length) return { from: corpus, pages, close: () => server.close() };
    await server.close();
  }
  const gym = await startGym();
  return { from: 'the gym (no corpus found)', pages: GYM_PICK.map((p) => ({ name: p, url: `${gym.url}${p}` })), close: () => gym.close() };
}
