import { randomInt, timingSafeEqual } from 'node:crypto';
import { PAIRING_CODE_MS } from '@wayfinder/bridge';

// The one-time code a person types into the extension to pair it with this host: eight
// characters from an alphabet without look-alikes (no 0/O, 1/I/L), shown as XXXX-XXXX. It
// is good for ten minutes and one pairing; five wrong tries burn it. A new code is issued
// (and shown) after each pairing, each burn, and when someone tries an expired one.

const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const WRONG_TRIES = 5;

export type CodeCheck = 'ok' | 'wrong' | 'expired' | 'burnt';

/** Uppercase, without spaces or dashes: what the person typed, compared as the code. */
function normal(code: string): string {
  return code.toUpperCase().replace(/[\s-]/g, '');
}

export class PairingCodes {
  private code = '';
  private issuedAt = 0;
  private wrong = 0;

  constructor(
    /** Told each new code (the serve command prints it). */
    private readonly onCode: (code: string) => void,
    private readonly now: () => number = Date.now,
    private readonly lifetimeMs = PAIRING_CODE_MS,
  ) {
    this.renew();
  }

  /** The code in force now, as XXXX-XXXX. */
  get current(): string {
    return `${this.code.slice(0, 4)}-${this.code.slice(4)}`;
  }

  /** Checks a code a hello brought; a good one is used up (a new code is issued). */
  check(given: string): CodeCheck {
    if (this.now() - this.issuedAt > this.lifetimeMs) {
      this.renew();
      return 'expired';
    }
    const a = Buffer.from(normal(given));
    const b = Buffer.from(this.code);
    if (a.length === b.length && timingSafeEqual(a, b)) {
      this.renew();
      return 'ok';
    }
    this.wrong += 1;
    if (this.wrong >= WRONG_TRIES) {
      this.renew();
      return 'burnt';
    }
    return 'wrong';
  }

  private renew(): void {
    this.code = Array.from({ length: 8 }, () => ALPHABET[randomInt(ALPHABET.length)] ?? 'A').join('');
    this.issuedAt = this.now();
    this.wrong = 0;
    this.onCode(this.current);
  }
}
