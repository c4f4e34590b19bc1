// When something happened, in the browser's language: "Today 14:05", "Yesterday 09:12",
// "3 Mar, 18:40", "3 Mar 2024, 18:40".

const DAY_MS = 86_400_000;

function startOfDay(at: number): number {
  const d = new Date(at);
  d.setHours(0, 0, 0, 0);
  return d.getTime();
}

function capitalised(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

export function when(at: number, now = Date.now(), locale?: string): string {
  const time = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(at);
  const days = Math.round((startOfDay(now) - startOfDay(at)) / DAY_MS);
  if (days === 0 || days === 1)
    return `${capitalised(new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(-days, 'day'))} ${time}`;
  const sameYear = new Date(at).getFullYear() === new Date(now).getFullYear();
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    ...(sameYear ? {} : { year: 'numeric' }),
    hour: '2-digit',
    minute: '2-digit',
  }).format(at);
}

/** The full date and time, for a tooltip and `<time dateTime>`'s reader. */
export function fullDate(at: number, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short' }).format(at);
}
