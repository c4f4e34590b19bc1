import type { Discovery } from '@wayfinder/core/ui';

// How a discovery's facts read on a card.

const DAY = 24 * 60 * 60 * 1000;

/** "Today", "Yesterday", else the date ("12 Nov 2026"). */
export function foundOn(at: number, now = Date.now()): string {
  const day = (t: number) => Math.floor((t - new Date(t).getTimezoneOffset() * 60_000) / DAY);
  const diff = day(now) - day(at);
  if (diff === 0) return 'Today';
  if (diff === 1) return 'Yesterday';
  return new Date(at).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });
}

export const KIND_LABEL: Record<Discovery['kind'], string> = { article: 'Article', video: 'Video', change: 'Change' };

/** Only pictures served over http(s) are shown (a discovery comes from pages on the web). */
export function imageOf(discovery: Discovery): string | null {
  return discovery.image && /^https?:\/\//i.test(discovery.image) ? discovery.image : null;
}
