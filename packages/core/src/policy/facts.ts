import { hasCardNumber } from './cards';
import { hasCredential } from './redaction';
import { CodedError } from '../errors';

// What may become one of the person's facts. A fact goes into every prompt, so nothing that
// looks like a secret (a key, a token, a password, a card number, a stored secret's value)
// is kept; every host's fact store asks this before it keeps one.

export const MAX_FACT_CHARS = 500;

/** A fact that was refused; the message says why and what to do instead. */
export class FactRefusedError extends CodedError<'fact-refused'> {
  static override readonly marker = Symbol.for('wayfinder.fact-refused.error');
  override readonly name = 'FactRefusedError';

  constructor(message: string) {
    super('fact-refused', message, false);
  }
}

// Beyond the credential formats redaction knows: a secret told in words ("my PIN is 4821").
const SECRET_SAID =
  /\b(?:password|passcode|passphrase|passwd|pin|cvv|cvc|security code|api[ -]?key|secret key|access token|token)\s*(?:is|was|=|:)\s*\S+/i;

export interface FactRules {
  /** The host's own secrets (stored values): true when the text holds one. */
  isSecret?: (text: string) => boolean;
  /** Where this host keeps secrets and documents, for the refusal's advice. */
  secretsPlace?: string;
  documentsPlace?: string;
}

/** The reason a text cannot be a fact, or null when it can. */
export function factProblem(text: string, rules: FactRules = {}): string | null {
  const trimmed = text.trim();
  if (!trimmed) return 'A fact needs some text, e.g. "I prefer metric units".';
  if (trimmed.length > MAX_FACT_CHARS)
    return `A fact is a short sentence (at most ${MAX_FACT_CHARS} characters; this one has ${trimmed.length}). Keep documents in memory instead${rules.documentsPlace ? `: ${rules.documentsPlace}` : ''}.`;
  if (hasCredential(trimmed) || rules.isSecret?.(trimmed) || SECRET_SAID.test(trimmed) || hasCardNumber(trimmed))
    return `This looks like a secret (a password, key, token or card number), and secrets never become facts: every prompt carries the facts.${rules.secretsPlace ? ` Keep secrets in ${rules.secretsPlace} instead.` : ''}`;
  return null;
}
