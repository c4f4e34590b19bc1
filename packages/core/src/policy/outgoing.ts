import type { PageRequest } from '../browser/port';
import type { Secret, SecretVault } from './secrets';

// What a request carries out of the browser, judged whoever sent it: a link, a form the
// page submits by itself, a script's beacon. A stored secret, a password the task typed,
// or a card number leaving the page is a consequence the person decides on, whatever the
// label of the control that caused it said (or if no control did).

export type Carried =
  /** A stored secret (in any of the shapes redaction knows). */
  | { kind: 'secret'; secret: Secret }
  /** A value the task typed into a password field. */
  | { kind: 'password' }
  /** A number that passes the Luhn check, the shape of a payment card's. */
  | { kind: 'card' };

/** Card-like numbers: 13–19 digits, spaces or dashes allowed between them. */
const CARD_LIKE = /(?<!\d)\d(?:[ -]?\d){12,18}(?!\d)/g;

/** Whether digits pass the Luhn check (what every payment card number does). */
export function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * Card networks' number ranges and lengths (Visa, Mastercard, Amex, Diners, JCB, Discover,
 * UnionPay, Maestro): with Luhn, this keeps timestamps and order ids from looking like cards.
 */
const CARD_RANGES = /^(?:4\d{12}(?:\d{3}){0,2}|(?:5[1-5]|2[2-7])\d{14}|3[47]\d{13}|3[0689]\d{11,17}|6\d{15,18}|5[06-9]\d{11,17})$/;

/** Whether the text holds a number shaped like a payment card's. */
export function hasCardNumber(text: string): boolean {
  for (const match of text.matchAll(CARD_LIKE)) {
    const digits = match[0].replace(/[ -]/g, '');
    if (CARD_RANGES.test(digits) && luhn(digits)) return true;
  }
  return false;
}

/** The text a request sends: its address and its body, also as a form decodes them. */
function readable(request: PageRequest): string {
  const parts = [request.url, request.body ?? ''];
  const decoded = parts.map((part) => {
    try {
      return decodeURIComponent(part.replace(/\+/g, ' '));
    } catch {
      return part;
    }
  });
  return [...parts, ...decoded].join('\n');
}

/** Remembers what the task typed into password fields, and finds what leaves in requests. */
export class OutgoingCheck {
  private readonly typed = new Set<string>();

  constructor(private readonly vault: SecretVault | undefined) {}

  /** A value typed into a password field (the stored secret's value once filled in). */
  noteTyped(value: string): void {
    if (value.length >= 4) this.typed.add(value);
  }

  /** What sensitive thing the request carries, or null. */
  carried(request: PageRequest): Carried | null {
    if (!request.body && !request.url.includes('?')) return null;
    const text = readable(request);
    const secret = this.vault?.present(text)[0];
    if (secret) return { kind: 'secret', secret };
    for (const value of this.typed) if (text.includes(value) || text.includes(encodeURIComponent(value))) return { kind: 'password' };
    if (hasCardNumber(text)) return { kind: 'card' };
    return null;
  }
}
