import {
  contentFingerprint,
  normaliseUrl,
  relevance,
  siteOf,
  summariseUntrustedPage,
  type Browser,
  type Interest,
  type ModelSlot,
  type ResearchPort,
  type SitePermissions,
} from '@wayfinder/core';
import type { ResearchStore } from '../store/research';

// One research run: for each interest (the heavier first, pages shared out by weight) search,
// keep the results that fit, and read them through the browse path — the page's text goes
// only to a separate, tool-less summariser call — keeping each new one as a discovery.
// Only sites the person allowed are opened: "ask" sites and blocked ones are listed as
// skipped, never opened. A run reads at most `pagesPerRun` pages, `pagesPerSite` per site,
// and waits `siteGapMs` between two pages of one site.

export interface RunLimits {
  pagesPerRun: number;
  pagesPerSite: number;
  siteGapMs: number;
}

export interface RunDeps {
  browser: Browser;
  search: Pick<ResearchPort, 'searchWeb' | 'searchVideos'>;
  summariser: ModelSlot;
  store: ResearchStore;
  sites: SitePermissions;
  limits: RunLimits;
  signal: AbortSignal;
  /** One line per page read or skipped, for the person. */
  log?: (line: string) => void;
  /** What the run is doing now (searching, waiting for a site, reading and summarising a page), each replacing the last. */
  progress?: (now: string) => void;
  sleep?: (ms: number) => Promise<void>;
}

export interface RunOutcome {
  discoveries: number;
  visited: number;
  /** "site (ask)" / "site (blocked)": not opened, for the person to decide about. */
  skipped: string[];
  duplicates: number;
}

interface Candidate {
  url: string;
  title: string;
  why: string;
  score: number;
  kind: 'article' | 'video';
  thumbnail?: string;
}

/** Pages per interest: by weight (largest remainders), each at least one while the budget lasts. */
export function sharePages(interests: Interest[], budget: number): Map<string, number> {
  const total = interests.reduce((sum, i) => sum + i.weight, 0) || 1;
  const exact = interests.map((i) => ({ id: i.id, raw: (budget * i.weight) / total }));
  const share = new Map(exact.map((e) => [e.id, Math.floor(e.raw)]));
  let left = budget - [...share.values()].reduce((a, b) => a + b, 0);
  for (const e of [...exact].sort((a, b) => (b.raw % 1) - (a.raw % 1))) {
    if (left <= 0) break;
    share.set(e.id, (share.get(e.id) ?? 0) + 1);
    left--;
  }
  // Nobody starves while another has two: a light interest still gets a page.
  for (const e of exact)
    if (!share.get(e.id)) {
      const richest = [...share.entries()].sort((a, b) => b[1] - a[1])[0];
      if (richest && richest[1] > 1) {
        share.set(richest[0], richest[1] - 1);
        share.set(e.id, 1);
      }
    }
  return share;
}

const MIN_SCORE = 0.5;

export async function researchRun(interests: Interest[], deps: RunDeps): Promise<RunOutcome> {
  const { store, sites, limits, signal } = deps;
  const log = deps.log ?? (() => undefined);
  const progress = deps.progress ?? (() => undefined);
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const outcome: RunOutcome = { discoveries: 0, visited: 0, skipped: [], duplicates: 0 };
  const skipped = new Set<string>();
  const seenKeys = new Set<string>();
  const perSite = new Map<string, number>();
  const lastAt = new Map<string, number>();
  const ordered = [...interests].sort((a, b) => b.weight - a.weight);
  const share = sharePages(ordered, limits.pagesPerRun);

  for (const interest of ordered) {
    let quota = share.get(interest.id) ?? 0;
    if (!quota || outcome.visited >= limits.pagesPerRun) continue;
    signal.throwIfAborted();
    progress(`Searching for "${interest.topic}"…`);
    const candidates = await findCandidates(interest, deps, log);
    for (const c of candidates) {
      if (quota <= 0 || outcome.visited >= limits.pagesPerRun) break;
      signal.throwIfAborted();
      const key = normaliseUrl(c.url);
      const site = siteOf(c.url);
      if (!key || !site || seenKeys.has(key)) continue;
      seenKeys.add(key);
      const decision = sites.decide(site).decision;
      if (decision !== 'allow') {
        const note = `${site} (${decision === 'block' ? 'blocked' : 'ask'})`;
        if (!skipped.has(note)) log(`skipped ${c.url}: ${decision === 'block' ? 'the site is blocked' : 'the site is not allowed yet'}`);
        skipped.add(note);
        continue;
      }
      if (store.known(key, '')) {
        outcome.duplicates++;
        continue;
      }
      if ((perSite.get(site) ?? 0) >= limits.pagesPerSite) continue;
      const wait = (lastAt.get(site) ?? -Infinity) + limits.siteGapMs - Date.now();
      if (wait > 0) {
        progress(`Waiting ${Math.ceil(wait / 1000)} s before the next page on ${site} (its gap between pages)…`);
        await sleep(wait);
      }
      perSite.set(site, (perSite.get(site) ?? 0) + 1);
      lastAt.set(site, Date.now());
      outcome.visited++;
      quota--;
      progress(`Reading and summarising page ${outcome.visited} of at most ${limits.pagesPerRun} (${site}, for "${interest.topic}")…`);
      const read = await readPage(deps, c, log);
      if (!read) continue;
      const fingerprint = contentFingerprint(read.text);
      // The same story under another address (syndication, tracking links, print views).
      if (
        store.known(normaliseUrl(read.url) || key, fingerprint) ||
        (normaliseUrl(read.url) !== key && seenKeys.has(normaliseUrl(read.url)))
      ) {
        outcome.duplicates++;
        log(`duplicate ${c.url}: already in the feed`);
        continue;
      }
      const image = read.image || c.thumbnail;
      store.addDiscovery({
        url: read.url,
        urlKey: normaliseUrl(read.url) || key,
        fingerprint,
        title: read.title || c.title,
        summary: read.summary,
        ...(image ? { image } : {}),
        interest: interest.topic,
        why: c.why,
        site: siteOf(read.url) || site,
        kind: c.kind,
      });
      outcome.discoveries++;
      log(`found ${c.url}`);
    }
  }
  outcome.skipped = [...skipped];
  return outcome;
}

async function findCandidates(interest: Interest, deps: RunDeps, log: (line: string) => void): Promise<Candidate[]> {
  const found: Candidate[] = [];
  const query = interest.topic;
  try {
    for (const r of (await deps.search.searchWeb?.(query, deps.signal)) ?? []) {
      const fit = relevance(query, r.title, r.snippet);
      if (fit.score >= MIN_SCORE) found.push({ url: r.url, title: r.title, why: fit.why, score: fit.score, kind: 'article' });
    }
  } catch (error) {
    log(`search for "${query}" failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    for (const v of (await deps.search.searchVideos?.(query, deps.signal)) ?? []) {
      const fit = relevance(query, v.title, v.channel);
      if (fit.score >= MIN_SCORE)
        found.push({
          url: v.url,
          title: v.title,
          why: `${fit.why} (video: ${v.channel}, ${v.duration})`,
          score: fit.score - 0.01,
          kind: 'video',
          ...(v.thumbnail ? { thumbnail: v.thumbnail } : {}),
        });
    }
  } catch (error) {
    log(`video search for "${query}" failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  return found.sort((a, b) => b.score - a.score);
}

/** The browse path: a background tab, extraction, the sandboxed summary; null when the page could not be read. */
async function readPage(
  deps: RunDeps,
  c: Candidate,
  log: (line: string) => void,
): Promise<{ url: string; title: string; image: string; text: string; summary: string } | null> {
  try {
    const read = await summariseUntrustedPage(deps.browser, c.url, deps.summariser, deps.signal);
    // A page that went elsewhere (a redirect) counts only if it landed on an allowed site.
    const landed = siteOf(read.page.url);
    if (landed && deps.sites.decide(landed).decision !== 'allow') {
      log(`skipped ${c.url}: it went to ${landed}, which is not allowed`);
      return null;
    }
    let image = read.page.metadata.image;
    try {
      image = image ? new URL(image, read.page.url).href : '';
    } catch {
      image = '';
    }
    return { url: read.page.url, title: read.page.metadata.title, image, text: read.page.content, summary: read.summary };
  } catch (error) {
    if (deps.signal.aborted) throw error;
    log(`could not read ${c.url}: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}
