import type { PageRequest } from '../browser/port';
import { hasCardNumber } from './cards';
import { requestKind, why } from './classify';
import type { Redaction } from './redaction';
import { placeholder, type Secret } from './secrets';
import { covers } from './sites';
import type { ConfirmKind, PolicyDecision } from './types';
import { decodeLenient } from '../uri';

export { hasCardNumber, luhn } from './cards';

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

/** The text a request sends: its address and its body, also as a form decodes them. */
function readable(request: PageRequest): string {
  const parts = [request.url, request.body ?? ''];
  const decoded = parts.map((part) => decodeLenient(part.replace(/\+/g, ' ')));
  return [...parts, ...decoded].join('\n');
}

/**
 * Finds what leaves in requests. What the task typed into password fields is kept by the
 * task's one Redaction (which then hides it everywhere too), so the two never disagree.
 */
export class OutgoingCheck {
  constructor(private readonly redaction: Redaction) {}

  /** A value typed into a password field (the stored secret's value once filled in). */
  noteTyped(value: string): void {
    this.redaction.noteTyped(value);
  }

  /** What sensitive thing the request carries, or null. */
  carried(request: PageRequest): Carried | null {
    if (!request.body && !request.url.includes('?')) return null;
    const text = readable(request);
    const secret = this.redaction.secrets.present(text)[0];
    if (secret) return { kind: 'secret', secret };
    if (this.redaction.carriesTyped(text)) return { kind: 'password' };
    if (hasCardNumber(text)) return { kind: 'card' };
    return null;
  }

  /**
   * A request carrying a password, a stored secret or a card number: refused off its site,
   * else asked unless that consequence is `approved` for the call running now (or the
   * payment the person allowed is under way there).
   */
  question(request: PageRequest, site: string, approved: ReadonlySet<ConfirmKind>): PolicyDecision | null {
    const carried = this.carried(request);
    if (!carried) return null;
    if (carried.kind === 'secret' && !covers(carried.secret.site, site))
      return {
        decision: 'deny',
        reason: `the page tried to send the stored secret ${placeholder(carried.secret.name)} to ${site}; it belongs to ${carried.secret.site} only.`,
      };
    const kind: ConfirmKind = carried.kind === 'card' ? 'payment' : 'password';
    if (approved.has(kind) || (kind === 'payment' && approved.has('payment-field'))) return null;
    const what =
      carried.kind === 'card'
        ? 'a card number'
        : carried.kind === 'secret'
          ? `your stored ${placeholder(carried.secret.name)}`
          : 'a password';
    return { decision: 'confirm', kind, site, choices: 'once', question: `The page is sending ${what} to ${site}. Let it? ${why(kind)}` };
  }
}

/**
 * A request that pays, deletes or signs up (DELETE, or a path that says so), whatever control
 * caused it — an icon with no name, a script on its own: asked, unless the person approved
 * that consequence for the call that caused it (`approved`).
 */
export function consequence(request: PageRequest, site: string, approved: ReadonlySet<ConfirmKind>): PolicyDecision | null {
  const kind = requestKind(request.method, request.url);
  if (!kind || kind === 'message') return null;
  if (approved.has(kind) || (kind === 'payment' && approved.has('payment-field'))) return null;
  let where = request.url;
  try {
    where = new URL(request.url).pathname;
  } catch {
    // An address the browser sends is one URL can read; keep it whole otherwise.
  }
  return {
    decision: 'confirm',
    kind,
    site,
    choices: 'once',
    question: `The page is sending ${request.method.toUpperCase()} ${JSON.stringify(where.slice(0, 120))} to ${site || 'this page'}. Let it? ${why(kind)}`,
  };
}
