import { CodedError } from '@wayfinder/core/errors';

// Voice's errors carry what went wrong as a kind the UI decides on (a permission page to
// open, a setting to fix), and a sentence that says what to do.

export type VoiceProblem = 'permission' | 'no-device' | 'provider' | 'setup' | 'capture' | 'unsupported';

export class VoiceError extends CodedError<VoiceProblem> {
  static override readonly marker = Symbol.for('wayfinder.extension.voice');
  override readonly name = 'VoiceError';

  constructor(problem: VoiceProblem, message: string, options?: { cause?: unknown }) {
    super(problem, message, false, options);
  }

  /** What went wrong, as a kind the UI decides on. */
  get problem(): VoiceProblem {
    return this.code;
  }
}

/** What the person reads for any failure (a VoiceError's own sentence, else the error's message). */
export function voiceMessage(error: unknown): string {
  if (VoiceError.isInstance(error)) return error.message;
  return error instanceof Error ? error.message : String(error);
}

/** Where a service's problem is fixed ("in Options → Voice" or "above"). */
export type Place = 'options' | 'panel';
export const there = (place: Place) => (place === 'options' ? 'above' : "in Wayfinder's options (Voice)");

/** An HTTP error from a speech service, as a sentence: its status, its own message, and what to do. */
export async function serviceFailure(service: string, response: Response, place: Place): Promise<VoiceError> {
  let said = '';
  try {
    const body: unknown = await response.json();
    if (typeof body === 'object' && body !== null) {
      const error = 'error' in body ? body.error : 'detail' in body ? body.detail : null;
      if (typeof error === 'string') said = error;
      else if (typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string') said = error.message;
    }
  } catch {
    // Not JSON: the status says enough.
  }
  const advice =
    response.status === 401 || response.status === 403
      ? `Check the API key ${there(place)}.`
      : response.status === 404
        ? `Check the address ${there(place)}: it should end in /v1.`
        : 'Try again; if it keeps failing, check the service.';
  return new VoiceError('provider', `${service} answered HTTP ${response.status}${said ? `: ${said.replace(/\.$/, '')}` : ''}. ${advice}`);
}

/** A fetch that could not reach the service at all. */
export function unreachable(service: string, url: string, error: unknown, place: Place): VoiceError {
  return new VoiceError(
    'provider',
    `Could not reach ${service.replace(/^The /, 'the ')} at ${url} (${voiceMessage(error)}). Is it running? Check the address ${there(place)}.`,
    {
      cause: error,
    },
  );
}
