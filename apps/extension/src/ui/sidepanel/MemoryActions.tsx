import { BookmarkPlus, CircleAlert, CircleCheck, ExternalLink, LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { ask } from '../../lib/messages';
import { FileProgressList, PickFiles, useAddFiles } from '../memory/AddFiles';

// The panel's memory actions, behind the header's Memory button: keep the page in the
// active tab now (whatever the capture settings say, never incognito or a Never site), add
// files with progress per file, and open the Memory page.

type Outcome = { state: 'working' } | { state: 'done'; text: string } | { state: 'failed'; text: string };

export function MemoryActions() {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const files = useAddFiles();

  const remember = async () => {
    setOutcome({ state: 'working' });
    const reply = await ask({ type: 'memory.rememberPage' });
    if (!reply.ok) setOutcome({ state: 'failed', text: reply.error });
    else {
      const title = reply.title || reply.url;
      setOutcome({
        state: 'done',
        text:
          reply.outcome === 'unchanged'
            ? `Already remembered: “${title}”.`
            : `Remembered “${title}” (${reply.chunks} ${reply.chunks === 1 ? 'piece' : 'pieces'}).`,
      });
    }
  };

  return (
    <section className="history memory-actions" aria-label="Memory">
      <div className="row wrap">
        <button type="button" onClick={() => void remember()} disabled={outcome?.state === 'working'}>
          <BookmarkPlus size={16} aria-hidden="true" />
          Remember this page
        </button>
        <PickFiles label="Add files to memory" onFiles={(f) => void files.add(f)} disabled={files.busy} />
        <a className="with-icon" href={chrome.runtime.getURL('/memory.html')} target="_blank" rel="noopener">
          Memory page
          <ExternalLink size={14} aria-hidden="true" />
        </a>
      </div>
      <p role="status" className="small outcome">
        {outcome?.state === 'working' && (
          <>
            <LoaderCircle size={16} className="spin" aria-hidden="true" /> Remembering the page…
          </>
        )}
        {outcome?.state === 'done' && (
          <>
            <CircleCheck size={16} className="ok" aria-hidden="true" /> {outcome.text}
          </>
        )}
        {outcome?.state === 'failed' && (
          <>
            <CircleAlert size={16} className="bad" aria-hidden="true" />
            <span className="bad">{outcome.text}</span>
          </>
        )}
      </p>
      <FileProgressList items={files.items} />
    </section>
  );
}
