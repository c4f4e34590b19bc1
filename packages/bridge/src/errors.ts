import { BrowserError, CodedError, type BrowserErrorCode } from '@wayfinder/core';
import type { WireError } from './protocol';

// What can go wrong on the bridge itself, as codes: the other end went away, did not
// answer in time, refused the call, or does not know the method. A BrowserError raised at
// the far end crosses the wire as itself (code and message), so the host's tools see the
// same errors they would see with a local browser.

export type BridgeErrorCode =
  | 'disconnected' // the connection dropped while the call was in flight
  | 'timeout' // no answer before the call's deadline
  | 'cancelled'
  | 'unknown-method'
  | 'bad-params'
  | 'no-device' // the named browser is not connected
  | 'no-session' // the browser does not know this host session (it restarted)
  | 'refused' // the browser's own rules said no
  | 'busy' // the host already runs a task for this browser (host.task)
  | 'not-found' // the host keeps no task of that id (host.conversation)
  | 'no-tasks' // this hub runs no tasks for browsers
  | 'no-research' // this hub keeps no feed or research (issue 15)
  | 'unexpected';

export class BridgeError extends CodedError<BridgeErrorCode> {
  static override readonly marker = Symbol.for('wayfinder.bridge.error');
  override readonly name = 'BridgeError';
}

const BROWSER_CODES: readonly string[] = [
  'stale-ref',
  'not-visible',
  'disabled',
  'covered',
  'not-stable',
  'navigated',
  'tab-closed',
  'dialog-open',
  'timeout',
  'navigation-failed',
  'bad-argument',
  'not-supported',
  'unexpected',
];

function isBrowserCode(code: string): code is BrowserErrorCode {
  return BROWSER_CODES.includes(code);
}

/** An error as it crosses the wire. */
export function toWire(error: unknown): WireError {
  if (BrowserError.isInstance(error)) return { kind: 'browser', code: error.code, message: error.message, retryable: error.retryable };
  if (BridgeError.isInstance(error))
    return { kind: error.code === 'refused' ? 'policy' : 'bridge', code: error.code, message: error.message, retryable: error.retryable };
  const message = error instanceof Error ? error.message : String(error);
  return { kind: 'bridge', code: 'unexpected', message, retryable: false };
}

/** The error a wire error stands for at this end. */
export function fromWire(error: WireError): BrowserError | BridgeError {
  if (error.kind === 'browser' && isBrowserCode(error.code)) return new BrowserError(error.code, error.message, error.retryable);
  const code = BRIDGE_CODES.find((c) => c === error.code) ?? 'unexpected';
  return new BridgeError(code, error.message, error.retryable);
}

const BRIDGE_CODES: readonly BridgeErrorCode[] = [
  'disconnected',
  'timeout',
  'cancelled',
  'unknown-method',
  'bad-params',
  'no-device',
  'no-session',
  'refused',
  'busy',
  'not-found',
  'no-tasks',
  'unexpected',
];
