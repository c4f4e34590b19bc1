import { allows, type ConfirmKind } from '../policy/types';
import type { AgentEvent } from './events';

// What happened, kept beside what the model says happened (docs/0040-outcome-reconciled.md).
// A careless model declares success after the person declined the payment; a task's result
// is reconciled with the record before it is shown: consequences the person declined or a
// rule refused, and not allowed later, come first in the summary, the task is not a success,
// and the model's own words are kept as its claim.

/** What the person is told did not happen, per kind of consequence they declined. */
const DECLINED: Record<ConfirmKind, string> = {
  payment: 'You declined the payment, so nothing was paid.',
  'payment-field': 'You declined typing into the payment field, so no card details were entered.',
  deletion: 'You declined the deletion, so nothing was deleted.',
  message: 'You declined sending, so nothing was sent.',
  subscription: 'You declined the sign-up change, so nothing was signed up for or cancelled.',
  password: 'You declined sending the password, so it was not sent.',
  download: 'You declined the download, so nothing was kept.',
  upload: 'You declined the upload, so no file was sent.',
  'new-site': 'You declined opening a new site, so it was not opened.',
  tool: 'You declined an action, so it was not done.',
  memory: 'You declined keeping that fact, so it was not remembered.',
  'page-code': 'You declined running code in the page, so it was not run.',
};

/** Consequences whose absence changes what the task achieved (a site not opened may be only a detour). */
const CONSEQUENTIAL = new Set<ConfirmKind>([
  'payment',
  'payment-field',
  'deletion',
  'message',
  'subscription',
  'password',
  'upload',
  'download',
]);

export interface Reconciled {
  success: boolean;
  /** What really happened first, then the model's words when they disagree. */
  summary: string;
  /** The model's own summary, when the record contradicts it (shown as its claim); null when they agree. */
  claim: string | null;
}

/** A reconciled summary: what happened, then the model's words as its claim. */
function withClaim(happened: string, claim: string): string {
  return `${happened} (The model said: “${claim}”)`;
}

/**
 * A result's summary split for a screen that shows the claim apart: what happened, and the
 * model's words (null when the record did not contradict them).
 */
export function splitClaim(result: { summary: string; claim?: string | null }): { happened: string; claim: string | null } {
  const { summary, claim } = result;
  if (!claim) return { happened: summary, claim: null };
  const tail = withClaim('', claim);
  return { happened: summary.endsWith(tail) ? summary.slice(0, -tail.length) : summary, claim };
}

/** Keeps, from a task's events, the consequences the person was asked about and how each ended. */
export class TaskRecord {
  /** Every answer, in order: the kind asked about and whether the person allowed it. */
  private readonly answers: { kind: ConfirmKind; allowed: boolean }[] = [];
  /** The kind of the question being asked now (questions go one at a time). */
  private asking: ConfirmKind | null = null;

  note(event: AgentEvent): void {
    if (event.type === 'confirmation-needed') this.asking = event.kind;
    else if (event.type === 'confirmation-answered' && this.asking) {
      // A question the task's Stop took down was nobody's answer.
      if (!event.withdrawn) this.answers.push({ kind: this.asking, allowed: allows(event.answer) });
      this.asking = null;
    }
  }

  /** Where the record is now: a plan step reconciles what was answered since. */
  get mark(): number {
    return this.answers.length;
  }

  /** What did not happen since `from`, in the person's words: consequences declined and not allowed afterwards. */
  notDone(from = 0): string[] {
    const last = new Map<ConfirmKind, boolean>();
    for (const { kind, allowed } of this.answers.slice(from)) last.set(kind, allowed);
    return [...last].filter(([kind, allowed]) => !allowed && CONSEQUENTIAL.has(kind)).map(([kind]) => DECLINED[kind]);
  }

  /** The model's summary set against the record (since `from`). */
  reconcile(success: boolean, summary: string, from = 0): Reconciled {
    const facts = this.notDone(from);
    if (!success || !facts.length) return { success, summary, claim: null };
    return { success: false, summary: withClaim(facts.join(' '), summary), claim: summary };
  }
}
