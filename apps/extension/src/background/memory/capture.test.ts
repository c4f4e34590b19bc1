import { describe, expect, it } from 'vitest';
import { MEMORY_SETTINGS } from '../../lib/settings';
import { captureVerdict, type CaptureVerdict } from './capture';

const settings = (value: Record<string, unknown>) => MEMORY_SETTINGS.parse(value);
const reason = (verdict: CaptureVerdict) => (verdict.ok ? '(kept)' : verdict.reason);

describe('captureVerdict', () => {
  it('keeps nothing by default, and keeps ordinary pages once capture is on', () => {
    expect(captureVerdict('https://react.dev/learn', false, settings({}), false)).toMatchObject({ ok: false });
    expect(captureVerdict('https://react.dev/learn', false, settings({ capturePages: true }), false)).toEqual({ ok: true });
  });

  it('never incognito, never a browser, extension or file page, even when asked', () => {
    const on = settings({ capturePages: true });
    expect(reason(captureVerdict('https://react.dev/', true, on, true))).toMatch(/incognito/);
    for (const url of ['chrome://settings', 'chrome-extension://abc/memory.html', 'file:///home/me/notes.html', 'about:blank'])
      expect(captureVerdict(url, false, on, true)).toMatchObject({ ok: false });
  });

  it('"never" wins over capture, "always" and asking; "always" lets a site in with capture off', () => {
    const rules = settings({ capturePages: true, sites: { 'example.com': 'never', 'docs.rs': 'always' } });
    expect(captureVerdict('https://shop.example.com/a', false, rules, false)).toMatchObject({ ok: false });
    expect(reason(captureVerdict('https://shop.example.com/a', false, rules, true))).toMatch(/never/);
    expect(captureVerdict('https://docs.rs/idb', false, settings({ sites: { 'docs.rs': 'always' } }), false)).toEqual({ ok: true });
  });

  it('leaves sensitive sites out unless they have an "always" rule or the person asked', () => {
    const on = settings({ capturePages: true });
    expect(reason(captureVerdict('https://www.chase.com/statements', false, on, false))).toMatch(/banking/);
    expect(captureVerdict('https://mail.google.com/mail/u/0', false, on, false)).toMatchObject({ ok: false });
    expect(
      captureVerdict('https://www.chase.com/statements', false, settings({ capturePages: true, sites: { 'chase.com': 'always' } }), false),
    ).toEqual({ ok: true });
    expect(captureVerdict('https://www.chase.com/statements', false, on, true)).toEqual({ ok: true });
  });
});
