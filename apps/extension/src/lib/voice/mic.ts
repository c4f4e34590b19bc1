import { VoiceError } from './errors';
import { downsample, encodeWav, joinChunks, level } from './wav';

// Recording from a MediaStream (the microphone in the panel; a tab's audio in the offscreen
// document) into 16 kHz WAV, with the loudness of each chunk for a level meter.
// `monitor`: the audio is also played (tab capture mutes the tab; playing it keeps it audible).

export const MIC_PAGE = '/mic.html';

/** Where a denied microphone is allowed again, in plain steps. */
export const DENIED_GUIDANCE =
  'Chrome blocks the microphone for Wayfinder. To allow it: open chrome://settings/content/microphone, find Wayfinder under “Not allowed to use your microphone”, remove it or set it to Allow, then press the microphone button again.';

export const ASK_GUIDANCE =
  'Wayfinder needs your permission to use the microphone. A tab has opened to ask once: choose Allow there, then press the microphone button again.';

export type MicPermission = 'granted' | 'denied' | 'prompt' | 'unknown';

export async function micPermission(): Promise<MicPermission> {
  try {
    const status = await navigator.permissions.query({ name: 'microphone' });
    return status.state;
  } catch {
    return 'unknown';
  }
}

/** getUserMedia's failures as what the person can do about them. */
export async function micFailure(error: unknown): Promise<VoiceError> {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError')
    return new VoiceError(
      'no-device',
      'No microphone was found. Plug one in (or turn it on in your system settings), then press the microphone button again.',
      {
        cause: error,
      },
    );
  if (name === 'NotReadableError' || name === 'AbortError')
    return new VoiceError(
      'no-device',
      'The microphone could not be started: another app may be using it. Close that app, then try again.',
      { cause: error },
    );
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') {
    const state = await micPermission();
    return new VoiceError('permission', state === 'denied' ? DENIED_GUIDANCE : ASK_GUIDANCE, { cause: error });
  }
  return new VoiceError('no-device', `The microphone could not be used: ${error instanceof Error ? error.message : String(error)}`, {
    cause: error,
  });
}

/** The AudioWorklet that hands over the samples (public/voice-recorder-worklet.js). */
const WORKLET = '/voice-recorder-worklet.js';

export class StreamRecorder {
  private chunks: Float32Array[] = [];
  private stopped = false;

  private constructor(
    private readonly stream: MediaStream,
    private readonly context: AudioContext,
    private readonly node: AudioWorkletNode,
  ) {}

  static async open(stream: MediaStream, onLevel: (value: number) => void, monitor = false): Promise<StreamRecorder> {
    const context = new AudioContext();
    await context.audioWorklet.addModule(chrome.runtime.getURL(WORKLET));
    const source = context.createMediaStreamSource(stream);
    const node = new AudioWorkletNode(context, 'wayfinder-recorder', { numberOfInputs: 1, numberOfOutputs: 0 });
    const recorder = new StreamRecorder(stream, context, node);
    node.port.onmessage = (event: MessageEvent<unknown>) => {
      if (recorder.stopped || !(event.data instanceof Float32Array)) return;
      recorder.chunks.push(event.data);
      onLevel(Math.min(1, level(event.data) * 4));
    };
    source.connect(node);
    // Tab capture silences the tab: playing the captured sound here keeps it audible.
    if (monitor) source.connect(context.destination);
    if (context.state !== 'running') await context.resume();
    return recorder;
  }

  /** From the microphone; a refusal or a missing device becomes a VoiceError that says what to do. */
  static async microphone(onLevel: (value: number) => void): Promise<StreamRecorder> {
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true, channelCount: 1 } });
    } catch (error) {
      throw await micFailure(error);
    }
    return StreamRecorder.open(stream, onLevel);
  }

  /** Seconds recorded so far. */
  seconds(): number {
    return this.chunks.reduce((n, c) => n + c.length, 0) / this.context.sampleRate;
  }

  /** Ends the recording; the WAV of what was heard. */
  async stop(): Promise<Uint8Array> {
    this.stopped = true;
    const rate = this.context.sampleRate;
    this.release();
    await this.context.close().catch(() => undefined);
    return encodeWav(downsample(joinChunks(this.chunks), rate));
  }

  /** Ends it and drops what was heard. */
  cancel(): void {
    this.stopped = true;
    this.chunks = [];
    this.release();
    void this.context.close().catch(() => undefined);
  }

  private release(): void {
    this.node.port.onmessage = null;
    this.node.disconnect();
    for (const track of this.stream.getTracks()) track.stop();
  }
}
