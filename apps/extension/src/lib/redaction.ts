import { Redaction, type Secret } from '@wayfinder/core';

// The worker's one redaction (docs/ARCHITECTURE.md, "One redaction"): the background root
// makes one `WorkerRedaction` and hands it to every sink — task records and timelines,
// conversations and their titles, questions, exports, memory, skills, ratings, the feed's
// copy, what chrome.storage keeps, the console — and to every task (its policy notes there
// the values typed into password fields).
//
// Chrome stops idle workers, so nothing of it lives only in memory but those typed values
// (which must never be stored): the person's secrets are read from chrome.storage on first
// use after a wake, and read again after they change (`renew`, from storage.onChanged).

/** The redaction as the person's secrets are now; what a sink calls before it writes. */
export type CurrentRedaction = () => Promise<Redaction>;

export class WorkerRedaction {
  /** The one Redaction of this worker's life, once the secrets are read; renewed in place when they change. */
  private made: Promise<Redaction> | null = null;
  /** Counts renewals, so a read that a change overtook is read again. */
  private generation = 0;

  constructor(private readonly readSecrets: () => Promise<Secret[]>) {}

  /** The redaction of the secrets stored now (read once per wake; renewed in place per change). */
  readonly current: CurrentRedaction = () => {
    if (!this.made) {
      // eslint-disable-next-line no-restricted-syntax -- the worker's one redaction is made here
      const made = this.readSecrets().then((secrets) => new Redaction(secrets));
      // A read that failed is tried again next time.
      made.catch(() => {
        if (this.made === made) this.made = null;
      });
      this.made = made;
    }
    return this.made;
  };

  /** The person's secrets changed: the one Redaction hides the new ones (what was typed into password fields stays hidden). */
  renew(): void {
    this.generation += 1;
    const generation = this.generation;
    const made = this.made;
    if (!made) return;
    void Promise.all([made, this.readSecrets()])
      .then(([redaction, secrets]) => {
        // A later change reads again itself.
        if (generation === this.generation) redaction.renew(secrets);
      })
      .catch(() => {
        // Unreadable now: read afresh on next use.
        if (this.made === made) this.made = null;
      });
  }
}
