import { isOffscreenRequest, type DownloadReply } from '../../lib/minilm';
import { embedTexts, modelDownload } from '../../lib/minilm-runner';

// The offscreen document (created by background/embedder.ts when memory uses MiniLM): it runs
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
