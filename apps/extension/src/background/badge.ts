import { logError } from '../lib/log';

// The toolbar icon's badge, which two things share: a host question waiting for the person
// ("?", which wins: it needs an answer) and the feed's count of new discoveries. Each part
// says what it knows; the badge shows the sum. Both parts are told again at every worker
// start (bridge/device.ts: no question waits yet; research/feed.ts: the count kept in IndexedDB).

const parts = { question: false, unread: 0 };

function render(): Promise<void> {
  const { question, unread } = parts;
  const text = question ? '?' : unread > 0 ? (unread > 99 ? '99+' : String(unread)) : '';
  const color = question ? '#8a5a00' : '#1f6f4f';
  const title = question
    ? 'Wayfinder: the host asks you something'
    : unread > 0
      ? `Wayfinder: ${unread} new in your feed`
      : 'Open Wayfinder';
  return chrome.action
    .setBadgeText({ text })
    .then(() => (text ? chrome.action.setBadgeBackgroundColor({ color }) : undefined))
    .then(() => chrome.action.setTitle({ title }));
}

/** Updates one part of the badge; failures are logged (the icon is not worth failing a call for). */
export function showOnBadge(part: Partial<typeof parts>): void {
  Object.assign(parts, part);
  render().catch((error: unknown) => logError('wayfinder: could not mark the toolbar icon', error));
}
