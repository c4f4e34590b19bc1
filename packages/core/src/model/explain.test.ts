import { APICallError } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { createModelSlot, parseModelSpec } from '../providers/providers';
import { classifyModelError, ModelError } from './errors';
import { explainedModelError, explainModelError, troubleText } from './explain';
import { callModel } from './step';

const OLLAMA = { provider: 'ollama', model: 'llama3.1', baseURL: 'http://127.0.0.1:11434' } as const;
const COMPATIBLE = { provider: 'openai-compatible', model: 'qwen2.5', baseURL: 'http://localhost:1234/v1' } as const;
const EXTENSION = { requestOrigin: 'chrome-extension://*', settingsPlace: "in Wayfinder's options" };

function apiError(statusCode: number, body: string, url = 'http://localhost:1234/v1/chat/completions'): APICallError {
  return new APICallError({ message: 'Request failed', url, requestBodyValues: {}, statusCode, responseBody: body });
}

describe('provider failures in plain words', () => {
  it('a browser\'s "Failed to fetch" to Ollama: not running, or not told to accept the extension', () => {
    const failure = classifyModelError(new TypeError('Failed to fetch'), 'ollama llama3.1');
    expect(failure.code).toBe('unreachable');
    expect(troubleText(explainModelError(failure, OLLAMA, EXTENSION))).toBe(
      "Could not reach Ollama at http://127.0.0.1:11434. Is it running (`ollama serve`)? Chrome extensions also need OLLAMA_ORIGINS=chrome-extension://* set for Ollama (then restart it). If Ollama runs elsewhere, correct the address in Wayfinder's options. (Failed to fetch)",
    );
    // The CLI sends no origin: no origin advice.
    expect(troubleText(explainModelError(failure, OLLAMA))).not.toContain('OLLAMA_ORIGINS');
  });

  it('Ollama refusing the origin (403) says how to allow it, not that a key is wrong', () => {
    const failure = classifyModelError(apiError(403, '', 'http://127.0.0.1:11434/api/chat'), 'ollama llama3.1');
    const text = troubleText(explainModelError(failure, OLLAMA, EXTENSION));
    expect(text).toContain('OLLAMA_ORIGINS=chrome-extension://*');
    expect(text).not.toContain('API key');
  });

  it('an OpenAI-compatible server that is down: is it running at that address — and no Ollama advice', () => {
    const failure = classifyModelError(new TypeError('Failed to fetch'), 'openai-compatible qwen2.5');
    const text = troubleText(explainModelError(failure, COMPATIBLE, EXTENSION));
    expect(text).toMatch(/^Could not reach the OpenAI-compatible server at http:\/\/localhost:1234\/v1\. Is the server running/);
    expect(text).not.toMatch(/ollama/i);
  });

  it('a wrong key keeps the server’s own words and says where to fix it', () => {
    const failure = classifyModelError(apiError(401, '{"error":{"message":"Incorrect API key provided."}}'), 'x');
    expect(troubleText(explainModelError(failure, COMPATIBLE, EXTENSION))).toBe(
      "The OpenAI-compatible server refused the API key (401: Incorrect API key provided). The key is wrong, has expired, or has no access to this model. Check the key in Wayfinder's options.",
    );
  });

  it('an unknown model is named, with how to list or get models for that provider only', () => {
    const body = '{"error":{"message":"The model `qwen9` does not exist"}}';
    const compatible = troubleText(explainModelError(classifyModelError(apiError(404, body), 'x'), { ...COMPATIBLE, model: 'qwen9' }));
    expect(compatible).toContain('does not know this model: "qwen9"');
    expect(compatible).toContain('http://localhost:1234/v1/models');
    expect(compatible).not.toContain('ollama pull');
    const ollama = troubleText(
      explainModelError(classifyModelError(apiError(404, '{"error":"model \\"llama9\\" not found"}'), 'x'), { ...OLLAMA, model: 'llama9' }),
    );
    expect(ollama).toContain('`ollama pull llama9`');
  });

  it('keeps code, retryability and the wait; leaves stops and bad requests as they were', () => {
    const limited = new ModelError('rate-limited', 'x is rate-limiting', true, { retryAfterMs: 2000 });
    expect(explainedModelError(limited, COMPATIBLE)).toMatchObject({ code: 'rate-limited', retryable: true, retryAfterMs: 2000 });
    const stopped = new ModelError('aborted', 'The task was stopped.', false);
    expect(explainedModelError(stopped, COMPATIBLE)).toBe(stopped);
  });

  it('a model call fails with the explained text, with the host hints the slot was made with', async () => {
    const slot = createModelSlot(parseModelSpec('ollama:llama3.1'), {
      host: EXTENSION,
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    const call = callModel(slot, [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }], [], {
      signal: new AbortController().signal,
      retries: 0,
    });
    const failure: unknown = await call.then(
      () => null,
      (error: unknown) => error,
    );
    expect(ModelError.isInstance(failure) && failure.code).toBe('unreachable');
    expect(failure instanceof Error && failure.message).toMatch(
      /^Could not reach Ollama at http:\/\/127\.0\.0\.1:11434\. .*OLLAMA_ORIGINS=chrome-extension:\/\/\*/,
    );
  });

  it("a request the server refuses: the server's words kept, a next step, and a model without tools named", () => {
    const crashed = classifyModelError(apiError(400, '{"error":{"message":"The model ran out of memory."}}'), 'openai-compatible qwen2.5');
    expect(troubleText(explainModelError(crashed, COMPATIBLE))).toBe(
      "The OpenAI-compatible server at http://localhost:1234/v1 refused the request. The server could not handle it (it may have failed while answering). Try again; if it keeps happening, look at the server's log or try another model. (400: The model ran out of memory)",
    );
    const noTools = classifyModelError(apiError(400, '{"error":{"message":"tools is not supported"}}'), 'openai-compatible qwen2.5');
    expect(explainedModelError(noTools, COMPATIBLE).message).toContain(
      '"qwen2.5" may not support tool calls. Pick a model that supports tools.',
    );
  });
});
