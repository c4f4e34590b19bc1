import { siteKey, siteOf } from '../browser/hosts';
import type { SitePermissions } from './sites';
import type { PolicyDecision } from './types';

// Code the model writes and wants to run in a page (execute_page_code) can do anything a
// person could do there, so nothing about it is judged from its words: it runs only on a
// site whose rule the person set to allow page code, and every run is put to the person
// with the code itself in view. No earlier answer (a plan's approval, "always" for the
// site, --allow-sensitive) stands in for that question.

/** How a person turns page code on for a site (one sentence, no full stop inside: hosts show the first sentence of a refusal). */
export function howToEnable(site: string): string {
  return `tick "Page code" in the rule for ${site} in the extension's Site permissions, or set "sites": { "${site}": { "decision": "allow", "pageCode": true } } in the CLI's config file`;
}

/** Whether a page's site has a rule that enables page code (the most specific rule decides; a block never does). */
export function pageCodeEnabled(permissions: SitePermissions, url: string): boolean {
  const site = siteOf(url);
  if (!site) return false;
  const { decision, rule } = permissions.decide(site);
  return decision !== 'block' && rule?.pageCode === true;
}

/** A fence longer than any run of backticks in the code, so the code cannot end it early. */
function fenced(code: string): string {
  const longest = Math.max(2, ...(code.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}js\n${code}\n${fence}`;
}

/** The verdict on running `code` in the page at `url`: refused, or asked about with the code shown verbatim. */
export function judgePageCode(code: string, url: string, permissions: SitePermissions, declined: ReadonlySet<string>): PolicyDecision {
  const site = siteOf(url);
  if (!site)
    return {
      decision: 'deny',
      reason: 'Page code runs only in web pages (http and https) whose site allows it; this tab has none. Use the other tools.',
    };
  const { decision, rule } = permissions.decide(site);
  if (decision === 'block') return { decision: 'deny', reason: `${site} is blocked in Wayfinder's site permissions; no code runs there.` };
  if (declined.has(siteKey(site))) return { decision: 'deny', reason: `The person said no to ${site} earlier in this task.` };
  if (rule?.pageCode !== true)
    return {
      decision: 'deny',
      reason: `Running code in pages is off for ${site}; only the person can turn it on (${howToEnable(site)}). Use the other tools meanwhile.`,
    };
  return {
    decision: 'confirm',
    kind: 'page-code',
    site,
    choices: 'once',
    question: `Run this code in the page on ${site}? It can do anything you could do on this page.\n${fenced(code)}`,
  };
}
