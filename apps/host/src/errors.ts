import { BrowserError } from '@wayfinder/core/errors';

// The host's own failures, kept apart from the commands so the entry can tell them apart
// without loading a command.

/** Bad options or configuration: message and exit status 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** The browser would not start or could not be attached to: message and exit status 1. */
export class BrowserStartError extends Error {
  override readonly name = 'BrowserStartError';
}

/** The data file ($WAYFINDER_HOME/wayfinder.db) could not be opened or used: message and exit status 1. */
export class StoreError extends Error {
  override readonly name = 'StoreError';
}

/** The hub (`wayfinder serve`) could not start, or is not there to reach the person's browser: message and exit status 1. */
export class HubError extends Error {
  override readonly name = 'HubError';
}

/**
 * A failure the person is told about in one line (exit status 1) rather than shown a stack
 * trace: the browser would not start, or could not act; the data file could not be used.
 */
export function isReported(error: unknown): error is Error {
  return error instanceof BrowserStartError || error instanceof StoreError || error instanceof HubError || BrowserError.isInstance(error);
}
