import { APICallError } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { classifyModelError, ModelError, retryAfterMs, withRetry } from './errors';

const URL_TRIED = 'http://127.0.0.1:11434/api/chat';

function apiError(
  statusCode: number | undefined,
  responseBody: string,
  message = 'Request failed',
  responseHeaders?: Record<string, string>,
): APICallError {
  return new APICallError({
    message,
    url: URL_TRIED,
    requestBodyValues: {},
    ...(statusCode === undefined ? {} : { statusCode }),
    responseBody,
    ...(responseHeaders ? { responseHeaders } : {}),
  });
}

describe('classifyModelError', () => {
  it.each([
    [
      401,
      '{"error":{"message":"Incorrect API key provided"}}',
      'auth',
      false,
      /refused the API key \(401 from http:\/\/127\.0\.0\.1:11434\/api\/chat\): Incorrect API key provided/,
    ],
    [
      404,
      '{"error":"model \\"llama9\\" not found, try pulling it first"}',
      'unknown-model',
      false,
      /does not know this model .*model "llama9" not found.*ollama pull/,
    ],
    [
      400,
      '{"error":{"message":"This model\'s maximum context length is 8192 tokens"}}',
      'context-overflow',
      false,
      /no longer fits .*context window: This model's maximum context length is 8192 tokens/,
    ],
    [429, '{"error":{"message":"Rate limit reached"}}', 'rate-limited', true, /rate-limiting requests \(429/],
    [503, 'upstream unavailable', 'server', true, /server error \(503 from .*\): upstream unavailable/],
    [400, '{"error":{"message":"tools is not supported"}}', 'bad-request', false, /rejected the request \(400 .*tools is not supported/],
  ])('%i %s → %s', (status, body, code, retryable, message) => {
    const error = classifyModelError(apiError(status, body), 'ollama llama9');
    expect(error).toMatchObject({ code, retryable });
    expect(error.message).toMatch(message);
    expect(error.message).toContain('ollama llama9');
  });

  it('names the address it could not reach', () => {
    const error = classifyModelError(
      apiError(undefined, '', 'Cannot connect to API: connect ECONNREFUSED 127.0.0.1:11434'),
      'ollama llama3.1',
    );
    expect(error.code).toBe('unreachable');
    expect(error.message).toBe(
      `Could not reach ollama llama3.1 at ${URL_TRIED}: Cannot connect to API: connect ECONNREFUSED 127.0.0.1:11434. Is the server running, and is the address right?`,
    );
  });

  it('recognises fetch failures and timeouts that never became API errors', () => {
    expect(classifyModelError(new TypeError('fetch failed'), 'x')).toMatchObject({ code: 'unreachable', retryable: true });
    expect(classifyModelError(new Error('The operation timed out'), 'x')).toMatchObject({ code: 'timeout', retryable: true });
    const abort = new Error('aborted');
    abort.name = 'AbortError';
    expect(classifyModelError(abort, 'x')).toMatchObject({ code: 'aborted', retryable: false });
    expect(classifyModelError(new Error('weird'), 'x')).toMatchObject({ code: 'unexpected', message: 'x failed: weird' });
  });
});

describe('withRetry', () => {
  it('retries 429 and 5xx with backoff, then succeeds', async () => {
    const failures = [apiError(429, 'slow down'), apiError(502, 'bad gateway')];
    const retries: string[] = [];
    const result = await withRetry(
      () => {
        const next = failures.shift();
        return next ? Promise.reject(next) : Promise.resolve('answer');
      },
      'openai gpt',
      { retries: 3, baseDelayMs: 1, onRetry: (error, attempt) => retries.push(`${attempt}:${error.code}`) },
    );
    expect(result).toBe('answer');
    expect(retries).toEqual(['1:rate-limited', '2:server']);
  });

  it('does not retry what cannot succeed, and gives up after the allowed retries', async () => {
    let calls = 0;
    await expect(
      withRetry(
        () => {
          calls++;
          return Promise.reject(apiError(401, 'bad key'));
        },
        'x',
        { retries: 3, baseDelayMs: 1 },
      ),
    ).rejects.toMatchObject({ code: 'auth' });
    expect(calls).toBe(1);
    calls = 0;
    await expect(
      withRetry(
        () => {
          calls++;
          return Promise.reject(apiError(500, 'boom'));
        },
        'x',
        { retries: 2, baseDelayMs: 1 },
      ),
    ).rejects.toMatchObject({ code: 'server' });
    expect(calls).toBe(3);
  });

  it('waits as long as the server asks (retry-after-ms, retry-after in seconds or as a date)', async () => {
    expect(retryAfterMs({ 'retry-after-ms': '250' })).toBe(250);
    expect(retryAfterMs({ 'Retry-After': '3' })).toBe(3000);
    expect(retryAfterMs({ 'retry-after': 'Wed, 21 Oct 2026 07:28:10 GMT' }, Date.parse('Wed, 21 Oct 2026 07:28:00 GMT'))).toBe(10_000);
    expect(retryAfterMs({ 'retry-after': 'soon' })).toBeUndefined();
    expect(retryAfterMs({})).toBeUndefined();
    const failures = [
      apiError(429, 'slow down', 'Too many requests', { 'retry-after-ms': '40' }),
      apiError(503, 'busy', 'Unavailable', { 'retry-after': '0' }),
    ];
    const delays: number[] = [];
    const result = await withRetry(
      () => {
        const next = failures.shift();
        return next ? Promise.reject(next) : Promise.resolve('answer');
      },
      'openai gpt',
      { retries: 3, baseDelayMs: 5000, onRetry: (_error, _attempt, delay) => delays.push(delay) },
    );
    expect(result).toBe('answer');
    // The server's waits, not the 5 s backoff.
    expect(delays).toEqual([40, 0]);
  });

  it('says how long the server wants when that is longer than a task should sit waiting', async () => {
    let calls = 0;
    const error: unknown = await withRetry(
      () => {
        calls++;
        return Promise.reject(apiError(429, 'quota', 'Too many requests', { 'retry-after': '600' }));
      },
      'openai gpt',
      { retries: 3, baseDelayMs: 1 },
    ).catch((e: unknown) => e);
    expect(calls).toBe(1);
    expect(ModelError.isInstance(error) && error.message).toMatch(
      /rate-limiting requests \(429.*The server asks to wait 600 s before trying again; try later\.$/,
    );
  });

  it('stops waiting when the task is stopped', async () => {
    const controller = new AbortController();
    const pending = withRetry(() => Promise.reject(apiError(429, 'slow')), 'x', {
      retries: 5,
      baseDelayMs: 10_000,
      signal: controller.signal,
    });
    controller.abort();
    await expect(pending).rejects.toSatisfy((e) => ModelError.isInstance(e) && e.code === 'aborted');
  });
});
