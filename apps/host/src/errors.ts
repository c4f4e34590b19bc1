import { BrowserError, CodedError } from '@wayfinder/core/errors';

// The host's own failures, kept apart from the commands so the entry can tell them apart
// without loading a command.

/** Bad options or configuration: message and exit status 2. */
export class UsageError extends CodedError<'usage'> {
  static override readonly marker = Symbol.for('wayfinder.host.usage');
  override readonly name = 'UsageError';

  constructor(message: string, options?: { cause?: unknown }) {
    super('usage', message, false, options);
  }
}

/** The browser would not start or could not be attached to: message and exit status 1. */
export class BrowserStartError extends CodedError<'browser-start'> {
  static override readonly marker = Symbol.for('wayfinder.host.browser-start');
  override readonly name = 'BrowserStartError';

  constructor(message: string, options?: { cause?: unknown }) {
    super('browser-start', message, false, options);
  }
}

/** The data file ($WAYFINDER_HOME/wayfinder.db) could not be opened or used: message and exit status 1. */
export class StoreError extends CodedError<'store'> {
  static override readonly marker = Symbol.for('wayfinder.host.store');
  override readonly name = 'StoreError';

  constructor(message: string, options?: { cause?: unknown }) {
    super('store', message, false, options);
  }
}

/** The hub (`wayfinder serve`) could not start, or is not there to reach the person's browser: message and exit status 1. */
export class HubError extends CodedError<'hub'> {
  static override readonly marker = Symbol.for('wayfinder.host.hub');
  override readonly name = 'HubError';

  constructor(message: string, options?: { cause?: unknown }) {
    super('hub', message, false, options);
  }
}

/**
 * A failure the person is told about in one line (exit status 1) rather than shown a stack
 * trace: the browser would not start, or could not act; the data file could not be used.
 */
export function isReported(error: unknown): error is Error {
  return (
    BrowserStartError.isInstance(error) || StoreError.isInstance(error) || HubError.isInstance(error) || BrowserError.isInstance(error)
  );
}
