import type { Discovery, FeedPage, HistorySignal, Interest, Watch } from '@wayfinder/core';
import { z } from 'zod';

// Research over the bridge (issue 15): a browser's feed page and panel ask the host for its
// feed, interests, runs and watches (device → host, routed by the hub like host.task); the
// host tells every device when the feed changed, and asks a browser for the person's recent
// history (host → device; the browser refuses unless they opted in, and filters first).

/** Device → host methods. */
export const RESEARCH_METHODS = [
  'feed.list',
  'feed.react',
  'interests.list',
  'interests.add',
  'interests.remove',
  'research.run',
  'watch.add',
  'watch.list',
  'watch.remove',
] as const;
export type ResearchMethod = (typeof RESEARCH_METHODS)[number];

export function isResearchMethod(method: string): method is ResearchMethod {
  return RESEARCH_METHODS.some((m) => m === method);
}

/** Host → device event after a run, a watch firing or a reaction: data FeedChanged. */
export const FEED_CHANGED = 'feed.changed';
/** Host → device call: HistoryRecentParams → HistoryRecent. */
export const HISTORY_RECENT = 'history.recent';
/** How long a research run may take when a browser asks for one (it reads pages). */
export const RESEARCH_RUN_DEADLINE_MS = 10 * 60_000;

const id = z.string().trim().min(1).max(100);
const webAddress = z
  .string()
  .trim()
  .min(1, 'Give the page address.')
  .max(4000)
  .refine((value) => /^https?:\/\//i.test(value), 'The address must start with http:// or https://.');

export const feedListParams = z.object({
  state: z.enum(['new', 'archived']).default('new'),
  offset: z.number().int().min(0).default(0),
  limit: z.number().int().min(1).max(100).default(12),
});
export const feedReactParams = z.object({ id, reaction: z.enum(['up', 'down']) });
export const interestsListParams = z.object({}).default({});
export const interestsAddParams = z.object({ topic: z.string().trim().min(1, 'Name a topic.').max(200) });
export const interestsRemoveParams = z.object({ id });
export const researchRunParams = z.object({ interest: z.string().trim().min(1).max(200).optional() });
export const watchAddParams = z.object({
  url: webAddress,
  label: z.string().trim().min(1, 'Say what to watch.').max(200),
  /** The value as the person saw it when they picked it: the starting value a first check compares with. */
  value: z.string().trim().min(1).max(200).optional(),
});
export const watchListParams = z.object({}).default({});
export const watchRemoveParams = z.object({ id });
export const historyRecentParams = z.object({ days: z.number().int().min(1).max(90), limit: z.number().int().min(1).max(500) });

/** Each method's parameters, for the hub to check what a device sends before anything runs. */
export const RESEARCH_PARAMS = {
  'feed.list': feedListParams,
  'feed.react': feedReactParams,
  'interests.list': interestsListParams,
  'interests.add': interestsAddParams,
  'interests.remove': interestsRemoveParams,
  'research.run': researchRunParams,
  'watch.add': watchAddParams,
  'watch.list': watchListParams,
  'watch.remove': watchRemoveParams,
} as const satisfies Record<ResearchMethod, z.ZodType>;

export type FeedListParams = z.input<typeof feedListParams>;
export type FeedReactParams = z.input<typeof feedReactParams>;
export type InterestsAddParams = z.input<typeof interestsAddParams>;
export type InterestsRemoveParams = z.input<typeof interestsRemoveParams>;
export type ResearchRunParams = z.input<typeof researchRunParams>;
export type WatchAddParams = z.input<typeof watchAddParams>;
export type WatchRemoveParams = z.input<typeof watchRemoveParams>;
export type HistoryRecentParams = z.input<typeof historyRecentParams>;

export type FeedListResult = FeedPage;
export interface FeedReactResult {
  discovery: Discovery;
  unread: number;
}
export interface InterestsListResult {
  interests: Interest[];
}
export interface InterestsAddResult {
  interest: Interest;
}
export interface RemovedResult {
  removed: boolean;
}
export interface ResearchRunResult {
  discoveries: number;
  visited: number;
  /** "ask" and blocked sites the run did not open, for the person to decide about. */
  skipped: string[];
}
export interface WatchAddResult {
  watch: Watch;
}
export interface WatchListResult {
  watches: Watch[];
}
export interface FeedChanged {
  unread: number;
}
export interface HistoryRecent {
  items: HistorySignal[];
}

/** What each method answers. */
export interface ResearchResults {
  'feed.list': FeedListResult;
  'feed.react': FeedReactResult;
  'interests.list': InterestsListResult;
  'interests.add': InterestsAddResult;
  'interests.remove': RemovedResult;
  'research.run': ResearchRunResult;
  'watch.add': WatchAddResult;
  'watch.list': WatchListResult;
  'watch.remove': RemovedResult;
}
