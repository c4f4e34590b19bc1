import { maskCardNumbers } from './cards';
import { SecretVault, type Secret } from './secrets';

// The one redaction (docs/ARCHITECTURE.md, "One redaction"). Every sink — what a model reads,
// events, task records and titles, exports, the timeline, memory, skill files, MCP results,
// logs, stdout — passes what it writes through one `Redaction`, fed once with the person's
// secrets. It hides:
// - stored secrets, in every shape secret-patterns.ts knows (spaced, reversed, encoded …),
//   as their placeholders {{secret:NAME}};
// - credentials with a recognisable shape (API keys, private keys, JWTs, bearer tokens);
// - values typed into password fields during the task (learned as the policy sees them);
// - payment card numbers, down to their last four digits.
// Nothing else builds a redaction: hosts open one and hand it to every sink (lint holds them to it).

// Credentials with a recognisable shape, wherever they turn up (a settings page, a
// dashboard, HTML): the model never needs them, and transcripts are kept.
const CREDENTIAL_PATTERNS: RegExp[] = [
  /-----BEGIN (?:[A-Z]+ )?PRIVATE KEY-----[\s\S]*?-----END (?:[A-Z]+ )?PRIVATE KEY-----/g,
  /\bsk-(?:proj-|ant-)?[A-Za-z0-9_-]{20,}/g, // OpenAI, Anthropic
  /\bAKIA[0-9A-Z]{16}\b/g, // AWS access key ids
  /\bgh[pousr]_[A-Za-z0-9]{36,}\b/g, // GitHub tokens
  /\bxox[abprs]-[A-Za-z0-9-]{10,}/g, // Slack tokens
  /\bAIza[0-9A-Za-z_-]{35}\b/g, // Google API keys
  /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g, // JWTs
  /\b(Bearer)\s+[A-Za-z0-9._~+/-]{20,}=*/g,
];

/** Whether text holds a credential of a recognisable shape (a fact must not be one). */
export function hasCredential(text: string): boolean {
  return maskCredentials(text) !== text;
}

function maskCredentials(text: string): string {
  let out = text;
  for (const pattern of CREDENTIAL_PATTERNS)
    out = out.replace(pattern, (_match, bearer?: string) =>
      typeof bearer === 'string' && bearer === 'Bearer' ? 'Bearer [redacted secret]' : '[redacted secret]',
    );
  return out;
}

/** What a value typed into a password field becomes wherever it would be written. */
export const TYPED_PASSWORD = '[typed password]';

/** The shortest typed password looked for (shorter values are ordinary text too often). */
const MIN_TYPED = 4;

/** Keys whose values are ours (discriminators, ids, codes, answers): a secret that happens to spell one must not break the shape. */
const OURS = new Set([
  'type',
  'kind',
  'id',
  'taskId',
  'conversationId',
  'toolCallId',
  'tool',
  'status',
  'code',
  'answer',
  'choices',
  'mode',
]);

/**
 * A long run of base64 with nothing else (an image or sound a message carries): no secret is
 * written as one, and masking a shape inside it would only break the picture.
 */
const BLOB = /^[A-Za-z0-9+/]{1024,}={0,2}$/;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export class Redaction {
  private vault: SecretVault;
  private readonly typed = new Set<string>();
  private typedPattern: RegExp | null = null;

  constructor(secrets: SecretVault | readonly Secret[] = []) {
    this.vault = secrets instanceof SecretVault ? secrets : new SecretVault(secrets);
  }

  /**
   * The person's stored secrets changed: hide the new ones from now on. What was typed into
   * password fields stays hidden (a host keeps one Redaction for its life and renews it).
   */
  renew(secrets: SecretVault | readonly Secret[]): void {
    this.vault = secrets instanceof SecretVault ? secrets : new SecretVault(secrets);
  }

  /** The stored secrets it hides (the policy checks typed secrets against the same vault). */
  get secrets(): SecretVault {
    return this.vault;
  }

  /** A value typed into a password field: hidden from now on, wherever it turns up (and watched for in what pages send). */
  noteTyped(value: string): void {
    if (value.length < MIN_TYPED || this.typed.has(value)) return;
    // A typed stored secret is already hidden as its placeholder.
    if (this.vault.redact(value) !== value) return;
    this.typed.add(value);
    const forms = [...this.typed].flatMap((v) => [v, encodeURIComponent(v)]).sort((a, b) => b.length - a.length);
    this.typedPattern = new RegExp([...new Set(forms)].map(escapeRegExp).join('|'), 'g');
  }

  /** Whether the text carries a value typed into a password field (plain or URL-encoded). */
  carriesTyped(text: string): boolean {
    if (!this.typedPattern) return false;
    this.typedPattern.lastIndex = 0;
    return this.typedPattern.test(text);
  }

  /** The text as any sink may write it. */
  text(text: string): string {
    let out = this.vault.redact(maskCredentials(text));
    if (this.typedPattern) out = out.replace(this.typedPattern, TYPED_PASSWORD);
    // eslint-disable-next-line no-restricted-syntax -- the redaction is what masks card numbers
    return maskCardNumbers(out);
  }

  /** The same, as a function to hand on (`redaction.text` loses its `this`). */
  readonly apply = (text: string): string => this.text(text);

  /**
   * A copy of a value (an event, a result, a record) with every string in it redacted, however
   * deep. Keys, and the values of keys that are ours (ids, codes, kinds), are left alone.
   */
  value<T>(value: T): T;
  value(value: unknown): unknown {
    if (typeof value === 'string') return BLOB.test(value) ? value : this.text(value);
    if (Array.isArray(value)) return value.map((item: unknown) => this.value(item));
    if (typeof value === 'object' && value !== null)
      return Object.fromEntries(
        Object.entries(value).map(([key, item]) => [key, OURS.has(key) && typeof item === 'string' ? item : this.value(item)]),
      );
    return value;
  }
}
