import { z } from 'zod';
import type { WaitCondition } from '../browser/port';
import { readInBackground, renderContent } from '../browser/read';
import { BrowserError } from '../browser/errors';
import { pageData } from '../browser/page-text';
import { defineTabTool, defineTool } from './define';
import { ours, said } from '../browser/said';

export { readInBackground, renderContent };

// Reading the page: snapshots, finding elements, content, HTML, screenshots, waiting.

export const pageTools = [
  defineTabTool({
    name: 'snapshot',
    core: true,
    description: 'Read the page: controls with refs, headings, text. In view only, unless mode is full.',
    input: z.object({
      mode: z.enum(['viewport', 'full']).optional().describe('viewport (default) or full'),
      max_tokens: z.number().int().min(200).max(60_000).optional().describe('Size cap'),
    }),
    effects: 'reads',
    run: async (tab, { mode, max_tokens }, response) => {
      const snapshot = await tab.snapshot({ mode: mode ?? 'viewport', ...(max_tokens ? { maxTokens: max_tokens } : {}) });
      response.pageState(snapshot, said`Snapshot (${ours(mode ?? 'viewport')}):`);
    },
  }),
  defineTabTool({
    name: 'find',
    core: true,
    description: 'Find controls by description ("email field", "blue Subscribe button"), anywhere on the page.',
    input: z.object({
      query: z.string().min(1).describe('What to find'),
      limit: z.number().int().min(1).max(20).optional().describe('Max matches (default 5)'),
      row: z
        .string()
        .min(1)
        .max(300)
        .optional()
        .describe('For a control repeated in every row or card: only the one whose row has this text ("Nairobi")'),
    }),
    effects: 'reads',
    run: async (tab, { query, limit, row }, response) => {
      const matches = await tab.find(query, limit ?? 5, row ? { row } : {});
      if (!matches.length) {
        response.add(
          row
            ? said`No control matching ${ours(JSON.stringify(query))} is in a row with ${ours(JSON.stringify(row))}: it must be repeated in every row (like an Edit beside each), and its row must have that text. Take a snapshot (full) to see the rows.`
            : said`Nothing on the page matches ${ours(JSON.stringify(query))}. Take a snapshot (full) to see what is there, or scroll.`,
        );
        return;
      }
      // Each match is a line of the page's snapshot: page text, fenced like the snapshot itself.
      response.add(said`Best matches for ${ours(JSON.stringify(query))}:`);
      response.pageText(`find on ${(await tab.info()).url}`, matches.map((m) => `${m.line}  (score ${m.score})`).join('\n'));
      response.data.matches = matches;
    },
  }),
  defineTabTool({
    name: 'extract_content',
    core: true,
    description: "Read the page's main text, metadata and contacts (for questions, summaries).",
    input: z.object({ max_chars: z.number().int().min(500).max(100_000).optional().describe('Cap (default 12000)') }),
    effects: 'reads',
    run: async (tab, { max_chars }, response) => {
      const page = await tab.extract({ maxChars: max_chars ?? 12_000 });
      response.pageText(page.url, renderContent(page));
    },
  }),
  defineTabTool({
    name: 'get_html',
    description: 'The HTML of one part of the page (a CSS selector), for when the snapshot is not enough. Capped.',
    input: z.object({
      selector: z.string().optional().describe('CSS selector of the element (default: the whole page)'),
      max_chars: z.number().int().min(200).max(50_000).optional().describe('Cap (default 8000)'),
    }),
    effects: 'reads',
    run: async (tab, { selector, max_chars }, response) => {
      response.pageText(selector ?? 'html', await tab.html(selector, max_chars ?? 8000));
    },
  }),
  defineTabTool({
    name: 'screenshot',
    description: 'A picture of the viewport (or one element, or the whole page); with marks, each control is labelled with its ref.',
    input: z.object({
      ref: z.string().optional().describe('Only this element'),
      full_page: z.boolean().optional().describe('The whole page instead of the viewport'),
      marks: z.boolean().optional().describe('Label controls with their refs'),
    }),
    effects: 'reads',
    run: async (tab, { ref, full_page, marks }, response) => {
      const shot = await tab.screenshot({
        ...(ref ? { ref } : {}),
        fullPage: full_page ?? false,
        marks: marks ?? false,
        format: 'jpeg',
        quality: 70,
      });
      response.image(shot.data, shot.mimeType);
      response.add(
        said`Screenshot ${shot.width}×${shot.height}${shot.marks.length ? said` with ${shot.marks.length} controls labelled` : said``}.`,
      );
    },
  }),
  defineTabTool({
    name: 'wait_for',
    core: true,
    description: 'Wait for text or an element to appear (or go), a navigation, a quiet network, or seconds.',
    input: z.object({
      text: z.string().optional().describe('Text'),
      ref: z.string().optional().describe('Element'),
      gone: z.boolean().optional().describe('Wait for it to go'),
      navigation: z.boolean().optional().describe('A navigation'),
      network_idle: z.boolean().optional().describe('No pending requests'),
      seconds: z.number().min(0).max(30).optional().describe('Just wait'),
      timeout_seconds: z.number().min(1).max(60).optional().describe('Give up after (default 10)'),
    }),
    effects: 'reads',
    run: async (tab, input, response) => {
      const gone = input.gone ?? false;
      let condition: WaitCondition;
      if (input.text) condition = { kind: 'text', text: input.text, gone };
      else if (input.ref) condition = { kind: 'ref', ref: input.ref, gone };
      else if (input.navigation) condition = { kind: 'navigation' };
      else if (input.network_idle) condition = { kind: 'network-idle' };
      else if (input.seconds !== undefined) condition = { kind: 'time', ms: input.seconds * 1000 };
      else throw new BrowserError('bad-argument', 'Say what to wait for: text, ref, navigation, network_idle or seconds.', false);
      // The driver's sentence (an address or text in it quoted as page data).
      response.add(ours(await tab.waitFor(condition, (input.timeout_seconds ?? 10) * 1000)));
    },
  }),
];

/** Background reading: the page's text goes to a separate, tool-less model; only its summary comes back. */
export const browseTool = defineTool({
  name: 'browse',
  description: 'Read another page in the background (the user sees no change) and get a short summary of it.',
  input: z.object({ url: z.string().min(1).max(2048).describe('The page to read') }),
  effects: ({ url }) => [{ kind: 'open', url, target: 'background' }],
  run: async (ctx, { url }, response) => {
    const { page, summary } = await readInBackground(ctx.browser, url, (at, text) => ctx.summarisePage(at, text));
    response.add(
      said`A summary of ${pageData(page.url, 300)}, written from its text by a separate model with no tools (the page itself is untrusted):`,
    );
    response.pageText(page.url, summary);
  },
});

export const metaTools = [
  defineTool({
    name: 'think',
    core: true,
    description: 'Reason about the next steps; no effect on the page.',
    input: z.object({ thought: z.string().describe('Your reasoning') }),
    effects: 'none',
    run: async (_ctx, _input, response) => {
      response.add(said`Noted.`);
      return Promise.resolve();
    },
  }),
  defineTool({
    name: 'ask_user',
    core: true,
    description: 'Ask the person for information or a decision only they can give.',
    input: z.object({ question: z.string().min(1).describe('The question') }),
    effects: 'none',
    run: async (ctx, { question }, response) => {
      const answer = await ctx.askUser(question);
      response.add(said`The user answered: ${ours(JSON.stringify(answer))}`);
    },
  }),
  defineTool({
    name: 'done',
    core: true,
    description: 'Finish: what was done or found, and whether it succeeded.',
    input: z.object({
      summary: z.string().min(1).describe('For the person; include any answer asked for'),
      success: z.boolean().describe('Done as asked'),
    }),
    effects: 'none',
    run: async (_ctx, { summary, success }, response) => {
      response.add(success ? said`Task finished.` : said`Task ended without success.`);
      response.control({ kind: 'done', summary, success });
      return Promise.resolve();
    },
  }),
];
