import { parseSite } from '@wayfinder/core/ui';
import { Brain, CircleAlert, CircleCheck, LoaderCircle, RotateCw, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { ask, type MemoryStats } from '../../lib/messages';
import type { CaptureRule, EmbedderChoice, MemorySettings } from '../../lib/settings';
import { count } from '../memory/format';

// Options › Memory: whether pages are kept as they are visited (off until the person turns
// it on), site rules that override that, which embedder gives the vectors (a change
// re-indexes in the background: its progress is polled from memory.status while it runs).

const RULE_LABELS: Record<CaptureRule, string> = { always: 'Always remember', never: 'Never remember' };

const EMBEDDER_CHOICES: { id: EmbedderChoice; label: string; hint: string }[] = [
  { id: 'hash', label: 'Word hashing (built in)', hint: 'Matches by words. Nothing to download.' },
  { id: 'minilm', label: 'all-MiniLM-L6-v2', hint: 'Also matches by meaning. Downloads ~25 MB once, then works offline.' },
];

/** `asked`: bumped when the person started something (Try again): asked again at once. */
function useMemoryStatus(embedder: EmbedderChoice, asked: number): MemoryStats | { error: string } | null {
  const [status, setStatus] = useState<MemoryStats | { error: string } | null>(null);
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Often while a re-index runs; now and then otherwise, since one can start at any moment
    // after a change (the worker hears of the saved settings a little later).
    const poll = async () => {
      if (document.visibilityState === 'visible') {
        const reply = await ask({ type: 'memory.status' });
        if (stopped) return;
        setStatus(reply.ok ? reply : { error: reply.error });
        if (reply.ok && reply.reindex?.running) {
          timer = setTimeout(() => void poll(), 500);
          return;
        }
      }
      timer = setTimeout(() => void poll(), 2000);
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [embedder, asked]);
  return status;
}

function Reindex({ status, onRetried }: { status: MemoryStats | { error: string } | null; onRetried: () => void }) {
  if (!status) return null;
  if ('error' in status)
    return (
      <p className="bad with-icon" role="alert">
        <CircleAlert size={16} aria-hidden="true" /> Memory did not answer: {status.error}
      </p>
    );
  const job = status.reindex;
  return (
    <div role="status" aria-label="Re-indexing" className="reindex">
      <p className="muted">
        In use: {status.embedder} · {count(status.documents, 'page or file', 'pages and files')} kept
      </p>
      {job?.running && status.download && (
        <p className="with-icon">
          <LoaderCircle size={16} className="spin" aria-hidden="true" />
          <span>
            Downloading the model (once): {megabytes(status.download.loaded)} of {megabytes(status.download.total)} MB
          </span>
          <progress max={Math.max(1, status.download.total)} value={status.download.loaded} aria-label="Model download progress" />
        </p>
      )}
      {job?.running && !status.download && (
        <p className="with-icon">
          <LoaderCircle size={16} className="spin" aria-hidden="true" />
          <span>
            Re-indexing for {job.embedder}: {job.done.toLocaleString()} of {job.total.toLocaleString()} pieces
          </span>
          <progress max={Math.max(1, job.total)} value={job.done} aria-label="Re-indexing progress" />
        </p>
      )}
      {job?.error && (
        <>
          <p className="bad with-icon">
            <CircleAlert size={16} aria-hidden="true" />
            <span>{job.error}</span>
          </p>
          <button type="button" className="with-icon" onClick={() => void ask({ type: 'memory.reindex' }).then(onRetried)}>
            <RotateCw size={16} aria-hidden="true" /> Try again
          </button>
        </>
      )}
      {job && !job.running && !job.error && (
        <p className="with-icon">
          <CircleCheck size={16} className="ok" aria-hidden="true" />
          <span>
            Re-indexed {job.total.toLocaleString()} pieces for {job.embedder}.
          </span>
        </p>
      )}
    </div>
  );
}

function SiteRules({ sites, onChange }: { sites: MemorySettings['sites']; onChange: (sites: MemorySettings['sites']) => void }) {
  const [site, setSite] = useState('');
  const [rule, setRule] = useState<CaptureRule>('always');
  const [problem, setProblem] = useState<string | null>(null);
  const add = () => {
    const parsed = parseSite(site);
    if (!parsed.ok) {
      setProblem(parsed.error);
      return;
    }
    setProblem(null);
    // "www.example.com" means the site to a person; a rule covers its subdomains anyway.
    onChange({ ...sites, [parsed.site.replace(/^www\./, '')]: rule });
    setSite('');
  };
  const sorted = Object.entries(sites).sort(([a], [b]) => a.localeCompare(b));
  return (
    <>
      <h3>Sites</h3>
      {sorted.length ? (
        <table className="rules">
          <caption className="sr-only">Memory site rules</caption>
          <thead>
            <tr>
              <th scope="col">Site</th>
              <th scope="col">Rule</th>
              <th scope="col">
                <span className="sr-only">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {sorted.map(([name, r]) => (
              <tr key={name}>
                <td>{name}</td>
                <td>{RULE_LABELS[r]}</td>
                <td>
                  <button
                    type="button"
                    className="icon"
                    aria-label={`Remove the rule for ${name}`}
                    title="Remove"
                    onClick={() => onChange(Object.fromEntries(Object.entries(sites).filter(([s]) => s !== name)))}
                  >
                    <Trash2 size={16} aria-hidden="true" />
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="muted">No site rules. Add a site to always remember it (even when it is one of the excluded kinds) or never.</p>
      )}
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          add();
        }}
      >
        <label className="sr-only" htmlFor="memory-site">
          Site for a memory rule
        </label>
        <input id="memory-site" placeholder="example.com" value={site} onChange={(e) => setSite(e.target.value)} />
        <label className="sr-only" htmlFor="memory-rule">
          Rule
        </label>
        <select id="memory-rule" value={rule} onChange={(e) => setRule(e.target.value === 'never' ? 'never' : 'always')}>
          <option value="always">{RULE_LABELS.always}</option>
          <option value="never">{RULE_LABELS.never}</option>
        </select>
        <button type="submit">Add rule</button>
      </form>
      {problem && (
        <p className="bad" role="alert">
          {problem}
        </p>
      )}
    </>
  );
}

export function MemorySection({ memory, onChange }: { memory: MemorySettings; onChange: (patch: Partial<MemorySettings>) => void }) {
  const [asked, setAsked] = useState(0);
  const status = useMemoryStatus(memory.embedder, asked);
  useEffect(() => {
    // Links to options.html#memory (the Memory page's empty state): the section renders after settings load.
    if (location.hash === '#memory') document.getElementById('memory')?.scrollIntoView();
  }, []);
  return (
    <section id="memory" aria-labelledby="memory-heading">
      <h2 id="memory-heading">Memory</h2>
      <p className="with-icon">
        <Brain size={16} aria-hidden="true" />
        <span>
          <a href={chrome.runtime.getURL('/memory.html')}>Open the Memory page</a>: search, see and delete what is kept, add files.
        </span>
      </p>
      <label className="row switch-row">
        <input
          id="capture-pages"
          type="checkbox"
          role="switch"
          checked={memory.capturePages}
          aria-describedby="capture-hint"
          onChange={(e) => onChange({ capturePages: e.target.checked })}
        />
        Remember pages I visit
      </label>
      <p id="capture-hint" className="muted">
        Off until you turn it on. Never kept: incognito windows, and banking, health, adult and webmail sites unless you add them below as
        Always.
      </p>
      <SiteRules sites={memory.sites} onChange={(sites) => onChange({ sites })} />

      <h3 id="embedder-heading">Search by meaning</h3>
      <div role="radiogroup" aria-labelledby="embedder-heading" className="choices">
        {EMBEDDER_CHOICES.map((c) => (
          <label key={c.id} className="choice">
            <input
              type="radio"
              name="embedder"
              value={c.id}
              checked={memory.embedder === c.id}
              onChange={() => onChange({ embedder: c.id })}
            />
            <span>
              {c.label}
              <span className="muted block">{c.hint}</span>
            </span>
          </label>
        ))}
      </div>
      <Reindex status={status} onRetried={() => setAsked((n) => n + 1)} />
    </section>
  );
}

function megabytes(bytes: number): string {
  return (bytes / (1024 * 1024)).toFixed(1);
}
