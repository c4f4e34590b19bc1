import { randomBytes } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import { settle } from './db';
import { redactSecrets, type Fact, type FactStore } from '@wayfinder/core';

// The person's facts ("I prefer metric units"). A fact goes into every prompt, so nothing
// that looks like a secret (a key, a token, a password, a stored secret's value) is kept.

export const MAX_FACT_CHARS = 500;

/** A fact that was refused; the message says why and what to do instead. */
export class FactRefusedError extends Error {
  override readonly name = 'FactRefusedError';
}

// Beyond the credential formats core redacts: a secret told in words ("my PIN is 4821") and card numbers.
const SECRET_SAID =
  /\b(?:password|passcode|passphrase|passwd|pin|cvv|cvc|security code|api[ -]?key|secret key|access token|token)\s*(?:is|was|=|:)\s*\S+/i;

function hasCardNumber(text: string): boolean {
  for (const match of text.matchAll(/\b\d(?:[ -]?\d){12,18}\b/g)) {
    const digits = match[0].replace(/\D/g, '');
    let sum = 0;
    for (let i = 0; i < digits.length; i++) {
      let d = Number(digits[digits.length - 1 - i]);
      if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
      sum += d;
    }
    if (sum % 10 === 0) return true;
  }
  return false;
}

/** The reason a text cannot be a fact, or null when it can. `isSecret` adds the host's own secrets (the config's). */
export function factProblem(text: string, isSecret: (text: string) => boolean = () => false): string | null {
  const trimmed = text.trim();
  if (!trimmed) return 'A fact needs some text, e.g. "I prefer metric units".';
  if (trimmed.length > MAX_FACT_CHARS)
    return `A fact is a short sentence (at most ${MAX_FACT_CHARS} characters; this one has ${trimmed.length}). Keep documents in the vault instead: wayfinder memory add <file>.`;
  if (redactSecrets(trimmed) !== trimmed || isSecret(trimmed) || SECRET_SAID.test(trimmed) || hasCardNumber(trimmed))
    return 'This looks like a secret (a password, key or token), and secrets never become facts: every prompt carries the facts. Keep secrets in the config file\'s "secrets" instead.';
  return null;
}

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
      const problem = factProblem(text, this.isSecret);
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
