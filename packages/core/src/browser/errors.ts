import { CodedError } from '../errors';

// What can go wrong when acting on a page, as decisions rather than strings: the code
// says what happened, `retryable` whether trying again (after a fresh snapshot, a wait)
// can help, and the message says what to do next, for a person or a model to read.

export type BrowserErrorCode =
  | 'stale-ref' // the element is gone, or the ref is from an older snapshot
  | 'not-visible'
  | 'disabled'
  | 'covered'
  | 'not-stable'
  | 'navigated' // the page changed document in the middle of the action
  | 'tab-closed'
  | 'dialog-open'
  | 'timeout'
  | 'navigation-failed'
  | 'bad-argument'
  | 'not-supported' // the action cannot be done this way (for example DOM-event mode)
  | 'unexpected';

export class BrowserError extends CodedError<BrowserErrorCode> {
  static override readonly marker = Symbol.for('wayfinder.browser.error');
  override readonly name = 'BrowserError';
}

export { CodedError } from '../errors';
