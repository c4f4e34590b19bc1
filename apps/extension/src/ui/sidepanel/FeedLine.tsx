import { Newspaper } from 'lucide-react';
import { Interests } from '../research/Interests';
import { useFeedState } from '../research/use-feed-state';

// The feed in the panel (issue 15): one line with how many discoveries are new (a link to
// the feed page) and the interests, folded, to add or remove a topic without leaving the
// panel. Only once this browser is paired with a host (the host keeps both).

export function FeedLine() {
  const feed = useFeedState();
  if (!feed?.paired) return null;
  const url = chrome.runtime.getURL('/feed.html');
  return (
    <section className="feed-line" aria-label="Feed">
      <p className="row small">
        <Newspaper size={14} aria-hidden="true" />
        <a href={url} target="_blank" rel="noreferrer" className="grow">
          {feed.unread > 0 ? `${feed.unread} new in your feed` : 'Your feed'}
        </a>
      </p>
      <details>
        <summary>Interests</summary>
        <Interests compact connected={feed.connected} />
      </details>
    </section>
  );
}
