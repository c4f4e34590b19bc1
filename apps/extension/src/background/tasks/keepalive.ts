import { logError } from '../../lib/log';

// Chrome stops an extension's worker after ~30 s without events. While a task runs we keep
// it busy (a cheap extension API call resets the idle timer) and set an alarm: if the
// worker is stopped anyway, the alarm starts it again and unfinished tasks resume.
// Nothing runs when no task does.

export const RESUME_ALARM = 'wayfinder-resume';
const PING_MS = 20_000;

let timer: ReturnType<typeof setInterval> | null = null;

export function keepAlive(active: boolean): void {
  if (active && !timer) {
    timer = setInterval(() => {
      chrome.runtime.getPlatformInfo().catch(() => undefined);
    }, PING_MS);
    chrome.alarms
      .create(RESUME_ALARM, { periodInMinutes: 0.5 })
      .catch((error: unknown) => logError('wayfinder: could not set the resume alarm', error));
  } else if (!active && timer) {
    clearInterval(timer);
    timer = null;
    chrome.alarms.clear(RESUME_ALARM).catch(() => undefined);
  }
}
