// Browsing history as a signal of what a person likes (issue 15), made safe to hand on:
// only the site (the host name, never a path or a query) and the page title leave the
// browser, and pages of sensitive kinds — health, money (banking, payments, brokerage) and
// adult — are dropped, by the site's name and by words in the title. What remains is merged
// per site and title (visits added, the latest visit kept) and the most visited come first.
// It errs on the side of dropping: a missed article matters less than a leaked diagnosis.

export interface HistorySignal {
  domain: string;
  title: string;
  visits: number;
  lastVisitAt: number;
}

export interface RawHistoryItem {
  url: string;
  title?: string;
  visitCount?: number;
  lastVisitTime?: number;
}

export type SensitiveKind = 'health' | 'finance' | 'adult';

/** Well-known sites of each kind (a site and its subdomains). */
const SITES: Record<SensitiveKind, string[]> = {
  health: [
    'webmd.com',
    'mayoclinic.org',
    'healthline.com',
    'medlineplus.gov',
    'nhs.uk',
    'clevelandclinic.org',
    'drugs.com',
    'goodrx.com',
    'zocdoc.com',
    'teladoc.com',
    'cvs.com',
    'walgreens.com',
    'mychart.com',
    'patient.info',
    'psychologytoday.com',
    'betterhelp.com',
    'talkspace.com',
    'kaiserpermanente.org',
    'doctolib.fr',
    'doctolib.de',
  ],
  finance: [
    'paypal.com',
    'chase.com',
    'bankofamerica.com',
    'wellsfargo.com',
    'citi.com',
    'capitalone.com',
    'americanexpress.com',
    'discover.com',
    'schwab.com',
    'fidelity.com',
    'vanguard.com',
    'venmo.com',
    'wise.com',
    'revolut.com',
    'monzo.com',
    'n26.com',
    'klarna.com',
    'coinbase.com',
    'binance.com',
    'kraken.com',
    'robinhood.com',
    'etrade.com',
    'mint.intuit.com',
    'creditkarma.com',
    'experian.com',
    'equifax.com',
    'transunion.com',
    'irs.gov',
    'hmrc.gov.uk',
    'turbotax.intuit.com',
  ],
  adult: ['pornhub.com', 'xvideos.com', 'xhamster.com', 'onlyfans.com', 'chaturbate.com', 'xnxx.com', 'redtube.com', 'youporn.com'],
};

/** Words in a site's name (split at dots and dashes) that say what it is. */
const HOST_WORDS: [SensitiveKind, RegExp][] = [
  ['health', /health|mychart|patient|clinic|hospital|medical|pharma|doctor|therapy|\bnhs\b|telehealth|labresults/],
  ['finance', /bank|banque|banca|sparkasse|creditunion|credit-union|\bfcu\b|brokerage|paypal|loans?\b|mortgage|invest/],
  ['adult', /porn|xxx|\bsex|nsfw|camgirl|escort|hentai|onlyfans/],
];

/** Words in a page title that say it is about one of those things, whatever the site. */
const TITLE_WORDS: [SensitiveKind, RegExp][] = [
  [
    'health',
    /\b(?:health|medical|medicine|medication|symptoms?|diagnos\w*|disease|cancer|tumou?r|hiv|aids|std|sti|pregnan\w*|abortion|fertility|depression|anxiety|mental|psychiatr\w*|therap\w*|prescription|pharmacy|clinic|hospital|doctor|patient|diabetes|rehab|addiction|overdose|suicid\w*|test results?)\b/,
  ],
  [
    'finance',
    /\b(?:bank(?:ing)?|account balance|statement|credit card|debit card|loan|mortgage|debt|bankruptcy|payday|tax return|taxes|payroll|salary|pay ?slip|invoice|brokerage|portfolio|401k|ira|pension|credit score|wire transfer|sign in to your account)\b/,
  ],
  ['adult', /\b(?:porn\w*|xxx|nsfw|sex\w*|nude\w*|naked|erotic\w*|escort\w*|hentai|camgirl\w*|onlyfans)\b/],
];

const KINDS: SensitiveKind[] = ['health', 'finance', 'adult'];
const BY_SITE = new Map<string, SensitiveKind>(KINDS.flatMap((kind) => SITES[kind].map((site) => [site, kind] as const)));

/** The sensitive kind of a site's host name, or null. */
export function sensitiveSite(host: string): SensitiveKind | null {
  const name = host.toLowerCase().replace(/\.$/, '');
  const labels = name.split('.');
  for (let i = 0; i < labels.length - 1; i++) {
    const found = BY_SITE.get(labels.slice(i).join('.'));
    if (found) return found;
  }
  for (const [kind, pattern] of HOST_WORDS) if (pattern.test(name)) return kind;
  return null;
}

/** The sensitive kind a page title speaks of, or null. */
export function sensitiveTitle(title: string): SensitiveKind | null {
  const text = title.toLowerCase();
  for (const [kind, pattern] of TITLE_WORDS) if (pattern.test(text)) return kind;
  return null;
}

const MAX_TITLE = 200;

/** The host of a web page's address, without `www.`; null for anything that is not an http(s) page. */
function domainOf(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  const host = parsed.hostname.toLowerCase().replace(/\.$/, '');
  if (!host) return null;
  return host.startsWith('www.') ? host.slice(4) : host;
}

/** A title with its whitespace collapsed; one that is only the address (a page without a title) says nothing. */
function cleanTitle(title: string | undefined, url: string): string {
  const text = (title ?? '').replace(/\s+/g, ' ').trim();
  if (!text || text === url || /^https?:\/\//i.test(text)) return '';
  return text.length > MAX_TITLE ? `${text.slice(0, MAX_TITLE - 1)}…` : text;
}

/**
 * History items reduced to site and title, sensitive ones dropped, merged per site and title,
 * the most visited (then the latest) first, at most `limit`.
 */
export function historySignals(raw: RawHistoryItem[], limit: number): HistorySignal[] {
  const merged = new Map<string, HistorySignal>();
  for (const item of raw) {
    const domain = domainOf(item.url);
    if (!domain || sensitiveSite(domain)) continue;
    const title = cleanTitle(item.title, item.url);
    if (title && sensitiveTitle(title)) continue;
    const key = `${domain}\n${title.toLowerCase()}`;
    const visits = Math.max(1, Math.floor(item.visitCount ?? 1));
    const at = item.lastVisitTime ?? 0;
    const seen = merged.get(key);
    if (seen) {
      seen.visits += visits;
      seen.lastVisitAt = Math.max(seen.lastVisitAt, at);
    } else {
      merged.set(key, { domain, title, visits, lastVisitAt: at });
    }
  }
  const count = Math.max(0, Math.floor(limit));
  return [...merged.values()].sort((a, b) => b.visits - a.visits || b.lastVisitAt - a.lastVisitAt).slice(0, count);
}
