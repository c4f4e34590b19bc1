import type { CallOptions, GenerateResult, LanguageModel, Prompt, StreamPart, StreamResult } from './spec';
import { ModelError } from './errors';

// Chrome's built-in model (Gemini Nano) through the Prompt API, as an AI SDK language
// model. The API is session-based; our loop is not (it prunes and summarises history),
// so each call starts from a session that holds only the system prompt (cached and
// cloned, so the system prompt is read once) and sends the conversation as messages.
// Tools go through our text protocol (the slot is made with toolMode 'text'); JSON
// output asked for with responseFormat becomes the API's responseConstraint.

/** The Prompt API's shape, as the spec (webmachinelearning.github.io/prompt-api) documents it. */
export type PromptApiAvailability = 'unavailable' | 'downloadable' | 'downloading' | 'available';

export interface PromptApiContent {
  type: 'text' | 'image';
  value: unknown;
}

export interface PromptApiMessage {
  role: 'system' | 'user' | 'assistant';
  content: string | PromptApiContent[];
  prefix?: boolean;
}

export interface PromptApiExpected {
  type: 'text' | 'image' | 'audio';
  languages?: string[];
}

export interface PromptApiCoreOptions {
  expectedInputs?: PromptApiExpected[];
  expectedOutputs?: PromptApiExpected[];
}

export interface PromptApiMonitor {
  addEventListener(type: 'downloadprogress', listener: (event: { loaded: number }) => void): void;
}

export interface PromptApiCreateOptions extends PromptApiCoreOptions {
  signal?: AbortSignal;
  monitor?: (monitor: PromptApiMonitor) => void;
  initialPrompts?: PromptApiMessage[];
}

export interface PromptApiPromptOptions {
  responseConstraint?: object;
  signal?: AbortSignal;
}

export interface PromptApiSession {
  promptStreaming(input: PromptApiMessage[], options?: PromptApiPromptOptions): ReadableStream<string>;
  clone(options?: { signal?: AbortSignal }): Promise<PromptApiSession>;
  destroy(): void;
  /** Tokens the session holds (older Chrome: inputUsage). */
  readonly contextUsage?: number;
  readonly inputUsage?: number;
  /** Tokens it can hold (older Chrome: inputQuota). */
  readonly contextWindow?: number;
  readonly inputQuota?: number;
  /** Tokens an input would take (older Chrome: measureInputUsage). */
  measureContextUsage?(input: PromptApiMessage[], options?: PromptApiPromptOptions): Promise<number>;
  measureInputUsage?(input: PromptApiMessage[], options?: PromptApiPromptOptions): Promise<number>;
}

/** The `LanguageModel` global: where it exists, the extension passes it in. */
export interface PromptApi {
  availability(options?: PromptApiCoreOptions): Promise<PromptApiAvailability>;
  create(options?: PromptApiCreateOptions): Promise<PromptApiSession>;
}

export interface PromptApiModelOptions {
  /** Whether images in the history are sent (the model takes them when Chrome supports image input). */
  images?: boolean;
  /** Download progress, 0 to 1, while Chrome fetches the model the first time. */
  onDownloadProgress?: (fraction: number) => void;
}

const USAGE_UNKNOWN = {
  inputTokens: { total: undefined, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: undefined, text: undefined, reasoning: undefined },
};

function usageOf(session: PromptApiSession): number | undefined {
  return session.contextUsage ?? session.inputUsage;
}

async function measure(session: PromptApiSession, input: PromptApiMessage[]): Promise<number | undefined> {
  try {
    if (session.measureContextUsage) return await session.measureContextUsage(input);
    if (session.measureInputUsage) return await session.measureInputUsage(input);
    return undefined;
  } catch {
    return undefined;
  }
}

/** Input: the system prompt the session holds plus the messages; output: what the session grew by beyond that. */
function usage(before: number | undefined, input: number | undefined, after: number | undefined) {
  if (before === undefined || input === undefined || after === undefined) return USAGE_UNKNOWN;
  return {
    inputTokens: { ...USAGE_UNKNOWN.inputTokens, total: before + input },
    outputTokens: { ...USAGE_UNKNOWN.outputTokens, total: Math.max(0, after - before - input) },
  };
}

/** The history as Prompt API messages: the system text apart, the rest in order. */
export function toPromptApiMessages(prompt: Prompt, images: boolean): { system: string; messages: PromptApiMessage[] } {
  const system: string[] = [];
  const messages: PromptApiMessage[] = [];
  const push = (role: 'user' | 'assistant', content: PromptApiContent[]) => {
    if (!content.length) return;
    const last = messages.at(-1);
    // The API wants turns; two user parts in a row (a tool result, then a note) become one.
    if (last?.role === role && Array.isArray(last.content)) last.content.push(...content);
    else messages.push({ role, content });
  };
  for (const message of prompt) {
    if (message.role === 'system') {
      system.push(message.content);
    } else if (message.role === 'user') {
      push(
        'user',
        message.content.flatMap((part): PromptApiContent[] => {
          if (part.type === 'text') return [{ type: 'text', value: part.text }];
          if (images && part.mediaType.startsWith('image/') && part.data.type === 'data') {
            return [{ type: 'image', value: imageBytes(part.data.data) }];
          }
          return [];
        }),
      );
    } else if (message.role === 'assistant') {
      push(
        'assistant',
        message.content.flatMap((part) => {
          if (part.type === 'text') return [{ type: 'text' as const, value: part.text }];
          if (part.type === 'tool-call')
            return [
              { type: 'text' as const, value: `<tool_call>${JSON.stringify({ name: part.toolName, arguments: part.input })}</tool_call>` },
            ];
          return [];
        }),
      );
    } else {
      push(
        'user',
        message.content.flatMap((part) => {
          if (part.type !== 'tool-result') return [];
          const output = part.output;
          const body =
            output.type === 'text' || output.type === 'error-text'
              ? output.value
              : output.type === 'content'
                ? output.value.map((v) => (v.type === 'text' ? v.text : '')).join('')
                : JSON.stringify(output);
          return [{ type: 'text' as const, value: `<tool_result name="${part.toolName}">\n${body}\n</tool_result>` }];
        }),
      );
    }
  }
  return { system: system.join('\n\n'), messages };
}

function imageBytes(data: Uint8Array | string): Uint8Array {
  if (typeof data !== 'string') return data;
  const binary = atob(data);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** `promise`, or an AbortError as soon as `signal` aborts (the first download can take minutes). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(new ModelError('aborted', 'The task was stopped.', false));
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

/** A Prompt API failure as a ModelError a person can act on. */
export function promptApiError(error: unknown): ModelError {
  if (ModelError.isInstance(error)) return error;
  const name = error instanceof Error ? error.name : '';
  const message = error instanceof Error ? error.message : String(error);
  if (name === 'AbortError') return new ModelError('aborted', 'The task was stopped.', false, { cause: error });
  if (name === 'QuotaExceededError') {
    return new ModelError(
      'context-overflow',
      `The conversation no longer fits the context window of Chrome's built-in model: ${message}.`,
      false,
      { cause: error },
    );
  }
  if (name === 'NotAllowedError') {
    return new ModelError(
      'auth',
      `Chrome did not allow its built-in model to start: ${message}. The first download has to be started from Wayfinder's options (Test connection).`,
      false,
      { cause: error },
    );
  }
  if (name === 'NotSupportedError')
    return new ModelError('bad-request', `Chrome's built-in model cannot take this request: ${message}.`, false, { cause: error });
  return new ModelError('unexpected', `Chrome's built-in model failed: ${message}`, false, { cause: error });
}

export class PromptApiLanguageModel implements LanguageModel {
  readonly specificationVersion = 'v4';
  readonly provider = 'chrome';
  readonly modelId = 'built-in';
  readonly supportedUrls = {};
  /** One session per system prompt, cloned for each call (the loop's system prompt rarely changes). */
  private base: { system: string; session: Promise<PromptApiSession> } | null = null;

  constructor(
    private readonly api: PromptApi,
    private readonly options: PromptApiModelOptions = {},
  ) {}

  availability(): Promise<PromptApiAvailability> {
    return this.api.availability(this.coreOptions());
  }

  private coreOptions(): PromptApiCoreOptions {
    return {
      expectedInputs: [{ type: 'text', languages: ['en'] }, ...(this.options.images ? [{ type: 'image' as const }] : [])],
      expectedOutputs: [{ type: 'text', languages: ['en'] }],
    };
  }

  /** Not tied to one call's signal: the session outlives the call (a stopped call stops waiting for it, below). */
  private baseSession(system: string): Promise<PromptApiSession> {
    if (this.base?.system === system) return this.base.session;
    const previous = this.base;
    const onProgress = this.options.onDownloadProgress;
    const session = this.api.create({
      ...this.coreOptions(),
      ...(system ? { initialPrompts: [{ role: 'system', content: system }] } : {}),
      ...(onProgress
        ? { monitor: (m: PromptApiMonitor) => m.addEventListener('downloadprogress', (event) => onProgress(event.loaded)) }
        : {}),
    });
    this.base = { system, session };
    // A failed start is not kept: the next call tries again.
    session.catch(() => {
      if (this.base?.session === session) this.base = null;
    });
    void previous?.session.then(
      (s) => s.destroy(),
      () => undefined,
    );
    return session;
  }

  async doStream(options: CallOptions): Promise<StreamResult> {
    if (options.tools?.length) {
      // The loop then switches this slot to the text protocol (callModel's fallback).
      throw new ModelError('bad-request', "Chrome's built-in model does not support tools; use the text protocol.", false);
    }
    const { system, messages } = toPromptApiMessages(options.prompt, this.options.images ?? false);
    const signal = options.abortSignal;
    let session: PromptApiSession;
    try {
      session = await (await untilAborted(this.baseSession(system), signal)).clone(signal ? { signal } : {});
    } catch (error) {
      throw promptApiError(error);
    }
    const before = usageOf(session);
    const input = await measure(session, messages);
    const schema = options.responseFormat?.type === 'json' ? options.responseFormat.schema : undefined;
    let reader: ReadableStreamDefaultReader<string>;
    try {
      reader = session
        .promptStreaming(messages, { ...(schema ? { responseConstraint: schema } : {}), ...(signal ? { signal } : {}) })
        .getReader();
    } catch (error) {
      session.destroy();
      throw promptApiError(error);
    }
    let started = false;
    const stream = new ReadableStream<StreamPart>({
      async start(controller) {
        controller.enqueue({ type: 'stream-start', warnings: [] });
        try {
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            if (!started) controller.enqueue({ type: 'text-start', id: 'text' });
            started = true;
            controller.enqueue({ type: 'text-delta', id: 'text', delta: value });
          }
          if (started) controller.enqueue({ type: 'text-end', id: 'text' });
          controller.enqueue({
            type: 'finish',
            finishReason: { unified: 'stop', raw: undefined },
            usage: usage(before, input, usageOf(session)),
          });
          controller.close();
        } catch (error) {
          controller.enqueue({ type: 'error', error: promptApiError(error) });
          controller.close();
        } finally {
          session.destroy();
        }
      },
    });
    return { stream };
  }

  async doGenerate(options: CallOptions): Promise<GenerateResult> {
    const { stream } = await this.doStream(options);
    let text = '';
    let finish: Extract<StreamPart, { type: 'finish' }> | null = null;
    const reader = stream.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (value.type === 'text-delta') text += value.delta;
      else if (value.type === 'finish') finish = value;
      else if (value.type === 'error') throw value.error;
    }
    return {
      content: text ? [{ type: 'text', text }] : [],
      finishReason: finish?.finishReason ?? { unified: 'stop', raw: undefined },
      usage: finish?.usage ?? USAGE_UNKNOWN,
      warnings: [],
    };
  }
}
