import { CodedError } from '@wayfinder/core/errors';

// A protocol call that failed: the code says how (the target is gone? no answer?), the
// method which call it was. Core's CodedError gives it a marker that survives bundling.

export type CdpErrorKind = 'protocol' | 'target-closed' | 'timeout';

export class CdpError extends CodedError<CdpErrorKind> {
  static override readonly marker = Symbol.for('wayfinder.cdp.error');
  override readonly name = 'CdpError';

  constructor(
    code: CdpErrorKind,
    message: string,
    readonly method: string,
    retryable: boolean,
    options?: { cause?: unknown },
  ) {
    super(code, message, retryable, options);
  }
}

export function targetClosed(method: string, reason: string): CdpError {
  return new CdpError('target-closed', `The page or browser closed before ${method} finished (${reason}).`, method, false);
}

export function timedOut(method: string, ms: number): CdpError {
  return new CdpError('timeout', `${method} got no answer within ${ms} ms; the page may be busy or hung.`, method, true);
}

export function protocolError(method: string, message: string, data?: string): CdpError {
  return new CdpError('protocol', `${method} failed: ${message}${data ? ` (${data})` : ''}`, method, false);
}
