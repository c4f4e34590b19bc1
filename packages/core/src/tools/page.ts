import { z } from 'zod';
import type { PageContent, WaitCondition } from '../browser/port';
import { BrowserError } from '../browser/errors';
import { defineTabTool, defineTool } from './define';

// Reading the page: snapshots, finding elements, content, HTML, screenshots, waiting.

/** A page's extracted content as the model reads it: what it is, how to reach its people, the text. */
export function renderContent(page: PageContent): string {
  const meta = page.metadata;
  const about = [meta.title && `Title: ${meta.title}`, meta.author && `Author: ${meta.author}`, meta.published && `Published: ${meta.published}`, meta.description && `Description: ${meta.description}`].filter(Boolean).join('\n');
  const contacts = [
    page.contacts.emails.length ? `Emails: ${page.contacts.emails.join(', ')}` : '',
    page.contacts.phones.length ? `Phones: ${page.contacts.phones.join(', ')}` : '',
    page.contacts.social.length ? `Social: ${page.contacts.social.map((s) => `${s.platform} ${s.handle}`).join(', ')}` : '',
  ].filter(Boolean).join('\n');
  return [about, contacts, `${page.wordCount} words${page.truncated ? ' (cut short)' : ''}:`, page.content].filter(Boolean).join('\n\n');
}

export const pageTools = [
  defineTabTool({
    name: 'snapshot',
    description: 'Read the page: its controls with refs (like e12) to act on, headings and short text. Viewport by default; "full" for the whole page.',
    input: z.object({
      mode: z.enum(['viewport', 'full']).optional().describe('viewport (default): what is on screen; full: the whole page'),
      max_tokens: z.number().int().min(200).max(60_000).optional().describe('Upper bound on the size of the result'),
    }),
    risk: 'observe',
    run: async (tab, { mode, max_tokens }, response) => {
      const snapshot = await tab.snapshot({ mode: mode ?? 'viewport', ...(max_tokens ? { maxTokens: max_tokens } : {}) });
      response.pageState(snapshot, `Snapshot (${mode ?? 'viewport'}):`);
    },
  }),
  defineTabTool({
    name: 'find',
    description: 'Find controls matching a plain description ("email field", "the blue Subscribe button"); returns the best matches with refs.',
    input: z.object({
      query: z.string().min(1).describe('What to look for, in plain words'),
      limit: z.number().int().min(1).max(20).optional().describe('How many matches to return (default 5)'),
    }),
    risk: 'observe',
    run: async (tab, { query, limit }, response) => {
      const matches = await tab.find(query, limit ?? 5);
      if (!matches.length) {
        response.add(`Nothing on the page matches "${query}". Take a snapshot (full) to see what is there, or scroll.`);
        return;
      }
      response.add(`Best matches for "${query}":\n${matches.map((m) => `${m.line}  (score ${m.score})`).join('\n')}`);
      response.data.matches = matches;
    },
  }),
  defineTabTool({
    name: 'extract_content',
    description: 'Read the main content of the page as text (articles, product details), with its metadata and contact details.',
    input: z.object({ max_chars: z.number().int().min(500).max(100_000).optional().describe('Cap on the content length (default 12000)') }),
    risk: 'observe',
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
    risk: 'observe',
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
    risk: 'observe',
    run: async (tab, { ref, full_page, marks }, response) => {
      const shot = await tab.screenshot({ ...(ref ? { ref } : {}), fullPage: full_page ?? false, marks: marks ?? false, format: 'jpeg', quality: 70 });
      response.image(shot.data, shot.mimeType);
      response.add(`Screenshot ${shot.width}×${shot.height}${shot.marks.length ? ` with ${shot.marks.length} controls labelled` : ''}.`);
    },
  }),
  defineTabTool({
    name: 'wait_for',
    description: 'Wait until text appears (or goes), an element appears (or goes), the page navigates, the network is quiet, or some seconds pass.',
    input: z.object({
      text: z.string().optional().describe('Text to wait for'),
      ref: z.string().optional().describe('Element to wait for'),
      gone: z.boolean().optional().describe('Wait for the text or element to go away instead'),
      navigation: z.boolean().optional().describe('Wait for the page to navigate'),
      network_idle: z.boolean().optional().describe('Wait until no requests are pending'),
      seconds: z.number().min(0).max(30).optional().describe('Just wait this long'),
      timeout_seconds: z.number().min(1).max(60).optional().describe('Give up after this long (default 10)'),
    }),
    risk: 'observe',
    run: async (tab, input, response) => {
      const gone = input.gone ?? false;
      let condition: WaitCondition;
      if (input.text) condition = { kind: 'text', text: input.text, gone };
      else if (input.ref) condition = { kind: 'ref', ref: input.ref, gone };
      else if (input.navigation) condition = { kind: 'navigation' };
      else if (input.network_idle) condition = { kind: 'network-idle' };
      else if (input.seconds !== undefined) condition = { kind: 'time', ms: input.seconds * 1000 };
      else throw new BrowserError('bad-argument', 'Say what to wait for: text, ref, navigation, network_idle or seconds.', false);
      response.add(await tab.waitFor(condition, (input.timeout_seconds ?? 10) * 1000));
    },
  }),
];

export const metaTools = [
  defineTool({
    name: 'think',
    description: 'Think out loud: plan the next steps or note what you learned. Does nothing on the page.',
    input: z.object({ thought: z.string().describe('Your reasoning') }),
    risk: 'observe',
    run: async (_ctx, _input, response) => {
      response.add('Noted.');
      return Promise.resolve();
    },
  }),
  defineTool({
    name: 'ask_user',
    description: 'Ask the person a question when you need information or a decision only they can give. Waits for the answer.',
    input: z.object({ question: z.string().min(1).describe('The question, complete and specific') }),
    risk: 'observe',
    run: async (ctx, { question }, response) => {
      const answer = await ctx.askUser(question);
      response.add(`The user answered: ${JSON.stringify(answer)}`);
    },
  }),
  defineTool({
    name: 'done',
    description: 'Finish the task: say what was done (or why it could not be), and whether it succeeded.',
    input: z.object({
      summary: z.string().min(1).describe('What you did and found, for the person; include any answer they asked for'),
      success: z.boolean().describe('true if the task was completed as asked'),
    }),
    risk: 'observe',
    run: async (_ctx, { summary, success }, response) => {
      response.add(success ? 'Task finished.' : 'Task ended without success.');
      response.control({ kind: 'done', summary, success });
      return Promise.resolve();
    },
  }),
];
