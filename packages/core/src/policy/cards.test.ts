import { describe, expect, it } from 'vitest';
import { hasCardNumber, maskCardNumbers } from './cards';

describe('maskCardNumbers', () => {
  it('keeps only the last four digits of a card number, however it is spaced', () => {
    expect(maskCardNumbers('Pay with 4242 4242 4242 4242 please')).toBe('Pay with •••• 4242 please');
    expect(maskCardNumbers('card 5555-5555-5555-4444, exp 12/29')).toBe('card •••• 4444, exp 12/29');
    expect(maskCardNumbers('amex 378282246310005')).toBe('amex •••• 0005');
    expect(maskCardNumbers('two: 4111111111111111 and 4242424242424242')).toBe('two: •••• 1111 and •••• 4242');
  });

  it('leaves numbers that are not cards alone', () => {
    for (const text of [
      'order 4111111111111112 ref', // fails Luhn
      'id=0000000000000000', // Luhn-valid, no card range
      'ts=1732320000000',
      'call +44 20 7946 0958',
      'buy 3 apples for 42',
    ])
      expect(maskCardNumbers(text)).toBe(text);
  });

  it('leaves nothing a card check would still find', () => {
    const masked = maskCardNumbers('4242 4242 4242 4242 / 5555555555554444');
    expect(hasCardNumber(masked)).toBe(false);
    expect(masked).not.toMatch(/4242 4242|5555555555/);
  });
});
