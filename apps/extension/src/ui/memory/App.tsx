import { Brain, LoaderCircle } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { ask, type Replies } from '../../lib/messages';
import { DropZone, FileProgressList, useAddFiles } from './AddFiles';
import { count } from './format';
import { KeptList } from './Kept';
import { MemorySearch } from './Search';
import { Storage } from './Storage';

// The Memory page: search what is kept, add files, see and delete everything by site,
// export and import, and the cap. Everything here stays on this computer.

type Listing = Replies['memory.list'];

function EmptyState() {
  return (
    <div className="card empty">
      <h3>Nothing is kept yet</h3>
      <p>
        Memory keeps the text of pages you read and files you add, on this computer only, so Wayfinder can find the right paragraphs later
        (“what did I read about React hooks?”).
      </p>
      <ul>
        <li>
          Turn on <strong>Remember pages I visit</strong> in <a href={chrome.runtime.getURL('/options.html#memory')}>Options</a>, or add a
          site there as Always.
        </li>
        <li>
          Or use <strong>Remember this page</strong> in the side panel, on a page you want kept.
        </li>
        <li>Or add files with Choose files above.</li>
      </ul>
    </div>
  );
}

export function App() {
  const [listing, setListing] = useState<Listing | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);

  const refresh = useCallback(() => {
    void ask({ type: 'memory.list' }).then((reply) => {
      if (reply.ok) {
        setListing({ documents: reply.documents, stats: reply.stats });
        setProblem(null);
      } else setProblem(reply.error);
    });
  }, []);
  useEffect(() => {
    refresh();
    // Pages kept from the panel or by capture while this tab was in the background show up on return.
    const onVisible = () => {
      if (document.visibilityState === 'visible') refresh();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [refresh]);
  const files = useAddFiles(refresh);

  const forget = async (what: { ids: string[] } | { site: string }, label: string) => {
    const reply = await ask({ type: 'memory.forget', ...what });
    if (reply.ok) setNote(`Deleted ${label} (${count(reply.removed, 'page or file', 'pages and files')}).`);
    else setProblem(reply.error);
    refresh();
  };

  return (
    <main className="page memory-page">
      <h1 className="with-icon">
        <Brain size={24} aria-hidden="true" /> Memory
      </h1>
      <p className="muted">
        Pages and files Wayfinder keeps for you, on this computer. The agent searches them when a task needs something you read.
      </p>
      {problem && (
        <p className="bad" role="alert">
          {problem}
        </p>
      )}
      {!listing ? (
        <p role="status">
          <LoaderCircle size={16} className="spin" aria-hidden="true" /> Loading…
        </p>
      ) : (
        <>
          <MemorySearch empty={!listing.documents.length} />

          <section aria-labelledby="add-heading">
            <h2 id="add-heading">Add files</h2>
            <DropZone onFiles={(f) => void files.add(f)} busy={files.busy} />
            <FileProgressList items={files.items} />
          </section>

          <Storage stats={listing.stats} onChanged={refresh} />

          <section aria-labelledby="kept-heading">
            <h2 id="kept-heading">Kept</h2>
            <p role="status" className="muted">
              {note}
            </p>
            {listing.documents.length ? <KeptList documents={listing.documents} onForget={(w, l) => void forget(w, l)} /> : <EmptyState />}
          </section>
        </>
      )}
    </main>
  );
}
