import type { ActOptions, ActionOutcome, Tab } from '../browser/port';
import type { ToolContext } from './define';
import type { ResponseBuilder } from './response';
import { ours, said } from '../browser/said';

// After an action the model should not need to ask for a snapshot: the result carries
// what changed (a diff against the snapshot it last saw), or the view now when the page
// is new or changed too much for a diff to be the shorter read.

const DIFF_TOKEN_LIMIT = 900;

/** What an action waits for: a replay reads nothing from its result (each step waits for its own target), so no quiet moment to render a new page. */
export function actOptions(ctx: Pick<ToolContext, 'pageAfter'>): ActOptions {
  return ctx.pageAfter === 'none' ? { settle: 'loaded' } : {};
}

export async function attachPageAfter(
  tab: Tab,
  outcome: ActionOutcome | null,
  response: ResponseBuilder,
  ctx: Pick<ToolContext, 'pageAfter'>,
): Promise<void> {
  // A skill's replay reads no page state from its steps' results (each step finds its own target): no snapshot to take.
  if (ctx.pageAfter === 'none') return;
  const diff = await tab.snapshot({ diff: true });
  if (!diff.isDiff) {
    response.pageState(diff, outcome?.navigated ? said`A new page loaded; what is in view:` : said`What is in view:`);
    return;
  }
  if (diff.tokens > DIFF_TOKEN_LIMIT) {
    response.pageState(await tab.snapshot(), said`The page changed a lot; what is in view now:`);
    return;
  }
  response.pageState(diff, said`What changed on the page:`);
}

export function reportOutcome(outcome: ActionOutcome, response: ResponseBuilder): void {
  // The driver's sentence: page text in it is already quoted as page data (cdp's pageData).
  response.add(ours(outcome.summary));
  response.data.outcome = {
    navigated: outcome.navigated,
    url: outcome.url,
    newTabs: outcome.newTabs.map((t) => t.id),
    dialogs: outcome.dialogs.length,
  };
}
