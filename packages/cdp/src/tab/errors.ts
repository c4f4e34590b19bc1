import { BrowserError } from '@wayfinder/core';
import type { PageError } from '@wayfinder/page';
import { CdpError } from '../errors';
import { PageScriptError } from '../script-worlds';

// Every failure leaves the driver as a BrowserError a model can act on: never a raw
// protocol stack.

export function fromPageError(error: PageError): BrowserError {
  switch (error.error) {
    case 'stale-ref':
    case 'unknown-ref':
      return new BrowserError('stale-ref', error.message, true);
    case 'ignored':
      return new BrowserError('not-supported', error.message, false);
    case 'not-found':
    case 'bad-argument':
      return new BrowserError('bad-argument', error.message, false);
  }
}

/** Maps anything thrown while acting to a BrowserError; `doing` completes "... while ${doing}". */
export function toBrowserError(error: unknown, doing: string): BrowserError {
  if (BrowserError.isInstance(error)) return error;
  if (CdpError.isInstance(error)) {
    if (error.code === 'target-closed')
      return new BrowserError('tab-closed', `The tab closed while ${doing}; list the open tabs and switch to one.`, false, {
        cause: error,
      });
    if (error.code === 'timeout')
      return new BrowserError(
        'timeout',
        `The page did not respond while ${doing} (${error.message}); it may be busy. Wait, then take a new snapshot.`,
        true,
        { cause: error },
      );
    return new BrowserError('unexpected', `The browser refused while ${doing}: ${error.message}`, false, { cause: error });
  }
  if (PageScriptError.isInstance(error))
    return new BrowserError('unexpected', `${error.message} (while ${doing}). Take a new snapshot and try again.`, true, { cause: error });
  const message = error instanceof Error ? error.message : String(error);
  return new BrowserError('unexpected', `Something went wrong while ${doing}: ${message}`, false, { cause: error });
}
