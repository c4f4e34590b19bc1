import { SafetyPolicy, type Redaction, type SiteRule } from '@wayfinder/core';
import type { CurrentRedaction } from '../../lib/redaction';
import { loadSites, setSite } from '../../lib/safety-store';

// The person's policy, as a task or a host session gets it: their site rules and stored
// secrets (Options › Site permissions, Secrets), and their "always" and "never" answers
// kept as site rules for next time. The secrets are the worker's one redaction's
// (lib/redaction.ts), and values typed into password fields are noted there.

/**
 * The person's policy, new for each task or host session (sites used and counts are its
 * own), from their site rules and the redaction's secrets; "always" and "never" answers become site rules.
 */
export function personalPolicy(sites: SiteRule[], redaction: Redaction): SafetyPolicy {
  return new SafetyPolicy({ sites, secrets: redaction.secrets, redaction, remember: (site, decision) => setSite(site, decision) });
}

/** A task's policy and the worker's one redaction, as the rules and secrets are stored now. */
export async function taskSafety(current: CurrentRedaction): Promise<{ policy: SafetyPolicy; redaction: Redaction }> {
  const redaction = await current();
  return { policy: personalPolicy(await loadSites(), redaction), redaction };
}
