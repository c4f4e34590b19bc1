import { Eye } from 'lucide-react';
import { useState } from 'react';
import { ask } from '../../lib/messages';

// "Watch a value on this page" (issue 15): the person points at a value in the page beside
// the panel (a price, stock…; background/research/watch-picker.ts), checks or edits the label it got
// from the page, and the host revisits the page and puts a change in the feed.

type Picked = { url: string; title: string; value: string; label: string; kind: 'price' | 'stock' | 'value' };

/** `hosted`: this browser is connected to the host (`wayfinder serve`), which keeps and revisits watches. */
export function WatchPage({ hosted }: { hosted: boolean }) {
  const [picking, setPicking] = useState(false);
  const [picked, setPicked] = useState<Picked | null>(null);
  const [label, setLabel] = useState('');
  const [note, setNote] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const pick = async () => {
    setProblem(null);
    setNote(null);
    setPicked(null);
    setPicking(true);
    const reply = await ask({ type: 'watch.pick' });
    setPicking(false);
    if (!reply.ok) setProblem(reply.error);
    else if (!reply.picked) setNote('Nothing picked; nothing is watched.');
    else {
      setPicked(reply.picked);
      setLabel(reply.picked.label);
    }
  };
  const add = async () => {
    if (!picked) return;
    const reply = await ask({ type: 'watch.add', url: picked.url, label, value: picked.value.slice(0, 200) });
    if (!reply.ok) {
      setProblem(`Could not add the watch: ${reply.error}`);
      return;
    }
    setProblem(null);
    setPicked(null);
    setNote(`Watching “${reply.watch.label}”: a change will show in your feed.`);
  };

  return (
    <section className="watch-page" aria-label="Watch this page">
      {!picked && (
        <p className="row small">
          <button type="button" onClick={() => void pick()} disabled={picking} aria-describedby={hosted ? undefined : 'watch-needs-host'}>
            <Eye size={14} aria-hidden="true" /> Watch a value on this page
          </button>
          {!hosted && !picking && (
            <span id="watch-needs-host" className="muted">
              Needs the host: run <code>wayfinder serve</code> and connect in Options.
            </span>
          )}
          {picking && (
            <span className="muted" role="status">
              Click the value on the page; Esc there cancels.
            </span>
          )}
        </p>
      )}
      {picked && (
        <form
          className="stack"
          onSubmit={(e) => {
            e.preventDefault();
            void add();
          }}
        >
          <p className="small">
            Value now: <strong>{picked.value}</strong>
          </p>
          {picked.kind === 'value' && (
            <p className="muted small">The host finds prices and stock again best; this value may not be found on later visits.</p>
          )}
          <label htmlFor="watch-label">What it is (the host finds it again by these words)</label>
          <input id="watch-label" value={label} maxLength={200} onChange={(e) => setLabel(e.target.value)} />
          <div className="row">
            <button type="submit" className="primary">
              Watch
            </button>
            <button type="button" onClick={() => setPicked(null)}>
              Cancel
            </button>
          </div>
        </form>
      )}
      {note && !problem && (
        <p className="ok small" role="status">
          {note}
        </p>
      )}
      {problem && (
        <p className="bad small" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}
