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

/**
 * A Redaction that tells the worker of each value typed into a password field, so the one made
 * after the secrets change hides it too (and so does the one a task began with).
 */
class TypedTold extends Redaction {
  constructor(
    secrets: readonly Secret[],
    private readonly told: (value: string) => void,
  ) {
    super(secrets);
  }

  override noteTyped(value: string): void {
    super.noteTyped(value);
    this.told(value);
  }
}

export class WorkerRedaction {
  /** Values typed into password fields during this worker's life: here only, never stored. */
  private readonly typed = new Set<string>();
  private made: Promise<Redaction> | null = null;
  private latest: Redaction | null = null;
  /** Counts renewals, so a read that a change overtook does not become the latest. */
  private generation = 0;

  constructor(private readonly readSecrets: () => Promise<Secret[]>) {}

  /** The redaction of the secrets stored now (read once per wake and per change). */
  readonly current: CurrentRedaction = () => {
    if (!this.made) {
      const generation = this.generation;
      const made = this.readSecrets().then((secrets) => this.make(secrets, generation));
      // A read that failed is tried again next time.
      made.catch(() => {
        if (this.made === made) this.made = null;
      });
      this.made = made;
    }
    return this.made;
  };

  /** The person's secrets changed: the next `current()` reads them again (typed values are kept). */
  renew(): void {
    this.generation += 1;
    this.made = null;
  }

  private make(secrets: readonly Secret[], generation: number): Redaction {
    const redaction = new TypedTold(secrets, (value) => this.told(value));
    for (const value of this.typed) redaction.noteTyped(value);
    if (generation === this.generation) this.latest = redaction;
    return redaction;
  }

  private told(value: string): void {
    if (this.typed.has(value)) return;
    this.typed.add(value);
    this.latest?.noteTyped(value);
  }
}
