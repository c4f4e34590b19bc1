import { randomBytes } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import {
  nearDuplicate,
  reweigh,
  type Discovery,
  type FeedPage,
  type Interest,
  type Reaction,
  type Redaction,
  type Watch,
} from '@wayfinder/core';
import { z } from 'zod';
import { inTransaction } from './db';

// What research keeps (issue 15): the person's interests and their weights, the
// discoveries runs and watches made (the feed), and the pages being watched with how their
// value is found again. Addresses are kept normalised beside the real ones, and each
// article's content fingerprint, so a story found again under another address is not new.
// Everything written passes the runtime's one redaction: what a discovery says (its title,
// summary, why, address — a summary of a page may repeat a secret the page showed), an
// interest, a watch's address, label, value and how it is found again.

export interface NewDiscovery extends Omit<Discovery, 'id' | 'foundAt' | 'state' | 'reaction'> {
  /** normaliseUrl(url): one discovery per address. */
  urlKey: string;
  /** contentFingerprint of the page's text ('' for changes). */
  fingerprint: string;
}

/** How a watch finds its value again: the page's JSON-LD field, or the value nearest a piece of text. */
export type WatchLocator =
  { kind: 'json-ld'; field: 'price' | 'availability' } | { kind: 'near-text'; anchor: string; pattern: 'money' | 'stock' | 'number' };

export interface StoredWatch extends Watch {
  locator: WatchLocator | null;
}

const LOCATOR = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('json-ld'), field: z.enum(['price', 'availability']) }),
  z.object({ kind: z.literal('near-text'), anchor: z.string(), pattern: z.enum(['money', 'stock', 'number']) }),
]);

const text = (v: unknown) => (typeof v === 'string' ? v : '');
const num = (v: unknown) => (typeof v === 'number' ? v : Number(v));

function toInterest(row: Record<string, unknown>): Interest {
  return { id: text(row.id), topic: text(row.topic), weight: num(row.weight), addedAt: num(row.added_at) };
}

function toDiscovery(row: Record<string, unknown>): Discovery {
  const kind = text(row.kind);
  const reaction = text(row.reaction);
  return {
    id: text(row.id),
    url: text(row.url),
    title: text(row.title),
    summary: text(row.summary),
    ...(row.image ? { image: text(row.image) } : {}),
    interest: text(row.interest),
    why: text(row.why),
    site: text(row.site),
    kind: kind === 'video' || kind === 'change' ? kind : 'article',
    foundAt: num(row.found_at),
    state: text(row.state) === 'archived' ? 'archived' : 'new',
    ...(reaction === 'up' || reaction === 'down' ? { reaction } : {}),
  };
}

function toWatch(row: Record<string, unknown>): StoredWatch {
  let locator: WatchLocator | null;
  try {
    const parsed = LOCATOR.safeParse(row.locator ? JSON.parse(text(row.locator)) : null);
    locator = parsed.success ? parsed.data : null;
  } catch {
    locator = null;
  }
  return {
    id: text(row.id),
    url: text(row.url),
    label: text(row.label),
    ...(row.value !== null && row.value !== undefined ? { value: text(row.value) } : {}),
    everyMinutes: num(row.every_minutes),
    ...(row.last_checked_at !== null && row.last_checked_at !== undefined ? { lastCheckedAt: num(row.last_checked_at) } : {}),
    locator,
  };
}

export class ResearchStore {
  constructor(
    private readonly db: DatabaseSync,
    /** The runtime's one redaction: everything written here passes it. */
    private readonly redaction: Redaction,
    private readonly now: () => number = Date.now,
  ) {}

  private newId(table: 'interests' | 'discoveries' | 'watches'): string {
    for (;;) {
      const id = randomBytes(4).toString('hex');
      if (!this.db.prepare(`SELECT 1 FROM ${table} WHERE id = ?`).get(id)) return id;
    }
  }

  // Runs

  /** A research run that finished: when it started and what it found. */
  recordRun(startedAt: number, discoveries: number, visited: number): void {
    this.db.prepare('INSERT INTO research_runs (started_at, discoveries, visited) VALUES (?, ?, ?)').run(startedAt, discoveries, visited);
  }

  /** When the last finished run started, or null before the first. */
  lastRunAt(): number | null {
    const row = this.db.prepare('SELECT MAX(started_at) AS at FROM research_runs').get();
    const at = row?.at;
    return typeof at === 'number' ? at : null;
  }

  // Interests

  listInterests(): Interest[] {
    return this.db.prepare('SELECT * FROM interests ORDER BY weight DESC, added_at').all().map(toInterest);
  }

  /** Adds a topic (one per topic, any case: adding it again returns the one there is). */
  addInterest(topic: string): { interest: Interest; added: boolean } {
    const clean = this.redaction.text(topic.trim().replace(/\s+/g, ' '));
    const known = this.db.prepare('SELECT * FROM interests WHERE topic = ? COLLATE NOCASE').get(clean);
    if (known) return { interest: toInterest(known), added: false };
    const interest: Interest = { id: this.newId('interests'), topic: clean, weight: 1, addedAt: this.now() };
    this.db
      .prepare('INSERT INTO interests (id, topic, weight, added_at) VALUES (?, ?, ?, ?)')
      .run(interest.id, interest.topic, 1, interest.addedAt);
    return { interest, added: true };
  }

  /** By id or topic. */
  findInterest(idOrTopic: string): Interest | null {
    const row = this.db.prepare('SELECT * FROM interests WHERE id = ? OR topic = ? COLLATE NOCASE').get(idOrTopic.trim(), idOrTopic.trim());
    return row ? toInterest(row) : null;
  }

  removeInterest(idOrTopic: string): boolean {
    const found = this.findInterest(idOrTopic);
    return found ? Number(this.db.prepare('DELETE FROM interests WHERE id = ?').run(found.id).changes) > 0 : false;
  }

  // Discoveries

  /** A discovery already made at this address, or (articles) with text this close to this one. */
  known(urlKey: string, fingerprint: string): Discovery | null {
    const byUrl = this.db.prepare('SELECT * FROM discoveries WHERE url_key = ?').get(urlKey);
    if (byUrl) return toDiscovery(byUrl);
    if (!fingerprint) return null;
    for (const row of this.db.prepare("SELECT * FROM discoveries WHERE fingerprint != ''").iterate())
      if (nearDuplicate(fingerprint, text(row.fingerprint))) return toDiscovery(row);
    return null;
  }

  addDiscovery(raw: NewDiscovery): Discovery {
    const said = (text: string) => this.redaction.text(text);
    // The address keys and fingerprint stay as they are: they only find duplicates.
    const found: NewDiscovery = {
      ...raw,
      url: said(raw.url),
      title: said(raw.title),
      summary: said(raw.summary),
      why: said(raw.why),
      ...(raw.image ? { image: said(raw.image) } : {}),
    };
    const discovery: Discovery = {
      id: this.newId('discoveries'),
      url: found.url,
      title: found.title,
      summary: found.summary,
      ...(found.image ? { image: found.image } : {}),
      interest: found.interest,
      why: found.why,
      site: found.site,
      kind: found.kind,
      foundAt: this.now(),
      state: 'new',
    };
    this.db
      .prepare(
        `INSERT INTO discoveries (id, url, url_key, fingerprint, title, summary, image, interest, why, site, kind, found_at, state)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'new')`,
      )
      .run(
        discovery.id,
        found.url,
        // A change is news each time the value moves: its address key carries the time.
        found.kind === 'change' ? `${found.urlKey}#${discovery.foundAt}-${discovery.id}` : found.urlKey,
        found.fingerprint,
        found.title,
        found.summary,
        found.image ?? null,
        found.interest,
        found.why,
        found.site,
        found.kind,
        discovery.foundAt,
      );
    return discovery;
  }

  getDiscovery(id: string): Discovery | null {
    const row = this.db.prepare('SELECT * FROM discoveries WHERE id = ?').get(id);
    return row ? toDiscovery(row) : null;
  }

  unread(): number {
    return num(this.db.prepare("SELECT count(*) AS n FROM discoveries WHERE state = 'new'").get()?.n ?? 0);
  }

  feed(state: 'new' | 'archived', offset: number, limit: number): FeedPage {
    const items = this.db
      .prepare('SELECT * FROM discoveries WHERE state = ? ORDER BY found_at DESC, rowid DESC LIMIT ? OFFSET ?')
      .all(state, limit, offset)
      .map(toDiscovery);
    const total = num(this.db.prepare('SELECT count(*) AS n FROM discoveries WHERE state = ?').get(state)?.n ?? 0);
    return { items, total, unread: this.unread() };
  }

  /**
   * A reaction: the discovery moves to the archive with it, and its interest is re-weighted
   * (up ×1.25, down ×0.8, kept within 0.1..5). A second reaction to the same discovery
   * replaces the first without weighting the interest twice.
   */
  react(id: string, reaction: Reaction): { discovery: Discovery; unread: number } | null {
    return inTransaction(this.db, () => {
      const before = this.getDiscovery(id);
      if (!before) return null;
      if (before.reaction !== reaction) {
        const interest = this.findInterest(before.interest);
        if (interest) {
          // Undo the earlier reaction's weighting first, so up-then-down lands where down alone would.
          const base = before.reaction ? reweigh(interest.weight, before.reaction === 'up' ? 'down' : 'up') : interest.weight;
          this.db.prepare('UPDATE interests SET weight = ? WHERE id = ?').run(reweigh(base, reaction), interest.id);
        }
      }
      this.db.prepare("UPDATE discoveries SET state = 'archived', reaction = ?, reacted_at = ? WHERE id = ?").run(reaction, this.now(), id);
      const discovery = this.getDiscovery(id);
      return discovery ? { discovery, unread: this.unread() } : null;
    });
  }

  // Watches

  addWatch(url: string, label: string, everyMinutes: number, value?: string): StoredWatch {
    const said = (text: string) => this.redaction.text(text);
    url = said(url);
    value = value === undefined ? undefined : said(value);
    const watch: StoredWatch = {
      id: this.newId('watches'),
      url,
      label: said(label.trim()),
      everyMinutes,
      locator: null,
      ...(value ? { value } : {}),
    };
    this.db
      .prepare('INSERT INTO watches (id, url, label, every_minutes, added_at, value) VALUES (?, ?, ?, ?, ?, ?)')
      .run(watch.id, url, watch.label, everyMinutes, this.now(), value ?? null);
    return watch;
  }

  listWatches(): StoredWatch[] {
    return this.db.prepare('SELECT * FROM watches ORDER BY added_at, rowid').all().map(toWatch);
  }

  getWatch(id: string): StoredWatch | null {
    const row = this.db.prepare('SELECT * FROM watches WHERE id = ?').get(id);
    return row ? toWatch(row) : null;
  }

  removeWatch(id: string): boolean {
    return Number(this.db.prepare('DELETE FROM watches WHERE id = ?').run(id).changes) > 0;
  }

  /** What a check found: the value (null: not found this time, the last one kept) and how to find it again. */
  checked(id: string, value: string | null, locator: WatchLocator | null): void {
    this.db
      .prepare('UPDATE watches SET value = coalesce(?, value), locator = coalesce(?, locator), last_checked_at = ? WHERE id = ?')
      .run(
        value === null ? null : this.redaction.text(value),
        locator ? JSON.stringify(this.redaction.value(locator)) : null,
        this.now(),
        id,
      );
  }

  /** Watches whose time has come. */
  dueWatches(): StoredWatch[] {
    const now = this.now();
    return this.listWatches().filter((w) => w.lastCheckedAt === undefined || now - w.lastCheckedAt >= w.everyMinutes * 60_000);
  }
}

export function asPublicWatch(watch: StoredWatch): Watch {
  const { locator: _locator, ...rest } = watch;
  return rest;
}
