import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { estimateLines, estimateTokens, fitLines } from './text';

describe('estimateTokens', () => {
  it.each([
    '[e12] button "Add to cart"',
    '日経平均は5日ぶり反発、円安で大型外需株に買い戻し',
    '[e648] link "5p1d3y_91rl" →/users/5p1d3y_91rl',
    '[e3] combobox "Sort by" value="Relevance" options: Relevance, Price: low to high (+2 more)',
    'Ünïcödé Latin — “quotes” and € signs',
  ])('does not undercount o200k on %s', (text) => {
    const actual = countTokens(text);
    expect(estimateTokens(text)).toBeGreaterThanOrEqual(actual);
    expect(estimateTokens(text)).toBeLessThanOrEqual(Math.ceil(actual * 1.6));
  });

  it('is zero for empty text', () => {
    expect(estimateTokens('')).toBe(0);
  });
});

describe('fitLines', () => {
  const body = Array.from({ length: 50 }, (_, i) => `[e${i}] button "Button number ${i}"`);

  it('keeps everything that fits, untouched', () => {
    const fitted = fitLines(['head'], body.slice(0, 3), ['tail'], 1000, 'hint');
    expect(fitted).toEqual({ lines: ['head', ...body.slice(0, 3), 'tail'], kept: 3, truncated: false });
  });

  it('drops whole lines past the budget and says how many, within the budget', () => {
    const fitted = fitLines(['head'], body, ['tail'], 120, 'scroll for more');
    expect(fitted.truncated).toBe(true);
    expect(fitted.kept).toBeGreaterThan(0);
    expect(fitted.kept).toBeLessThan(50);
    expect(fitted.lines.at(-2)).toBe(`… ${50 - fitted.kept} more lines not shown (token budget 120); scroll for more`);
    expect(fitted.lines.at(-1)).toBe('tail');
    expect(estimateLines(fitted.lines.join('\n'))).toBeLessThanOrEqual(120);
    for (const line of fitted.lines.slice(1, -2)) expect(body).toContain(line);
  });

  it('keeps head and tail even when no body line fits', () => {
    const fitted = fitLines(['head'], body, ['tail'], 30, 'x');
    expect(fitted.kept).toBe(0);
    expect(fitted.lines[0]).toBe('head');
    expect(fitted.lines.at(-1)).toBe('tail');
  });
});
