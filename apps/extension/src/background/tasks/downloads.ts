import type { LiveTasks } from './live';
import { logError } from '../../lib/log';

// Downloads while a task runs. Chrome holds a download until the extension names its file;
// until then a running task's policy decides whether it may be kept (the person is asked
// in the panel). Declined — or started by a task's page as the task winds down, when
// nobody is left to ask — it is cancelled and leaves nothing behind. The person's own
// downloads, with no task running, are theirs.

/** How long after a task ends a download is still taken for its page's doing. */
const DOWNLOAD_GRACE_MS = 5_000;

/**
 * Whether a download may be kept: while a task runs, its policy decides (the person is
 * asked in the panel); null when no task runs (the person's own downloads).
 */
export async function judgeDownload(live: LiveTasks, url: string, filename: string): Promise<boolean | null> {
  for (const task of live.all()) {
    const verdict = await task.browser.download(url, filename);
    if (verdict !== null) return verdict;
  }
  // Chrome reports a download a moment after it starts: one that arrives as a task winds
  // down or just after it ended was started by the task's page, and nobody is left to ask.
  if (live.size || Date.now() - live.lastEnded < DOWNLOAD_GRACE_MS) return false;
  return null;
}

/** Cancelled before the name is settled, so not even a small file (a page's blob) completes; one that did is removed as it lands. */
async function drop(id: number, suggest: () => void): Promise<void> {
  await chrome.downloads.cancel(id).catch(() => undefined);
  suggest();
  for (let waited = 0; waited < 10_000; waited += 100) {
    const [now] = await chrome.downloads.search({ id });
    if (!now || now.state === 'interrupted') break;
    if (now.state === 'complete') {
      await chrome.downloads.removeFile(id).catch(() => undefined);
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await chrome.downloads.erase({ id });
}

/** Holds every download (Chrome waits for its file name) until `judge` has said whether it may be kept. */
export function holdDownloads(judge: (url: string, filename: string) => Promise<boolean | null>): void {
  chrome.downloads.onDeterminingFilename.addListener((item, suggest) => {
    // Our own files (a conversation exported from the panel) are the person's doing.
    if (item.byExtensionId === chrome.runtime.id || item.url.startsWith(`blob:chrome-extension://${chrome.runtime.id}/`)) {
      suggest();
      return;
    }
    judge(item.finalUrl || item.url, item.filename.split(/[\\/]/).pop() || 'download')
      .then(
        (keep) => (keep === false ? drop(item.id, suggest) : suggest()),
        (error: unknown) => {
          logError('wayfinder: could not judge a download; cancelling it', error);
          return drop(item.id, suggest);
        },
      )
      .catch((error: unknown) => logError('wayfinder: could not cancel a download', error));
    return true;
  });
}
