import { parse } from 'tldts';
import { canonicalHost, isLoopback, PSL } from '../browser/hosts';

// Site permissions: allow, block or ask, per site, where a rule for a domain covers its
// subdomains (example.com covers www.example.com) and nothing else (never
// evil-example.com or example.com.evil.net). The most specific rule wins; no rule = ask.
//
// Sites are compared as the browser resolves them: lower case, Unicode names in punycode
// (bücher.de is xn--bcher-kva.de). Which names one owner controls comes from the Public
// Suffix List (tldts, private suffixes such as github.io included): shop.example.co.uk and
// www.example.co.uk are one site, example.co.uk; a bare suffix (co.uk, github.io) can be
// no one's site, so no rule or secret may be made for it.

export type SiteDecision = 'allow' | 'block' | 'ask';

export interface SiteRule {
  site: string;
  decision: SiteDecision;
  /** The agent may offer to run code in this site's pages (execute_page_code); each run is still confirmed. Default off. */
  pageCode?: boolean;
}

// The host names themselves (canonical form, loopback, site and registrable domain) live in
// browser/hosts.ts, below every user of them; policy keeps the rules.
export { canonicalHost, isLoopback, siteKey, siteOf } from '../browser/hosts';

/** Whether a host is a public suffix (com, co.uk, github.io): sites of many owners end in it. */
export function isPublicSuffix(host: string): boolean {
  const parsed = parse(host, PSL);
  return !parsed.isIp && parsed.domain === null && parsed.publicSuffix === host && (parsed.isIcann === true || parsed.isPrivate === true);
}

export type ParsedSite = { ok: true; site: string } | { ok: false; error: string };

/**
 * A site as a person types it for a rule or a secret ("https://www.Example.com/x",
 * "*.example.com", "bücher.de") → its canonical host, or why it cannot be one.
 */
export function parseSite(input: string): ParsedSite {
  const typed = input.trim();
  if (!typed) return { ok: false, error: 'Name a site, like example.com.' };
  const text = typed.replace(/^\*\./, '').replace(/^\./, '');
  let host: string;
  try {
    host = canonicalHost(new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `http://${text}`).hostname);
  } catch {
    return { ok: false, error: `"${typed}" is not a site name; write one like example.com.` };
  }
  if (!/^[a-z0-9.:-]+$/.test(host) || host.startsWith('.') || host.includes('..'))
    return { ok: false, error: `"${typed}" is not a site name; write one like example.com.` };
  if (isPublicSuffix(host)) {
    return {
      ok: false,
      error: `${host} is a public suffix: sites of many different owners end in it (like example.${host}), so a rule or secret for it would cover all of them. Name the site itself.`,
    };
  }
  return { ok: true, site: host };
}

/** A site as a person types it, canonical; '' when it cannot be a site (parseSite says why). */
export function normalizeSite(input: string): string {
  const parsed = parseSite(input);
  return parsed.ok ? parsed.site : '';
}

/** Whether a rule for `rule` covers `host`: the same host, or a subdomain of it. */
export function covers(rule: string, host: string): boolean {
  return host === rule || host.endsWith(`.${rule}`);
}

export class SitePermissions {
  constructor(private readonly rules: readonly SiteRule[]) {}

  /**
   * The decision for a host (from the most specific rule that covers it), and that rule.
   * An allow rule for a public suffix (stored before such rules were refused) allows
   * nothing; a block rule for one still blocks. A block on this machine under any name
   * blocks every name of it.
   */
  decide(host: string): { decision: SiteDecision; rule: SiteRule | null } {
    let best: SiteRule | null = null;
    const site = canonicalHost(host);
    for (const rule of this.rules) {
      if (rule.decision === 'allow' && isPublicSuffix(rule.site)) continue;
      if (covers(rule.site, site) && (!best || rule.site.length > best.site.length)) best = rule;
    }
    // This machine by another name (localhost for 127.0.0.1, 0.0.0.0, [::ffff:127.0.0.1]) is blocked with it.
    const sameMachine = isLoopback(site) ? this.rules.find((r) => r.decision === 'block' && isLoopback(r.site)) : undefined;
    if (sameMachine && best?.decision !== 'block') return { decision: 'block', rule: sameMachine };
    return { decision: best?.decision ?? 'ask', rule: best };
  }
}
