// How memory's numbers and dates read on its pages.

export function when(ms: number): string {
  return new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

export function bytes(n: number): string {
  if (n < 1024) return `${n} bytes`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  if (n < 1024 * 1024 * 1024) return `${(n / (1024 * 1024)).toFixed(1)} MB`;
  return `${(n / (1024 * 1024 * 1024)).toFixed(2)} GB`;
}

export function count(n: number, one: string, many: string): string {
  return `${n.toLocaleString()} ${n === 1 ? one : many}`;
}

/** A file's name from its stored address (`file:<name>`). */
export function fileName(url: string): string {
  return url.startsWith('file:') ? url.slice(5) : url;
}

/** Only web addresses become links (a stored address could be anything). */
export function isWebAddress(url: string): boolean {
  return /^https?:\/\//i.test(url);
}
