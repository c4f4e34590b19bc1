import { CodedError } from '@wayfinder/core/errors';

/** A file or page that cannot be added to memory; the message names it and says why (and what to do). */
export class SourceError extends CodedError<'source'> {
  static override readonly marker = Symbol.for('wayfinder.host.source');
  override readonly name = 'SourceError';

  constructor(message: string, options?: { cause?: unknown }) {
    super('source', message, false, options);
  }
}
