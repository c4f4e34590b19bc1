import { z } from 'zod';
import { renderMemoryResults } from '../memory/render';
import type { MemoryAccess } from '../memory/types';
import { defineTool, type ToolContext } from './define';
import type { ResponseBuilder } from './response';
import { lines, ours, said } from '../browser/said';
import { pageData } from '../browser/page-text';

// The person's memory, for the model: pages and files they kept (search_memory), facts
// about them (remember_fact, which the person confirms: the policy asks), and what earlier
// tasks did (recall_tasks). What memory returns is the person's reading, not instructions:
// search results come fenced as untrusted content.

function memoryOf(ctx: ToolContext, response: ResponseBuilder): MemoryAccess | null {
  if (!ctx.memory) response.fail(said`Memory is not available here (this host keeps none, or the person turned it off).`);
  return ctx.memory;
}

export const memoryTools = [
  defineTool({
    name: 'search_memory',
    needs: ['memory-content'],
    description:
      "Search the pages and files the person kept in Wayfinder's memory (what they read earlier, documents they gave). Returns the best passages with title, address and date.",
    input: z.object({
      query: z.string().min(1).describe('What to look for, in plain words'),
      k: z.number().int().min(1).max(8).optional().describe('How many pages or files (default 3)'),
    }),
    effects: 'reads',
    run: async (ctx, { query, k }, response) => {
      const memory = memoryOf(ctx, response);
      if (!memory) return;
      const results = await memory.search(query, k ?? 3);
      response.add(renderMemoryResults(results));
      response.data.results = results.map((r) => ({ title: r.title, url: r.url, score: r.score }));
      response.forPerson(
        results.length
          ? said`Found ${results.length} in memory: ${lines(
              results.map((r) => pageData(r.title || r.url)),
              '; ',
            )}.`
          : said`Found nothing in memory for that.`,
      );
    },
  }),
  defineTool({
    name: 'remember_fact',
    needs: ['memory'],
    description:
      'Keep a short fact about the person that they told you to remember ("my name is …", "I prefer metric units"). The person is asked to confirm. Never for passwords, keys or card numbers.',
    input: z.object({ text: z.string().min(3).max(300).describe('The fact, in one short sentence about the person') }),
    effects: ({ text }) => [{ kind: 'remember', text }],
    run: async (ctx, { text }, response) => {
      const memory = memoryOf(ctx, response);
      if (!memory) return;
      try {
        await memory.facts.addFact(text);
        response.add(said`Remembered: ${ours(JSON.stringify(text))}.`);
      } catch (error) {
        response.fail(said`Could not keep that fact: ${ours(error instanceof Error ? error.message : String(error))}`);
      }
    },
  }),
  defineTool({
    name: 'recall_tasks',
    needs: ['memory-content'],
    description: 'Look up what earlier tasks did (the task, what was done, whether it worked, the sites), best matches first.',
    input: z.object({
      query: z.string().describe('Words from the task or its result; empty for the latest tasks'),
      k: z.number().int().min(1).max(10).optional().describe('How many (default 5)'),
    }),
    effects: 'reads',
    run: async (ctx, { query, k }, response) => {
      const memory = memoryOf(ctx, response);
      if (!memory) return;
      const records = await memory.tasks.searchTaskRecords(query, k ?? 5);
      if (!records.length) {
        response.add(said`No earlier task matches that.`);
        return;
      }
      const lines = records.map((r, i) => {
        const when = new Date(r.endedAt).toISOString().slice(0, 16).replace('T', ' ');
        const sites = r.sites.length ? ` on ${r.sites.join(', ')}` : '';
        return `${i + 1}. ${when}${sites} — ${r.success ? 'done' : r.status}: ${JSON.stringify(r.task)} → ${JSON.stringify(r.summary.slice(0, 240))}`;
      });
      // Their summaries were written from pages: quoted as page content, not taken as orders.
      response.add(said`Earlier tasks (what the person asked, and what came of it):`);
      response.pageText('earlier tasks', lines.join('\n'));
    },
  }),
];
