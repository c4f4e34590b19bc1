import { describe, expect, it } from 'vitest';
import { RESEARCH_SETTINGS } from './research-settings';

describe('research settings', () => {
  it('start with history off and the default search engines', () => {
    expect(RESEARCH_SETTINGS.parse({})).toEqual({ version: 1, historyOptIn: false, searchUrl: '', videoUrl: '' });
  });

  it('take search addresses with %s, and refuse others with a reason', () => {
    expect(RESEARCH_SETTINGS.parse({ searchUrl: ' https://duckduckgo.com/?q=%s ' }).searchUrl).toBe('https://duckduckgo.com/?q=%s');
    const missing = RESEARCH_SETTINGS.safeParse({ searchUrl: 'https://duckduckgo.com/?q=' });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues[0]?.message).toContain('%s');
    expect(RESEARCH_SETTINGS.safeParse({ videoUrl: 'javascript:alert(1)//%s' }).success).toBe(false);
  });
});
