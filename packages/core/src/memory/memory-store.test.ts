import { describe, expect, it } from 'vitest';
import { HashEmbedder } from './hash-embedder';
import { InMemoryMemory } from './memory-store';
import type { TaskRecord } from './types';
import { memoryAccess, Vault } from './vault';

const record = (taskId: string, task: string, summary: string, endedAt: number): TaskRecord => ({
  taskId,
  task,
  summary,
  success: true,
  status: 'done',
  sites: ['example.com'],
  endedAt,
});

describe('InMemoryMemory facts', () => {
  it('adds, lists and removes facts; the same fact twice is kept once; an empty one is refused', async () => {
    const memory = new InMemoryMemory();
    const units = await memory.addFact('I prefer   metric units');
    expect(units.text).toBe('I prefer metric units');
    expect((await memory.addFact('i prefer metric units')).id).toBe(units.id);
    await memory.addFact('My name is Ada');
    expect((await memory.listFacts()).map((fact) => fact.text)).toEqual(['I prefer metric units', 'My name is Ada']);
    expect(await memory.removeFact(units.id)).toBe(true);
    expect(await memory.removeFact(units.id)).toBe(false);
    expect((await memory.listFacts()).map((fact) => fact.text)).toEqual(['My name is Ada']);
    await expect(memory.addFact('  ')).rejects.toThrow(/needs some text/);
  });
});

describe('InMemoryMemory task records', () => {
  it('finds records by the words of their task and summary, best first; all, newest first, for an empty query', async () => {
    const memory = new InMemoryMemory();
    await memory.addTaskRecord(record('t1', 'Book a table for two', 'Booked Chez Marie for Friday at 8 pm.', 1));
    await memory.addTaskRecord(record('t2', 'Find flights to Lisbon', 'Cheapest flight: TAP, 240 euros, leaving Monday.', 2));
    await memory.addTaskRecord(record('t3', 'Compare flight prices to Porto', 'Ryanair was cheapest.', 3));
    expect((await memory.searchTaskRecords('lisbon flights', 5)).map((r) => r.taskId)).toEqual(['t2', 't3']);
    expect((await memory.searchTaskRecords('restaurant booking', 5)).map((r) => r.taskId)).toEqual(['t1']);
    expect((await memory.searchTaskRecords('', 2)).map((r) => r.taskId)).toEqual(['t3', 't2']);
    expect(await memory.searchTaskRecords('kubernetes', 5)).toEqual([]);
  });
});

describe('memoryAccess', () => {
  it('is empty until the vault, the facts or the task records hold something, and searches the vault', async () => {
    const memory = new InMemoryMemory();
    const vault = new Vault(memory, new HashEmbedder());
    const access = memoryAccess(vault, memory, memory);
    expect(await access.isEmpty()).toBe(true);
    const fact = await memory.addFact('I live in Moncton');
    expect(await access.isEmpty()).toBe(false);
    await memory.removeFact(fact.id);
    await memory.addTaskRecord(record('t1', 'Book a table', 'Booked.', 1));
    expect(await access.isEmpty()).toBe(false);

    const vaultOnly = new InMemoryMemory();
    const other = memoryAccess(new Vault(vaultOnly, new HashEmbedder()), vaultOnly, vaultOnly);
    await new Vault(vaultOnly, new HashEmbedder()).ingest({
      kind: 'page',
      url: 'https://example.com/',
      title: 'Tides',
      text: 'High tide in Hopewell Rocks is at noon.',
    });
    expect(await other.isEmpty()).toBe(false);
    expect((await other.search('when is high tide', 3))[0]?.title).toBe('Tides');
  });
});
