import { useCallback, useEffect, useRef, useState } from 'react';
import { ask, UNDO_MS } from '../../lib/messages';

// Delete with undo, for conversations and favourites: the background only marks the
// record deleted, so Undo loses nothing even if the worker stopped meanwhile. When the undo
// time is over (or the list closes, taking its Undo button with it) the record goes for good.

export interface Deleted {
  id: string;
  title: string;
}

export function useUndo(kind: 'conversation' | 'favourite', onChanged: () => void) {
  const [deleted, setDeleted] = useState<Deleted | null>(null);
  const [error, setError] = useState<string | null>(null);
  const pending = useRef<Deleted | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const finish = useCallback(() => {
    clearTimeout(timer.current);
    const item = pending.current;
    pending.current = null;
    setDeleted(null);
    if (item) void ask({ type: 'deleted.purge', id: item.id });
  }, []);

  const remove = useCallback(
    async (item: Deleted) => {
      finish();
      setError(null);
      // Hidden at once; brought back if the background could not mark it.
      pending.current = item;
      setDeleted(item);
      const reply = await ask(
        kind === 'conversation' ? { type: 'conversation.delete', id: item.id } : { type: 'favourite.delete', id: item.id },
      );
      if (!reply.ok || !reply.deleted) {
        pending.current = null;
        setDeleted(null);
        setError(reply.ok ? `“${item.title}” was already gone.` : reply.error);
      } else timer.current = setTimeout(finish, UNDO_MS);
      onChanged();
    },
    [finish, kind, onChanged],
  );

  /** Brings back what was just deleted; returns it (null if the undo time was over). */
  const undo = useCallback(async (): Promise<Deleted | null> => {
    const item = pending.current;
    if (!item) return null;
    clearTimeout(timer.current);
    pending.current = null;
    setDeleted(null);
    const reply = await ask(
      kind === 'conversation' ? { type: 'conversation.restore', id: item.id } : { type: 'favourite.restore', id: item.id },
    );
    if (!reply.ok || !reply.restored) setError(reply.ok ? `“${item.title}” could not be brought back.` : reply.error);
    onChanged();
    return reply.ok && reply.restored ? item : null;
  }, [kind, onChanged]);

  useEffect(() => finish, [finish]);

  return { deleted, error, remove, undo };
}
