import { OFFSCREEN_PATH } from '../../lib/minilm';

// The extension's one offscreen document (Chrome allows one at a time), shared by memory's
// MiniLM model (WORKERS) and voice (USER_MEDIA: a tab's audio; AUDIO_PLAYBACK: keeping that
// tab audible while it is recorded). Whoever creates it gives every reason, so it serves all.

// (Its path is lib/minilm.ts's OFFSCREEN_PATH; the document's own code is entrypoints/offscreen.)
export const OFFSCREEN_REASONS = ['WORKERS', 'USER_MEDIA', 'AUDIO_PLAYBACK'] as const;

export const OFFSCREEN_JUSTIFICATION =
  'Runs the all-MiniLM-L6-v2 model (WebAssembly) for memory search by meaning, and records a tab’s audio (kept audible) when the person asks.';

let creating: Promise<void> | null = null;

/** Opens the offscreen document unless it is open (a worker-side call: the pages never import this). */
export async function ensureOffscreen(): Promise<void> {
  const url = chrome.runtime.getURL(OFFSCREEN_PATH);
  const open = await chrome.runtime.getContexts({ contextTypes: ['OFFSCREEN_DOCUMENT'], documentUrls: [url] });
  if (open.length > 0) return;
  creating ??= chrome.offscreen
    .createDocument({
      url,
      // Voice records tab audio in the same document (one at a time): every user's reasons (offscreen-doc.ts).
      reasons: [...OFFSCREEN_REASONS],
      justification: OFFSCREEN_JUSTIFICATION,
    })
    .catch((error: unknown) => {
      // Another call made it a moment ago: that one is as good.
      if (!String(error).includes('Only a single offscreen document')) throw error;
    })
    .finally(() => {
      creating = null;
    });
  await creating;
}

/** Sends the offscreen document a request, opening it first (a document just created may not be listening for a moment). */
export async function askOffscreen(request: unknown): Promise<unknown> {
  await ensureOffscreen();
  for (let tries = 0; ; tries++) {
    try {
      return await chrome.runtime.sendMessage(request);
    } catch (error) {
      if (tries >= 40 || !String(error).includes('Receiving end does not exist')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
