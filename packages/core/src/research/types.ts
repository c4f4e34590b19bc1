import type { HistorySignal } from './history';

// What research keeps and shows: the person's interests, the discoveries a run (or a watch)
// makes, the feed pages that list them, and what search pages give back. Shared by the host
// (its store, CLI and feed page) and the extension (its feed page), over the bridge.

export interface Interest {
  id: string;
  topic: string;
  /** Default 1, kept within 0.1..5: reactions move it (up ×1.25, down ×0.8). */
  weight: number;
  addedAt: number;
}

export type Reaction = 'up' | 'down';

export interface Discovery {
  id: string;
  url: string;
  title: string;
  summary: string;
  image?: string;
  /** The interest's topic it serves. */
  interest: string;
  /** Why it matched, one line. */
  why: string;
  /** Hostname. */
  site: string;
  /** 'change' = a watch fired ("Trail Tent 2P: $149.99 → $129.99"). */
  kind: 'article' | 'video' | 'change';
  /** ms epoch */
  foundAt: number;
  state: 'new' | 'archived';
  reaction?: Reaction;
}

export interface FeedPage {
  items: Discovery[];
  total: number;
  unread: number;
}

export interface Watch {
  id: string;
  url: string;
  label: string;
  value?: string;
  everyMinutes: number;
  lastCheckedAt?: number;
}

export interface SearchResult {
  title: string;
  url: string;
  snippet: string;
}

export interface VideoResult {
  title: string;
  channel: string;
  duration: string;
  views: string;
  url: string;
  thumbnail?: string;
}

/** Weights stay within these bounds however many reactions pile up. */
export const MIN_WEIGHT = 0.1;
export const MAX_WEIGHT = 5;
export const UP_FACTOR = 1.25;
export const DOWN_FACTOR = 0.8;

/** An interest's weight after a reaction: up ×1.25, down ×0.8, clamped to 0.1..5. */
export function reweigh(weight: number, reaction: Reaction): number {
  const next = weight * (reaction === 'up' ? UP_FACTOR : DOWN_FACTOR);
  return Math.round(Math.min(MAX_WEIGHT, Math.max(MIN_WEIGHT, next)) * 1000) / 1000;
}

/** What the research tools (tools/research.ts) read through; a tool is offered only where its method exists. */
export interface ResearchPort {
  searchWeb?(query: string, signal?: AbortSignal): Promise<SearchResult[]>;
  searchVideos?(query: string, signal?: AbortSignal): Promise<VideoResult[]>;
  /** Throws a clear error when the person has not opted in. */
  history?(days: number, limit: number): Promise<HistorySignal[]>;
}
