import { describe, expect, it } from 'vitest';
import {
  choiceKey,
  defaultSettings,
  MIGRATIONS,
  modelOptions,
  SETTINGS_VERSION,
  upgradeSettings,
  withProviderEdit,
  withTestResult,
} from './settings';

describe('settings versions', () => {
  it('every version below the current one has a migration, and walking them all gives valid settings', () => {
    for (let v = 0; v < SETTINGS_VERSION; v++) expect(MIGRATIONS[v], `migration from version ${v}`).toBeTypeOf('function');
    expect(upgradeSettings({ some: 'old shape' })).toEqual(defaultSettings());
  });

  it('keeps current settings as they are, filling in what is missing', () => {
    const stored = {
      version: 1,
      providers: { ollama: { baseURL: 'http://gpu-box:11434', model: 'qwen2.5' } },
      roles: { actor: { provider: 'ollama' } },
      agent: { maxSteps: 12 },
    };
    const settings = upgradeSettings(stored);
    expect(settings.providers.ollama).toEqual({ baseURL: 'http://gpu-box:11434', apiKey: '', model: 'qwen2.5' });
    expect(settings.roles).toEqual({ actor: { provider: 'ollama', model: '' }, planner: null, summariser: null, vision: null });
    expect(settings.agent).toEqual({ maxSteps: 12, inputMode: 'cdp', answerWithinSec: 300, screenshots: true });
    expect(settings.providers.openai.model).toBe('gpt-4o-mini');
  });

  it('falls back to the defaults rather than failing on damaged settings', () => {
    expect(upgradeSettings(null)).toEqual(defaultSettings());
    expect(upgradeSettings({ version: 1, agent: { maxSteps: 'lots' } })).toEqual(defaultSettings());
    expect(defaultSettings().roles.actor).toEqual({ provider: 'command', model: '' });
  });
});

describe('connection tests remembered with the settings', () => {
  const unavailable = (settings: ReturnType<typeof defaultSettings>, key: string) =>
    modelOptions(settings).find((o) => choiceKey(o.choice) === key)?.unavailable;

  it('settings stored before tests were remembered read as nothing tested; only the command interpreter can be picked', () => {
    const settings = upgradeSettings({ version: 1, providers: {}, roles: {}, agent: {} });
    expect(settings.tests).toEqual({});
    expect(
      modelOptions(settings)
        .filter((o) => o.unavailable === null)
        .map((o) => choiceKey(o.choice)),
    ).toEqual(['command:']);
    expect(unavailable(settings, 'ollama:llama3.1')).toBe('not tested yet');
    expect(unavailable(settings, 'openai:gpt-4o-mini')).toBe('no API key');
    expect(unavailable(settings, 'chrome:')).toBe('not checked yet');
  });

  it('a passed test makes the provider and its model pickable; a failed one says why; both survive storage', () => {
    let settings = withProviderEdit(defaultSettings(), 'openai-compatible', { baseURL: 'http://gpu:8000/v1', model: 'qwen2.5' });
    settings = withTestResult(settings, 'openai-compatible', { ok: true, message: 'answered in 80 ms' }, 1);
    settings = withTestResult(settings, 'ollama', { ok: false, message: 'Could not reach Ollama at http://127.0.0.1:11434.' }, 2);
    const stored = upgradeSettings(JSON.parse(JSON.stringify(settings)));
    expect(stored.tests['openai-compatible']).toEqual({ ok: true, message: 'answered in 80 ms', model: 'qwen2.5', at: 1 });
    const picked = modelOptions(stored).find((o) => o.choice.provider === 'openai-compatible');
    expect(picked).toEqual({
      choice: { provider: 'openai-compatible', model: 'qwen2.5' },
      label: 'OpenAI-compatible server · qwen2.5',
      unavailable: null,
    });
    expect(unavailable(stored, 'ollama:llama3.1')).toBe('its test failed: Could not reach Ollama at http://127.0.0.1:11434.');
  });

  it("editing a provider forgets its test (it says nothing about the new address or model), and only that provider's", () => {
    let settings = withTestResult(defaultSettings(), 'ollama', { ok: true, message: 'ok' });
    settings = withTestResult(settings, 'openai-compatible', { ok: true, message: 'ok' });
    settings = withProviderEdit(settings, 'ollama', { model: 'qwen2.5' });
    expect(settings.tests.ollama).toBeUndefined();
    expect(settings.tests['openai-compatible']?.ok).toBe(true);
    expect(unavailable(settings, 'ollama:qwen2.5')).toBe('not tested yet');
  });
});
