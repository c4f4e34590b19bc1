import { SafetyPolicy, SecretVault, type Secret, type SiteRule } from '@wayfinder/core';
import { loadSecrets, loadSites, setSite } from '../../lib/safety-store';

// The person's policy, as a task or a host session gets it: their site rules and stored
// secrets (Options › Site permissions, Secrets), and their "always" and "never" answers
// kept as site rules for next time.

/**
 * The person's policy, new for each task or host session (sites used and counts are its
 * own), from their site rules and secrets; "always" and "never" answers become site rules.
 */
export function personalPolicy(sites: SiteRule[], stored: Secret[]): { policy: SafetyPolicy; secrets: SecretVault } {
  const secrets = new SecretVault(stored);
  const policy = new SafetyPolicy({ sites, secrets, remember: (site, decision) => setSite(site, decision) });
  return { policy, secrets };
}

/** A task's policy and the stored secrets, as stored now. */
export async function taskSafety(): Promise<{ policy: SafetyPolicy; secrets: SecretVault }> {
  return personalPolicy(await loadSites(), await loadSecrets());
}
