import { describe, expect, it } from 'vitest';
import { BrowserError } from './browser/errors';
import { ModelError } from './model/errors';

describe('CodedError', () => {
  it('each kind of error knows its own, by marker, and only its own', () => {
    const browser = new BrowserError('stale-ref', 'Ref e1 is gone.', true);
    const model = new ModelError('auth', 'Bad key.', false, { retryAfterMs: 5 });
    expect(BrowserError.isInstance(browser)).toBe(true);
    expect(ModelError.isInstance(browser)).toBe(false);
    expect(ModelError.isInstance(model)).toBe(true);
    expect(BrowserError.isInstance(new Error('x'))).toBe(false);
    expect(BrowserError.isInstance(null)).toBe(false);
    expect(browser).toMatchObject({ name: 'BrowserError', code: 'stale-ref', retryable: true, message: 'Ref e1 is gone.' });
    expect(model).toMatchObject({ name: 'ModelError', code: 'auth', retryable: false, retryAfterMs: 5 });
  });

  it('recognises an error made by another copy of the code (another bundle)', () => {
    const fromElsewhere = Object.assign(new Error('Ref e1 is gone.'), {
      code: 'stale-ref',
      retryable: true,
      [Symbol.for('wayfinder.browser.error')]: true,
    });
    expect(BrowserError.isInstance(fromElsewhere)).toBe(true);
    expect(ModelError.isInstance(fromElsewhere)).toBe(false);
  });
});
