import { z } from 'zod';
import { defineTabTool } from './define';
import { actOptions, attachPageAfter, reportOutcome } from './page-state';

export const navigationTools = [
  defineTabTool({
    name: 'navigate',
    core: true,
    description: 'Open a URL in this tab.',
    input: z.object({ url: z.string().min(1).max(2048).describe('URL or site name') }),
    effects: ({ url }) => [{ kind: 'open', url, target: 'this-tab' }],
    run: async (tab, { url }, response, ctx) => {
      const outcome = await tab.navigate(url, actOptions(ctx));
      reportOutcome(outcome, response);
      await attachPageAfter(tab, outcome, response, ctx);
    },
  }),
  defineTabTool({
    name: 'go_back',
    core: true,
    description: 'Go back a page.',
    input: z.object({}),
    effects: () => [{ kind: 'history', move: 'back' }],
    run: async (tab, _input, response, ctx) => {
      const outcome = await tab.goBack();
      reportOutcome(outcome, response);
      await attachPageAfter(tab, outcome, response, ctx);
    },
  }),
  defineTabTool({
    name: 'go_forward',
    description: 'Go forward again after going back.',
    input: z.object({}),
    effects: () => [{ kind: 'history', move: 'forward' }],
    run: async (tab, _input, response, ctx) => {
      const outcome = await tab.goForward();
      reportOutcome(outcome, response);
      await attachPageAfter(tab, outcome, response, ctx);
    },
  }),
  defineTabTool({
    name: 'reload',
    description: 'Reload the current page.',
    input: z.object({}),
    effects: () => [{ kind: 'history', move: 'reload' }],
    run: async (tab, _input, response, ctx) => {
      const outcome = await tab.reload();
      reportOutcome(outcome, response);
      await attachPageAfter(tab, outcome, response, ctx);
    },
  }),
];
