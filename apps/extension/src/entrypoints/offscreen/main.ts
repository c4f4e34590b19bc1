import { isOffscreenRequest, type DownloadReply } from '../../lib/minilm';
import { embedTexts, modelDownload } from '../../lib/minilm-runner';
import { listenForTabCapture } from '../../lib/voice/tab-capture';
import { listenForBuiltInJobs } from '../../background/helpers/builtin-offscreen';

// The offscreen document (created by background/memory/embedder.ts when memory uses MiniLM): it runs
// the model and answers only messages addressed to it; everything else (the panel's and
// options' requests to the background) is left for the background to answer.

chrome.runtime.onMessage.addListener((message: unknown, sender, sendResponse) => {
  // The background's messages only: not a content script's (those come from a tab).
  if (!isOffscreenRequest(message) || sender.id !== chrome.runtime.id || sender.tab) return false;
  if (message.kind === 'download') {
    const reply: DownloadReply = { ok: true, download: modelDownload() };
    sendResponse(reply);
    return false;
  }
  embedTexts(message.texts, message.modelHost).then(sendResponse, (error: unknown) =>
    sendResponse({ ok: false, stage: 'embed', error: String(error) }),
  );
  return true;
});

// Voice: a tab's audio, recorded here and kept audible (lib/voice/tab-capture.ts).
listenForTabCapture();

// Chrome's built-in AI for the worker's page helpers and browse summaries (background/helpers/builtin-offscreen.ts).
listenForBuiltInJobs();
