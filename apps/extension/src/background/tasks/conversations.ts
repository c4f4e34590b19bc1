import { HOST_CONVERSATION_PREFIX } from '../../lib/bridge-messages';
import { storedItem, type Db } from '../../lib/db';
import { OPEN_CONVERSATION_KEY, SHOW_ASKED_KEY, taskView, type TaskView } from '../../lib/messages';
import type { HostTasks } from '../bridge/host-tasks';
import type { Handlers } from '../router';
import { purgeStale } from './favourites';
import type { TaskLauncher } from './launcher';

// The router's answers to the conversation requests (the panel's history): list (with the
// host's conversations when connected), open, delete and restore (Undo), export to a file.

export interface ConversationParts {
  db: () => Promise<Db>;
  tasks: Pick<TaskLauncher, 'isPaused'>;
  /** The host's conversations (bridge/host-tasks.ts), listed and opened beside the panel's own. */
  hostTasks: Pick<HostTasks, 'history' | 'open'>;
  /** Tells the open side panels to show a conversation. */
  showInPanels: (conversationId: string) => void;
}

type ConversationType =
  'conversations.list' | 'conversation.open' | 'conversation.show' | 'conversation.delete' | 'conversation.restore' | 'conversation.export';

/** How much of a conversation's tasks and answers History's search reads. */
const SEARCH_TEXT_MAX = 4_000;

export function conversationHandlers({ db, tasks, hostTasks, showInPanels }: ConversationParts): Handlers<ConversationType> {
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
      attached: record.attached,
      events,
      model: record.model ?? (start && start.type === 'task-start' ? start.model : ''),
    });
  };

  return {
    'conversations.list': async () => {
      const store = await db();
      await purgeStale(store);
      const conversations = await store.listConversations();
      const redaction = await store.redaction();
      const own = {
        conversations: await Promise.all(
          conversations.map(async (c) => {
            const records = await Promise.all(c.taskIds.map((id) => store.task(id)));
            const last = records.at(-1);
            // What History's search reads besides the title: each task's words and its answer (redacted, as shown).
            const text = records
              .flatMap((r) => (r ? [r.state.task, r.state.result?.summary ?? ''] : []))
              .join('\n')
              .slice(0, SEARCH_TEXT_MAX);
            return { ...c, lastStatus: last?.state.status ?? null, text: redaction.apply(text) };
          }),
        ),
      };
      // The host's conversations too, newest first among all, when connected (bridge/host-tasks.ts).
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
    // A panel open now shows it at once; one opening in the next seconds starts on it (ui/sidepanel/use-panel.ts).
    'conversation.show': async (r) => {
      if (!r.id.startsWith(HOST_CONVERSATION_PREFIX) && !(await (await db()).conversation(r.id)))
        throw new Error('That conversation no longer exists.');
      await chrome.storage.local.set({ [OPEN_CONVERSATION_KEY]: r.id, [SHOW_ASKED_KEY]: Date.now() });
      showInPanels(r.id);
      return { shown: true };
    },
    // Only marked: Undo brings it back until 'deleted.purge' (favourites.ts).
    'conversation.delete': async (r) => ({ deleted: await (await db()).markConversationDeleted(r.id, Date.now()) }),
    'conversation.restore': async (r) => ({ restored: await (await db()).markConversationDeleted(r.id, null) }),
    'conversation.export': async (r) => {
      const store = await db();
      const conversation = await store.conversation(r.id);
      if (!conversation) throw new Error('That conversation no longer exists.');
      // A file travels: it passes the one redaction (records kept before it too; pictures' data left whole).
      const redaction = await store.redaction();
      const tasks = await Promise.all(
        conversation.taskIds.map(async (id) => ({
          task: redaction.value(await store.task(id)),
          events: (await store.events(id)).map((e) => ({ at: e.at, event: storedItem(redaction, e.event) })),
        })),
      );
      const json = JSON.stringify(
        { exportedBy: 'Wayfinder', version: 1, exportedAt: new Date().toISOString(), conversation, tasks },
        null,
        2,
      );
      return {
        json,
        filename: `wayfinder-${conversation.title.replace(/[^\w-]+/g, '-').slice(0, 40)}-${new Date(conversation.createdAt).toISOString().slice(0, 10)}.json`,
      };
    },
  };
}
