import { z } from 'zod';
import { pageData } from '../browser/page-text';
import { defineTabTool } from './define';
import { attachPageAfter } from './page-state';
import { ours, said } from '../browser/said';

// Running a snippet in the page (Universal Agent's executor), for what the other tools
// cannot do in a few calls. Offered only on sites whose rule enables page code, and every
// call is put to the person with the code shown (policy/page-code.ts). The code goes to
// the page exactly as written: secret placeholders are refused in it by the policy and
// never filled in. What it returns is page data: fenced, capped and redacted like any.

export const PAGE_CODE_TOOL = 'execute_page_code';
export const MAX_PAGE_CODE_CHARS = 8_000;
export const DEFAULT_PAGE_CODE_MS = 5_000;
export const MAX_PAGE_CODE_MS = 30_000;

export const pageCodeTool = defineTabTool({
  name: PAGE_CODE_TOOL,
  needs: ['page-code'],
  description:
    'Run JavaScript in the page as the body of an async function; `return` a JSON-able value to read it. ' +
    'Helpers: await click(selectorOrText), await setValue(selector, value), await waitForElement(selector, timeoutMs), await delay(ms). ' +
    'The person sees the code and must approve each run: prefer the other tools, and keep the code short and plain.',
  input: z.object({
    code: z
      .string()
      .min(1)
      .max(MAX_PAGE_CODE_CHARS)
      .describe('The function body, e.g. await setValue("#q", "tents"); await click("Search");'),
    timeoutMs: z.number().int().min(100).max(MAX_PAGE_CODE_MS).optional().describe('Time limit in ms (default 5000, at most 30000)'),
  }),
  effects: ({ code }) => [{ kind: 'run-code', code }],
  run: async (tab, { code, timeoutMs }, response, ctx) => {
    const outcome = await tab.runPageCode(code, timeoutMs ?? DEFAULT_PAGE_CODE_MS);
    response.add(ours(outcome.summary));
    if (outcome.navigated) response.add(said`The page navigated meanwhile; it is now ${pageData(outcome.url, 300)}.`);
    if (outcome.value !== null) response.pageText(`${outcome.url} (what the code returned)`, outcome.value);
    response.data.outcome = {
      navigated: outcome.navigated,
      url: outcome.url,
      newTabs: outcome.newTabs.map((t) => t.id),
      dialogs: outcome.dialogs.length,
    };
    await attachPageAfter(tab, outcome, response, ctx);
  },
});
