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

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The ways a value can show up in text: as is, URL-encoded (loosely and strictly), form-encoded, base64. */
function shapes(value: string): string[] {
  const strict = encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  const out = [value, encodeURIComponent(value), strict, strict.replace(/%20/g, '+')];
  try {
    out.push(btoa(value));
  } catch {
    // Not Latin-1: no base64 form to look for.
  }
  return [...new Set(out)];
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

  /** The text with every secret value (and its URL-encoded form) replaced by its placeholder. */
  redact(text: string): string {
    let out = text;
    for (const secret of this.secrets) {
      if (secret.value.length < 4) continue;
      for (const form of shapes(secret.value)) out = out.replace(new RegExp(escapeRegExp(form), 'g'), placeholder(secret.name));
    }
    return out;
  }
}
