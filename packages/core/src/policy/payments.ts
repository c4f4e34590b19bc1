import type { ElementFacts } from '../browser/port';
import { isCardNumberField, paymentQuestion, type Judgement } from './classify';
import type { SecretVault } from './secrets';
import { siteKey } from './sites';
import type { ConfirmRequest, PolicyDecision } from './types';

// A payment is one question (docs/0043-one-question-per-payment.md): the card's fields and
// the button that pays are asked about once, naming the amount, the site and the card's last
// four digits; allowed, the rest of that payment goes without another card; declined, later
// steps of paying on that site in this task are refused, not asked again.

export class Payments {
  /**
   * A payment the person allowed, on its site, until its form is sent (`sent`: the call that
   * sends it is running).
   */
  private paying: { site: string; sent: boolean } | null = null;
  /** The payment question being asked now: on which site, and whether its call sends the payment. */
  private asking: { site: string; sends: boolean } | null = null;
  /** Sites where the person declined a payment in this task. */
  private readonly declined = new Set<string>();
  /** The last four digits of the card typed on each site in this task. */
  private readonly cardEnding = new Map<string, string>();

  constructor(private readonly vault: SecretVault | undefined) {}

  /** A step of paying on `here` (typing into a card field, or what sends the payment): null when it may go ahead. */
  step(text: string | undefined, facts: ElementFacts, here: string, judgement: Judgement): PolicyDecision | null {
    const key = siteKey(here);
    if (text !== undefined && isCardNumberField(facts)) {
      const digits = (this.vault?.fill(text) ?? text).replace(/\D/g, '');
      if (digits.length >= 12) this.cardEnding.set(key, digits.slice(-4));
    }
    const sends = judgement.kind === 'payment';
    if (this.covers(here)) {
      if (sends && this.paying) this.paying.sent = true;
      return null;
    }
    if (this.declined.has(key))
      return {
        decision: 'deny',
        reason: `The person declined paying on ${here || 'this page'} earlier in this task. Do not try to pay another way; say so when you finish.`,
      };
    this.asking = { site: here, sends };
    const ending = this.cardEnding.get(key) ?? null;
    const question =
      sends && !ending
        ? `${judgement.what} on ${here || 'this page'}? ${judgement.why}`
        : paymentQuestion(facts, { submits: sends, what: judgement.what, site: here, ending });
    return { decision: 'confirm', kind: 'payment', site: here, choices: 'once', question };
  }

  /** Whether a payment the person allowed is under way on `site` (what its page sends to take it goes too). */
  covers(site: string): boolean {
    return this.paying !== null && siteKey(this.paying.site) === siteKey(site);
  }

  /** The person answered a question: a payment's yes starts it, a no refuses the rest of paying there. */
  answered(request: ConfirmRequest, allowed: boolean): void {
    const asked = this.asking;
    if (request.kind !== 'payment' || !asked || siteKey(asked.site) !== siteKey(request.site)) return;
    this.asking = null;
    if (allowed) this.paying = { site: asked.site, sent: asked.sends };
    else this.declined.add(siteKey(asked.site));
  }

  /** A call ran: once the payment was sent (or its sending failed), the next payment is asked about again. */
  ran(): void {
    if (this.paying?.sent) this.paying = null;
  }
}
