// The base of Wayfinder's errors: a code that says what happened, `retryable` whether
// trying again (after a fresh look, a wait) can help, and a message written for whoever
// reads it next. Callers decide on the code, never on the message.
//
// Each subclass names a marker, `Symbol.for('wayfinder.…')`, that every instance carries:
// `isInstance` checks for it, so it answers the same across two copies of this code (the
// extension's bundles, a bundled CLI and its tests), where `instanceof` would not.

type MarkedClass = (abstract new (...args: never[]) => CodedError<string>) & { readonly marker: symbol };

export abstract class CodedError<Code extends string> extends Error {
  static readonly marker: symbol = Symbol.for('wayfinder.error');

  constructor(
    readonly code: Code,
    message: string,
    readonly retryable: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    const marker: unknown = Reflect.get(new.target, 'marker');
    if (typeof marker === 'symbol') Object.defineProperty(this, marker, { value: true });
  }

  static isInstance<T extends MarkedClass>(this: T, value: unknown): value is InstanceType<T> {
    return typeof value === 'object' && value !== null && this.marker in value;
  }
}
