import type { ConfirmAnswer, ConfirmRequest, Policy, PolicyContext, PolicyDecision, ProposedCall } from './types';
import { judgeElement, why } from './classify';
import { secretNames, type SecretVault } from './secrets';
import { SitePermissions, siteOf, type SiteDecision, type SiteRule } from './sites';

// The policy every tool call passes through, whatever the model claims: blocked sites are
// refused, a site the task has not used yet is asked about (once / always / never),
// sensitive actions are confirmed every time, secrets go only where they belong, and
// navigation, tabs and background browsing are rate-limited. One instance per task.

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

/** Tools that act on the page in the current tab. */
const PAGE_ACTIONS = new Set(['click', 'type_text', 'press_key', 'select_option', 'check', 'hover', 'drag', 'scroll', 'upload_file']);
const HISTORY = new Set(['go_back', 'go_forward', 'reload']);
const WEB = /^https?:$/;

function record(input: unknown): Record<string, unknown> {
  return typeof input === 'object' && input !== null ? Object.fromEntries(Object.entries(input)) : {};
}

/** The address a navigation tool goes to, as the driver will read it. */
export function targetOf(tool: string, input: Record<string, unknown>): string | null {
  if (tool !== 'navigate' && tool !== 'open_tab' && tool !== 'browse') return null;
  const raw = typeof input.url === 'string' ? input.url.trim() : '';
  if (!raw) return null;
  if (raw === 'about:blank' || raw.startsWith('about:blank#')) return raw;
  return /^[a-z][a-z0-9+.-]*:/i.test(raw) ? raw : `https://${raw}`;
}

/** Every string in the arguments except the text being typed (where secrets belong). */
function otherStrings(tool: string, input: Record<string, unknown>): string[] {
  const out: string[] = [];
  const walk = (value: unknown, key: string) => {
    if (typeof value === 'string') {
      if (!(tool === 'type_text' && key === 'text')) out.push(value);
    } else if (Array.isArray(value)) value.forEach((v) => walk(v, key));
    else if (typeof value === 'object' && value !== null) Object.entries(value).forEach(([k, v]) => walk(v, k));
  };
  Object.entries(input).forEach(([k, v]) => walk(v, k));
  return out;
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
  private destination(url: string, action: string): PolicyDecision | null {
    if (url.startsWith('about:blank')) return null;
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return { decision: 'deny', reason: `"${url}" is not a web address.` };
    }
    if (!WEB.test(parsed.protocol)) return { decision: 'deny', reason: `Only web pages (http and https) can be opened; ${parsed.protocol} addresses are refused.` };
    const site = siteOf(url);
    const { decision, rule } = this.permissions().decide(site);
    if (decision === 'block') return { decision: 'deny', reason: `${site} is blocked in Wayfinder's site permissions${rule && rule.site !== site ? ` (as part of ${rule.site})` : ''}. Do not try to reach it another way.` };
    if (decision === 'allow' || this.used.has(site)) return null;
    return { decision: 'confirm', kind: 'new-site', site, choices: 'site', question: `${action} ${site}? ${why('new-site')}` };
  }

  async check(call: ProposedCall, context: PolicyContext): Promise<PolicyDecision> {
    const input = record(call.input);
    if (JSON.stringify(call.input ?? {}).length > this.limits.argumentChars) {
      return { decision: 'deny', reason: `The arguments are too large (over ${this.limits.argumentChars.toLocaleString('en')} characters). Send less at a time.` };
    }
    if (otherStrings(call.tool, input).some((s) => secretNames(s).length)) {
      return { decision: 'deny', reason: 'Secrets can only be typed into fields (type_text); they never go into addresses or other arguments.' };
    }
    const here = siteOf(await context.tabUrl().catch(() => ''));
    if (!this.started) {
      this.started = true;
      if (here && this.permissions().decide(here).decision !== 'block') this.used.add(here);
    }

    // Limits.
    const target = targetOf(call.tool, input);
    if ((target !== null && call.tool !== 'browse') || HISTORY.has(call.tool)) {
      if (this.recent(this.navigations).length >= this.limits.navigationsPerMinute) {
        return { decision: 'deny', reason: `Too many page loads: at most ${this.limits.navigationsPerMinute} a minute. Wait, or work with the pages already open.` };
      }
    }
    if (call.tool === 'open_tab' && this.tabsOpened >= this.limits.tabsPerTask) {
      return { decision: 'deny', reason: `This task has opened ${this.tabsOpened} tabs, the most one task may. Close tabs you are done with and switch between the open ones.` };
    }
    if (call.tool === 'browse' && this.recent(this.browses).length >= this.limits.browsesPerMinute) {
      return { decision: 'deny', reason: `Too much background browsing: at most ${this.limits.browsesPerMinute} pages a minute.` };
    }

    // Where it goes.
    if (target !== null) {
      const verdict = this.destination(target, call.tool === 'browse' ? 'Read' : 'Open');
      if (verdict) return verdict;
    }

    // What it acts on.
    if (PAGE_ACTIONS.has(call.tool)) {
      if (here) {
        const { decision } = this.permissions().decide(here);
        if (decision === 'block') return { decision: 'deny', reason: `${here} is blocked in Wayfinder's site permissions; nothing may be done on it.` };
        if (!this.used.has(here) && decision !== 'allow') return { decision: 'confirm', kind: 'new-site', site: here, choices: 'site', question: `Act on ${here}? ${why('new-site')}` };
      }
      const ref = typeof input.ref === 'string' ? input.ref : null;
      const facts = ref ? await context.element(ref) : null;
      if (call.tool === 'type_text' && typeof input.text === 'string' && secretNames(input.text).length) {
        const vault = this.options.secrets;
        const refusal = vault ? vault.refusal(input.text, here, facts ?? { secret: false, editable: false }) : 'There are no stored secrets.';
        if (refusal) return { decision: 'deny', reason: refusal };
      }
      if (facts) {
        if (call.tool === 'click' && facts.href && !facts.download) {
          const verdict = this.destination(facts.href, 'Follow a link to');
          if (verdict?.decision === 'deny') return verdict;
          if (verdict && siteOf(facts.href) !== here) return verdict;
        }
        const judgement = judgeElement(call.tool, input, facts);
        if (judgement) return { decision: 'confirm', kind: judgement.kind, site: here, choices: 'once', question: `${judgement.what} on ${here || 'this page'}? ${judgement.why}` };
      }
    }
    if (call.risk === 'sensitive') return { decision: 'confirm', kind: 'tool', site: here, choices: 'once', question: `Allow ${call.tool.replace(/_/g, ' ')} on ${here || 'this page'}?` };
    return { decision: 'allow' };
  }

  async answered(_call: ProposedCall, request: ConfirmRequest, answer: ConfirmAnswer): Promise<void> {
    if (request.kind !== 'new-site' || !request.site) return;
    if (answer === 'once' || answer === 'always') this.used.add(request.site);
    if (answer === 'always' || answer === 'never') {
      const decision: SiteDecision = answer === 'always' ? 'allow' : 'block';
      const existing = this.rules.findIndex((r) => r.site === request.site);
      if (existing >= 0) this.rules.splice(existing, 1);
      this.rules.push({ site: request.site, decision });
      await this.options.remember?.(request.site, decision);
    }
  }

  ran(call: ProposedCall, ok: boolean): void {
    const input = record(call.input);
    const target = targetOf(call.tool, input);
    if ((target !== null && call.tool !== 'browse') || HISTORY.has(call.tool)) this.navigations = [...this.recent(this.navigations), this.now()];
    if (call.tool === 'browse') this.browses = [...this.recent(this.browses), this.now()];
    if (call.tool === 'open_tab' && ok) this.tabsOpened++;
    if (ok && target !== null && call.tool !== 'browse') {
      const site = siteOf(target);
      if (site) this.used.add(site);
    }
  }
}
