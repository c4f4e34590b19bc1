import { maskCardNumbers } from '@wayfinder/core/ui';
import { HOST_CONVERSATION_PREFIX } from '../lib/bridge-messages';
import type { Db } from '../lib/db';
import { REQUEST, taskView, type ParsedRequest, type Replies, type TaskView } from '../lib/messages';
import { checkReachable, testConnection } from '../lib/models';
import { loadSettings } from '../lib/settings';
import { bridgeHandlers, UNAVAILABLE_BRIDGE, type BridgeRouterParts } from './bridge/handlers';
import { favouriteHandlers, purgeStale } from './tasks/favourites';
import { feedHandlers, UNAVAILABLE_FEED, type FeedParts } from './research/feed-handlers';
import { memoryHandlers, type MemoryParts } from './memory/handlers';
import type { PendingRequests } from './pending';
import { ratingHandlers, ratingsDb } from './helpers/ratings';
import { skillHandlers, UNAVAILABLE_SKILLS, type SkillParts } from './skills/handlers';
import { UNAVAILABLE_VOICE, voiceHandlers, type Voice } from './voice/voice';
import type { TaskLauncher } from './tasks/launcher';

// Answers requests from the side panel and the options page. Every request is checked
// here — who sent it (only this extension's own pages), and its shape — and every reply is
// `{ ok: true, … }` or `{ ok: false, error }` with a sentence to show.

type Handler<T extends ParsedRequest['type']> = (request: Extract<ParsedRequest, { type: T }>) => Promise<Replies[T]>;

/** The sender fields the router reads (chrome.runtime.MessageSender, or a port's sender). */
export interface Sender {
  id?: string;
  url?: string;
}

/**
 * Whether a message comes from one of this extension's own pages (side panel, options,
 * site permissions, welcome). Content scripts run in web pages and will bring messages of
 * their own; until then nothing from a page, or from another extension, is answered.
 */
export function fromOwnPage(sender: Sender, extensionId: string): boolean {
  return sender.id === extensionId && typeof sender.url === 'string' && sender.url.startsWith(`chrome-extension://${extensionId}/`);
}

export interface RouterParts {
  extensionId: string;
  tasks: Pick<TaskLauncher, 'start' | 'stop' | 'status' | 'pause' | 'resumeTask' | 'isPaused'>;
  pending: Pick<PendingRequests, 'answer'>;
  db: () => Promise<Db>;
  currentPage: () => Promise<Replies['page.current']>;
  /** Starts an area capture in the page beside the panel (background/page-helpers.ts); without it, refused. */
  capturePage?: () => Promise<void>;
  /** Memory (background/memory*.ts); without it, memory requests are answered with an error. */
  memory?: MemoryParts;
  /** Skills (background/skills-*.ts); without them, skills requests are answered with an error. */
  skills?: SkillParts;
  /** The connection to the host (background/bridge-client.ts); without it, bridge requests are answered with an error. */
  bridge?: BridgeRouterParts;
  /** The feed and interests (background/feed.ts); without them, feed requests are answered with an error. */
  feed?: FeedParts;
  /** Voice (background/voice.ts); without it, spoken replies and tab audio are not available. */
  voice?: Voice;
}

export function makeRouter({
  extensionId,
  tasks,
  pending,
  db,
  currentPage,
  capturePage,
  memory,
  skills,
  bridge,
  feed,
  voice,
}: RouterParts) {
  const { hostTasks } = bridge ?? UNAVAILABLE_BRIDGE;
  const viewOf = async (id: string): Promise<TaskView | null> => {
    const store = await db();
    const record = await store.task(id);
    if (!record) return null;
    const { state } = record;
    const events = await store.events(id);
    const start = events.find((e) => e.event.type === 'task-start')?.event;
    return taskView(state, {
      conversationId: record.conversationId,
      pending: record.pending,
      paused: tasks.isPaused(id),
      events,
      model: record.model ?? (start && start.type === 'task-start' ? start.model : ''),
    });
  };

  const handlers: { [T in ParsedRequest['type']]: Handler<T> } = {
    'task.start': (r) => tasks.start(r),
    'task.stop': async (r) => ({ stopped: await tasks.stop(r.taskId) }),
    'task.pause': (r) => Promise.resolve({ paused: tasks.pause(r.taskId, r.paused) }),
    'task.continue': async (r) => ({ view: await tasks.resumeTask(r.taskId) }),
    'task.answer': (r) => Promise.resolve({ delivered: pending.answer(r.taskId, r.requestId, r.answer) }),
    'conversations.list': async () => {
      const store = await db();
      await purgeStale(store);
      const conversations = await store.listConversations();
      const own = {
        conversations: await Promise.all(
          conversations.map(async (c) => {
            const last = c.taskIds.at(-1);
            return { ...c, lastStatus: last ? ((await store.task(last))?.state.status ?? null) : null };
          }),
        ),
      };
      // The host's conversations too, newest first among all, when connected (host-tasks.ts).
      const host = await hostTasks.history();
      return { conversations: [...own.conversations, ...host].sort((a, b) => b.updatedAt - a.updatedAt) };
    },
    'conversation.open': async (r) => {
      if (r.id.startsWith(HOST_CONVERSATION_PREFIX)) return hostTasks.open(r.id);
      const conversation = await (await db()).conversation(r.id);
      if (!conversation) throw new Error('That conversation no longer exists.');
      const views = await Promise.all(conversation.taskIds.map(viewOf));
      return { conversation, tasks: views.filter((v): v is TaskView => v !== null) };
    },
    // Only marked: Undo brings it back until 'deleted.purge' (favourites.ts).
    'conversation.delete': async (r) => ({ deleted: await (await db()).markConversationDeleted(r.id, Date.now()) }),
    'conversation.restore': async (r) => ({ restored: await (await db()).markConversationDeleted(r.id, null) }),
    ...favouriteHandlers(db),
    'conversation.export': async (r) => {
      const store = await db();
      const conversation = await store.conversation(r.id);
      if (!conversation) throw new Error('That conversation no longer exists.');
      const tasks = await Promise.all(
        conversation.taskIds.map(async (id) => ({
          task: await store.task(id),
          events: (await store.events(id)).map((e) => ({ at: e.at, event: e.event })),
        })),
      );
      // A file travels: card numbers in it keep only their last four digits (pictures' data left whole).
      const json = JSON.stringify(
        { exportedBy: 'Wayfinder', version: 1, exportedAt: new Date().toISOString(), conversation, tasks },
        (key, value: unknown) => (typeof value === 'string' && key !== 'data' ? maskCardNumbers(value) : value),
        2,
      );
      return {
        json,
        filename: `wayfinder-${conversation.title.replace(/[^\w-]+/g, '-').slice(0, 40)}-${new Date(conversation.createdAt).toISOString().slice(0, 10)}.json`,
      };
    },
    'status.get': () => tasks.status(),
    'provider.test': async (r) => testConnection(await loadSettings(), r.provider, r.place),
    'provider.reach': async (r) => checkReachable(await loadSettings(), r.provider),
    'page.current': () => currentPage(),
    'page.capture': async () => {
      if (!capturePage) throw new Error('Area capture is not available here; reload the extension (chrome://extensions).');
      await capturePage();
      return { started: true };
    },
    ...memoryHandlers(
      memory ?? {
        memory: () => Promise.reject(new Error('Memory is not available here; reload the extension (chrome://extensions).')),
        activeTab: () => Promise.resolve(null),
      },
    ),
    ...skillHandlers(skills ?? UNAVAILABLE_SKILLS),
    ...bridgeHandlers(bridge ?? UNAVAILABLE_BRIDGE),
    ...feedHandlers(feed ?? UNAVAILABLE_FEED),
    ...voiceHandlers(voice ?? UNAVAILABLE_VOICE),
    ...ratingHandlers(ratingsDb, db),
  };

  // A switch, so each request reaches its own handler with its own type.
  const dispatch = (request: ParsedRequest): Promise<object> => {
    switch (request.type) {
      case 'task.start':
        return handlers['task.start'](request);
      case 'task.stop':
        return handlers['task.stop'](request);
      case 'task.pause':
        return handlers['task.pause'](request);
      case 'task.continue':
        return handlers['task.continue'](request);
      case 'task.answer':
        return handlers['task.answer'](request);
      case 'conversations.list':
        return handlers['conversations.list'](request);
      case 'conversation.open':
        return handlers['conversation.open'](request);
      case 'conversation.delete':
        return handlers['conversation.delete'](request);
      case 'conversation.export':
        return handlers['conversation.export'](request);
      case 'conversation.restore':
        return handlers['conversation.restore'](request);
      case 'favourites.list':
        return handlers['favourites.list'](request);
      case 'favourite.save':
        return handlers['favourite.save'](request);
      case 'favourite.rename':
        return handlers['favourite.rename'](request);
      case 'favourite.delete':
        return handlers['favourite.delete'](request);
      case 'favourite.restore':
        return handlers['favourite.restore'](request);
      case 'deleted.purge':
        return handlers['deleted.purge'](request);
      case 'status.get':
        return handlers['status.get'](request);
      case 'provider.test':
        return handlers['provider.test'](request);
      case 'provider.reach':
        return handlers['provider.reach'](request);
      case 'page.current':
        return handlers['page.current'](request);
      case 'page.capture':
        return handlers['page.capture'](request);
      case 'memory.search':
        return handlers['memory.search'](request);
      case 'memory.list':
        return handlers['memory.list'](request);
      case 'memory.forget':
        return handlers['memory.forget'](request);
      case 'memory.export':
        return handlers['memory.export'](request);
      case 'memory.import':
        return handlers['memory.import'](request);
      case 'memory.rememberPage':
        return handlers['memory.rememberPage'](request);
      case 'memory.addFile':
        return handlers['memory.addFile'](request);
      case 'memory.status':
        return handlers['memory.status'](request);
      case 'memory.reindex':
        return handlers['memory.reindex'](request);
      case 'facts.list':
        return handlers['facts.list'](request);
      case 'facts.add':
        return handlers['facts.add'](request);
      case 'facts.remove':
        return handlers['facts.remove'](request);
      case 'skill.record.start':
        return handlers['skill.record.start'](request);
      case 'skill.record.status':
        return handlers['skill.record.status'](request);
      case 'skill.record.note':
        return handlers['skill.record.note'](request);
      case 'skill.record.stop':
        return handlers['skill.record.stop'](request);
      case 'skill.record.cancel':
        return handlers['skill.record.cancel'](request);
      case 'skills.list':
        return handlers['skills.list'](request);
      case 'skill.get':
        return handlers['skill.get'](request);
      case 'skill.edit':
        return handlers['skill.edit'](request);
      case 'skill.delete':
        return handlers['skill.delete'](request);
      case 'skill.export':
        return handlers['skill.export'](request);
      case 'skill.import':
        return handlers['skill.import'](request);
      case 'skill.run':
        return handlers['skill.run'](request);
      case 'bridge.state':
        return handlers['bridge.state'](request);
      case 'bridge.pair':
        return handlers['bridge.pair'](request);
      case 'bridge.connect':
        return handlers['bridge.connect'](request);
      case 'bridge.disconnect':
        return handlers['bridge.disconnect'](request);
      case 'bridge.forget':
        return handlers['bridge.forget'](request);
      case 'host.start':
        return handlers['host.start'](request);
      case 'host.stop':
        return handlers['host.stop'](request);
      case 'feed.list':
        return handlers['feed.list'](request);
      case 'feed.react':
        return handlers['feed.react'](request);
      case 'feed.unread':
        return handlers['feed.unread'](request);
      case 'interests.list':
        return handlers['interests.list'](request);
      case 'interests.add':
        return handlers['interests.add'](request);
      case 'interests.remove':
        return handlers['interests.remove'](request);
      case 'watch.pick':
        return handlers['watch.pick'](request);
      case 'watch.add':
        return handlers['watch.add'](request);
      case 'watch.list':
        return handlers['watch.list'](request);
      case 'watch.remove':
        return handlers['watch.remove'](request);
      case 'voice.speak':
        return handlers['voice.speak'](request);
      case 'voice.stopSpeaking':
        return handlers['voice.stopSpeaking'](request);
      case 'voice.tab.capture':
        return handlers['voice.tab.capture'](request);
      case 'voice.tab.clear':
        return handlers['voice.tab.clear'](request);
      case 'rating.save':
        return handlers['rating.save'](request);
      case 'rating.delete':
        return handlers['rating.delete'](request);
      case 'ratings.list':
        return handlers['ratings.list'](request);
    }
  };

  return async function route(message: unknown, sender: Sender): Promise<unknown> {
    if (!fromOwnPage(sender, extensionId)) return { ok: false, error: 'Wayfinder answers only its own pages.' };
    const parsed = REQUEST.safeParse(message);
    if (!parsed.success)
      return { ok: false, error: `Wayfinder could not read that request: ${parsed.error.issues.map((i) => i.message).join('; ')}` };
    const request = parsed.data;
    try {
      return { ok: true, ...(await dispatch(request)) };
    } catch (error) {
      return { ok: false, error: error instanceof Error ? error.message : String(error) };
    }
  };
}
