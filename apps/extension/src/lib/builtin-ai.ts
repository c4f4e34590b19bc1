import type { PromptApi, PromptApiAvailability } from '@wayfinder/core/ui';
import { promptApi } from './built-in-model';

// Chrome's built-in AI beyond the Prompt API: the Summarizer, Writer, Rewriter and
// Proofreader globals (developer.chrome.com/docs/ai/built-in-apis), found where this
// context has them. Each is a class with static availability() and create(); create()
// takes a `monitor` that receives `downloadprogress` events while Chrome fetches the model
// the first time; the instances stream text with *Streaming() as a ReadableStream of deltas.

export const BUILT_IN_APIS = ['LanguageModel', 'Summarizer', 'Writer', 'Rewriter', 'Proofreader'] as const;
export type BuiltInApiName = (typeof BUILT_IN_APIS)[number];
export type BuiltInAvailability = PromptApiAvailability;

export const BUILT_IN_LABELS: Record<BuiltInApiName, string> = {
  LanguageModel: 'Prompt API (Gemini Nano)',
  Summarizer: 'Summarizer',
  Writer: 'Writer',
  Rewriter: 'Rewriter',
  Proofreader: 'Proofreader',
};

export interface StreamOptions {
  context?: string;
  signal?: AbortSignal;
}

export interface SummarizerInstance {
  summarize(text: string, options?: StreamOptions): Promise<string>;
  summarizeStreaming(text: string, options?: StreamOptions): ReadableStream<string>;
  destroy(): void;
}
export interface WriterInstance {
  writeStreaming(prompt: string, options?: StreamOptions): ReadableStream<string>;
  destroy(): void;
}
export interface RewriterInstance {
  rewriteStreaming(text: string, options?: StreamOptions): ReadableStream<string>;
  destroy(): void;
}
export interface ProofreaderInstance {
  proofread(text: string): Promise<{ correctedInput: string }>;
  destroy(): void;
}

export interface BuiltInMonitor {
  addEventListener(type: 'downloadprogress', listener: (event: { loaded: number }) => void): void;
}

/** What every create() takes; the per-API options ride along. */
export interface CreateOptions {
  signal?: AbortSignal;
  monitor?: (monitor: BuiltInMonitor) => void;
  [option: string]: unknown;
}

export interface BuiltInFactory<T> {
  availability(options?: Record<string, unknown>): Promise<BuiltInAvailability>;
  create(options?: CreateOptions): Promise<T>;
}

export interface BuiltInApis {
  LanguageModel: PromptApi | null;
  Summarizer: BuiltInFactory<SummarizerInstance> | null;
  Writer: BuiltInFactory<WriterInstance> | null;
  Rewriter: BuiltInFactory<RewriterInstance> | null;
  Proofreader: BuiltInFactory<ProofreaderInstance> | null;
}

function isFactory<T>(value: unknown): value is BuiltInFactory<T> {
  return (
    typeof value === 'function' &&
    'availability' in value &&
    typeof value.availability === 'function' &&
    'create' in value &&
    typeof value.create === 'function'
  );
}

// The globals are only checked for their shape; what they return is typed by the spec.
function factory<T>(name: BuiltInApiName): BuiltInFactory<T> | null {
  const candidate: unknown = Reflect.get(globalThis, name);
  return isFactory<T>(candidate) ? candidate : null;
}

/** The built-in APIs this context offers (each null where Chrome has none). */
export function builtInApis(): BuiltInApis {
  return {
    LanguageModel: promptApi(),
    Summarizer: factory<SummarizerInstance>('Summarizer'),
    Writer: factory<WriterInstance>('Writer'),
    Rewriter: factory<RewriterInstance>('Rewriter'),
    Proofreader: factory<ProofreaderInstance>('Proofreader'),
  };
}

/** English in and out: what every create() and availability() is asked for. */
export const LANGUAGE_OPTIONS: Record<BuiltInApiName, Record<string, unknown>> = {
  LanguageModel: { expectedInputs: [{ type: 'text', languages: ['en'] }], expectedOutputs: [{ type: 'text', languages: ['en'] }] },
  Summarizer: { expectedInputLanguages: ['en'], outputLanguage: 'en' },
  Writer: { expectedInputLanguages: ['en'], outputLanguage: 'en' },
  Rewriter: { expectedInputLanguages: ['en'], outputLanguage: 'en' },
  Proofreader: { expectedInputLanguages: ['en'] },
};

/** Each API's availability; an API that is missing, or whose check throws, is 'unavailable'. */
export async function builtInAvailability(apis: BuiltInApis = builtInApis()): Promise<Record<BuiltInApiName, BuiltInAvailability>> {
  const states: Record<BuiltInApiName, BuiltInAvailability> = {
    LanguageModel: 'unavailable',
    Summarizer: 'unavailable',
    Writer: 'unavailable',
    Rewriter: 'unavailable',
    Proofreader: 'unavailable',
  };
  await Promise.all(
    BUILT_IN_APIS.map(async (name) => {
      const api = apis[name];
      if (!api) return;
      try {
        states[name] = await api.availability(LANGUAGE_OPTIONS[name]);
      } catch {
        states[name] = 'unavailable';
      }
    }),
  );
  return states;
}

/**
 * Fetches one API's model (Chrome starts a download only on a person's click, so call this
 * from a click handler in a page), reporting progress 0–1. Resolves when it is ready.
 */
export async function downloadBuiltIn(name: BuiltInApiName, onProgress: (fraction: number) => void, apis = builtInApis()): Promise<void> {
  const api = apis[name];
  if (!api) throw new Error(`${BUILT_IN_LABELS[name]} is not offered by this browser.`);
  const maker: BuiltInFactory<{ destroy(): void }> | PromptApi = api;
  const created = await maker.create({
    ...LANGUAGE_OPTIONS[name],
    monitor: (m) => m.addEventListener('downloadprogress', (e) => onProgress(e.loaded)),
  });
  created.destroy();
}

/** A stream's chunks as an async iterable (Chrome streams deltas). */
export async function* chunks(stream: ReadableStream<string>, signal?: AbortSignal): AsyncIterable<string> {
  const reader = stream.getReader();
  try {
    for (;;) {
      if (signal?.aborted) throw new DOMException('The job was stopped.', 'AbortError');
      const { done, value } = await reader.read();
      if (done) return;
      if (value) yield value;
    }
  } finally {
    reader.releaseLock();
  }
}
