import { isTabCaptureRequest, type TabCaptureReply } from './messages';
import { StreamRecorder } from './mic';
import { toBase64, wavSeconds } from './wav';

// In the offscreen document: records a tab's audio from a tabCapture stream id for N
// seconds. Capturing a tab silences it, so the captured sound is also played here (to the
// default output): the person keeps hearing the tab while it is recorded.

async function record(streamId: string, seconds: number): Promise<TabCaptureReply> {
  const constraints = { audio: { mandatory: { chromeMediaSource: 'tab', chromeMediaSourceId: streamId } }, video: false };
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- Chrome's tab-capture constraints ("mandatory") are not in lib.dom's types
  const stream = await navigator.mediaDevices.getUserMedia(constraints as MediaStreamConstraints);
  const recorder = await StreamRecorder.open(stream, () => undefined, true);
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const wav = await recorder.stop();
  return { ok: true, wav: toBase64(wav), seconds: Math.round(wavSeconds(wav) * 10) / 10 };
}

/** Answers the background's tab-capture requests (and only those). */
export function listenForTabCapture(): void {
  chrome.runtime.onMessage.addListener((message: unknown, sender, sendResponse) => {
    if (!isTabCaptureRequest(message) || sender.id !== chrome.runtime.id || sender.tab) return false;
    record(message.streamId, message.seconds).then(sendResponse, (error: unknown) =>
      sendResponse({ ok: false, error: error instanceof Error ? error.message : String(error) } satisfies TabCaptureReply),
    );
    return true;
  });
}
