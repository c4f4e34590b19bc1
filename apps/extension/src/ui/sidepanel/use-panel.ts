import { useCallback, useEffect, useRef, useState } from 'react';
import type { TimelineItem } from '../../lib/db';
import {
  ask,
  isPanelMessage,
  OPEN_CONVERSATION_KEY,
  PANEL_PORT,
  SHOW_ASKED_KEY,
  SHOW_ASKED_MS,
  type ConversationSummary,
  type PanelMessage,
  type Status,
  type TaskView,
} from '../../lib/messages';
import type { BridgeState } from '../../lib/bridge-messages';
import { isSkillReplay } from '../../lib/skill-messages';

// The side panel's state: the open conversation and its tasks, the list of conversations,
// and the background's status, kept current through the panel port. The port reconnects
// when the worker restarts (reconnecting is also what wakes a stopped worker).

const TERMINAL = new Set(['done', 'failed', 'stopped', 'interrupted']);

function rememberOpen(id: string | null): void {
  chrome.storage.local
    .set({ [OPEN_CONVERSATION_KEY]: id })
    .catch((error: unknown) => console.error('wayfinder: could not remember the open conversation', error));
}

/** The conversation open last time (undefined: never chosen), and whether Home asked for it just now. */
async function rememberedOpen(): Promise<{ id: string | null | undefined; asked: boolean }> {
  const stored: Record<string, unknown> = await chrome.storage.local.get([OPEN_CONVERSATION_KEY, SHOW_ASKED_KEY]);
  const value = stored[OPEN_CONVERSATION_KEY];
  const askedAt = stored[SHOW_ASKED_KEY];
  const id = typeof value === 'string' || value === null ? value : undefined;
  return { id, asked: typeof id === 'string' && typeof askedAt === 'number' && Date.now() - askedAt < SHOW_ASKED_MS };
}

function appendItem(task: TaskView, item: TimelineItem): TaskView {
  const events = [...task.events];
  const last = events.at(-1)?.event;
  if (item.type === 'text-delta' && last?.type === 'text-delta' && last.step === item.step) {
    events[events.length - 1] = { taskId: task.id, at: Date.now(), event: { ...last, delta: last.delta + item.delta } };
  } else events.push({ taskId: task.id, at: Date.now(), event: item });
  const step = 'step' in item && typeof item.step === 'number' ? Math.max(task.step, item.step) : task.step;
  // A plan's checklist follows its steps as they start and end.
  const plan = item.type === 'plan-step' && Array.isArray(item.plan) ? item.plan : task.plan;
  return { ...task, events, step, plan };
}

function addTask(tasks: TaskView[], view: TaskView): TaskView[] {
  return tasks.some((t) => t.id === view.id) ? tasks : [...tasks, view];
}

export function usePanel() {
  const [conversationId, setConversationId] = useState<string | null>(null);
  const [tasks, setTasks] = useState<TaskView[]>([]);
  const [conversations, setConversations] = useState<ConversationSummary[]>([]);
  const [status, setStatus] = useState<Status | null>(null);
  /** The host's connection to this browser (and the host's questions waiting), when it is paired. */
  const [bridge, setBridge] = useState<BridgeState | null>(null);
  const [error, setError] = useState<string | null>(null);
  const current = useRef<string | null>(null);
  // What is shown now, readable from port callbacks without waiting for a render.
  const shown = useRef<TaskView[]>([]);
  useEffect(() => {
    shown.current = tasks;
  }, [tasks]);

  const refreshList = useCallback(async () => {
    const reply = await ask({ type: 'conversations.list' });
    if (reply.ok) setConversations(reply.conversations);
    else setError(reply.error);
  }, []);

  const openConversation = useCallback(async (id: string | null) => {
    // A problem shown belonged to what was open: a new chat or another conversation starts clear.
    setError(null);
    current.current = id;
    setConversationId(id);
    rememberOpen(id);
    if (!id) {
      setTasks([]);
      return;
    }
    const reply = await ask({ type: 'conversation.open', id });
    if (reply.ok) {
      if (current.current === id) setTasks(reply.tasks);
    } else setError(reply.error);
  }, []);

  const onMessage = useCallback(
    (message: PanelMessage) => {
      if (message.type === 'status') {
        setStatus(message.status);
        return;
      }
      if (message.type === 'bridge') {
        setBridge(message.bridge);
        return;
      }
      // The feed's count: the panel's feed line follows it itself (FeedLine.tsx).
      if (message.type === 'feed') return;
      // Home asked (a recent task opened, or a task started there).
      if (message.type === 'show') {
        if (message.conversationId !== current.current) void openConversation(message.conversationId);
        void refreshList();
        return;
      }
      if (message.type === 'pending') {
        setTasks((ts) => ts.map((t) => (t.id === message.taskId ? { ...t, pending: message.request } : t)));
        return;
      }
      if (message.type === 'timeline') {
        if (message.conversationId !== current.current) return;
        if (!shown.current.some((t) => t.id === message.taskId)) {
          void openConversation(message.conversationId);
          return;
        }
        setTasks((ts) => ts.map((t) => (t.id === message.taskId ? appendItem(t, message.item) : t)));
        return;
      }
      // A task started or ended: the message carries what changed.
      if (message.conversationId === current.current) {
        const known = shown.current.some((t) => t.id === message.taskId);
        const { view, update } = message;
        if (view) setTasks((ts) => addTask(ts, view));
        else if (known && update) setTasks((ts) => ts.map((t) => (t.id === message.taskId ? { ...t, ...update } : t)));
        // A task this panel has never seen (opened after it started): read the conversation once.
        else if (!known) void openConversation(message.conversationId);
      } else if (
        message.view?.host &&
        message.status === 'running' &&
        !shown.current.some((t) => t.status === 'running' || t.status === 'waiting')
      ) {
        // A host task (another browser asked, or `wayfinder serve` got it): shown as it goes.
        current.current = message.conversationId;
        // Its steps follow at once, before a render: they must find it shown.
        shown.current = [message.view];
        setConversationId(message.conversationId);
        setTasks([message.view]);
      } else if (
        isSkillReplay(message.view?.model) &&
        message.status === 'running' &&
        !shown.current.some((t) => t.status === 'running' || t.status === 'waiting')
      ) {
        // A skill run started from the Skills page: shown here, where its confirmations are answered.
        void openConversation(message.conversationId);
      }
      if (TERMINAL.has(message.status)) void refreshList();
    },
    [openConversation, refreshList],
  );

  /** Shows a task the panel just started (its conversation, if that is new), without reading it back. */
  const showStarted = useCallback((id: string, view: TaskView) => {
    if (current.current !== id) {
      current.current = id;
      shown.current = [view];
      setConversationId(id);
      rememberOpen(id);
      setTasks([view]);
    } else setTasks((ts) => addTask(ts, view));
  }, []);

  useEffect(() => {
    let port: chrome.runtime.Port | null = null;
    let closed = false;
    const connect = () => {
      if (closed) return;
      port = chrome.runtime.connect({ name: PANEL_PORT });
      // Its changes come through the port from now on; what it is now, asked once.
      void ask({ type: 'bridge.state' }).then((reply) => {
        if (reply.ok) setBridge(reply.bridge);
      });
      port.onMessage.addListener((message: unknown) => {
        if (isPanelMessage(message)) onMessage(message);
      });
      port.onDisconnect.addListener(() => {
        port = null;
        // The worker stopped: reconnect (which starts it again) and reload what we show.
        setTimeout(() => {
          connect();
          void refreshList();
          if (current.current) void openConversation(current.current);
        }, 300);
      });
    };
    connect();
    return () => {
      closed = true;
      port?.disconnect();
    };
  }, [onMessage, openConversation, refreshList]);

  useEffect(() => {
    // On opening: the conversation with a task still going, if there is one; else the one
    // open last time (a new chat if that was chosen), or the newest.
    void (async () => {
      const reply = await ask({ type: 'conversations.list' });
      if (!reply.ok) {
        setError(reply.error);
        return;
      }
      setConversations(reply.conversations);
      const remembered = await rememberedOpen();
      const active = reply.conversations.find((c) => c.lastStatus === 'running' || c.lastStatus === 'waiting');
      if (active && !remembered.asked) {
        await openConversation(active.id);
        return;
      }
      const id = remembered.id === undefined ? (reply.conversations[0]?.id ?? null) : remembered.id;
      // Not if the person started something meanwhile, or it was deleted.
      if (id && current.current === null && reply.conversations.some((c) => c.id === id)) await openConversation(id);
    })();
  }, [openConversation]);

  return { conversationId, tasks, conversations, status, bridge, error, setError, openConversation, showStarted, refreshList };
}
