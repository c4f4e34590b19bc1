import { FactRefusedError, factProblem, rankTaskRecords, type Fact, type FactRules, type TaskRecord } from '@wayfinder/core';
import type { MemoryDatabase } from './memory-schema';

// The person's facts and what finished tasks left, in the memory database. What may become a
// fact is core's rule (factProblem): nothing that looks like a secret, since every prompt
// carries the facts.

export async function addFact(db: MemoryDatabase, text: string, rules: FactRules): Promise<Fact> {
  const problem = factProblem(text, rules);
  if (problem) throw new FactRefusedError(problem);
  const clean = text.replace(/\s+/g, ' ').trim();
  const tx = db.transaction('facts', 'readwrite');
  const same = (await tx.store.getAll()).find((fact) => fact.text.toLowerCase() === clean.toLowerCase());
  if (same) {
    await tx.done;
    return same;
  }
  const fact: Fact = { id: crypto.randomUUID().slice(0, 8), text: clean, addedAt: Date.now() };
  await tx.store.add(fact);
  await tx.done;
  return fact;
}

/** Best matches first (words in the task, its summary and sites); all, newest first, for an empty query. */
export async function searchTaskRecords(db: MemoryDatabase, query: string, k: number): Promise<TaskRecord[]> {
  return rankTaskRecords((await db.getAllFromIndex('taskRecords', 'endedAt')).reverse(), query, k);
}
