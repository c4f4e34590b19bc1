import { describe, expect, it } from 'vitest';
import { colourHex, inFormat, isoDate, parseWrittenDate, timeKeys } from './values';

describe('written dates', () => {
  it.each(['04/01/2018', '1 April 2018', 'April 1, 2018', '2018-04-01', '1st April 2018', 'Apr 1 2018', '01.04.2018'])(
    '%s is 1 April 2018',
    (text) => {
      const date = parseWrittenDate(text)?.date;
      expect(date && isoDate(date)).toBe('2018-04-01');
    },
  );

  it('reads a day first when it cannot be a month', () => {
    expect(parseWrittenDate('25/12/2026')?.date).toEqual({ year: 2026, month: 12, day: 25 });
  });

  it('reads times, alone or after a date', () => {
    expect(parseWrittenDate('9:30 pm')).toEqual({ date: null, time: { hour: 21, minute: 30 } });
    expect(parseWrittenDate('1 April 2018 at 9:30 pm')).toEqual({ date: { year: 2018, month: 4, day: 1 }, time: { hour: 21, minute: 30 } });
    expect(timeKeys({ hour: 21, minute: 30 })).toBe('0930P');
  });

  it('is not fooled by plain text or numbers', () => {
    expect(parseWrittenDate('Ann')).toBeNull();
    expect(parseWrittenDate('42')).toBeNull();
    expect(parseWrittenDate('13/13/2018')).toBeNull();
  });

  it('writes a date in a picker’s own format', () => {
    const d = { year: 2018, month: 4, day: 1 };
    expect(inFormat(d, 'DD/MM/YYYY')).toBe('01/04/2018');
    expect(inFormat(d, 'MM/DD/YYYY')).toBe('04/01/2018');
    expect(inFormat(d, 'Search articles')).toBeNull();
  });
});

describe('colours', () => {
  it('turns names and short hex into full hex', () => {
    expect(colourHex('red')).toBe('#ff0000');
    expect(colourHex('#00F')).toBe('#0000ff');
    expect(colourHex('banana')).toBeNull();
  });
});
