/** A file or page that cannot be added to memory; the message names it and says why (and what to do). */
export class SourceError extends Error {
  override readonly name = 'SourceError';
}
