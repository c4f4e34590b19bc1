import { VoiceError } from './errors';

// The browser's own speech recognition (Web Speech API), where it works: Chrome runs it on
// the device when a language pack is installed, and otherwise sends the audio to Google's
// speech service — Options says so where it is chosen. It listens live and gives its text
// when stopped.

interface RecognitionResultList {
  length: number;
  [index: number]: { isFinal: boolean; 0: { transcript: string } } | undefined;
}

interface Recognition {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  onresult: ((event: { results: RecognitionResultList }) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}

type RecognitionClass = new () => Recognition;

function recognitionClass(): RecognitionClass | null {
  const found: unknown = Reflect.get(globalThis, 'SpeechRecognition') ?? Reflect.get(globalThis, 'webkitSpeechRecognition');
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- the Web Speech API is not in lib.dom's types
  return typeof found === 'function' ? (found as RecognitionClass) : null;
}

export function browserRecognitionAvailable(): boolean {
  return recognitionClass() !== null;
}

const ERRORS: Record<string, string> = {
  'not-allowed': 'The browser’s speech recognition was not allowed to use the microphone.',
  'service-not-allowed': 'The browser’s speech recognition is turned off here.',
  network: 'The browser’s speech recognition could not reach its service (it is not available on this device without a network).',
  'audio-capture': 'No microphone was found for the browser’s speech recognition.',
  'language-not-supported': 'The browser’s speech recognition does not know that language.',
};

export class BrowserRecognition {
  private text = '';
  private failure: VoiceError | null = null;
  private readonly ended: Promise<void>;

  private constructor(private readonly recognition: Recognition) {
    this.ended = new Promise((resolve) => {
      recognition.onend = () => resolve();
    });
    recognition.onresult = (event) => {
      let text = '';
      for (let i = 0; i < event.results.length; i++) text += event.results[i]?.[0].transcript ?? '';
      this.text = text;
    };
    recognition.onerror = (event) => {
      if (event.error === 'no-speech' || event.error === 'aborted') return;
      this.failure = new VoiceError(
        event.error === 'not-allowed' ? 'permission' : 'provider',
        `${ERRORS[event.error] ?? `The browser’s speech recognition failed (${event.error}).`} Choose a transcription service in Wayfinder’s options (Voice) instead.`,
      );
    };
  }

  static start(language: string): BrowserRecognition {
    const Class = recognitionClass();
    if (!Class)
      throw new VoiceError(
        'unsupported',
        'This browser has no speech recognition. Choose a transcription service in Wayfinder’s options (Voice).',
      );
    const recognition = new Class();
    recognition.lang = language || navigator.language;
    recognition.continuous = true;
    recognition.interimResults = true;
    const session = new BrowserRecognition(recognition);
    recognition.start();
    return session;
  }

  /** Stops listening; the text heard. */
  async stop(): Promise<string> {
    this.recognition.stop();
    await Promise.race([this.ended, new Promise((resolve) => setTimeout(resolve, 3000))]);
    if (this.failure) throw this.failure;
    return this.text.trim();
  }

  cancel(): void {
    this.recognition.abort();
  }
}
