// Payment card numbers in free text: found (a request carrying one is a consequence the
// person decides on) and masked (a title or a file name keeps only the last four digits).
// No imports: the extension's pages use this through core's UI entry.

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

function isCardDigits(digits: string): boolean {
  return CARD_RANGES.test(digits) && luhn(digits);
}

/** Whether the text holds a number shaped like a payment card's. */
export function hasCardNumber(text: string): boolean {
  for (const match of text.matchAll(CARD_LIKE)) {
    if (isCardDigits(match[0].replace(/[ -]/g, ''))) return true;
  }
  return false;
}

/** The text with every card number shown as `•••• 4242` (its last four digits); other numbers stay. */
export function maskCardNumbers(text: string): string {
  return text.replace(CARD_LIKE, (match) => {
    const digits = match.replace(/[ -]/g, '');
    return isCardDigits(digits) ? `•••• ${digits.slice(-4)}` : match;
  });
}
