import { describe, expect, it } from 'vitest';
import { deviceOriginProblem, hostAllowed } from './admission';
import { PairingCodes } from './pairing';

describe('pairing codes', () => {
  it('a code is XXXX-XXXX, typed in any case with or without the dash, and works once', () => {
    const shown: string[] = [];
    const codes = new PairingCodes((code) => shown.push(code));
    const first = codes.current;
    expect(first).toMatch(/^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/);
    expect(codes.check(` ${first.replace('-', '').toLowerCase()} `)).toBe('ok');
    expect(codes.check(first)).toBe('wrong');
    expect(shown).toEqual([first, codes.current]);
  });

  it('five wrong tries burn the code; an expired code is refused and replaced', () => {
    let now = 0;
    const codes = new PairingCodes(
      () => undefined,
      () => now,
      600_000,
    );
    const first = codes.current;
    for (let i = 0; i < 4; i++) expect(codes.check('nope')).toBe('wrong');
    expect(codes.check('nope')).toBe('burnt');
    expect(codes.check(first)).toBe('wrong');
    const second = codes.current;
    now = 600_001;
    expect(codes.check(second)).toBe('expired');
    expect(codes.current).not.toBe(second);
  });
});

describe('admission', () => {
  it('the Host header must be this hub on loopback', () => {
    expect(hostAllowed('127.0.0.1:8765', 8765)).toBe(true);
    expect(hostAllowed('localhost:8765', 8765)).toBe(true);
    expect(hostAllowed('evil.example:8765', 8765)).toBe(false);
    expect(hostAllowed('127.0.0.1:8766', 8765)).toBe(false);
    expect(hostAllowed(undefined, 8765)).toBe(false);
  });

  it("a device's Origin must be a Chrome extension's", () => {
    expect(deviceOriginProblem(`chrome-extension://${'a'.repeat(32)}`)).toBeNull();
    expect(deviceOriginProblem('https://evil.example')).toMatch(/a web page/);
    expect(deviceOriginProblem(undefined)).toMatch(/no Origin/);
    expect(deviceOriginProblem('null')).toMatch(/not a Chrome extension/);
    expect(deviceOriginProblem(`chrome-extension://${'z'.repeat(32)}`)).toMatch(/not a Chrome extension/);
    expect(deviceOriginProblem(`moz-extension://${'a'.repeat(32)}`)).toMatch(/not a Chrome extension/);
  });
});
