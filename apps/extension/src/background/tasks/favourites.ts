import type { Db, Favourite } from '../../lib/db';
import { UNDO_MS } from '../../lib/messages';
import type { Handlers } from '../router';

// Favourite tasks (kept to run again), and the end of the undo time for whatever was
// deleted. Deleting only marks a record; it goes for good when the panel's undo time is
// over, or, if the panel closed before that, the next time a list is read.

/** Longer than the panel's undo time, so a list read elsewhere never takes back an Undo still on offer. */
const PURGE_AFTER_MS = UNDO_MS + 20_000;

function newId(): string {
  return `f${Date.now().toString(36)}${Math.floor(Math.random() * 1e9).toString(36)}`;
}

/** A favourite's first name: the task's first line, short (the store redacts it). */
export function favouriteTitle(task: string): string {
  const line = task.split('\n')[0]?.trim() ?? '';
  return line.length > 60 ? `${line.slice(0, 59)}…` : line || 'Favourite';
}

/** Removes what was deleted long enough ago that no Undo can still be on offer. */
export async function purgeStale(store: Db): Promise<void> {
  await store.purgeDeleted(Date.now() - PURGE_AFTER_MS);
}

type FavouriteType = 'favourites.list' | 'favourite.save' | 'favourite.rename' | 'favourite.delete' | 'favourite.restore' | 'deleted.purge';

export function favouriteHandlers(db: () => Promise<Db>): Handlers<FavouriteType> {
  const existing = async (store: Db, id: string): Promise<Favourite> => {
    const found = await store.favourite(id);
    if (!found || found.deletedAt !== undefined) throw new Error('That favourite no longer exists.');
    return found;
  };
  return {
    'favourites.list': async () => {
      const store = await db();
      await purgeStale(store);
      return { favourites: await store.listFavourites() };
    },
    'favourite.save': async (r) => {
      const store = await db();
      // Kept redacted (a card number as its last four digits): the same task is the same once redacted.
      const task = (await store.redaction()).text(r.task);
      const same = (await store.listFavourites()).find((f) => f.task === task && f.mode === r.mode);
      if (same) return { favourite: same };
      const now = Date.now();
      const id = newId();
      await store.putFavourite({ id, title: favouriteTitle(r.task), task: r.task, mode: r.mode, createdAt: now, updatedAt: now });
      return { favourite: await existing(store, id) };
    },
    'favourite.rename': async (r) => {
      const store = await db();
      const renamed = { ...(await existing(store, r.id)), title: r.title, updatedAt: Date.now() };
      await store.putFavourite(renamed);
      return { favourite: await existing(store, r.id) };
    },
    'favourite.delete': async (r) => ({
      deleted: await (await db()).markFavouriteDeleted(r.id, Date.now()),
    }),
    'favourite.restore': async (r) => ({
      restored: await (await db()).markFavouriteDeleted(r.id, null),
    }),
    'deleted.purge': async (r) => {
      await (await db()).purgeDeleted(Date.now(), r.id);
      return { purged: true };
    },
  };
}
