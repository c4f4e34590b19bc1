import type { Discovery, FeedPage } from '@wayfinder/core/ui';
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { CurrentRedaction } from './redaction';

// The copy of the feed kept in this browser (issue 15), in a database of its own
// ('wayfinder-feed'): the discoveries last seen from the host, and how many were new then.
// It lets the feed page show cards while the host is away and the badge keep its count
// across worker restarts. The host's answer always replaces what is kept here. What is kept
// passes this worker's one redaction (lib/redaction.ts): the host redacts with its own
// secrets, and the person's stored here may be others.
//   discoveries: Discovery by id (index: state)
//   meta: { key: 'unread', value: number }

export const FEED_DB_NAME = 'wayfinder-feed';
export const FEED_DB_VERSION = 1;

interface FeedSchema extends DBSchema {
  discoveries: { key: string; value: Discovery; indexes: { state: string } };
  meta: { key: string; value: { key: string; value: number } };
}

type FeedDatabase = IDBPDatabase<FeedSchema>;

const UPGRADES: Record<number, (db: FeedDatabase) => void> = {
  1: (db) => {
    db.createObjectStore('discoveries', { keyPath: 'id' }).createIndex('state', 'state');
    db.createObjectStore('meta', { keyPath: 'key' });
  },
};

export class FeedCache {
  private constructor(
    private readonly db: FeedDatabase,
    private readonly redaction: CurrentRedaction,
  ) {}

  static async open(redaction: CurrentRedaction): Promise<FeedCache> {
    const db = await openDB<FeedSchema>(FEED_DB_NAME, FEED_DB_VERSION, {
      upgrade(database, oldVersion) {
        for (let v = oldVersion + 1; v <= FEED_DB_VERSION; v++) UPGRADES[v]?.(database);
      },
    });
    return new FeedCache(db, redaction);
  }

  /** Replaces everything kept with the host's current feed. */
  async replace(given: Discovery[], unread: number): Promise<void> {
    const items = (await this.redaction()).value(given);
    const tx = this.db.transaction(['discoveries', 'meta'], 'readwrite');
    const store = tx.objectStore('discoveries');
    await store.clear();
    for (const item of items) await store.put(item);
    await tx.objectStore('meta').put({ key: 'unread', value: unread });
    await tx.done;
  }

  /** Keeps (or updates) these discoveries, and the unread count when known. */
  async put(given: Discovery[], unread?: number): Promise<void> {
    const items = (await this.redaction()).value(given);
    const tx = this.db.transaction(['discoveries', 'meta'], 'readwrite');
    for (const item of items) await tx.objectStore('discoveries').put(item);
    if (unread !== undefined) await tx.objectStore('meta').put({ key: 'unread', value: unread });
    await tx.done;
  }

  async unread(): Promise<number> {
    return (await this.db.get('meta', 'unread'))?.value ?? 0;
  }

  /** One page of what is kept, newest first, as the host would give it. */
  async page(state: Discovery['state'], offset: number, limit: number): Promise<FeedPage> {
    const all = (await this.db.getAllFromIndex('discoveries', 'state', state)).sort((a, b) => b.foundAt - a.foundAt);
    return { items: all.slice(offset, offset + limit), total: all.length, unread: await this.unread() };
  }
}
