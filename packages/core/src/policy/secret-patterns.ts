// How a stored secret is found in text so it can be redacted: a page that shows the password
// field mirrored, spaced out, upper-cased or reversed must not show it to the model, and the
// value may travel URL-, form- or base64-encoded. There is no minimum length here (a short
// secret is found like any other); storage refuses values too short to look for safely.

export const MIN_SECRET_LENGTH = 6;

/** Why a value cannot be stored as a secret, or null when it can. */
export function secretValueProblem(name: string, value: string): string | null {
  const length = Array.from(value.trim()).length;
  if (length >= MIN_SECRET_LENGTH) return null;
  return `A secret must be at least ${MIN_SECRET_LENGTH} characters: "${name}" has ${length}. A shorter value turns up in ordinary text, which would be hidden as if it were the secret; store a longer one.`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The value as is, URL-encoded (loosely, strictly, and every byte), form-encoded and base64. */
function encodings(value: string): string[] {
  const strict = encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  const utf8 = Array.from(new TextEncoder().encode(value), (byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
  const out = [value, encodeURIComponent(value), strict, strict.replace(/%20/g, '+'), utf8];
  try {
    out.push(btoa(value));
  } catch {
    // Not Latin-1: no base64 form to look for.
  }
  return out;
}

const WORD_CHAR = /[\p{L}\p{N}]/u;
/** What may stand between a value's letters and digits: anything else (spaces, dots, dashes, line breaks, zero-width marks), a few at a time. */
const GAP = '[^\\p{L}\\p{N}]{0,12}';
/** Between the characters of a value made mostly of punctuation: spacing only. */
const SPACING = '[\\s\\p{Cf}]{0,12}';

/**
 * A pattern for one form of a value, in any case. Separators may be inserted, removed or
 * changed between its letters and digits, so those are what must match, in order; a value
 * made mostly of punctuation must match character for character, with spacing allowed.
 */
function patternOf(form: string): RegExp | null {
  const chars = Array.from(form);
  const word = chars.filter((c) => WORD_CHAR.test(c));
  if (word.length && word.length >= chars.length / 2) {
    // Punctuation before the first letter or digit and after the last (a "%" of an encoding, base64's padding) goes too, when it is there.
    const edge = (part: string[]) => (part.length ? `(?:${part.map(escapeRegExp).join('')})?` : '');
    const head = edge(
      chars.slice(
        0,
        chars.findIndex((c) => WORD_CHAR.test(c)),
      ),
    );
    const tail = edge(chars.slice(chars.findLastIndex((c) => WORD_CHAR.test(c)) + 1));
    return new RegExp(`${head}${word.map(escapeRegExp).join(GAP)}${tail}`, 'giu');
  }
  const solid = chars.filter((c) => !/\s/u.test(c));
  return solid.length ? new RegExp(solid.map(escapeRegExp).join(SPACING), 'giu') : null;
}

export interface SecretPattern {
  pattern: RegExp;
  /** The length of the form it finds: longer forms are replaced first. */
  length: number;
}

const compiled = new WeakMap<object, SecretPattern[]>();

/** Every pattern a secret's value is found by (its forms and its reversed forms), longest first. */
export function secretPatterns(secret: { value: string }): SecretPattern[] {
  const known = compiled.get(secret);
  if (known) return known;
  const reversed = Array.from(secret.value).reverse().join('');
  const found = new Map<string, SecretPattern>();
  for (const form of new Set([...encodings(secret.value), ...encodings(reversed)])) {
    const pattern = patternOf(form);
    if (pattern && !found.has(pattern.source)) found.set(pattern.source, { pattern, length: form.length });
  }
  const patterns = [...found.values()].sort((a, b) => b.length - a.length);
  compiled.set(secret, patterns);
  return patterns;
}
