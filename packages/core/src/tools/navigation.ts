import { z } from 'zod';
import { defineTabTool } from './define';
import { attachPageAfter, reportOutcome } from './page-state';

export const navigationTools = [
  defineTabTool({
    name: 'navigate',
    description: 'Open an address in the current tab and wait for it to load. Returns what is in view.',
    input: z.object({ url: z.string().describe('The address: a full URL, or a site name such as example.com') }),
    risk: 'act',
    run: async (tab, { url }, response) => {
      const outcome = await tab.navigate(url);
      reportOutcome(outcome, response);
      await attachPageAfter(tab, outcome, response);
    },
  }),
  defineTabTool({
    name: 'go_back',
    description: 'Go back to the previous page in this tab.',
    input: z.object({}),
    risk: 'act',
    run: async (tab, _input, response) => {
      const outcome = await tab.goBack();
      reportOutcome(outcome, response);
      await attachPageAfter(tab, outcome, response);
    },
  }),
  defineTabTool({
    name: 'go_forward',
    description: 'Go forward again after going back.',
    input: z.object({}),
    risk: 'act',
    run: async (tab, _input, response) => {
      const outcome = await tab.goForward();
      reportOutcome(outcome, response);
      await attachPageAfter(tab, outcome, response);
    },
  }),
  defineTabTool({
    name: 'reload',
    description: 'Reload the current page.',
    input: z.object({}),
    risk: 'act',
    run: async (tab, _input, response) => {
      const outcome = await tab.reload();
      reportOutcome(outcome, response);
      await attachPageAfter(tab, outcome, response);
    },
  }),
];
