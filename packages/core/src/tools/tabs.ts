import { z } from 'zod';
import { BrowserError } from '../browser/errors';
import { pageData } from '../browser/page-text';
import type { TabInfo } from '../browser/port';
import { defineTool, type ToolContext } from './define';
import { attachPageAfter } from './page-state';
import { lines, ours, said, type Said } from '../browser/said';

/** A tab's title and address, quoted as page data (a page chooses both). */
function about(tab: TabInfo): Said {
  return said`${tab.title ? pageData(tab.title) : said`(untitled)`} ${pageData(tab.url, 300)}`;
}

function line(tab: TabInfo, index: number, current: string): Said {
  return said`${index + 1}. [${ours(tab.id)}]${tab.id === current ? said` (current)` : said``} ${about(tab)}`;
}

/** A tab by id, or by a word from its title or address. */
async function resolveTab(ctx: ToolContext, which: string): Promise<TabInfo> {
  const tabs = await ctx.browser.tabs();
  const exact = tabs.find((t) => t.id === which);
  if (exact) return exact;
  const last = tabs.at(-1);
  if (/^(last|newest|new)$/i.test(which.trim()) && last) return last;
  const index = Number(which);
  if (Number.isInteger(index) && index >= 1 && index <= tabs.length) {
    const byNumber = tabs[index - 1];
    if (byNumber) return byNumber;
  }
  const needle = which.toLowerCase();
  const matches = tabs.filter((t) => t.title.toLowerCase().includes(needle) || t.url.toLowerCase().includes(needle));
  if (matches.length === 1 && matches[0]) return matches[0];
  const list = tabs.map((t) => `[${t.id}] ${about(t)}`).join('; ');
  throw new BrowserError(
    'bad-argument',
    matches.length ? `"${which}" matches ${matches.length} tabs; use an id: ${list}` : `No tab matches "${which}". Open tabs: ${list}`,
    false,
  );
}

export const tabTools = [
  defineTool({
    name: 'list_tabs',
    needs: ['tab'],
    core: true,
    description: 'List open tabs.',
    input: z.object({}),
    effects: 'reads',
    run: async (ctx, _input, response) => {
      const current = await ctx.tab();
      const tabs = await ctx.browser.tabs();
      response.add(
        said`${tabs.length} open tab${tabs.length === 1 ? said`` : said`s`}:\n${lines(tabs.map((t, i) => line(t, i, current.id)))}`,
      );
    },
  }),
  defineTool({
    name: 'open_tab',
    needs: ['tab'],
    description: 'Open a new tab (optionally at an address) and work in it.',
    input: z.object({ url: z.string().max(2048).optional().describe('Address to open in the new tab') }),
    effects: ({ url }) => [{ kind: 'open', url: url || null, target: 'new-tab' }],
    run: async (ctx, { url }, response) => {
      const tab = await ctx.browser.openTab(url);
      ctx.useTab(tab.id);
      response.add(said`Opened a new tab [${ours(tab.id)}]${url ? said` at ${pageData(url, 300)}` : said``}; working in it now.`);
      if (url) await attachPageAfter(tab, null, response, ctx);
    },
  }),
  defineTool({
    name: 'switch_tab',
    needs: ['tab'],
    core: true,
    description: 'Work in another tab.',
    input: z.object({ tab: z.string().describe('Tab id, number (1 = first) or title word') }),
    effects: () => [{ kind: 'tabs', change: 'switch' }],
    run: async (ctx, input, response) => {
      const info = await resolveTab(ctx, input.tab);
      const tab = await ctx.browser.switchTab(info.id);
      ctx.useTab(tab.id);
      response.add(said`Switched to tab [${ours(info.id)}] ${about(info)}.`);
      // The whole view: what the model last saw of this tab may be long gone from its history.
      response.pageState(await tab.snapshot(), said`What is in view:`);
    },
  }),
  defineTool({
    name: 'close_tab',
    needs: ['tab'],
    description: 'Close a tab (the current one unless another is named).',
    input: z.object({ tab: z.string().optional().describe('Tab id, position, or title word; default: the current tab') }),
    effects: () => [{ kind: 'tabs', change: 'close' }],
    run: async (ctx, input, response) => {
      const current = await ctx.tab();
      const info = input.tab ? await resolveTab(ctx, input.tab) : await current.info();
      await ctx.browser.closeTab(info.id);
      response.add(said`Closed tab [${ours(info.id)}] ${about(info)}.`);
      if (info.id === current.id) {
        const next = await ctx.browser.activeTab();
        ctx.useTab(next.id);
        const now = await next.info();
        response.add(said`Working in tab [${ours(now.id)}] ${about(now)} now.`);
        response.pageState(await next.snapshot(), said`What is in view:`);
      }
    },
  }),
];
