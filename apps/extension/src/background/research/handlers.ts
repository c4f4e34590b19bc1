import type { FeedReplies } from '../../lib/feed-messages';
import type { Handlers } from '../router';
import type { FeedService } from './feed';

// The router's answers to the feed and interests requests (lib/feed-messages.ts): the feed
// page, the panel's "N new" and Options › Research; watches (the panel's Watch, Options).

type FeedType = keyof FeedReplies;

export type FeedParts = Pick<
  FeedService,
  'list' | 'react' | 'unread' | 'interests' | 'addInterest' | 'removeInterest' | 'pickValue' | 'watches' | 'addWatch' | 'removeWatch'
>;

const unavailable = (): Promise<never> =>
  Promise.reject(new Error('The feed is not available here; reload the extension (chrome://extensions).'));

/** For a router made without the feed (tests of other parts). */
export const UNAVAILABLE_FEED: FeedParts = {
  list: unavailable,
  react: unavailable,
  unread: () => Promise.resolve({ unread: 0, connected: false }),
  interests: unavailable,
  addInterest: unavailable,
  removeInterest: unavailable,
  pickValue: unavailable,
  watches: unavailable,
  addWatch: unavailable,
  removeWatch: unavailable,
};

export function feedHandlers(feed: FeedParts): Handlers<FeedType> {
  return {
    'feed.list': (r) => feed.list(r.state, r.offset, r.limit),
    'feed.react': (r) => feed.react(r.id, r.reaction),
    'feed.unread': () => feed.unread(),
    'interests.list': async () => ({ interests: await feed.interests() }),
    'interests.add': async (r) => ({ interest: await feed.addInterest(r.topic) }),
    'interests.remove': async (r) => ({ removed: await feed.removeInterest(r.id) }),
    'watch.pick': async () => ({ picked: await feed.pickValue() }),
    'watch.add': async (r) => ({ watch: await feed.addWatch(r.url, r.label, r.value || undefined) }),
    'watch.list': async () => ({ watches: await feed.watches() }),
    'watch.remove': async (r) => ({ removed: await feed.removeWatch(r.id) }),
  };
}
