import { randomBytes } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import { settle } from './db';
import { FactRefusedError, factProblem, type Fact, type FactStore } from '@wayfinder/core';

// The person's facts ("I prefer metric units"), in SQLite. What may become a fact is core's
// rule (factProblem): nothing that looks like a secret, since every prompt carries them.

export { FactRefusedError };

function toFact(value: Record<string, unknown>): Fact {
  return { id: String(value.id), text: String(value.text), addedAt: Number(value.added_at) };
}

export class SqliteFactStore implements FactStore {
  constructor(
    private readonly db: DatabaseSync,
    private readonly isSecret: (text: string) => boolean = () => false,
  ) {}

  /** Oldest first, the order they were told. */
  listFacts(): Promise<Fact[]> {
    return settle(() => {
      return this.db.prepare('SELECT id, text, added_at FROM facts ORDER BY added_at, rowid').all().map(toFact);
    });
  }

  addFact(text: string): Promise<Fact> {
    return settle(() => {
      const problem = factProblem(text, {
        isSecret: this.isSecret,
        secretsPlace: 'the config file\'s "secrets"',
        documentsPlace: 'wayfinder memory add <file>',
      });
      if (problem) throw new FactRefusedError(problem);
      const fact: Fact = { id: this.newId(), text: text.trim(), addedAt: Date.now() };
      this.db.prepare('INSERT INTO facts (id, text, added_at) VALUES (?, ?, ?)').run(fact.id, fact.text, fact.addedAt);
      return fact;
    });
  }

  removeFact(id: string): Promise<boolean> {
    return settle(() => {
      return Number(this.db.prepare('DELETE FROM facts WHERE id = ?').run(id).changes) > 0;
    });
  }

  // Short, so a person can type it: `wayfinder facts remove 3fa9c1`.
  private newId(): string {
    for (;;) {
      const id = randomBytes(3).toString('hex');
      if (!this.db.prepare('SELECT 1 FROM facts WHERE id = ?').get(id)) return id;
    }
  }
}
