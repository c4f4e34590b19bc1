import type { AgentEvent, ConfirmRequest, Redaction, Store, TaskMode, TaskState } from '@wayfinder/core';
import type { CurrentRedaction } from './redaction';

// Conversations, tasks and their timelines in IndexedDB: the truth a restarted worker or a
// reopened side panel reads back. The agent's `Store` is implemented here.
//   conversations: { id, title, createdAt, updatedAt, taskIds }
//   tasks:         { id, conversationId, state (core TaskState), pending }
//   events:        { seq, taskId, at, event } — a task's timeline, in order
//   favourites:    { id, title, task, mode, createdAt, updatedAt, deletedAt? } (version 2)
// A deleted conversation or favourite is first only marked (`deletedAt`), so Undo can bring
// it back even if the worker stops meanwhile; `purgeDeleted` removes it for good.
// Everything written passes the worker's one redaction first (lib/redaction.ts): a task's
// state and timeline, what it waits for, titles, favourites. Records kept before that are
// redacted as they are read for a list or a file.

export const DB_NAME = 'wayfinder';
export const DB_VERSION = 2;

export interface Conversation {
  id: string;
  title: string;
  createdAt: number;
  updatedAt: number;
  taskIds: string[];
  /** Set when the person deleted it and may still undo. */
  deletedAt?: number;
}

/** A task the person keeps to run again. */
export interface Favourite {
  id: string;
  title: string;
  task: string;
  mode: TaskMode;
  createdAt: number;
  updatedAt: number;
  deletedAt?: number;
}

/** What a task is waiting for from the person, kept so a reopened panel can show it. */
export type PendingRequest =
  | { id: string; kind: 'question'; question: string }
  | { id: string; kind: 'plan'; steps: string[]; message: string }
  /** `from`: who asks, when it is not one of this extension's tasks (a host session's label). */
  | {
      id: string;
      kind: 'confirm';
      question: string;
      tool: string;
      site: string;
      choices: ConfirmRequest['choices'];
      reason: string;
      from?: string;
    }
  | { id: string; kind: 'dialog'; question: string; dialogType: string };

export interface TaskRecord {
  id: string;
  conversationId: string;
  state: TaskState;
  pending: PendingRequest | null;
  /**
   * The model it runs with, as the panel names it; kept from the start, so a panel that reads
   * the task before its first event knows it too (tasks stored before this read it from the
   * task-start event).
   */
  model?: string;
  /** What was attached to the task when it was sent (names only: the files' text went to the model). */
  attached?: AttachedFile[];
}

/** A file, picture or recording sent with a task, as the panel shows it. */
export interface AttachedFile {
  name: string;
  kind: 'text' | 'image' | 'audio';
}

/** A timeline entry: an agent event, or a picture of the page after a step. */
export type TimelineItem = AgentEvent | { type: 'thumbnail'; step: number; data: string; mimeType: string };

export interface EventRecord {
  seq?: number;
  taskId: string;
  at: number;
  event: TimelineItem;
}

/** Schema changes, one per version; `open` runs those above the stored version. */
const UPGRADES: Record<number, (db: IDBDatabase) => void> = {
  1: (db) => {
    db.createObjectStore('conversations', { keyPath: 'id' }).createIndex('updatedAt', 'updatedAt');
    db.createObjectStore('tasks', { keyPath: 'id' }).createIndex('conversationId', 'conversationId');
    db.createObjectStore('events', { keyPath: 'seq', autoIncrement: true }).createIndex('taskId', 'taskId');
  },
  2: (db) => {
    db.createObjectStore('favourites', { keyPath: 'id' });
  },
};

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

export function openDb(name = DB_NAME): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(name, DB_VERSION);
    req.onupgradeneeded = (event) => {
      for (let v = event.oldVersion + 1; v <= DB_VERSION; v++) UPGRADES[v]?.(req.result);
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('Could not open the database'));
    req.onblocked = () =>
      reject(new Error('The database is open in an older version elsewhere; close other Wayfinder pages and try again.'));
  });
}

function isConversation(value: unknown): value is Conversation {
  return typeof value === 'object' && value !== null && 'id' in value && 'taskIds' in value;
}

function isFavourite(value: unknown): value is Favourite {
  return typeof value === 'object' && value !== null && 'id' in value && 'task' in value && 'mode' in value;
}

/**
 * A timeline item as it may be kept or exported: every string redacted, but for a picture's
 * data (a JPEG in base64 is no text, and redaction could only break it).
 */
export function storedItem(redaction: Redaction, item: TimelineItem): TimelineItem {
  return item.type === 'thumbnail' ? item : redaction.value(item);
}

function isTask(value: unknown): value is TaskRecord {
  return typeof value === 'object' && value !== null && 'id' in value && 'state' in value;
}

function isEvent(value: unknown): value is EventRecord {
  return typeof value === 'object' && value !== null && 'taskId' in value && 'event' in value;
}

export class Db implements Store {
  constructor(
    private readonly db: IDBDatabase,
    /** The worker's one redaction, applied to everything written. */
    readonly redaction: CurrentRedaction,
  ) {}

  static async open(redaction: CurrentRedaction, name?: string): Promise<Db> {
    return new Db(await openDb(name), redaction);
  }

  /** A record as it may be written (or shown, when it was kept before redaction). */
  private async redacted<T>(record: T): Promise<T> {
    return (await this.redaction()).value(record);
  }

  close(): void {
    this.db.close();
  }

  // — conversations

  /** The conversations not deleted, newest first. */
  async listConversations(): Promise<Conversation[]> {
    const all: unknown[] = await request(this.db.transaction('conversations').objectStore('conversations').getAll());
    const kept = all.filter(isConversation).filter((c) => c.deletedAt === undefined);
    return (await this.redacted(kept)).sort((a, b) => b.updatedAt - a.updatedAt);
  }

  async conversation(id: string): Promise<Conversation | null> {
    const found: unknown = await request(this.db.transaction('conversations').objectStore('conversations').get(id));
    return isConversation(found) ? this.redacted(found) : null;
  }

  async putConversation(conversation: Conversation): Promise<void> {
    const record = await this.redacted(conversation);
    const tx = this.db.transaction('conversations', 'readwrite');
    tx.objectStore('conversations').put(record);
    await done(tx);
  }

  /** Marks a conversation deleted (`at`), or not deleted (`null`: Undo). Whether it was there. */
  async markConversationDeleted(id: string, at: number | null): Promise<boolean> {
    return this.mark('conversations', id, at);
  }

  /** Removes for good what was marked deleted at or before `before` (`id`: only that one). */
  async purgeDeleted(before: number, id?: string): Promise<void> {
    const conversations: unknown[] = await request(this.db.transaction('conversations').objectStore('conversations').getAll());
    for (const c of conversations.filter(isConversation))
      if (c.deletedAt !== undefined && c.deletedAt <= before && (id === undefined || c.id === id)) await this.deleteConversation(c.id);
    const tx = this.db.transaction('favourites', 'readwrite');
    const favourites: unknown[] = await request(tx.objectStore('favourites').getAll());
    for (const f of favourites.filter(isFavourite))
      if (f.deletedAt !== undefined && f.deletedAt <= before && (id === undefined || f.id === id))
        tx.objectStore('favourites').delete(f.id);
    await done(tx);
  }

  private async mark(storeName: 'conversations' | 'favourites', id: string, at: number | null): Promise<boolean> {
    const tx = this.db.transaction(storeName, 'readwrite');
    const store = tx.objectStore(storeName);
    const found: unknown = await request(store.get(id));
    const known = isConversation(found) || isFavourite(found);
    if (known) {
      const record = { ...found };
      delete record.deletedAt;
      store.put(at === null ? record : { ...record, deletedAt: at });
    }
    await done(tx);
    return known;
  }

  /** Deletes a conversation with its tasks and their timelines. */
  async deleteConversation(id: string): Promise<void> {
    const conversation = await this.conversation(id);
    const tx = this.db.transaction(['conversations', 'tasks', 'events'], 'readwrite');
    tx.objectStore('conversations').delete(id);
    for (const taskId of conversation?.taskIds ?? []) {
      tx.objectStore('tasks').delete(taskId);
      const events = tx.objectStore('events').index('taskId');
      const cursor = events.openKeyCursor(IDBKeyRange.only(taskId));
      cursor.onsuccess = () => {
        const c = cursor.result;
        if (!c) return;
        tx.objectStore('events').delete(c.primaryKey);
        c.continue();
      };
    }
    await done(tx);
  }

  // — tasks

  async task(id: string): Promise<TaskRecord | null> {
    const found: unknown = await request(this.db.transaction('tasks').objectStore('tasks').get(id));
    return isTask(found) ? found : null;
  }

  async putTask(record: TaskRecord): Promise<void> {
    const redacted = await this.redacted(record);
    const tx = this.db.transaction('tasks', 'readwrite');
    tx.objectStore('tasks').put(redacted);
    await done(tx);
  }

  /** Tasks that were running or waiting when the worker last stopped. */
  async unfinishedTasks(): Promise<TaskRecord[]> {
    const all: unknown[] = await request(this.db.transaction('tasks').objectStore('tasks').getAll());
    return all.filter(isTask).filter((t) => t.state.status === 'running' || t.state.status === 'waiting');
  }

  async setPending(taskId: string, pending: PendingRequest | null): Promise<void> {
    const redacted = await this.redacted(pending);
    const tx = this.db.transaction('tasks', 'readwrite');
    const store = tx.objectStore('tasks');
    const found: unknown = await request(store.get(taskId));
    if (isTask(found)) store.put({ ...found, pending: redacted });
    await done(tx);
  }

  // — core's Store

  async saveTask(state: TaskState): Promise<void> {
    const redacted = await this.redacted(state);
    const tx = this.db.transaction('tasks', 'readwrite');
    const store = tx.objectStore('tasks');
    const found: unknown = await request(store.get(state.id));
    if (!isTask(found)) {
      tx.abort();
      throw new Error(`Task ${state.id} has no record to save into; create it with putTask first.`);
    }
    store.put({ ...found, state: redacted });
    await done(tx);
  }

  async loadTask(id: string): Promise<TaskState | null> {
    return (await this.task(id))?.state ?? null;
  }

  async listTasks(): Promise<TaskState[]> {
    const all: unknown[] = await request(this.db.transaction('tasks').objectStore('tasks').getAll());
    return all.filter(isTask).map((t) => t.state);
  }

  // — favourites

  /** The favourites not deleted, most recently saved or renamed first. */
  async listFavourites(): Promise<Favourite[]> {
    const all: unknown[] = await request(this.db.transaction('favourites').objectStore('favourites').getAll());
    const kept = all.filter(isFavourite).filter((f) => f.deletedAt === undefined);
    return (await this.redacted(kept)).sort((a, b) => b.updatedAt - a.updatedAt);
  }

  async favourite(id: string): Promise<Favourite | null> {
    const found: unknown = await request(this.db.transaction('favourites').objectStore('favourites').get(id));
    return isFavourite(found) ? this.redacted(found) : null;
  }

  async putFavourite(favourite: Favourite): Promise<void> {
    const record = await this.redacted(favourite);
    const tx = this.db.transaction('favourites', 'readwrite');
    tx.objectStore('favourites').put(record);
    await done(tx);
  }

  async markFavouriteDeleted(id: string, at: number | null): Promise<boolean> {
    return this.mark('favourites', id, at);
  }

  // — timelines

  async addEvent(taskId: string, event: TimelineItem): Promise<void> {
    const item = storedItem(await this.redaction(), event);
    const tx = this.db.transaction('events', 'readwrite');
    tx.objectStore('events').add({ taskId, at: Date.now(), event: item } satisfies EventRecord);
    await done(tx);
  }

  async events(taskId: string): Promise<EventRecord[]> {
    const all: unknown[] = await request(
      this.db.transaction('events').objectStore('events').index('taskId').getAll(IDBKeyRange.only(taskId)),
    );
    return all.filter(isEvent).sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
  }
}
