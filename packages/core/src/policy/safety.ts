import { normalizeAddress } from '../browser/address';
import { BrowserError } from '../browser/errors';
import type { ElementFacts, PageRequest } from '../browser/port';
import { riskOf, type Effect } from './effects';
import { judgeDrop, judgeElement, why } from './classify';
import { Payments } from './payments';
import { consequence, OutgoingCheck } from './outgoing';
import { Redaction } from './redaction';
import { judgePageCode, pageCodeEnabled } from './page-code';
import { secretNames, type SecretVault } from './secrets';
import { SitePermissions, siteKey, siteOf, type SiteDecision, type SiteRule } from './sites';
import {
  allows,
  offersTask,
  type ConfirmAnswer,
  type ConfirmKind,
  type ConfirmRequest,
  type Policy,
  type PolicyContext,
  type PolicyDecision,
  type ProposedCall,
} from './types';

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
  /**
   * The host's one redaction for this task (policy/redaction.ts): values typed into password
   * fields are noted there, so every sink hides them. Default: one of the policy's own.
   */
  redaction?: Redaction;
  limits?: Partial<Limits>;
  /** Where the person raises the page-load limit (a host's config key), said when it refuses. */
  limitHint?: string;
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
  private tabsOpenedByCalls = 0;
  /** Page loads are counted from the browser's requests once it reports them (whoever caused them). */
  private loadsFromBrowser = false;
  /** Tabs that have loaded a page during the task, as the browser reports them (popups included). */
  private readonly tabsSeen = new Set<string>();
  /** Sites the person said no to in this task: not asked about again. */
  private readonly declined = new Set<string>();
  /** Consequences the person approved for the call running now (its requests may carry them). */
  private readonly approvedNow = new Set<ConfirmKind>();
  /** Questions the person allowed for the rest of this task ("Allow for this task"): `kind site`. */
  private readonly allowedForTask = new Set<string>();
  /** A payment is one question (payments.ts). */
  private readonly payments: Payments;
  /** Passwords, secrets and card numbers leaving in requests. */
  private readonly outgoing: OutgoingCheck;
  /** The person's stored secrets (the redaction's, when the host gave one). */
  private readonly vault: SecretVault | undefined;

  constructor(private readonly options: SafetyOptions = {}) {
    this.rules = [...(options.sites ?? [])];
    this.limits = { ...DEFAULT_LIMITS, ...options.limits };
    this.now = options.now ?? Date.now;
    // eslint-disable-next-line no-restricted-syntax -- a policy given no redaction notes typed passwords in one of its own
    const redaction = options.redaction ?? new Redaction(options.secrets);
    this.vault = options.secrets ?? (options.redaction ? redaction.secrets : undefined);
    this.outgoing = new OutgoingCheck(redaction);
    this.payments = new Payments(this.vault);
  }

  /** How the person can raise the page-load limit, as a sentence after a refusal ('' when the host says nothing). */
  private get hint(): string {
    return this.options.limitHint ? ` ${this.options.limitHint}` : '';
  }

  /** Tabs the task has opened: the calls that opened them, or the tabs the browser saw load pages (popups too), whichever is more. */
  private get tabsOpened(): number {
    return Math.max(this.tabsOpenedByCalls, this.tabsSeen.size - 1);
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
    if (this.declined.has(siteKey(site)))
      return { decision: 'deny', reason: `The person said no to ${site} earlier in this task. Do not try to reach it another way.` };
    return newSite(site, `${action} ${site}?`);
  }

  /** The limit an effect would pass, or why not. */
  private limit(effect: Effect): PolicyDecision | null {
    if (loadsPage(effect) && this.recent(this.navigations).length >= this.limits.navigationsPerMinute) {
      return {
        decision: 'deny',
        reason: `Too many page loads: at most ${this.limits.navigationsPerMinute} a minute. Wait, or work with the pages already open.${this.hint}`,
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
  /** Acting on a page of a site (the tab's, or a frame's inside it): refused when blocked, asked about when new. */
  private mayActOn(site: string, where: string): PolicyDecision | null {
    const { decision } = this.permissions().decide(site);
    if (decision === 'block')
      return { decision: 'deny', reason: `${site} is blocked in Wayfinder's site permissions; nothing may be done on it${where}.` };
    if (this.used.has(siteKey(site)) || decision === 'allow') return null;
    if (this.declined.has(siteKey(site))) return { decision: 'deny', reason: `The person said no to ${site} earlier in this task.` };
    return newSite(site, `Act on ${site}${where}?`);
  }

  private async onPage(effect: ActEffect, here: string, context: PolicyContext): Promise<PolicyDecision | null> {
    // The tab's address as it is now (a page may have gone elsewhere since the last call).
    const onTab = here ? this.mayActOn(here, '') : null;
    if (onTab) return onTab;
    // A key pressed without a ref lands on whatever has focus: judged as that element.
    const facts: ElementFacts | null = effect.ref
      ? await context.element(effect.ref)
      : effect.how === 'keys'
        ? await context.focused()
        : null;
    // The element may sit in a frame from another site: that site is the one acted on (and typed into).
    const frameSite = facts?.frameUrl ? siteOf(facts.frameUrl) : '';
    const target = frameSite || here;
    if (frameSite && siteKey(frameSite) !== siteKey(here)) {
      const inFrame = this.mayActOn(frameSite, ` (in a frame inside ${here || 'this page'})`);
      if (inFrame) return inFrame;
    }
    if (effect.text !== undefined && secretNames(effect.text).length) {
      const vault = this.vault;
      const refusal = vault
        ? vault.refusal(effect.text, target, facts ?? { secret: false, editable: false })
        : 'There are no stored secrets.';
      if (refusal) return { decision: 'deny', reason: refusal };
    }
    if (!facts) return null;
    // What goes into a password field is watched for in what the page sends afterwards.
    if (facts.secret && effect.text !== undefined) this.outgoing.noteTyped(this.vault?.fill(effect.text) ?? effect.text);
    if ((effect.how === 'click' || effect.activates === true) && facts.href && !facts.download) {
      const verdict = this.destination(facts.href, 'Follow a link to');
      if (verdict?.decision === 'deny') return verdict;
      if (verdict && siteKey(siteOf(facts.href)) !== siteKey(here)) return verdict;
    }
    const judgement =
      judgeElement(effect, facts) ?? (effect.how === 'drag' && effect.toRef ? judgeDrop(facts, await context.element(effect.toRef)) : null);
    if (judgement?.kind === 'payment' || judgement?.kind === 'payment-field')
      return this.payments.step(effect.text, facts, here, judgement);
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
    const verdict = await this.judge(call, context);
    if (!this.allowedForThisTask(verdict)) return verdict;
    // Asked before and allowed for the task: as if the person said yes again.
    this.yes(verdict);
    return { decision: 'allow' };
  }

  /** Whether the question is one the person allowed for the rest of this task (kind and site). */
  private allowedForThisTask(verdict: PolicyDecision): verdict is Extract<PolicyDecision, { decision: 'confirm' }> {
    return verdict.decision === 'confirm' && offersTask(verdict) && this.allowedForTask.has(`${verdict.kind} ${siteKey(verdict.site)}`);
  }

  private async judge(call: ProposedCall, context: PolicyContext): Promise<PolicyDecision> {
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
        (effect.kind === 'act' ? await this.onPage(effect, here, context) : null) ??
        (effect.kind === 'remember' ? rememberQuestion(effect.text) : null) ??
        (effect.kind === 'run-code' ? judgePageCode(effect.code, url, this.permissions(), this.declined) : null);
      if (verdict) return verdict;
    }
    // Sensitive effects no rule above asked about (an upload, page code) are still put to the person.
    if (riskOf(call.effects) === 'sensitive')
      return {
        decision: 'confirm',
        kind: 'tool',
        site: here,
        choices: 'once',
        question: `Allow ${call.tool.replace(/_/g, ' ')} on ${here || 'this page'}?`,
      };
    return { decision: 'allow' };
  }

  /** Whether the page's site lets the agent offer page code (execute_page_code); each run is still asked about. */
  pageCode(url: string): boolean {
    return pageCodeEnabled(this.permissions(), url);
  }

  begin(url: string): void {
    if (this.started) return;
    this.started = true;
    const here = siteOf(url);
    if (here && this.permissions().decide(here).decision !== 'block') this.used.add(siteKey(here));
  }

  /**
   * A request the browser is about to make in the task's tabs: nothing goes to a blocked
   * site (in any tab, frame or background read); a page loading a site the task has not
   * used is asked about, whether a link, a redirect, a form or a script sent it, and so is
   * data sent there; a frame from such a site loads (acting or typing in it is asked); and
   * the tab's page loads count against the limit, whoever caused them.
   */
  request(request: PageRequest): PolicyDecision {
    const verdict = this.judgeRequest(request);
    return this.allowedForThisTask(verdict) ? { decision: 'allow' } : verdict;
  }

  private judgeRequest(request: PageRequest): PolicyDecision {
    const site = siteOf(innerUrl(request.url));
    if (!site && request.resourceType !== 'Download') return { decision: 'allow' };
    const { decision, rule } = site ? this.permissions().decide(site) : { decision: 'ask' as const, rule: null };
    if (decision === 'block')
      return {
        decision: 'deny',
        reason: blockedReason(site, rule),
      };
    if (site && this.declined.has(siteKey(site)))
      return { decision: 'deny', reason: `the person said no to ${site} earlier in this task.` };
    if (request.resourceType === 'Download') {
      // Every download is the person's to keep, however the page started it (a link, a script, an address).
      if (this.approvedNow.has('download')) return { decision: 'allow' };
      return {
        decision: 'confirm',
        kind: 'download',
        site,
        choices: 'once',
        question: `The page is downloading ${JSON.stringify(request.filename ?? 'a file')}${site ? ` from ${site}` : ''}. Keep it? ${why('download')}`,
      };
    }
    // The payment the person allowed covers what its own site's page sends to take it.
    const approved: ReadonlySet<ConfirmKind> = this.payments.covers(site) ? new Set([...this.approvedNow, 'payment']) : this.approvedNow;
    const sending = this.outgoing.question(request, site, approved) ?? consequence(request, site, approved);
    if (sending) return sending;
    const known = decision === 'allow' || this.used.has(siteKey(site));
    if (!request.navigation) {
      // Fetching from other sites is how pages work; sending to a new one (a form, a script's POST) is asked about.
      if (known || READS.has(request.method.toUpperCase())) return { decision: 'allow' };
      return newSite(site, `The page is sending data to ${site} (${request.method.toUpperCase()}). Let it?`);
    }
    if (request.topFrame) {
      this.loadsFromBrowser = true;
      if (this.recent(this.navigations).length >= this.limits.navigationsPerMinute)
        return { decision: 'deny', reason: `too many page loads: at most ${this.limits.navigationsPerMinute} a minute.${this.hint}` };
      if (!this.tabsSeen.has(request.tabId) && this.tabsSeen.size > this.limits.tabsPerTask)
        return {
          decision: 'deny',
          reason: `too many tabs: this task's pages have opened ${this.tabsSeen.size - 1}, the most one task may.`,
        };
      this.tabsSeen.add(request.tabId);
      this.navigations = [...this.recent(this.navigations), this.now()];
    }
    if (known) return { decision: 'allow' };
    // A frame from a site the task has not used loads (video embeds, ad slots, payment frames are how
    // pages are built; a blocked site stays blocked above). The harm is in acting in it, typing into it
    // and sending data to its site: those are asked (onPage, and the non-navigation requests above).
    if (!request.topFrame) return { decision: 'allow' };
    return newSite(site, `The page is going to ${site}. Let it?`);
  }

  /** The person allowed this question (now, or for the task earlier): the call may do what it asked. */
  private yes(request: ConfirmRequest): void {
    this.approvedNow.add(request.kind);
    this.payments.answered(request, true);
  }

  async answered(_call: ProposedCall, request: ConfirmRequest, answer: ConfirmAnswer): Promise<void> {
    if (allows(answer)) this.yes(request);
    else this.payments.answered(request, false);
    if (answer === 'task' && offersTask(request)) this.allowedForTask.add(`${request.kind} ${siteKey(request.site)}`);
    if (request.kind !== 'new-site' || !request.site) return;
    if (answer === 'deny') this.declined.add(siteKey(request.site));
    if (allows(answer)) this.used.add(siteKey(request.site));
    if (answer === 'always' || answer === 'never') {
      const decision: SiteDecision = answer === 'always' ? 'allow' : 'block';
      const existing = this.rules.findIndex((r) => r.site === request.site);
      // A site's other settings (page code) outlive a new answer about visiting it.
      const pageCode = existing >= 0 ? this.rules[existing]?.pageCode : undefined;
      if (existing >= 0) this.rules.splice(existing, 1);
      this.rules.push({ site: request.site, decision, ...(pageCode ? { pageCode } : {}) });
      await this.options.remember?.(request.site, decision);
    }
  }

  ran(call: ProposedCall, ok: boolean): void {
    this.approvedNow.clear();
    this.payments.ran();
    for (const effect of call.effects) {
      if (loadsPage(effect) && !this.loadsFromBrowser) this.navigations = [...this.recent(this.navigations), this.now()];
      if (effect.kind !== 'open') continue;
      if (effect.target === 'background') this.browses = [...this.recent(this.browses), this.now()];
      if (effect.target === 'new-tab' && ok) this.tabsOpenedByCalls++;
      if (ok && effect.target !== 'background' && effect.url !== null) {
        const site = siteOf(addressOf(effect.url));
        if (site) this.used.add(siteKey(site));
      }
    }
  }
}

/** The address a blob: URL was made on (a page's own file), or the address itself. */
function innerUrl(url: string): string {
  return url.startsWith('blob:') ? url.slice(5) : url;
}

/** Request methods that read rather than send. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

function newSite(site: string, question: string): PolicyDecision {
  return { decision: 'confirm', kind: 'new-site', site, choices: 'site', question: `${question} ${why('new-site')}` };
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

/** What the person is asked before a fact about them is kept: it is theirs to say yes to. */
function rememberQuestion(text: string): PolicyDecision {
  return { decision: 'confirm', kind: 'memory', site: '', choices: 'once', question: `Remember this about you: "${text}"?` };
}
