import { describe, expect, it } from 'vitest';
import { defaultSettings, MIGRATIONS, SETTINGS_VERSION, upgradeSettings } from './settings';

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
    expect(settings.agent).toEqual({ maxSteps: 12, inputMode: 'cdp', screenshots: true });
    expect(settings.providers.openai.model).toBe('gpt-4o-mini');
  });

  it('falls back to the defaults rather than failing on damaged settings', () => {
    expect(upgradeSettings(null)).toEqual(defaultSettings());
    expect(upgradeSettings({ version: 1, agent: { maxSteps: 'lots' } })).toEqual(defaultSettings());
    expect(defaultSettings().roles.actor).toEqual({ provider: 'command', model: '' });
  });
});
