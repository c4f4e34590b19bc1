// Site permissions: allow, block or ask, per site, where a rule for a domain covers its
// subdomains (example.com covers www.example.com) and nothing else (never
// evil-example.com or example.com.evil.net). The most specific rule wins; no rule = ask.

export type SiteDecision = 'allow' | 'block' | 'ask';

export interface SiteRule {
  site: string;
  decision: SiteDecision;
}

/** The site of an address: its host name, lower-cased, without port or trailing dot. */
export function siteOf(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase().replace(/\.$/, '').replace(/^\[|\]$/g, '');
  } catch {
    return '';
  }
}

/** A rule's site as typed by a person ("https://www.Example.com/x", "*.example.com") → "www.example.com" / "example.com". */
export function normalizeSite(input: string): string {
  let text = input.trim().toLowerCase();
  if (!text) return '';
  if (/^[a-z][a-z0-9+.-]*:\/\//.test(text)) text = siteOf(text);
  text = text.replace(/^\*\./, '').replace(/^\./, '').replace(/[/?#].*$/, '').replace(/:\d+$/, '').replace(/\.$/, '');
  return /^[a-z0-9.-]+$|^[0-9a-f:]+$/.test(text) ? text : '';
}

/** Whether a rule for `rule` covers `host`: the same host, or a subdomain of it. */
export function covers(rule: string, host: string): boolean {
  return host === rule || host.endsWith(`.${rule}`);
}

export class SitePermissions {
  constructor(private readonly rules: readonly SiteRule[]) {}

  /** The decision for a host (from the most specific rule that covers it), and that rule. */
  decide(host: string): { decision: SiteDecision; rule: SiteRule | null } {
    let best: SiteRule | null = null;
    for (const rule of this.rules) {
      if (covers(rule.site, host) && (!best || rule.site.length > best.site.length)) best = rule;
    }
    return { decision: best?.decision ?? 'ask', rule: best };
  }
}
