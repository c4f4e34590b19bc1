// Typed values as people write them: dates ("04/01/2018", "1 April 2018", "April 1, 2018",
// ISO), times ("9:30 pm", "21:30"), and colour names. Each is turned into what the kind of
// field it goes into accepts (see steps-values.ts).

export interface DateValue {
  year: number;
  month: number;
  day: number;
}

export interface TimeValue {
  hour: number;
  minute: number;
}

export interface WrittenDate {
  date: DateValue | null;
  time: TimeValue | null;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

function month(word: string): number {
  const i = MONTHS.indexOf(word.toLowerCase().slice(0, 3));
  return i < 0 ? 0 : i + 1;
}

function valid(year: number, m: number, day: number): DateValue | null {
  if (m < 1 || m > 12 || day < 1 || day > 31 || year < 1000 || year > 9999) return null;
  return { year, month: m, day };
}

const MONTH_WORD =
  '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';
const DAY = '(\\d{1,2})(?:st|nd|rd|th)?';

function parseDatePart(text: string): DateValue | null {
  let m: RegExpExecArray | null;
  if ((m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text))) return valid(Number(m[1]), Number(m[2]), Number(m[3]));
  if ((m = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text))) return valid(Number(m[3]), Number(m[2]), Number(m[1]));
  if ((m = /^(\d{1,2})[/-](\d{1,2})[/-](\d{4})$/.exec(text))) {
    // Month first, as in the US, unless the first number cannot be a month.
    const [a, b] = [Number(m[1]), Number(m[2])];
    return a > 12 ? valid(Number(m[3]), b, a) : valid(Number(m[3]), a, b);
  }
  if ((m = new RegExp(`^${DAY}\\s+(?:of\\s+)?${MONTH_WORD}\\.?,?\\s+(\\d{4})$`, 'i').exec(text)))
    return valid(Number(m[3]), month(m[2] ?? ''), Number(m[1]));
  if ((m = new RegExp(`^${MONTH_WORD}\\.?\\s+${DAY},?\\s+(\\d{4})$`, 'i').exec(text)))
    return valid(Number(m[3]), month(m[1] ?? ''), Number(m[2]));
  return null;
}

function parseTimePart(text: string): TimeValue | null {
  const m = /^(\d{1,2})(?::(\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?$/i.exec(text.trim());
  if (!m || (!m[2] && !m[3])) return null;
  let hour = Number(m[1]);
  const minute = Number(m[2] ?? 0);
  const half = (m[3] ?? '').toLowerCase().replace(/\./g, '');
  if (half === 'pm' && hour < 12) hour += 12;
  if (half === 'am' && hour === 12) hour = 0;
  if (hour > 23 || minute > 59) return null;
  return { hour, minute };
}

/** A date, a time, or both ("1 April 2018 at 9:30 pm", "2018-04-01T09:30"); null if it is neither. */
export function parseWrittenDate(raw: string): WrittenDate | null {
  const text = raw
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/^(?:the|on the|on)\s+/i, '');
  const iso = /^(\d{4}-\d{1,2}-\d{1,2})[T ](\d{1,2}:\d{2})$/.exec(text);
  const [datePart, timePart] = iso ? [iso[1] ?? '', iso[2] ?? ''] : splitAt(text);
  const date = datePart ? parseDatePart(datePart) : null;
  const time = timePart ? parseTimePart(timePart) : null;
  if (datePart && !date) return null;
  if (timePart && !time) return null;
  if (!date && !time) return null;
  return { date, time };
}

function splitAt(text: string): [string, string] {
  const at = /^(.*?)(?:,?\s+at\s+|,\s*|\s+)(\d{1,2}(?::\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)?)$/i.exec(text);
  if (at?.[1] && parseDatePart(at[1]) && parseTimePart(at[2] ?? '')) return [at[1], at[2] ?? ''];
  if (parseTimePart(text)) return ['', text];
  return [text, ''];
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

export function isoDate(d: DateValue): string {
  return `${pad(d.year, 4)}-${pad(d.month)}-${pad(d.day)}`;
}

export function isoTime(t: TimeValue): string {
  return `${pad(t.hour)}:${pad(t.minute)}`;
}

/** The keys a browser's time segments take (en-US: hour, minute, AM/PM). */
export function timeKeys(t: TimeValue): string {
  const hour12 = t.hour % 12 || 12;
  return `${pad(hour12)}${pad(t.minute)}${t.hour < 12 ? 'A' : 'P'}`;
}

/** A date written in a picker's own format ("DD/MM/YYYY", "MM-DD-YYYY", "YYYY.MM.DD"…). */
export function inFormat(d: DateValue, format: string): string | null {
  if (!/d{1,2}/i.test(format) || !/m{1,2}/i.test(format) || !/y{2,4}/i.test(format)) return null;
  return format
    .replace(/y{4}/i, pad(d.year, 4))
    .replace(/y{2}/i, pad(d.year % 100))
    .replace(/m{1,2}/i, pad(d.month))
    .replace(/d{1,2}/i, pad(d.day));
}

const COLOURS: Record<string, string> = {
  black: '#000000',
  white: '#ffffff',
  red: '#ff0000',
  green: '#008000',
  blue: '#0000ff',
  yellow: '#ffff00',
  orange: '#ffa500',
  purple: '#800080',
  pink: '#ffc0cb',
  grey: '#808080',
  gray: '#808080',
  brown: '#a52a2a',
  teal: '#008080',
  navy: '#000080',
};

/** "#ff0000" for "red" (and for "#F00" or "#ff0000" themselves); null when it is not a colour. */
export function colourHex(raw: string): string | null {
  const text = raw.trim().toLowerCase();
  if (COLOURS[text]) return COLOURS[text];
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/.exec(text);
  if (short) return `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`;
  return /^#[0-9a-f]{6}$/.test(text) ? text : null;
}

/** A plain number ("42", "-3", "2.5", "70%"); null otherwise. */
export function parseNumber(raw: string): number | null {
  const m = /^\s*(-?\d+(?:\.\d+)?)\s*%?\s*$/.exec(raw);
  return m ? Number(m[1]) : null;
}
