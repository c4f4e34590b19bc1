import { secretPatterns } from './secret-patterns';
import { covers, isPublicSuffix } from './sites';

// Secrets the person stores (a password, an account number). The model only ever sees
// {{secret:NAME}}; the value goes in at typing time, only into a password (or otherwise
// matching) field on the secret's own site, and is redacted from everything else.

export interface Secret {
  name: string;
  value: string;
  /** The site it belongs to (subdomains included). */
  site: string;
  /** What it may be typed into: a password field (default), or any text field. */
  field?: 'password' | 'text';
}

export const SECRET_PLACEHOLDER = /\{\{\s*secret:([A-Za-z0-9_.-]+)\s*\}\}/g;

export function placeholder(name: string): string {
  return `{{secret:${name}}}`;
}

/** Names of the secrets a text refers to. */
export function secretNames(text: string): string[] {
  return [...text.matchAll(SECRET_PLACEHOLDER)].map((m) => m[1] ?? '');
}

/** Placeholders in a text, kept whole when the rest is redacted (a secret may spell part of one). */
const PLACEHOLDERS = /(\{\{\s*secret:[A-Za-z0-9_.-]+\s*\}\})/;

/** The text with what the patterns find replaced by placeholders; where finds overlap, the earlier pattern's wins. */
function replaceFound(text: string, patterns: { pattern: RegExp; name: string }[]): string {
  const found: { start: number; end: number; name: string }[] = [];
  for (const { pattern, name } of patterns) {
    for (const match of text.matchAll(pattern)) {
      const start = match.index;
      const end = start + match[0].length;
      if (!found.some((f) => start < f.end && f.start < end)) found.push({ start, end, name });
    }
  }
  let out = '';
  let at = 0;
  for (const f of found.sort((a, b) => a.start - b.start)) {
    out += `${text.slice(at, f.start)}${placeholder(f.name)}`;
    at = f.end;
  }
  return out + text.slice(at);
}

export class SecretVault {
  constructor(private readonly secrets: readonly Secret[]) {}

  get size(): number {
    return this.secrets.length;
  }

  /** One line per secret for the model: its placeholder and where it may be used (never the value). */
  describe(): string {
    return this.secrets.map((s) => `${placeholder(s.name)} — ${s.field === 'text' ? 'a value' : 'a password'} for ${s.site}`).join('\n');
  }

  find(name: string): Secret | undefined {
    return this.secrets.find((s) => s.name === name);
  }

  /**
   * Why the text's secrets may not be typed here, or null when they may: each must exist,
   * belong to this site, and go into a password field (or a text field, if it says so).
   */
  refusal(text: string, host: string, field: { secret: boolean; editable: boolean }): string | null {
    for (const name of secretNames(text)) {
      const secret = this.find(name);
      if (!secret)
        return `There is no secret named "${name}". Ask the user, or use one of: ${this.secrets.map((s) => placeholder(s.name)).join(', ') || 'none stored'}.`;
      if (isPublicSuffix(secret.site))
        return `The secret ${placeholder(name)} belongs to ${secret.site}, a public suffix shared by many sites; it cannot be used on ${host || 'this page'}. Store it for the site itself.`;
      if (!covers(secret.site, host))
        return `The secret ${placeholder(name)} belongs to ${secret.site}; it cannot be used on ${host || 'this page'}.`;
      if (secret.field !== 'text' && !field.secret) return `The secret ${placeholder(name)} can only be typed into a password field.`;
      if (!field.editable && !field.secret) return `The secret ${placeholder(name)} can only be typed into a field.`;
    }
    return null;
  }

  /** The text with its placeholders replaced by the values (only after `refusal` said yes). */
  fill(text: string): string {
    return text.replace(SECRET_PLACEHOLDER, (whole, name: string) => this.find(name)?.value ?? whole);
  }

  /** The secrets whose values appear in the text, in any shape redaction finds. */
  present(text: string): Secret[] {
    return this.secrets.filter((secret) => new SecretVault([secret]).redact(text) !== text);
  }

  /**
   * The text with every secret value replaced by its placeholder: in any case, spaced out or
   * with other separators between its characters, reversed, URL-, form- or base64-encoded
   * (secret-patterns.ts). Longer forms go first, so one secret inside another is not left half shown.
   */
  redact(text: string): string {
    const patterns = this.secrets
      .flatMap((secret) => secretPatterns(secret).map((p) => ({ ...p, name: secret.name })))
      .sort((a, b) => b.length - a.length);
    if (!patterns.length) return text;
    return text
      .split(PLACEHOLDERS)
      .map((part, i) => (i % 2 ? part : replaceFound(part, patterns)))
      .join('');
  }
}
