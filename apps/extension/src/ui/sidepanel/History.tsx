import { Download, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { foldText } from '@wayfinder/core/ui';
import type { ConversationSummary } from '../../lib/messages';
import { UndoNotice } from './Undo';
import { useUndo } from './use-undo';
import { fullDate, when } from './when';

// The conversations kept in IndexedDB: open one to read or continue it, export it as JSON,
// or delete it (with a moment to undo). The open one is marked. The host's conversations
// (while connected) are listed with them, marked as the host's; they are kept there. A
// search box narrows the list to conversations whose title, tasks or answers hold every word.

/** Whether a conversation holds every word of the search (accents and case aside). */
export function matches(conversation: ConversationSummary, query: string): boolean {
  const words = foldText(query).split(/\s+/).filter(Boolean);
  const haystack = foldText(`${conversation.title}\n${conversation.text ?? ''}`);
  return words.every((word) => haystack.includes(word));
}

export function History({
  conversations,
  current,
  onOpen,
  onExport,
  onChanged,
  onDeleted,
  onRestored,
}: {
  conversations: ConversationSummary[];
  current: string | null;
  onOpen: (id: string) => void;
  onExport: (id: string) => void;
  /** The list changed: read it again. */
  onChanged: () => void;
  onDeleted: (id: string) => void;
  /** Undo brought it back; `wasOpen`: it was the open conversation when deleted. */
  onRestored: (id: string, wasOpen: boolean) => void;
}) {
  const { deleted, error, remove, undo } = useUndo('conversation', onChanged);
  // Deleting the open conversation closes it; Undo opens it again.
  const wasOpen = useRef(false);
  const [query, setQuery] = useState('');
  const kept = conversations.filter((c) => c.id !== deleted?.id);
  const shown = kept.filter((c) => matches(c, query));
  const now = Date.now();
  return (
    <nav className="history" aria-label="Conversations">
      <UndoNotice
        deleted={deleted}
        error={error}
        onUndo={() =>
          void (async () => {
            const restored = await undo();
            if (restored) onRestored(restored.id, wasOpen.current);
          })()
        }
      />
      {kept.length > 0 && (
        <input
          type="search"
          className="history-search"
          aria-label="Search conversations"
          placeholder="Search tasks and answers"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      )}
      {!kept.length && <p className="muted">No conversations yet.</p>}
      {kept.length > 0 && !shown.length && (
        <p className="muted" role="status">
          No conversation holds “{query.trim()}”.
        </p>
      )}
      <ul>
        {shown.map((c) => (
          <li key={c.id} aria-current={c.id === current ? 'true' : undefined}>
            <div className="entry">
              <button type="button" className="title" title={c.title} onClick={() => onOpen(c.id)}>
                {c.title}
              </button>
              <span className="meta muted">
                <time dateTime={new Date(c.updatedAt).toISOString()} title={fullDate(c.updatedAt)}>
                  {when(c.updatedAt, now)}
                </time>
                {c.lastStatus && c.lastStatus !== 'done' ? ` · ${c.lastStatus}` : ''}
                {c.host ? ` · on the host${c.host.device ? ` · from ${c.host.device}` : ''}` : ''}
              </span>
            </div>
            {!c.host && (
              <>
                <button
                  type="button"
                  className="icon"
                  aria-label={`Export ${c.title}`}
                  title="Export as JSON"
                  onClick={() => onExport(c.id)}
                >
                  <Download size={16} />
                </button>
                <button
                  type="button"
                  className="icon danger"
                  aria-label={`Delete ${c.title}`}
                  title="Delete"
                  onClick={() => {
                    wasOpen.current = c.id === current;
                    void remove({ id: c.id, title: c.title });
                    onDeleted(c.id);
                  }}
                >
                  <Trash2 size={16} />
                </button>
              </>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
