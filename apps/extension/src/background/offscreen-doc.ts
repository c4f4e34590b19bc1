// The extension's one offscreen document (Chrome allows one at a time), shared by memory's
// MiniLM model (WORKERS) and voice (USER_MEDIA: a tab's audio; AUDIO_PLAYBACK: keeping that
// tab audible while it is recorded). Whoever creates it gives every reason, so it serves all.

// (Its path is lib/minilm.ts's OFFSCREEN_PATH; the document's own code is entrypoints/offscreen.)
export const OFFSCREEN_REASONS = ['WORKERS', 'USER_MEDIA', 'AUDIO_PLAYBACK'] as const;

export const OFFSCREEN_JUSTIFICATION =
  'Runs the all-MiniLM-L6-v2 model (WebAssembly) for memory search by meaning, and records a tab’s audio (kept audible) when the person asks.';
