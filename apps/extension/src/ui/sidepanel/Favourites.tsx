import { Check, Pencil, Play, Trash2, X } from 'lucide-react';
import { useCallback, useEffect, useState, type KeyboardEvent } from 'react';
import type { TaskMode } from '@wayfinder/core/ui';
import type { Favourite } from '../../lib/db';
import { ask } from '../../lib/messages';
import { UndoNotice } from './Undo';
import { useUndo } from './use-undo';

// Tasks the person kept: run one, put it in the task box to change it first, rename it, or
// delete it (with a moment to undo).

const MODE_LABEL: Record<TaskMode, string> = { act: 'Do', plan: 'Plan', ask: 'Ask' };

/** Whether the person named it (then its words are shown under the name; the background sends both redacted). */
function renamed(favourite: Favourite): boolean {
  return !favourite.task.startsWith(favourite.title.replace(/…$/, ''));
}

function RenameField({ favourite, onDone }: { favourite: Favourite; onDone: (title: string | null) => void }) {
  const [title, setTitle] = useState(favourite.title);
  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') onDone(title.trim() || null);
    if (event.key === 'Escape') {
      // Esc here cancels the rename, not the running task.
      event.stopPropagation();
      onDone(null);
    }
  };
  return (
    <>
      <input
        className="grow"
        aria-label={`New name for ${favourite.title}`}
        value={title}
        maxLength={200}
        autoFocus
        onChange={(e) => setTitle(e.target.value)}
        onKeyDown={onKey}
      />
      <button type="button" className="icon" aria-label="Save name" title="Save name" onClick={() => onDone(title.trim() || null)}>
        <Check size={16} />
      </button>
      <button type="button" className="icon" aria-label="Cancel renaming" title="Cancel" onClick={() => onDone(null)}>
        <X size={16} />
      </button>
    </>
  );
}

export function Favourites({
  busy,
  onRun,
  onUse,
}: {
  /** A task is running: Run waits. */
  busy: boolean;
  onRun: (task: string, mode: TaskMode) => void;
  /** Puts the task in the task box (to change it before running). */
  onUse?: (task: string, mode: TaskMode) => void;
}) {
  const [favourites, setFavourites] = useState<Favourite[] | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const refresh = useCallback(() => {
    void ask({ type: 'favourites.list' }).then((reply) => {
      if (reply.ok) setFavourites(reply.favourites);
      else setProblem(reply.error);
    });
  }, []);
  const { deleted, error, remove, undo } = useUndo('favourite', refresh);
  useEffect(refresh, [refresh]);

  const rename = async (favourite: Favourite, title: string | null) => {
    setEditing(null);
    if (!title || title === favourite.title) return;
    const reply = await ask({ type: 'favourite.rename', id: favourite.id, title });
    if (!reply.ok) setProblem(reply.error);
    refresh();
  };

  const shown = (favourites ?? []).filter((f) => f.id !== deleted?.id);
  return (
    <section className="history favourites" aria-label="Favourites">
      <UndoNotice deleted={deleted} error={error ?? problem} onUndo={() => void undo()} />
      {favourites && !shown.length && <p className="muted">No favourites yet. Save a task with its star to run it again later.</p>}
      <ul>
        {shown.map((f) => (
          <li key={f.id}>
            {editing === f.id ? (
              <RenameField favourite={f} onDone={(title) => void rename(f, title)} />
            ) : (
              <>
                <div className="entry">
                  {onUse ? (
                    <button type="button" className="title" title="Put in the task box" onClick={() => onUse(f.task, f.mode)}>
                      {f.title}
                    </button>
                  ) : (
                    <span className="title">{f.title}</span>
                  )}
                  <span className="meta muted">
                    {MODE_LABEL[f.mode]}
                    {renamed(f) ? ` · ${f.task}` : ''}
                  </span>
                </div>
                <button
                  type="button"
                  className="icon"
                  aria-label={`Run ${f.title}`}
                  title={busy ? 'Wait for the running task to end' : 'Run now'}
                  disabled={busy}
                  onClick={() => onRun(f.task, f.mode)}
                >
                  <Play size={16} />
                </button>
                <button type="button" className="icon" aria-label={`Rename ${f.title}`} title="Rename" onClick={() => setEditing(f.id)}>
                  <Pencil size={16} />
                </button>
                <button
                  type="button"
                  className="icon danger"
                  aria-label={`Delete ${f.title}`}
                  title="Delete"
                  onClick={() => void remove({ id: f.id, title: f.title })}
                >
                  <Trash2 size={16} />
                </button>
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
