import { APICallError } from '@ai-sdk/provider';
import { CodedError } from '../errors';

// Provider failures, classified so the loop can decide (retry? stop and tell the person?)
// and the person can act: which server, which model, what to change.

export type ModelErrorCode =
  | 'auth'
  | 'unknown-model'
  | 'context-overflow'
  | 'unreachable'
  | 'rate-limited'
  | 'server'
  | 'timeout'
  | 'bad-request'
  | 'aborted'
  | 'unexpected';

export class ModelError extends CodedError<ModelErrorCode> {
  static override readonly marker = Symbol.for('wayfinder.model.error');
  override readonly name = 'ModelError';
  /** How long the server asked us to wait before trying again (retry-after), when it said. */
  readonly retryAfterMs: number | undefined;

  constructor(code: ModelErrorCode, message: string, retryable: boolean, options?: { cause?: unknown; retryAfterMs?: number }) {
    super(code, message, retryable, options);
    this.retryAfterMs = options?.retryAfterMs;
  }
}

/** What a server said in its error response (the message in its JSON, else the text). */
export function bodyText(error: APICallError): string {
  const body = error.responseBody ?? '';
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed === 'object' && parsed !== null && 'error' in parsed) {
      const inner = parsed.error;
      if (typeof inner === 'string') return inner;
      if (typeof inner === 'object' && inner !== null && 'message' in inner && typeof inner.message === 'string') return inner.message;
    }
  } catch {
    // not JSON: use the text as it is
  }
  return body.slice(0, 300);
}

/**
 * The wait a server asks for: `retry-after-ms` (OpenAI and others), else `retry-after` in
 * seconds or as an HTTP date. Undefined when it says nothing usable.
 */
export function retryAfterMs(headers: Record<string, string> | undefined, now = Date.now()): number | undefined {
  if (!headers) return undefined;
  const header = (name: string) =>
    Object.entries(headers)
      .find(([key]) => key.toLowerCase() === name)?.[1]
      ?.trim();
  const ms = Number(header('retry-after-ms'));
  if (header('retry-after-ms') && Number.isFinite(ms) && ms >= 0) return ms;
  const after = header('retry-after');
  if (!after) return undefined;
  const seconds = Number(after);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(after);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** What went wrong talking to `label` (e.g. "openai-compatible gpt-4o"), as a ModelError. */
export function classifyModelError(error: unknown, label: string): ModelError {
  if (ModelError.isInstance(error)) return error;
  if (error instanceof Error && error.name === 'AbortError')
    return new ModelError('aborted', 'The task was stopped.', false, { cause: error });
  if (APICallError.isInstance(error)) {
    const status = error.statusCode;
    // Sentences end once: "…provided." then ". Check the key" would read "..".
    const detail = (bodyText(error) || error.message).replace(/[.\s]+$/, '');
    const where = error.url;
    if (status === undefined) {
      return new ModelError(
        'unreachable',
        `Could not reach ${label} at ${where}: ${error.message}. Is the server running, and is the address right?`,
        true,
        { cause: error },
      );
    }
    if (status === 401 || status === 403) {
      return new ModelError(
        'auth',
        `${label} refused the API key (${status} from ${where}): ${detail}. Check the key in your settings or environment.`,
        false,
        { cause: error },
      );
    }
    if (status === 404 && /model/i.test(detail)) {
      return new ModelError(
        'unknown-model',
        `${label} does not know this model (${where}): ${detail}. Check the model name, or pull it first (Ollama: ollama pull <model>).`,
        false,
        { cause: error },
      );
    }
    if (/context|too many tokens|maximum.*tokens|prompt is too long|too long/i.test(detail) && status === 400) {
      return new ModelError('context-overflow', `The conversation no longer fits ${label}'s context window: ${detail}.`, false, {
        cause: error,
      });
    }
    const wait = retryAfterMs(error.responseHeaders);
    const timing = { cause: error, ...(wait === undefined ? {} : { retryAfterMs: wait }) };
    if (status === 429)
      return new ModelError('rate-limited', `${label} is rate-limiting requests (429 from ${where}): ${detail}.`, true, timing);
    if (status >= 500) return new ModelError('server', `${label} had a server error (${status} from ${where}): ${detail}.`, true, timing);
    if (status === 408) return new ModelError('timeout', `${label} timed out (${where}).`, true, { cause: error });
    return new ModelError('bad-request', `${label} rejected the request (${status} from ${where}): ${detail}.`, false, { cause: error });
  }
  const message = error instanceof Error ? error.message : String(error);
  // Browsers' own words: Chrome "Failed to fetch", Firefox "NetworkError when attempting…", Safari "Load failed".
  if (
    /fetch failed|failed to fetch|NetworkError when attempting|^Load failed$|ECONNREFUSED|ENOTFOUND|EAI_AGAIN|socket hang up/i.test(message)
  ) {
    return new ModelError('unreachable', `Could not reach ${label}: ${message}. Is the server running, and is the address right?`, true, {
      cause: error,
    });
  }
  if (/timed? ?out/i.test(message))
    return new ModelError('timeout', `${label} did not answer in time: ${message}.`, true, { cause: error });
  return new ModelError('unexpected', `${label} failed: ${message}`, false, { cause: error });
}

/** A model spec or setting that cannot work (unknown provider, missing key): said before any call. */
export class ModelConfigError extends CodedError<'model-config'> {
  static override readonly marker = Symbol.for('wayfinder.model-config.error');
  override readonly name = 'ModelConfigError';

  constructor(message: string, options?: { cause?: unknown }) {
    super('model-config', message, false, options);
  }
}

export interface RetryOptions {
  retries: number;
  baseDelayMs: number;
  /** The longest wait a server's retry-after may ask for; past it, the failure is reported instead (default 60 s). */
  maxRetryAfterMs?: number;
  signal?: AbortSignal;
  onRetry?: (error: ModelError, attempt: number, delayMs: number) => void;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new ModelError('aborted', 'The task was stopped.', false));
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new ModelError('aborted', 'The task was stopped.', false));
      },
      { once: true },
    );
  });
}

/** Runs `call`, retrying retryable failures with exponential backoff and jitter. */
export async function withRetry<T>(call: () => Promise<T>, label: string, options: RetryOptions): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      if (options.signal?.aborted) throw new ModelError('aborted', 'The task was stopped.', false, { cause: error });
      const failure = classifyModelError(error, label);
      if (!failure.retryable || attempt >= options.retries) throw failure;
      const asked = failure.retryAfterMs;
      const limit = options.maxRetryAfterMs ?? 60_000;
      if (asked !== undefined && asked > limit) {
        throw new ModelError(
          failure.code,
          `${failure.message} The server asks to wait ${Math.ceil(asked / 1000)} s before trying again; try later.`,
          false,
          { cause: failure },
        );
      }
      // The server's own wait when it gives one; otherwise exponential backoff with jitter.
      const delay = asked ?? options.baseDelayMs * 2 ** attempt * (0.75 + Math.random() * 0.5);
      options.onRetry?.(failure, attempt + 1, Math.round(delay));
      await sleep(delay, options.signal);
    }
  }
}
