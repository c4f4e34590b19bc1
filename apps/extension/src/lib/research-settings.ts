import { z } from 'zod';

// What the person chose for research in this browser (issue 15), in chrome.storage.local
// under its own key: whether the host may read their browsing history (off until they turn
// it on), and where the agent's searches go. Versioned like the other settings.

export const RESEARCH_KEY = 'research';

/** A search address: http(s), with %s where the words go; '' for the default. */
const searchAddress = (what: string) =>
  z
    .string()
    .trim()
    .max(2_000)
    .refine((value) => value === '' || (/^https?:\/\//i.test(value) && value.includes('%s') && URL.canParse(value.replace('%s', 'x'))), {
      message: `The ${what} address must start with http:// or https:// and hold %s where the search words go (https://duckduckgo.com/?q=%s).`,
    });

export const RESEARCH_SETTINGS = z.object({
  version: z.literal(1).default(1),
  /** The host (and this browser's agent) may read site and title of recent history, filtered here first. */
  historyOptIn: z.boolean().default(false),
  /** Web search: '' is the browser's own default engine (chrome.search). */
  searchUrl: searchAddress('search').default(''),
  /** Video search: '' is YouTube's results page. */
  videoUrl: searchAddress('video search').default(''),
});
export type ResearchSettings = z.infer<typeof RESEARCH_SETTINGS>;

export async function loadResearchSettings(): Promise<ResearchSettings> {
  const stored: Record<string, unknown> = await chrome.storage.local.get(RESEARCH_KEY);
  const parsed = RESEARCH_SETTINGS.safeParse(stored[RESEARCH_KEY] ?? {});
  return parsed.success ? parsed.data : RESEARCH_SETTINGS.parse({});
}

/** History sharing off (the History permission was taken back): stored so, when it was on. */
export async function historySharingOff(): Promise<void> {
  const research = await loadResearchSettings();
  if (research.historyOptIn) await saveResearchSettings({ ...research, historyOptIn: false });
}

/** Saves what is valid; throws the readable problem otherwise (nothing stored changes then). */
export async function saveResearchSettings(settings: ResearchSettings): Promise<void> {
  const parsed = RESEARCH_SETTINGS.safeParse(settings);
  if (!parsed.success) throw new Error(parsed.error.issues.map((i) => i.message).join(' '));
  await chrome.storage.local.set({ [RESEARCH_KEY]: parsed.data });
}
