import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newTaskState, Redaction, type TaskRecord } from '@wayfinder/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FactRefusedError, openHostStore, type HostStore } from './index';

let dir = '';
let store: HostStore;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'wayfinder-facts-'));
  store = openHostStore({ WAYFINDER_HOME: dir }, { isSecret: (text) => text.includes('correct-horse-battery') });
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('facts', () => {
  it('are added, listed in the order told, and removed', async () => {
    const a = await store.facts.addFact('  I prefer metric units ');
    const b = await store.facts.addFact('My name is Sam Lee');
    expect(a).toMatchObject({ text: 'I prefer metric units' });
    expect(a.id).toMatch(/^[0-9a-f]{6}$/);
    expect(await store.facts.listFacts()).toEqual([a, b]);
    expect(await store.facts.removeFact(a.id)).toBe(true);
    expect(await store.facts.removeFact(a.id)).toBe(false);
    expect(await store.facts.listFacts()).toEqual([b]);
  });

  it.each([
    ['an API key', 'my OpenAI key: sk-proj-abcdefghijklmnopqrstuvwxyz'],
    ['a GitHub token', 'token ghp_abcdefghijklmnopqrstuvwxyz0123456789AB'],
    ['a private key', '-----BEGIN PRIVATE KEY-----\nMIIB\n-----END PRIVATE KEY-----'],
    ['a password said in words', 'My email password is hunter2'],
    ['a PIN', 'the door pin: 4821'],
    ['a card number', 'my visa is 4111 1111 1111 1111'],
    ['a secret from the config', 'the wifi is correct-horse-battery'],
  ])('%s never becomes a fact', async (_what, text) => {
    await expect(store.facts.addFact(text)).rejects.toThrow(FactRefusedError);
    await expect(store.facts.addFact(text)).rejects.toThrow(
      'This looks like a secret (a password, key, token or card number), and secrets never become facts',
    );
    expect(await store.facts.listFacts()).toEqual([]);
  });

  it.each([
    ['My phone number is +1 506 555 0142', true],
    ['I was born in 1984 and my passport expires in 2031', true],
    ['', false],
    ['x'.repeat(501), false],
  ])('%j is kept: %s', async (text, kept) => {
    if (kept) expect((await store.facts.addFact(text)).text).toBe(text);
    else await expect(store.facts.addFact(text)).rejects.toThrow(FactRefusedError);
  });
});

describe('tasks', () => {
  it('keep their whole state, newest first, and history lists them without it', async () => {
    const older = newTaskState('t1', 'find a tent', 'act', 1000);
    const newer = newTaskState('t2', 'book a ferry', 'plan', 2000);
    await store.tasks.saveTask(older);
    await store.tasks.saveTask(newer);
    await store.tasks.saveTask({
      ...older,
      status: 'done',
      step: 3,
      messages: [{ role: 'user', content: [{ type: 'text', text: 'find a tent' }] }],
      result: { success: true, summary: 'Found the Trail Tent 2P.' },
      updatedAt: 3000,
    });
    expect((await store.tasks.loadTask('t1'))?.result?.summary).toBe('Found the Trail Tent 2P.');
    expect((await store.tasks.loadTask('t1'))?.messages).toEqual([{ role: 'user', content: [{ type: 'text', text: 'find a tent' }] }]);
    expect(await store.tasks.loadTask('nope')).toBeNull();
    expect((await store.tasks.listTasks()).map((t) => t.id)).toEqual(['t2', 't1']);
    expect(store.tasks.history(10)).toEqual([
      { id: 't2', task: 'book a ferry', mode: 'plan', status: 'running', summary: null, createdAt: 2000, updatedAt: 2000, device: null },
      {
        id: 't1',
        task: 'find a tent',
        mode: 'act',
        status: 'done',
        summary: 'Found the Trail Tent 2P.',
        createdAt: 1000,
        updatedAt: 3000,
        device: null,
      },
    ]);
    expect(store.tasks.history(1)).toHaveLength(1);
  });

  it('a task a browser asked for keeps which one, and its events in order', async () => {
    const asked = newTaskState('h1', 'add the lantern', 'act', 4000);
    const forLaptop = store.tasks.forDevice('Chrome on Linux');
    await forLaptop.saveTask(asked);
    await forLaptop.saveTask({ ...asked, status: 'done', result: { success: true, summary: 'Added it.' }, updatedAt: 5000 });
    expect(store.tasks.summary('h1')).toMatchObject({ id: 'h1', status: 'done', summary: 'Added it.', device: 'Chrome on Linux' });
    expect(store.tasks.summary('nope')).toBeNull();
    await store.tasks.addEvent('h1', { type: 'step-start', step: 1 });
    await store.tasks.addEvent('h1', { type: 'text-delta', step: 1, delta: 'Searching.' });
    await store.tasks.addEvent('h1', { type: 'done', success: true, summary: 'Added it.', steps: 1 });
    await store.tasks.addEvent('other', { type: 'step-start', step: 1 });
    expect(store.tasks.events('h1').map((e) => e.type)).toEqual(['step-start', 'text-delta', 'done']);
    expect(store.tasks.events('nope')).toEqual([]);
  });

  it('task records are found by their words, best first; all, newest first, for an empty query; one per task', async () => {
    const record = (taskId: string, task: string, summary: string, endedAt: number): TaskRecord => ({
      taskId,
      task,
      summary,
      success: true,
      status: 'done',
      sites: ['shop.example'],
      endedAt,
    });
    await store.tasks.addTaskRecord(record('a', 'buy a lantern', 'Added the Camp Lantern to the cart.', 1));
    await store.tasks.addTaskRecord(record('b', 'book a ferry to Vashon', 'Booked the 7:15 ferry.', 2));
    await store.tasks.addTaskRecord(record('c', 'compare tents', 'The Trail Tent 2P is lighter.', 3));
    expect((await store.tasks.searchTaskRecords('ferries', 5)).map((r) => r.taskId)).toEqual(['b']);
    expect((await store.tasks.searchTaskRecords('lantern "cart" (NEAR', 5)).map((r) => r.taskId)).toEqual(['a']);
    expect((await store.tasks.searchTaskRecords('', 2)).map((r) => r.taskId)).toEqual(['c', 'b']);
    expect((await store.tasks.searchTaskRecords('ferry', 1))[0]).toEqual(
      record('b', 'book a ferry to Vashon', 'Booked the 7:15 ferry.', 2),
    );

    // The same task ending again replaces its record, in the index too.
    await store.tasks.addTaskRecord(record('b', 'book a ferry to Vashon', 'Cancelled: no sailings.', 4));
    expect((await store.tasks.searchTaskRecords('', 10)).map((r) => r.taskId)).toEqual(['b', 'c', 'a']);
    expect(await store.tasks.searchTaskRecords('15', 5)).toEqual([]);
    expect((await store.tasks.searchTaskRecords('sailings', 5)).map((r) => r.summary)).toEqual(['Cancelled: no sailings.']);
    expect(store.tasks.hasRecords()).toBe(true);
  });
});

describe('tasks with the runtime’s redaction', () => {
  it('write every state, event and record through it: the history’s title, summary, events and records hold no secret', async () => {
    const secret = 'kestrel-7Qx9-vault';
    const redacted = openHostStore(
      { WAYFINDER_HOME: dir },
      { redaction: new Redaction([{ name: 'bank', value: secret, site: 'bank.example' }]) },
    );
    try {
      const state = newTaskState('t1', `log in with ${secret}`, 'act');
      await redacted.tasks.saveTask({ ...state, status: 'done', result: { success: true, summary: `Typed ${secret}.` } });
      await redacted.tasks.addEvent('t1', { type: 'notice', step: 1, message: `the page shows ${secret}` });
      await redacted.tasks.addTaskRecord({
        taskId: 't1',
        task: `log in with ${secret}`,
        summary: `used ${secret}`,
        success: true,
        status: 'done',
        sites: ['bank.example'],
        endedAt: 1,
      });
      const kept = JSON.stringify([
        redacted.tasks.history(10),
        await redacted.tasks.loadTask('t1'),
        redacted.tasks.events('t1'),
        await redacted.tasks.searchTaskRecords('', 5),
      ]);
      expect(kept).toContain('log in with {{secret:bank}}');
      expect(kept).not.toContain(secret);
      // A stored secret is never a fact either.
      await expect(redacted.facts.addFact(`my code is ${secret}`)).rejects.toThrow(/secret/);
    } finally {
      redacted.close();
    }
  });
});
