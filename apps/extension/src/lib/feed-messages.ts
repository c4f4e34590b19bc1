import type { Discovery, FeedPage, Interest, Watch } from '@wayfinder/core/ui';
import { z } from 'zod';

// Research's part of the messages between the extension's pages and the background
// (issue 15; background/research/feed*.ts answers them): the feed of discoveries the host's research
// found, reactions to them, and the person's interests. The host keeps the truth; the
// background keeps a copy of the feed in IndexedDB so it can be read while the host is away.
// lib/messages.ts adds these requests to its union and these replies to its Replies.

/** Cards on one page of the feed. */
export const FEED_PAGE_SIZE = 12;

/** What the feed page shows under its tabs when the cards come from the copy kept here. */
export const OFFLINE_NOTE =
  'The host is not connected: these are the cards kept in this browser from the last time it was. Connect to the host (Options) to see new ones and to react.';

export const FEED_REQUESTS = [
  z.object({
    type: z.literal('feed.list'),
    state: z.enum(['new', 'archived']),
    offset: z.number().int().min(0).max(100_000),
    limit: z.number().int().min(1).max(100).default(FEED_PAGE_SIZE),
  }),
  z.object({ type: z.literal('feed.react'), id: z.string().min(1).max(200), reaction: z.enum(['up', 'down']) }),
  /** How many discoveries are new (the panel's "N new" and the toolbar badge). */
  z.object({ type: z.literal('feed.unread') }),
  z.object({ type: z.literal('interests.list') }),
  z.object({
    type: z.literal('interests.add'),
    topic: z.string().trim().min(1, 'Type a topic to follow, such as “ultralight camping”.').max(200, 'Keep a topic under 200 characters.'),
  }),
  z.object({ type: z.literal('interests.remove'), id: z.string().min(1).max(200) }),
  /** "Watch a value on this page": the person points at it in the page beside the panel (background/research/watch-picker.ts). */
  z.object({ type: z.literal('watch.pick') }),
  z.object({
    type: z.literal('watch.add'),
    url: z.string().trim().min(1, 'Give the page address.').max(4000),
    label: z.string().trim().min(1, 'Say what to watch, such as “Trail Tent 2P price”.').max(200, 'Keep the label under 200 characters.'),
    /** The value as picked on the page. */
    value: z.string().trim().max(200).optional(),
  }),
  z.object({ type: z.literal('watch.list') }),
  z.object({ type: z.literal('watch.remove'), id: z.string().min(1).max(200) }),
] as const;

export interface FeedReplies {
  /** `offline`: why the cards come from the copy kept here (null when they come from the host). */
  'feed.list': { page: FeedPage; offline: string | null };
  'feed.react': { discovery: Discovery; unread: number };
  'feed.unread': { unread: number; connected: boolean };
  'interests.list': { interests: Interest[] };
  'interests.add': { interest: Interest };
  'interests.remove': { removed: boolean };
  /** `picked` null: the person pressed Esc. */
  'watch.pick': { picked: { url: string; title: string; value: string; label: string; kind: 'price' | 'stock' | 'value' } | null };
  'watch.add': { watch: Watch };
  'watch.list': { watches: Watch[] };
  'watch.remove': { removed: boolean };
}

/** Background → pages (over the panel port): the feed changed. */
export interface FeedMessage {
  type: 'feed';
  unread: number;
  connected: boolean;
}
