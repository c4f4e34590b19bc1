import { normalizeAddress } from '../browser/address';
import { BrowserError } from '../browser/errors';
import type { ElementFacts, PageRequest } from '../browser/port';
import type { Effect } from '../tools/effects';
import { judgeElement, why } from './classify';
import { secretNames, type SecretVault } from './secrets';
import { SitePermissions, siteKey, siteOf, type SiteDecision, type SiteRule } from './sites';
import type { ConfirmAnswer, ConfirmRequest, Policy, PolicyContext, PolicyDecision, ProposedCall } from './types';

// The policy every tool call passes through, whatever the model claims: blocked sites are
// refused, a site the task has not used yet is asked about (once / always / never),
// sensitive actions are confirmed every time, secrets go only where they belong, and
// navigation, tabs and background browsing are rate-limited. It judges what the call does
// (the effects its tool declares), never the tool's name. One instance per task.

export interface Limits {
  navigationsPerMinute: number;
  tabsPerTask: number;
  browsesPerMinute: number;
  /** The largest tool arguments accepted (JSON characters). */
  argumentChars: number;
}

export const DEFAULT_LIMITS: Limits = { navigationsPerMinute: 20, tabsPerTask: 10, browsesPerMinute: 5, argumentChars: 200_000 };

export interface SafetyOptions {
  sites?: readonly SiteRule[];
  /** Keeps a site permission the person chose ("always" → allow, "never" → block). */
  remember?: (site: string, decision: SiteDecision) => Promise<void> | void;
  secrets?: SecretVault;
  limits?: Partial<Limits>;
  now?: () => number;
}

const WEB = /^https?:$/;

type ActEffect = Extract<Effect, { kind: 'act' }>;

function record(input: unknown): Record<string, unknown> {
  return typeof input === 'object' && input !== null ? Object.fromEntries(Object.entries(input)) : {};
}

/** Every string in the arguments but the text the call types (the one place secrets belong). */
function otherStrings(input: Record<string, unknown>, typed: readonly string[]): string[] {
  const out: string[] = [];
  const walk = (value: unknown) => {
    if (typeof value === 'string') out.push(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (typeof value === 'object' && value !== null) Object.values(value).forEach(walk);
  };
  walk(input);
  for (const text of typed) {
    const at = out.indexOf(text);
    if (at >= 0) out.splice(at, 1);
  }
  return out;
}

/** Whether an effect loads a page in a tab (what the page-load limit counts). */
function loadsPage(effect: Effect): boolean {
  return (effect.kind === 'open' && effect.target !== 'background' && effect.url !== null) || effect.kind === 'history';
}

export class SafetyPolicy implements Policy {
  private readonly rules: SiteRule[];
  private readonly limits: Limits;
  private readonly now: () => number;
  /** Sites this task may act on: where it started, and what the person approved. */
  private readonly used = new Set<string>();
  private started = false;
  private navigations: number[] = [];
  private browses: number[] = [];
  private tabsOpened = 0;
  /** Page loads are counted from the browser's requests once it reports them (whoever caused them). */
  private loadsFromBrowser = false;

  constructor(private readonly options: SafetyOptions = {}) {
    this.rules = [...(options.sites ?? [])];
    this.limits = { ...DEFAULT_LIMITS, ...options.limits };
    this.now = options.now ?? Date.now;
  }

  private permissions(): SitePermissions {
    return new SitePermissions(this.rules);
  }

  private recent(times: number[]): number[] {
    const since = this.now() - 60_000;
    return times.filter((t) => t > since);
  }

  /** Where a navigation may go: web addresses only, not blocked, and asked about when new. */
  private destination(raw: string, action: string): PolicyDecision | null {
    let url: string;
    try {
      // The address exactly as the driver will open it.
      url = normalizeAddress(raw);
    } catch (error) {
      return { decision: 'deny', reason: BrowserError.isInstance(error) ? error.message : `"${raw}" is not a web address.` };
    }
    if (url === 'about:blank' || url.startsWith('about:blank#')) return null;
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return { decision: 'deny', reason: `"${url}" is not a web address.` };
    }
    if (!WEB.test(parsed.protocol))
      return { decision: 'deny', reason: `Only web pages (http and https) can be opened; ${parsed.protocol} addresses are refused.` };
    const site = siteOf(url);
    const { decision, rule } = this.permissions().decide(site);
    if (decision === 'block')
      return {
        decision: 'deny',
        reason: `${blockedReason(site, rule)} Do not try to reach it another way.`,
      };
    if (decision === 'allow' || this.used.has(siteKey(site))) return null;
    return { decision: 'confirm', kind: 'new-site', site, choices: 'site', question: `${action} ${site}? ${why('new-site')}` };
  }

  /** The limit an effect would pass, or why not. */
  private limit(effect: Effect): PolicyDecision | null {
    if (loadsPage(effect) && this.recent(this.navigations).length >= this.limits.navigationsPerMinute) {
      return {
        decision: 'deny',
        reason: `Too many page loads: at most ${this.limits.navigationsPerMinute} a minute. Wait, or work with the pages already open.`,
      };
    }
    if (effect.kind === 'open' && effect.target === 'new-tab' && this.tabsOpened >= this.limits.tabsPerTask) {
      return {
        decision: 'deny',
        reason: `This task has opened ${this.tabsOpened} tabs, the most one task may. Close tabs you are done with and switch between the open ones.`,
      };
    }
    if (effect.kind === 'open' && effect.target === 'background' && this.recent(this.browses).length >= this.limits.browsesPerMinute) {
      return { decision: 'deny', reason: `Too much background browsing: at most ${this.limits.browsesPerMinute} pages a minute.` };
    }
    return null;
  }

  /** Acting on the page in the task's tab: its site, the element, what is typed into it. */
  private async onPage(effect: ActEffect, here: string, context: PolicyContext): Promise<PolicyDecision | null> {
    if (here) {
      const { decision } = this.permissions().decide(here);
      if (decision === 'block')
        return { decision: 'deny', reason: `${here} is blocked in Wayfinder's site permissions; nothing may be done on it.` };
      if (!this.used.has(siteKey(here)) && decision !== 'allow')
        return { decision: 'confirm', kind: 'new-site', site: here, choices: 'site', question: `Act on ${here}? ${why('new-site')}` };
    }
    const facts: ElementFacts | null = effect.ref ? await context.element(effect.ref) : null;
    if (effect.text !== undefined && secretNames(effect.text).length) {
      const vault = this.options.secrets;
      const refusal = vault
        ? vault.refusal(effect.text, here, facts ?? { secret: false, editable: false })
        : 'There are no stored secrets.';
      if (refusal) return { decision: 'deny', reason: refusal };
    }
    if (!facts) return null;
    if (effect.how === 'click' && facts.href && !facts.download) {
      const verdict = this.destination(facts.href, 'Follow a link to');
      if (verdict?.decision === 'deny') return verdict;
      if (verdict && siteKey(siteOf(facts.href)) !== siteKey(here)) return verdict;
    }
    const judgement = judgeElement(effect, facts);
    return judgement
      ? {
          decision: 'confirm',
          kind: judgement.kind,
          site: here,
          choices: 'once',
          question: `${judgement.what} on ${here || 'this page'}? ${judgement.why}`,
        }
      : null;
  }

  async check(call: ProposedCall, context: PolicyContext): Promise<PolicyDecision> {
    const input = record(call.input);
    if (JSON.stringify(call.input ?? {}).length > this.limits.argumentChars) {
      return {
        decision: 'deny',
        reason: `The arguments are too large (over ${this.limits.argumentChars.toLocaleString('en')} characters). Send less at a time.`,
      };
    }
    const typed = call.effects.flatMap((e) => (e.kind === 'act' && e.text !== undefined ? [e.text] : []));
    if (otherStrings(input, typed).some((s) => secretNames(s).length)) {
      return {
        decision: 'deny',
        reason: 'Secrets can only be typed into fields (type_text); they never go into addresses or other arguments.',
      };
    }
    const url = await context.tabUrl().catch(() => '');
    const here = siteOf(url);
    this.begin(url);
    for (const effect of call.effects) {
      const verdict =
        this.limit(effect) ??
        (effect.kind === 'open' && effect.url !== null
          ? this.destination(effect.url, effect.target === 'background' ? 'Read' : 'Open')
          : null) ??
        (effect.kind === 'act' ? await this.onPage(effect, here, context) : null);
      if (verdict) return verdict;
    }
    if (call.risk === 'sensitive')
      return {
        decision: 'confirm',
        kind: 'tool',
        site: here,
        choices: 'once',
        question: `Allow ${call.tool.replace(/_/g, ' ')} on ${here || 'this page'}?`,
      };
    return { decision: 'allow' };
  }

  begin(url: string): void {
    if (this.started) return;
    this.started = true;
    const here = siteOf(url);
    if (here && this.permissions().decide(here).decision !== 'block') this.used.add(siteKey(here));
  }

  /**
   * A request the browser is about to make in the task's tabs: nothing goes to a blocked
   * site (in any tab, frame or background read); a page or frame loading a site the task
   * has not used is asked about, whether a link, a redirect, a form or a script sent it;
   * and the tab's page loads count against the limit, whoever caused them.
   */
  request(request: PageRequest): PolicyDecision {
    const site = siteOf(request.url);
    if (!site) return { decision: 'allow' };
    const { decision, rule } = this.permissions().decide(site);
    if (decision === 'block')
      return {
        decision: 'deny',
        reason: blockedReason(site, rule),
      };
    if (!request.navigation) return { decision: 'allow' };
    if (request.topFrame) {
      this.loadsFromBrowser = true;
      if (this.recent(this.navigations).length >= this.limits.navigationsPerMinute)
        return { decision: 'deny', reason: `too many page loads: at most ${this.limits.navigationsPerMinute} a minute.` };
      this.navigations = [...this.recent(this.navigations), this.now()];
    }
    if (decision === 'allow' || this.used.has(siteKey(site))) return { decision: 'allow' };
    return {
      decision: 'confirm',
      kind: 'new-site',
      site,
      choices: 'site',
      question: `The page is going to ${site}${request.topFrame ? '' : ' (in a frame)'}. Let it? ${why('new-site')}`,
    };
  }

  async answered(_call: ProposedCall, request: ConfirmRequest, answer: ConfirmAnswer): Promise<void> {
    if (request.kind !== 'new-site' || !request.site) return;
    if (answer === 'once' || answer === 'always') this.used.add(siteKey(request.site));
    if (answer === 'always' || answer === 'never') {
      const decision: SiteDecision = answer === 'always' ? 'allow' : 'block';
      const existing = this.rules.findIndex((r) => r.site === request.site);
      if (existing >= 0) this.rules.splice(existing, 1);
      this.rules.push({ site: request.site, decision });
      await this.options.remember?.(request.site, decision);
    }
  }

  ran(call: ProposedCall, ok: boolean): void {
    for (const effect of call.effects) {
      if (loadsPage(effect) && !this.loadsFromBrowser) this.navigations = [...this.recent(this.navigations), this.now()];
      if (effect.kind !== 'open') continue;
      if (effect.target === 'background') this.browses = [...this.recent(this.browses), this.now()];
      if (effect.target === 'new-tab' && ok) this.tabsOpened++;
      if (ok && effect.target !== 'background' && effect.url !== null) {
        const site = siteOf(addressOf(effect.url));
        if (site) this.used.add(siteKey(site));
      }
    }
  }
}

/** Why a site is refused: its rule, or the wider rule that covers it. */
function blockedReason(site: string, rule: SiteRule | null): string {
  return `${site} is blocked in Wayfinder's site permissions${rule && rule.site !== site ? ` (as part of ${rule.site})` : ''}.`;
}

/** The address the driver opened, or '' when it was none. */
function addressOf(raw: string): string {
  try {
    return normalizeAddress(raw);
  } catch {
    return '';
  }
}
