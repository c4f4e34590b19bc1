import { loadSites } from '../../lib/safety-store';
import { logError } from '../../lib/log';

// Chrome tells an extension of a popup only after it exists, and its first request may
// already be on its way before the debugger can attach and guard it. So while a task runs,
// two session rules of Chrome's own network layer (declarativeNetRequest) stand guard:
// - the sites blocked in Wayfinder's permissions get no request from any tab;
// - a tab opened since the task began loads no page until it is accounted for: the
//   person's own tabs and the task's are let through at once (allowTab); a popup a task's
//   page opened is first attached and guarded, and then sent on to its address through the
//   request guard (which may ask, refuse, or count it against the task's tab limit).

const BLOCKED_SITES = 7_001;
const NEW_TABS = 7_002;

let allowed = new Set<number>();
/** Whether the rules stand now (a task runs). */
let guarding = false;
/** Rule updates run one after another (tabs appear in bursts). */
let updating: Promise<unknown> = Promise.resolve();

function update(options: chrome.declarativeNetRequest.UpdateRuleOptions): Promise<void> {
  const next = updating.then(() => chrome.declarativeNetRequest.updateSessionRules(options));
  updating = next.catch((error: unknown) => logError('wayfinder: could not update the network rules', error));
  return next;
}

function newTabsRule(): chrome.declarativeNetRequest.Rule {
  return {
    id: NEW_TABS,
    priority: 1,
    action: { type: 'block' },
    condition: { resourceTypes: ['main_frame'], excludedTabIds: [...allowed] },
  };
}

/** Puts the rules in place as a task starts: the tabs open now are the person's (or the task's). */
export async function guardNetwork(): Promise<void> {
  guarding = true;
  const blocked = (await loadSites()).filter((rule) => rule.decision === 'block').map((rule) => rule.site);
  const tabs = await chrome.tabs.query({});
  allowed = new Set(tabs.flatMap((tab) => (tab.id === undefined ? [] : [tab.id])));
  await update({
    removeRuleIds: [BLOCKED_SITES, NEW_TABS],
    addRules: [
      newTabsRule(),
      ...(blocked.length
        ? [
            {
              id: BLOCKED_SITES,
              priority: 2,
              action: { type: 'block' },
              condition: { requestDomains: blocked },
            } satisfies chrome.declarativeNetRequest.Rule,
          ]
        : []),
    ],
  });
}

/** Lets a tab load pages (a tab of the person's, one the task opened, or a popup now guarded by the task). */
export async function allowTab(tabId: number): Promise<void> {
  if (allowed.has(tabId)) return;
  allowed.add(tabId);
  await update({ removeRuleIds: [NEW_TABS], addRules: [newTabsRule()] });
}

/** Lifts the rules when no task runs. */
export async function releaseNetwork(): Promise<void> {
  guarding = false;
  allowed = new Set();
  await update({ removeRuleIds: [BLOCKED_SITES, NEW_TABS] });
}

/** A tab opened outside any task (a host session's, background/bridge/host-tabs.ts): let through while the rules stand, nothing otherwise. */
export async function allowTabWhileGuarded(tabId: number): Promise<void> {
  if (guarding) await allowTab(tabId);
}
