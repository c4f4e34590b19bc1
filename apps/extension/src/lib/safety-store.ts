import { parseSite, secretValueProblem, type Secret, type SiteDecision, type SiteRule } from '@wayfinder/core/ui';
import { z } from 'zod';

// Site permissions and stored secrets, in chrome.storage.local beside the settings (never
// in conversations or exports). Secret values are written here and read only by the
// worker, which types them into fields; pages of the extension list names and sites.

/** The chrome.storage.local key of the person's secrets: the one place their values are kept. */
export const SECRETS_KEY = 'secrets';

const SITES = z.array(z.object({ site: z.string().min(1), decision: z.enum(['allow', 'block', 'ask']), pageCode: z.boolean().optional() }));
const SECRETS = z.array(
  z.object({
    name: z.string().regex(/^[A-Za-z0-9_.-]+$/),
    value: z.string().min(1),
    site: z.string().min(1),
    field: z.enum(['password', 'text']).optional(),
  }),
);

async function read(key: string): Promise<unknown> {
  const stored: Record<string, unknown> = await chrome.storage.local.get(key);
  return stored[key];
}

export async function loadSites(): Promise<SiteRule[]> {
  const parsed = SITES.safeParse(await read('sites'));
  return parsed.success ? parsed.data.map((r) => ({ site: r.site, decision: r.decision, ...(r.pageCode ? { pageCode: true } : {}) })) : [];
}

export async function saveSites(rules: SiteRule[]): Promise<void> {
  await chrome.storage.local.set({ sites: SITES.parse(rules) });
}

/** Adds or changes one site's rule (an "always" or "never" answer, or the Sites page). */
export async function setSite(site: string, decision: SiteDecision): Promise<void> {
  const parsed = parseSite(site);
  if (!parsed.ok) throw new Error(parsed.error);
  const all = await loadSites();
  // The site's other settings (page code) stay as they were; only the decision changes.
  const pageCode = all.find((r) => r.site === parsed.site)?.pageCode === true;
  const rules = all.filter((r) => r.site !== parsed.site);
  await saveSites([...rules, { site: parsed.site, decision, ...(pageCode ? { pageCode } : {}) }]);
}

export async function loadSecrets(): Promise<Secret[]> {
  const parsed = SECRETS.safeParse(await read(SECRETS_KEY));
  return parsed.success
    ? parsed.data.map((s) => ({ name: s.name, value: s.value, site: s.site, ...(s.field ? { field: s.field } : {}) }))
    : [];
}

/**
 * Adds a secret (or replaces the one of that name) and returns them all. Refuses, with the
 * reason for the person, a value too short to be told apart from ordinary text.
 */
export async function storeSecret(secret: Secret): Promise<Secret[]> {
  const problem = secretValueProblem(secret.name, secret.value);
  if (problem) throw new Error(problem);
  const next = [...(await loadSecrets()).filter((s) => s.name !== secret.name), secret];
  await chrome.storage.local.set({ [SECRETS_KEY]: SECRETS.parse(next) });
  return next;
}

/** Deletes a secret by name and returns the rest. */
export async function deleteSecret(name: string): Promise<Secret[]> {
  const next = (await loadSecrets()).filter((s) => s.name !== name);
  await chrome.storage.local.set({ [SECRETS_KEY]: SECRETS.parse(next) });
  return next;
}
