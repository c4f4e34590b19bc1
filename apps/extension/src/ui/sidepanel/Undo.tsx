import { Undo2 } from 'lucide-react';
import type { Deleted } from './use-undo';

// "Deleted “…”. Undo", announced politely; the region stays in the page so screen readers
// hear what is put into it.

export function UndoNotice({ deleted, error, onUndo }: { deleted: Deleted | null; error: string | null; onUndo: () => void }) {
  return (
    <div className="undo" role="status">
      {deleted && (
        <>
          <span className="grow">Deleted “{deleted.title}”.</span>
          <button type="button" onClick={onUndo}>
            <Undo2 size={16} /> Undo
          </button>
        </>
      )}
      {!deleted && error && <span className="bad">{error}</span>}
    </div>
  );
}
