import type { ConversationSummary } from '../../lib/messages';

// The conversations kept in IndexedDB: open one to read or continue it, export it as JSON,
// or delete it.

export function History({
  conversations,
  current,
  onOpen,
  onDelete,
  onExport,
}: {
  conversations: ConversationSummary[];
  current: string | null;
  onOpen: (id: string) => void;
  onDelete: (id: string) => void;
  onExport: (id: string) => void;
}) {
  if (!conversations.length) return <div className="history muted">No conversations yet.</div>;
  return (
    <nav className="history" aria-label="Conversations">
      <ul>
        {conversations.map((c) => (
          <li key={c.id} aria-current={c.id === current ? 'true' : undefined}>
            <button type="button" className="title" onClick={() => onOpen(c.id)}>
              {c.title}
            </button>
            <span className="muted">
              {new Date(c.updatedAt).toLocaleDateString()}
              {c.lastStatus && c.lastStatus !== 'done' ? ` · ${c.lastStatus}` : ''}
            </span>
            <button type="button" aria-label={`Export ${c.title}`} onClick={() => onExport(c.id)}>
              ⤓
            </button>
            <button type="button" aria-label={`Delete ${c.title}`} className="danger" onClick={() => onDelete(c.id)}>
              ✕
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
