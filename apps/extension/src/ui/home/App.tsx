import type { Discovery, TaskMode } from '@wayfinder/core/ui';
import { Compass, Play, Send, Star } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import type { Favourite } from '../../lib/db';
import { ask, type ConversationSummary } from '../../lib/messages';

// The Home page (issue 16; also the new-tab page when built with WAYFINDER_NEWTAB=1): a
// quick task box that starts a task in the side panel, the recent conversations (each opens there), the
// favourite tasks (the ones starred in the panel) and the unread discoveries of the feed.

const RECENT = 8;
const DISCOVERIES = 5;

const STATUS_NAMES: Record<string, string> = {
  done: 'done',
  failed: 'failed',
  stopped: 'stopped',
  running: 'running',
  waiting: 'waiting for you',
  interrupted: 'interrupted',
};

/** The side panel, opened while the click still counts as the person's (Chrome needs a gesture). */
function openPanel(): void {
  chrome.windows
    .getCurrent()
    .then((w) => (w.id === undefined ? undefined : chrome.sidePanel.open({ windowId: w.id })))
    .catch(() => undefined);
}

function Discoveries({ items, unread }: { items: Discovery[]; unread: number }) {
  return (
    <section aria-labelledby="home-discoveries">
      <h2 id="home-discoveries">Discoveries {unread > 0 && <span className="badge">{unread} new</span>}</h2>
      <ul className="home-list">
        {items.map((d) => (
          <li key={d.id}>
            <a href={d.url} target="_blank" rel="noreferrer">
              {d.title}
            </a>
            <div className="muted">{d.summary}</div>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function App() {
  const [task, setTask] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [started, setStarted] = useState<string | null>(null);
  const [recent, setRecent] = useState<ConversationSummary[] | null>(null);
  const [favourites, setFavourites] = useState<Favourite[]>([]);
  const [feed, setFeed] = useState<{ items: Discovery[]; unread: number } | null>(null);

  const refresh = useCallback(() => {
    void ask({ type: 'conversations.list' }).then((r) => setRecent(r.ok ? r.conversations.slice(0, RECENT) : []));
    void ask({ type: 'favourites.list' }).then((r) => setFavourites(r.ok ? r.favourites : []));
    // The feed is shown only where it is kept (the research part of the extension); nothing otherwise.
    void ask({ type: 'feed.list', state: 'new', offset: 0, limit: DISCOVERIES })
      .then((r) => setFeed(r.ok && r.page.items.length ? { items: r.page.items, unread: r.page.unread } : null))
      .catch(() => setFeed(null));
  }, []);
  useEffect(() => {
    refresh();
    const onVisible = () => {
      if (document.visibilityState === 'visible') refresh();
    };
    document.addEventListener('visibilitychange', onVisible);
    const timer = setInterval(refresh, 5000);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      clearInterval(timer);
    };
  }, [refresh]);

  const start = async (text: string, mode: TaskMode = 'act') => {
    setProblem(null);
    setStarted(null);
    openPanel();
    const reply = await ask({
      type: 'task.start',
      conversationId: null,
      task: text,
      mode,
      model: null,
      includePage: false,
      attachments: [],
    });
    if (!reply.ok) {
      setProblem(reply.error);
      return;
    }
    setTask('');
    setStarted(`Started in the side panel: “${reply.view.task}”.`);
    // A panel already open shows it too (not only one opened now).
    void ask({ type: 'conversation.show', id: reply.conversationId });
    refresh();
  };

  /** A recent task: its conversation in the side panel. */
  const show = async (c: ConversationSummary) => {
    setProblem(null);
    openPanel();
    const reply = await ask({ type: 'conversation.show', id: c.id });
    if (!reply.ok) setProblem(reply.error);
    else setStarted(`Opened in the side panel: “${c.title}”.`);
    refresh();
  };

  return (
    <main className="page home-page">
      <h1 className="with-icon">
        <Compass size={24} aria-hidden="true" /> Wayfinder
      </h1>
      <form
        className="row home-task"
        onSubmit={(e) => {
          e.preventDefault();
          if (task.trim()) void start(task.trim());
        }}
      >
        <label htmlFor="home-task" className="sr-only">
          What should Wayfinder do?
        </label>
        <input
          id="home-task"
          className="grow"
          value={task}
          placeholder="What should Wayfinder do?"
          onChange={(e) => setTask(e.target.value)}
          autoFocus
        />
        <button type="submit" disabled={!task.trim()}>
          <Send aria-hidden size={16} /> Start
        </button>
      </form>
      <p role="status" className="muted">
        {started}
      </p>
      {problem && (
        <p className="error" role="alert">
          {problem}
        </p>
      )}
      <div className="home-grid">
        <section aria-labelledby="home-recent">
          <h2 id="home-recent">Recent tasks</h2>
          {recent === null ? (
            <p className="muted">Loading…</p>
          ) : recent.length === 0 ? (
            <p className="muted">No tasks yet: type one above.</p>
          ) : (
            <ul className="home-list" aria-label="Recent tasks">
              {recent.map((c) => (
                <li key={c.id}>
                  <button type="button" className="link-button" onClick={() => void show(c)}>
                    {c.title}
                  </button>{' '}
                  <span className="muted">{c.lastStatus ? (STATUS_NAMES[c.lastStatus] ?? c.lastStatus) : ''}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="home-favourites">
          <h2 id="home-favourites">
            <Star aria-hidden size={16} /> Favourites
          </h2>
          {favourites.length === 0 ? (
            <p className="muted">Star a task in the side panel to keep it here.</p>
          ) : (
            <ul className="home-list" aria-label="Favourites">
              {favourites.map((f) => (
                <li key={f.id} className="row">
                  <span className="grow">{f.title}</span>
                  <button type="button" onClick={() => void start(f.task, f.mode)} aria-label={`Run “${f.title}”`}>
                    <Play aria-hidden size={14} /> Run
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
        {feed && <Discoveries items={feed.items} unread={feed.unread} />}
      </div>
      <p className="muted">
        <a href="/ratings.html">Ratings</a> · <a href="/skills.html">Skills</a> · <a href="/memory.html">Memory</a> ·{' '}
        <a href="/options.html">Options</a>
      </p>
    </main>
  );
}
