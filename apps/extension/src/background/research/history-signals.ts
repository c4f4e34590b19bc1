import { BridgeError, historyRecentParams } from '@wayfinder/bridge';
import { historySignals, type HistorySignal } from '@wayfinder/core';
import { hasPermission, missingPermission } from '../../lib/permissions';
import { loadResearchSettings } from '../../lib/research-settings';

// Browsing history as a signal of interest (issue 15), only when the person opted in
// (Options › Research): chrome.history is read here, reduced to site and title with
// sensitive pages dropped (core's historySignals), and only that leaves the browser — to the
// host's `history.recent` call or to this browser's own agent (get_history). Off, it is
// refused and chrome.history is not touched.

export const NOT_OPTED_IN =
  'This browser does not share its history: the person has not turned on “Let research use my browsing history” in Wayfinder’s Options.';

/** Raw items read per signal wanted: merging and filtering leave fewer. */
const READ_FACTOR = 5;

/** Site and title of recent history, filtered; throws a refusal when the person has not opted in. */
export async function recentHistory(days: number, limit: number): Promise<HistorySignal[]> {
  const settings = await loadResearchSettings();
  if (!settings.historyOptIn) throw new BridgeError('refused', NOT_OPTED_IN, false);
  if (!(await hasPermission('history')))
    throw new BridgeError('refused', missingPermission('history', 'Reading the browsing history'), false);
  const raw = await chrome.history.search({
    text: '',
    startTime: Date.now() - days * 24 * 60 * 60 * 1000,
    maxResults: Math.min(5_000, limit * READ_FACTOR),
  });
  return historySignals(
    raw.flatMap((item) =>
      item.url
        ? [{ url: item.url, title: item.title ?? '', visitCount: item.visitCount ?? 1, lastVisitTime: item.lastVisitTime ?? 0 }]
        : [],
    ),
    limit,
  );
}

/** The host's `history.recent {days, limit}` call. */
export async function answerHistoryRecent(raw: unknown): Promise<{ items: HistorySignal[] }> {
  const parsed = historyRecentParams.safeParse(raw);
  if (!parsed.success) throw new BridgeError('bad-params', 'history.recent needs days (1–90) and limit (1–500).', false);
  return { items: await recentHistory(parsed.data.days, parsed.data.limit) };
}
