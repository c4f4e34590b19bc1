import { describe, expect, it } from 'vitest';
import { decodeLenient } from './uri';

describe('decodeLenient', () => {
  it('decodes what decodeURIComponent decodes', () => {
    expect(decodeLenient('caf%C3%A9%20au%20lait')).toBe('café au lait');
  });

  it('keeps a stray or malformed % as written and decodes every escape around it', () => {
    expect(decodeLenient('100%%20off')).toBe('100% off');
    expect(decodeLenient('/account/delete%ZZ?x=%41')).toBe('/account/delete%ZZ?x=A');
    expect(decodeLenient('%E2%82%AC%')).toBe('€%');
  });

  it('turns bytes that are not UTF-8 into U+FFFD instead of failing', () => {
    expect(decodeLenient('%FF%41 and %')).toBe('\uFFFDA and %');
  });
});
