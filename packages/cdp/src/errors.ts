// Errors carry decisions (retryable? the target is gone?) as fields, with a marker that
// survives bundling, so callers never sniff message strings.

const MARKER = Symbol.for('wayfinder.cdp.error');

export type CdpErrorKind = 'protocol' | 'target-closed' | 'timeout';

export class CdpError extends Error {
  readonly [MARKER] = true;
  override readonly name = 'CdpError';

  constructor(
    readonly kind: CdpErrorKind,
    message: string,
    readonly method: string,
    readonly retryable: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  static isInstance(value: unknown): value is CdpError {
    return typeof value === 'object' && value !== null && MARKER in value;
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
