import type { Db } from '../../lib/db';
import type { ParsedRequest } from '../../lib/messages';
import { answerRatingId, type Rating, type RatingReplies } from '../../lib/rating-messages';
import type { CurrentRedaction } from '../../lib/redaction';
import type { Handlers } from '../router';

// Ratings in their own IndexedDB database ('wayfinder-ratings', store 'ratings' keyed by id,
// indexed by time): an answer's rating is stored with its task's prompt, answer, model and
// tool calls read from the task database, so the record says what produced it even after
// the conversation is deleted. A helper's rating comes with its job, preset, input, output
// and site from the content script. Both pass the worker's one redaction before they are
// kept (a rated answer can repeat what a page or the person typed), and again as they are
// listed (for the Ratings page and its export), for ratings kept before it.

export const RATINGS_DB = 'wayfinder-ratings';
const VERSION = 1;
const STORE = 'ratings';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

function isRating(value: unknown): value is Rating {
  return typeof value === 'object' && value !== null && 'id' in value && 'rating' in value && 'target' in value;
}

export class RatingsDb {
  private constructor(
    private readonly db: IDBDatabase,
    private readonly redaction: CurrentRedaction,
  ) {}

  static open(redaction: CurrentRedaction, name = RATINGS_DB): Promise<RatingsDb> {
    return new Promise((resolve, reject) => {
      const req = indexedDB.open(name, VERSION);
      req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: 'id' }).createIndex('at', 'at');
      req.onsuccess = () => resolve(new RatingsDb(req.result, redaction));
      req.onerror = () => reject(req.error ?? new Error('Could not open the ratings database'));
    });
  }

  /** Keeps a rating, redacted; returns it as kept. */
  async put(given: Rating): Promise<Rating> {
    const rating = (await this.redaction()).value(given);
    await request(this.db.transaction(STORE, 'readwrite').objectStore(STORE).put(rating));
    return rating;
  }

  async delete(id: string): Promise<boolean> {
    const store = this.db.transaction(STORE, 'readwrite').objectStore(STORE);
    const had = (await request(store.count(id))) > 0;
    await request(store.delete(id));
    return had;
  }

  /** Newest first. */
  async list(): Promise<Rating[]> {
    const all: unknown[] = await request(this.db.transaction(STORE).objectStore(STORE).index('at').getAll());
    return (await this.redaction()).value(all.filter(isRating).reverse());
  }
}

type SaveRequest = Extract<ParsedRequest, { type: 'rating.save' }>;

/** The task behind an answer: its prompt, answer, model and the tools it called. */
async function answerContext(tasks: Db, context: SaveRequest['context']): Promise<Rating['context']> {
  const taskId = context.taskId ?? '';
  const record = await tasks.task(taskId);
  if (!record) throw new Error('That answer’s task no longer exists, so its rating could not be kept.');
  const events = await tasks.events(taskId);
  const toolCalls = events.flatMap((e) => (e.event.type === 'tool-call' ? [{ tool: e.event.name, input: e.event.input }] : []));
  const start = events.find((e) => e.event.type === 'task-start')?.event;
  const model = record.model ?? (start?.type === 'task-start' ? start.model : undefined);
  return {
    ...context,
    conversationId: record.conversationId,
    prompt: record.state.task,
    answer: record.state.result?.summary ?? record.state.error?.message ?? '',
    ...(model ? { model } : {}),
    toolCalls,
  };
}

let counter = 0;
function newId(): string {
  counter = (counter + 1) % 1e6;
  return `helper:${Date.now().toString(36)}${counter.toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
}

export function ratingHandlers(ratings: () => Promise<RatingsDb>, tasks: () => Promise<Db>): Handlers<keyof RatingReplies> {
  return {
    'rating.save': async (r) => {
      const rating: Rating =
        r.target === 'answer'
          ? {
              id: answerRatingId(r.context.taskId ?? ''),
              target: 'answer',
              rating: r.rating,
              at: Date.now(),
              context: await answerContext(await tasks(), r.context),
            }
          : { id: newId(), target: 'helper', rating: r.rating, at: Date.now(), context: r.context };
      return { rating: await (await ratings()).put(rating) };
    },
    'rating.delete': async (r) => ({ deleted: await (await ratings()).delete(r.id) }),
    'ratings.list': async (r) => ({
      ratings: (await (await ratings()).list()).filter((x) => (!r.target || x.target === r.target) && (!r.rating || x.rating === r.rating)),
    }),
  };
}
