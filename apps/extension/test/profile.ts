import { createHash } from 'node:crypto';
import { readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';

// A test browser's profile, as Chrome keeps it: what env.ts writes before the first launch,
// and Chrome's own download handling put back after Playwright's.

/** Chrome's id for an unpacked extension: the first 128 bits of its folder's path's SHA-256, as letters a–p. */
export function unpackedExtensionId(dir: string): string {
  const hex = createHash('sha256').update(realpathSync(dir)).digest('hex').slice(0, 32);
  return hex.replace(/[0-9a-f]/g, (c) => String.fromCharCode(97 + parseInt(c, 16)));
}

/**
 * A new profile's Preferences: downloads into the profile's folder, and (`granted`) the
 * optional permissions already given — as in the browser of a person who turned those
 * features on once (Chrome keeps what the person allowed there; headless Chromium cannot
 * show its permission prompt to be answered).
 */
export function newProfilePreferences(extensionDir: string, downloadDir: string, granted: readonly string[]): string {
  const permissions = { api: granted, explicit_host: [], manifest_permissions: [], scriptable_host: [] };
  return JSON.stringify({
    download: { default_directory: downloadDir, prompt_for_download: false },
    ...(granted.length
      ? {
          extensions: {
            settings: { [unpackedExtensionId(extensionDir)]: { granted_permissions: permissions, active_permissions: permissions } },
          },
        }
      : {}),
  });
}

/**
 * Playwright takes downloads over (Browser.setDownloadBehavior), which hides them from
 * extensions; a person's Chrome has no such thing. So the profile saves into its own folder,
 * and Chrome's behaviour is put back over the DevTools port, as in a person's browser.
 */
export async function useChromeDownloads(userDataDir: string): Promise<void> {
  const [port, path] = readFileSync(join(userDataDir, 'DevToolsActivePort'), 'utf8').split('\n');
  const socket = new WebSocket(`ws://127.0.0.1:${port}${path}`);
  await new Promise<void>((resolve, reject) => {
    socket.onopen = () => socket.send(JSON.stringify({ id: 1, method: 'Browser.setDownloadBehavior', params: { behavior: 'default' } }));
    socket.onmessage = () => resolve();
    socket.onerror = () => reject(new Error('could not reach the DevTools port to restore Chrome download handling'));
  });
  socket.close();
}
