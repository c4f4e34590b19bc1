import { describe, expect, it } from 'vitest';
import { ModelConfigError } from '../model/errors';
import { createModelSlot, ollamaApiBase, parseModelSpec } from './providers';

describe('parseModelSpec', () => {
  it.each([
    ['command', { provider: 'command', model: 'interpreter' }],
    ['ollama:llama3.1', { provider: 'ollama', model: 'llama3.1' }],
    ['ollama:qwen2.5:7b', { provider: 'ollama', model: 'qwen2.5:7b' }],
    ['openai:gpt-4o-mini', { provider: 'openai', model: 'gpt-4o-mini' }],
    [
      'openai-compatible:http://localhost:1234/v1/#qwen2.5-7b-instruct',
      { provider: 'openai-compatible', model: 'qwen2.5-7b-instruct', baseURL: 'http://localhost:1234/v1' },
    ],
    [
      'openai-compatible:https://openrouter.ai/api/v1#meta-llama/llama-3.1-70b-instruct',
      { provider: 'openai-compatible', model: 'meta-llama/llama-3.1-70b-instruct', baseURL: 'https://openrouter.ai/api/v1' },
    ],
    ['anthropic:claude-sonnet-4-5', { provider: 'anthropic', model: 'claude-sonnet-4-5' }],
    ['google:gemini-2.5-flash', { provider: 'google', model: 'gemini-2.5-flash' }],
    ['mistral:mistral-large-latest', { provider: 'mistral', model: 'mistral-large-latest' }],
  ])('%s', (spec, expected) => {
    expect(parseModelSpec(spec)).toEqual(expected);
  });

  it.each([
    ['gpt-4o', '"gpt-4o" is not a model spec. Use command, ollama:<model>'],
    ['llama:3', 'Unknown model provider "llama".'],
    ['ollama:', '"ollama:" names no model.'],
    ['openai-compatible:qwen', 'needs a server address and a model: openai-compatible:http://localhost:1234/v1#qwen2.5-7b-instruct'],
    ['openai-compatible:http://localhost:1234/v1', 'needs a server address and a model'],
  ])('refuses %s clearly', (spec, message) => {
    expect(() => parseModelSpec(spec)).toThrow(ModelConfigError);
    expect(() => parseModelSpec(spec)).toThrow(message);
  });
});

describe('createModelSlot', () => {
  it('asks for the key a hosted provider needs, naming the variable', () => {
    expect(() => createModelSlot(parseModelSpec('anthropic:claude-sonnet-4-5'))).toThrow(
      'anthropic:claude-sonnet-4-5 needs an API key: set ANTHROPIC_API_KEY',
    );
  });

  it('tells Ollama the context window, and labels slots for timelines', () => {
    const slot = createModelSlot(parseModelSpec('ollama:llama3.1'), { contextWindow: 32_000 });
    expect(slot).toMatchObject({
      label: 'ollama llama3.1',
      contextWindow: 32_000,
      toolMode: 'native',
      providerOptions: { ollama: { options: { num_ctx: 32_000 } } },
    });
    expect(createModelSlot(parseModelSpec('command')).label).toBe('command interpreter');
    expect(createModelSlot(parseModelSpec('openai-compatible:http://127.0.0.1:9/v1#m'), { toolMode: 'text' })).toMatchObject({
      label: 'openai-compatible m at http://127.0.0.1:9/v1',
      toolMode: 'text',
    });
  });

  it('accepts Ollama addresses with or without /api', () => {
    expect(ollamaApiBase(undefined)).toBe('http://127.0.0.1:11434/api');
    expect(ollamaApiBase('http://gpu-box:11434/')).toBe('http://gpu-box:11434/api');
    expect(ollamaApiBase('http://gpu-box:11434/api')).toBe('http://gpu-box:11434/api');
  });
});
