import { z } from 'zod';
import { pageData } from '../browser/page-text';
import type { HistorySignal } from '../research/history';
import type { ResearchPort, SearchResult, VideoResult } from '../research/types';
import { defineTool, type ToolContext } from './define';
import type { ResponseBuilder } from './response';
import { ours, said } from '../browser/said';

export type { ResearchPort };

// Research for the agent: searching the web and videos, and (opted in) what the person has
// been reading lately. Each is offered only where the host gives the matching port method:
// a search URL configured (host) or the browser's engine (extension); history only through
// a browser the person opted in. Results are page content: fenced, never instructions.

function portOf(ctx: ToolContext, response: ResponseBuilder, what: string): ResearchPort | null {
  if (!ctx.research) response.fail(said`${ours(what)} is not available here (the host has no search set up).`);
  return ctx.research ?? null;
}

/** Search results as the model reads them: numbered, each with its address and snippet. */
export function renderSearchResults(results: SearchResult[]): string {
  return results.map((r, i) => `${i + 1}. ${r.title}\n   ${r.url}\n   ${r.snippet}`).join('\n');
}

export function renderVideoResults(results: VideoResult[]): string {
  return results
    .map(
      (v, i) =>
        `${i + 1}. ${v.title} — ${v.channel} · ${v.duration} · ${v.views}\n   ${v.url}${v.thumbnail ? `\n   thumbnail: ${v.thumbnail}` : ''}`,
    )
    .join('\n');
}

export function renderHistory(items: HistorySignal[]): string {
  return items.map((h) => `${h.domain} — ${h.title} (${h.visits} visit${h.visits === 1 ? '' : 's'})`).join('\n');
}

export const researchTools = [
  defineTool({
    name: 'search_web',
    needs: ['search-web'],
    description: 'Search the web; returns titles, addresses and snippets of the results (open one with browse or navigate).',
    input: z.object({ query: z.string().min(1).max(300).describe('What to search for') }),
    effects: 'reads',
    run: async (ctx, { query }, response) => {
      const port = portOf(ctx, response, 'Web search');
      if (!port?.searchWeb) {
        if (port) response.fail(said`Web search is not available here.`);
        return;
      }
      const results = await port.searchWeb(query, ctx.signal);
      if (!results.length) {
        response.add(said`No results for ${pageData(query, 300)}. Try other words.`);
        return;
      }
      response.add(said`${results.length} results for ${pageData(query, 300)}:`);
      response.pageText('search results', renderSearchResults(results));
      response.data.results = results;
      response.forPerson(said`Searched the web: ${results.length} results.`);
    },
  }),
  defineTool({
    name: 'search_youtube',
    needs: ['search-videos'],
    description: 'Search videos; returns title, channel, duration, views, address and thumbnail of each result.',
    input: z.object({ query: z.string().min(1).max(300).describe('What to search for') }),
    effects: 'reads',
    run: async (ctx, { query }, response) => {
      const port = portOf(ctx, response, 'Video search');
      if (!port?.searchVideos) {
        if (port) response.fail(said`Video search is not available here.`);
        return;
      }
      const results = await port.searchVideos(query, ctx.signal);
      if (!results.length) {
        response.add(said`No videos for ${pageData(query, 300)}. Try other words.`);
        return;
      }
      response.add(said`${results.length} videos for ${pageData(query, 300)}:`);
      response.pageText('video results', renderVideoResults(results));
      response.data.results = results;
      response.forPerson(said`Searched videos: ${results.length} results.`);
    },
  }),
  defineTool({
    name: 'get_history',
    needs: ['history'],
    description:
      'What the person has been reading lately (site and page title only, sensitive topics left out; only if they opted in): use it to learn what interests them.',
    input: z.object({
      days: z.number().int().min(1).max(90).describe('How many days back'),
      limit: z.number().int().min(1).max(200).describe('How many entries at most'),
    }),
    effects: 'reads',
    run: async (ctx, { days, limit }, response) => {
      const port = portOf(ctx, response, 'Browsing history');
      if (!port?.history) {
        if (port) response.fail(said`Browsing history is not available here (the person has not opted in).`);
        return;
      }
      const items = await port.history(days, limit);
      if (!items.length) {
        response.add(said`Nothing in the last ${days} days.`);
        return;
      }
      response.add(said`${items.length} sites and titles from the last ${days} days:`);
      response.pageText('browsing history', renderHistory(items));
      response.forPerson(said`Read ${items.length} history entries (site and title only).`);
    },
  }),
];
