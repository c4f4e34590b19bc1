import { CloudOff, Newspaper, Settings } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { Discovery, FeedPage, Reaction } from '@wayfinder/core/ui';
import { FEED_PAGE_SIZE } from '../../lib/feed-messages';
import { ask } from '../../lib/messages';
import { useFeedState } from '../research/use-feed-state';
import { Card } from './Card';
import { DiscoveryDialog } from './DiscoveryDialog';

// The feed page (issue 15): what the host's research found, as a grid of cards in two tabs —
// New, and Archive (what the person reacted to). A card opens in a dialog; 👍 / 👎 move it
// to Archive and tell the host. While the host is away, the cards kept in this browser are
// shown, with a note saying so. Reloads whenever the background says the feed changed.

type Tab = 'new' | 'archived';

const TABS: { id: Tab; label: string }[] = [
  { id: 'new', label: 'New' },
  { id: 'archived', label: 'Archive' },
];

function Empty({ tab, connected, archived }: { tab: Tab; connected: boolean; archived: number }) {
  if (tab === 'archived') return <p className="empty">Nothing in the archive yet: give a discovery a thumbs up or down to move it here.</p>;
  if (!connected) return <p className="empty">No discoveries kept in this browser. Connect to the host to see what its research found.</p>;
  if (archived) return <p className="empty">Nothing new. Everything you reacted to is in the archive.</p>;
  return (
    <p className="empty">
      No discoveries yet — add interests and run research from <code>wayfinder serve</code> (or <code>wayfinder research</code>).
    </p>
  );
}

export function App() {
  const feed = useFeedState();
  const [tab, setTab] = useState<Tab>('new');
  const [offset, setOffset] = useState(0);
  const [page, setPage] = useState<FeedPage | null>(null);
  const [archived, setArchived] = useState(0);
  const [offline, setOffline] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [open, setOpen] = useState<Discovery | null>(null);
  const [busy, setBusy] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  const tabs = useRef<Record<Tab, HTMLButtonElement | null>>({ new: null, archived: null });

  const latest = useRef(0);
  const load = useCallback(async () => {
    // Only the last load's answer is shown (an older one may arrive after it).
    const mine = ++latest.current;
    const reply = await ask({ type: 'feed.list', state: tab, offset, limit: FEED_PAGE_SIZE });
    if (mine !== latest.current) return;
    if (!reply.ok) {
      setProblem(reply.error);
      return;
    }
    // A page emptied by reactions: back one.
    if (!reply.page.items.length && offset > 0) {
      setOffset(Math.max(0, offset - FEED_PAGE_SIZE));
      return;
    }
    setPage(reply.page);
    setOffline(reply.offline);
    if (tab === 'archived') setArchived(reply.page.total);
    else {
      const other = await ask({ type: 'feed.list', state: 'archived', offset: 0, limit: 1 });
      if (other.ok && mine === latest.current) setArchived(other.page.total);
    }
  }, [tab, offset]);
  const version = feed?.version ?? 0;
  useEffect(() => {
    void load();
  }, [load, version]);

  const react = async (discovery: Discovery, reaction: Reaction) => {
    setBusy(true);
    const reply = await ask({ type: 'feed.react', id: discovery.id, reaction });
    setBusy(false);
    if (!reply.ok) {
      setProblem(reply.error);
      return;
    }
    setProblem(null);
    if (open?.id === discovery.id) close();
    await load();
  };
  const close = () => {
    setOpen(null);
    // The card's button may be gone (reacted to): then the heading of the grid.
    const back = opener.current;
    requestAnimationFrame(() => (back?.isConnected ? back : document.getElementById('feed-heading'))?.focus());
  };
  const choose = (next: Tab) => {
    setTab(next);
    setOffset(0);
    setPage(null);
  };
  const onTabKey = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const next: Tab = tab === 'new' ? 'archived' : 'new';
    choose(next);
    tabs.current[next]?.focus();
  };

  const total = page?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / FEED_PAGE_SIZE));
  const current = Math.floor(offset / FEED_PAGE_SIZE) + 1;
  const unread = feed?.unread ?? page?.unread ?? 0;

  return (
    <main className="page feed-page">
      <header className="row feed-header">
        <h1 id="feed-heading" tabIndex={-1} className="grow with-icon">
          <Newspaper size={22} aria-hidden="true" /> Your feed
        </h1>
        <a href={chrome.runtime.getURL('/options.html#research')} className="with-icon">
          <Settings size={16} aria-hidden="true" /> Interests and research settings
        </a>
      </header>
      {offline && (
        <p className="feed-note with-icon" role="status">
          <CloudOff size={16} aria-hidden="true" /> {offline}
        </p>
      )}
      <div role="tablist" aria-label="Discoveries" className="feed-tabs" onKeyDown={onTabKey}>
        {TABS.map((t) => (
          <button
            key={t.id}
            ref={(el) => {
              tabs.current[t.id] = el;
            }}
            type="button"
            role="tab"
            id={`tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls="feed-panel"
            tabIndex={tab === t.id ? 0 : -1}
            onClick={() => choose(t.id)}
          >
            {t.id === 'new' && unread > 0 ? `${t.label} (${unread})` : t.label}
          </button>
        ))}
      </div>
      <section id="feed-panel" role="tabpanel" aria-labelledby={`tab-${tab}`}>
        {problem && (
          <p className="bad" role="alert">
            {problem}
          </p>
        )}
        {page &&
          (page.items.length ? (
            <ul className="discoveries" aria-label={tab === 'new' ? 'New discoveries' : 'Archived discoveries'}>
              {page.items.map((d) => (
                <Card
                  key={d.id}
                  discovery={d}
                  busy={busy}
                  onReact={(x, r) => void react(x, r)}
                  onOpen={(x, el) => {
                    opener.current = el;
                    setOpen(x);
                  }}
                />
              ))}
            </ul>
          ) : (
            <Empty tab={tab} connected={!offline} archived={archived} />
          ))}
        {pages > 1 && (
          <nav className="row pager" aria-label="Pages">
            <button type="button" disabled={current <= 1} onClick={() => setOffset(offset - FEED_PAGE_SIZE)}>
              Previous
            </button>
            <span aria-live="polite">
              Page {current} of {pages}
            </span>
            <button type="button" disabled={current >= pages} onClick={() => setOffset(offset + FEED_PAGE_SIZE)}>
              Next
            </button>
          </nav>
        )}
      </section>
      {open && <DiscoveryDialog discovery={open} busy={busy} onClose={close} onReact={(x, r) => void react(x, r)} />}
    </main>
  );
}
