import type { Fact, MemoryResult, VaultDocument } from '@wayfinder/core';
import { CONFIRM_ANSWERS } from '@wayfinder/core/ui';
import { z } from 'zod';
import { BRIDGE_REQUESTS, type BridgeReplies, type BridgeState } from './bridge-messages';
import { FEED_REQUESTS, type FeedMessage, type FeedReplies } from './feed-messages';
import type { AttachedFile, Conversation, EventRecord, Favourite, PendingRequest, TaskRecord, TimelineItem } from './db';
import type { ConnectionResult } from './models';
import { RATING_REQUESTS, type RatingReplies } from './rating-messages';
import { PROVIDER_IDS } from './settings';
import { SKILL_REQUESTS, type SkillReplies } from './skill-messages';
import { VOICE_REQUESTS, type VoiceReplies } from './voice/messages';

// Every message between the side panel, the options page and the background, in one
// place. Requests are validated where they arrive; replies and port messages have one
// shape each. Bump MESSAGES_VERSION when a shape changes incompatibly.

export const MESSAGES_VERSION = 1;

/** Attached files: how many to one task, and how much of each one's text goes to the model. */
export const ATTACHMENT_MAX_FILES = 5;
export const ATTACHMENT_MAX_CHARS = 40_000;

/** A file's text kept in memory at most, and an import file's size at most (chrome.runtime messages stop at 64 MiB). */
export const MEMORY_FILE_MAX_CHARS = 2_000_000;
export const MEMORY_IMPORT_MAX_CHARS = 50_000_000;

const modelChoice = z.object({ provider: z.enum(PROVIDER_IDS), model: z.string().default('') });

export const REQUEST = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('task.start'),
    conversationId: z.string().nullable().default(null),
    task: z.string().trim().min(1, 'Say what to do.').max(20_000),
    mode: z.enum(['act', 'plan', 'ask']).default('act'),
    model: modelChoice.nullable().default(null),
    includePage: z.boolean().default(true),
    attachments: z
      .array(
        z.object({
          name: z.string().min(1).max(200),
          text: z.string().max(ATTACHMENT_MAX_CHARS),
          /** A captured area of a page (page helpers' Send to chat), as a PNG data URL. */
          image: z
            .string()
            .max(20_000_000)
            .regex(/^data:image\/(png|jpeg|webp);base64,/, 'An attached picture must be an image data URL.')
            .optional(),
          /** A tab's recorded audio (voice's Send to chat), as a WAV data URL: given to a model that takes audio. */
          audio: z
            .string()
            .max(20_000_000)
            .regex(/^data:audio\/wav;base64,/, 'An attached sound must be a WAV data URL.')
            .optional(),
        }),
      )
      .max(ATTACHMENT_MAX_FILES, `Attach at most ${ATTACHMENT_MAX_FILES} files to one task.`)
      .default([]),
  }),
  z.object({ type: z.literal('task.stop'), taskId: z.string() }),
  z.object({ type: z.literal('task.pause'), taskId: z.string(), paused: z.boolean() }),
  z.object({ type: z.literal('task.continue'), taskId: z.string() }),
  z.object({
    type: z.literal('task.answer'),
    taskId: z.string(),
    requestId: z.string(),
    answer: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('question'), text: z.string() }),
      z.object({ kind: z.literal('plan'), approved: z.boolean(), steps: z.array(z.string().trim().min(1)).max(20).optional() }),
      z.object({ kind: z.literal('confirm'), answer: z.enum(CONFIRM_ANSWERS) }),
      z.object({ kind: z.literal('dialog'), accept: z.boolean(), text: z.string().optional() }),
    ]),
  }),
  z.object({ type: z.literal('conversations.list') }),
  z.object({ type: z.literal('conversation.open'), id: z.string() }),
  /** Home's recent tasks and quick task box: show this conversation in the side panel (open now, or opening). */
  z.object({ type: z.literal('conversation.show'), id: z.string() }),
  z.object({ type: z.literal('conversation.delete'), id: z.string() }),
  z.object({ type: z.literal('conversation.export'), id: z.string() }),
  z.object({ type: z.literal('conversation.restore'), id: z.string() }),
  z.object({ type: z.literal('favourites.list') }),
  z.object({
    type: z.literal('favourite.save'),
    task: z.string().trim().min(1, 'Type the task to keep first.').max(20_000),
    mode: z.enum(['act', 'plan', 'ask']).default('act'),
  }),
  z.object({ type: z.literal('favourite.rename'), id: z.string(), title: z.string().trim().min(1, 'Give the favourite a name.').max(200) }),
  z.object({ type: z.literal('favourite.delete'), id: z.string() }),
  z.object({ type: z.literal('favourite.restore'), id: z.string() }),
  /** The undo time is over: what was deleted with this id goes for good. */
  z.object({ type: z.literal('deleted.purge'), id: z.string() }),
  z.object({ type: z.literal('status.get') }),
  /** `place`: where the answer is read (its advice says "above" on the options page). */
  z.object({ type: z.literal('provider.test'), provider: z.enum(PROVIDER_IDS), place: z.enum(['options', 'panel']).default('panel') }),
  /** A cheap check that the provider's server answers (the status line asks it every minute). */
  z.object({ type: z.literal('provider.reach'), provider: z.enum(PROVIDER_IDS) }),
  z.object({ type: z.literal('page.current') }),
  /** The panel's Capture button: an area capture in the page beside it (page helpers, issue 16). */
  z.object({ type: z.literal('page.capture') }),
  // — memory (issue 12; background/memory/ answers these)
  z.object({
    type: z.literal('memory.search'),
    query: z.string().trim().min(1, 'Type what to look for.').max(500),
    k: z.number().int().min(1).max(20).default(5),
  }),
  z.object({ type: z.literal('memory.list') }),
  /** One or more documents (`ids`), a whole site, or everything (`all`). */
  z.object({
    type: z.literal('memory.forget'),
    ids: z.array(z.string()).max(100_000).optional(),
    site: z.string().min(1).optional(),
    all: z.literal(true).optional(),
  }),
  z.object({ type: z.literal('memory.export') }),
  z.object({ type: z.literal('memory.import'), json: z.string().min(1).max(MEMORY_IMPORT_MAX_CHARS) }),
  /** "Remember this page": the active tab's page, now, whatever the capture settings say (never incognito, never a `never` site). */
  z.object({ type: z.literal('memory.rememberPage') }),
  /** A file the panel read to text (attachments.ts) for the vault. */
  z.object({
    type: z.literal('memory.addFile'),
    name: z.string().min(1).max(200),
    text: z.string().max(MEMORY_FILE_MAX_CHARS),
  }),
  z.object({ type: z.literal('memory.status') }),
  /** Re-indexing stopped (a download failed): start it again. */
  z.object({ type: z.literal('memory.reindex') }),
  z.object({ type: z.literal('facts.list') }),
  z.object({ type: z.literal('facts.add'), text: z.string().trim().min(1, 'Type the fact to remember.').max(500) }),
  z.object({ type: z.literal('facts.remove'), id: z.string() }),
  // — skills (issue 13; lib/skill-messages.ts)
  ...SKILL_REQUESTS,
  // — the host's connection to this browser (docs/0028-bridge.md; lib/bridge-messages.ts)
  ...BRIDGE_REQUESTS,
  // — the feed of discoveries and interests (issue 15; lib/feed-messages.ts)
  ...FEED_REQUESTS,
  // — voice (issue 17; lib/voice/messages.ts)
  ...VOICE_REQUESTS,
  // — ratings of answers and page helpers (issue 16; lib/rating-messages.ts)
  ...RATING_REQUESTS,
]);

export type Request = z.input<typeof REQUEST>;

/** A person's answer to what a task waits for. */
export type Answer = Extract<ParsedRequest, { type: 'task.answer' }>['answer'];

/** The safe answer: what a stopped task (`stopped`), or Esc on a card, gives. */
export function declined(kind: PendingRequest['kind'], stopped = true): Answer {
  if (kind === 'question') return { kind: 'question', text: stopped ? '(The task was stopped.)' : '(The person chose not to answer.)' };
  if (kind === 'plan') return { kind: 'plan', approved: false };
  if (kind === 'confirm') return { kind: 'confirm', answer: 'deny' };
  return { kind: 'dialog', accept: false };
}
export type ParsedRequest = z.infer<typeof REQUEST>;

export interface ConversationSummary extends Conversation {
  lastStatus: string | null;
  /** Its tasks' words and answers, for History's search (redacted; absent for the host's). */
  text?: string;
  /** A task the host keeps (`host.history`): which browser asked it (null: started on the host). */
  host?: { device: string | null };
}

/** A task as the panel shows it: its state without the model's history (large), and its timeline. */
export interface TaskView {
  id: string;
  conversationId: string;
  task: string;
  mode: string;
  status: string;
  step: number;
  result: TaskRecord['state']['result'];
  error: TaskRecord['state']['error'];
  usage: TaskRecord['state']['usage'];
  plan: TaskRecord['state']['plan'];
  model: string;
  pending: PendingRequest | null;
  /** Held between steps by the person (Pause); Resume lets it go on. */
  paused: boolean;
  events: EventRecord[];
  /** A task the host runs (docs/0028-bridge.md): the browser that asked it. */
  host?: { device: string | null };
  /** What was attached when it was sent. */
  attached?: AttachedFile[];
}

/** The panel's view of a task's state (the one place a TaskView is made). */
export function taskView(
  state: TaskRecord['state'],
  about: {
    conversationId: string;
    model: string;
    pending: PendingRequest | null;
    events: EventRecord[];
    paused?: boolean;
    attached?: AttachedFile[] | undefined;
  },
): TaskView {
  const { id, task, mode, status, step, result, error, usage, plan } = state;
  const live = status === 'running' || status === 'waiting';
  // An ended task waits for nothing: a request stored as it ended is not shown as a live card.
  return {
    id,
    task,
    mode,
    status,
    step,
    result,
    error,
    usage,
    plan,
    ...about,
    pending: live ? about.pending : null,
    paused: live && (about.paused ?? false),
    ...(about.attached?.length ? { attached: about.attached } : {}),
  };
}

export interface Status {
  runningTaskId: string | null;
  attachedTabs: number[];
  model: string;
  modelProblem: string | null;
}

export interface PageInfo {
  title: string;
  url: string;
  favIconUrl: string;
}

/** What each request answers (an `error` says what went wrong and what to do). */
export interface Replies extends SkillReplies, BridgeReplies, FeedReplies, VoiceReplies, RatingReplies {
  'task.start': { taskId: string; conversationId: string; view: TaskView };
  /** A task sent to the host's agent (the bridge's requests are in bridge-messages.ts). */
  'host.start': { taskId: string; conversationId: string; view: TaskView };
  'task.stop': { stopped: boolean };
  'task.pause': { paused: boolean };
  'task.continue': { view: TaskView };
  'task.answer': { delivered: boolean };
  'conversations.list': { conversations: ConversationSummary[] };
  'conversation.open': { conversation: Conversation; tasks: TaskView[] };
  'conversation.show': { shown: boolean };
  'conversation.delete': { deleted: boolean };
  'conversation.export': { json: string; filename: string };
  'conversation.restore': { restored: boolean };
  'favourites.list': { favourites: Favourite[] };
  'favourite.save': { favourite: Favourite };
  'favourite.rename': { favourite: Favourite };
  'favourite.delete': { deleted: boolean };
  'favourite.restore': { restored: boolean };
  'deleted.purge': { purged: boolean };
  'status.get': Status;
  'provider.test': ConnectionResult;
  'provider.reach': ConnectionResult;
  'page.current': { page: PageInfo | null };
  'page.capture': { started: boolean };
  'memory.search': { results: MemoryResult[]; terms: string[] };
  'memory.list': { documents: VaultDocument[]; stats: MemoryStats };
  'memory.forget': { removed: number };
  'memory.export': { json: string; filename: string };
  'memory.import': { imported: number; skipped: number };
  'memory.rememberPage': { outcome: 'stored' | 'unchanged'; title: string; url: string; chunks: number };
  'memory.addFile': { outcome: 'stored' | 'unchanged'; docId: string; chunks: number };
  'memory.status': MemoryStats;
  'memory.reindex': { reindex: ReindexState };
  'facts.list': { facts: Fact[] };
  'facts.add': { fact: Fact };
  'facts.remove': { removed: boolean };
}

/** Re-giving every chunk a vector after the embedder changed. */
export interface ReindexState {
  embedder: string;
  done: number;
  total: number;
  running: boolean;
  /** Why it stopped early (the model could not be downloaded …); null when it did not. */
  error: string | null;
}

export interface MemoryStats {
  documents: number;
  chunks: number;
  /** Characters of text kept. */
  chars: number;
  /** Bytes this extension's storage uses (navigator.storage.estimate), or null when unknown. */
  bytesUsed: number | null;
  maxDocuments: number;
  /** The embedder in use, as a person reads it ("Word hashing (built in)", "all-MiniLM-L6-v2"). */
  embedder: string;
  reindex: ReindexState | null;
  /** The MiniLM model's download, while it is the embedder chosen and not all in yet (bytes); null otherwise. */
  download: { loaded: number; total: number } | null;
}

export type Reply<T extends Request['type']> = ({ ok: true } & Replies[T]) | { ok: false; error: string };

/** Background → panel, over the `panel` port. */
export type PanelMessage =
  | { type: 'timeline'; taskId: string; conversationId: string; item: TimelineItem }
  | { type: 'pending'; taskId: string; request: PendingRequest | null }
  /** A task started (`view`: all the panel needs to show it) or ended (`update`: its final state). */
  | { type: 'task'; taskId: string; conversationId: string; status: string; view?: TaskView; update?: Partial<TaskView> }
  | { type: 'status'; status: Status }
  /** The connection to the host (`wayfinder serve`): its state, its sessions, its questions waiting. */
  | { type: 'bridge'; bridge: BridgeState }
  /** The feed's count of new discoveries changed (lib/feed-messages.ts). */
  | FeedMessage
  /** Show this conversation (Home asked: a recent task, or a task started there). */
  | { type: 'show'; conversationId: string };

export const PANEL_PORT = 'wayfinder-panel';

/** chrome.storage.local: the conversation open when the panel was last used (null: a new chat). */
export const OPEN_CONVERSATION_KEY = 'panel.openConversation';
/** chrome.storage.local: when Home last asked for a conversation to be shown (ms) — a panel opening then shows it. */
export const SHOW_ASKED_KEY = 'panel.showAsked';
/** How long Home's ask stands for a panel that is still opening. */
export const SHOW_ASKED_MS = 15_000;

/** How long a deleted conversation or favourite can be brought back with Undo. */
export const UNDO_MS = 10_000;

const PANEL_MESSAGE = z.object({ type: z.enum(['timeline', 'pending', 'task', 'status', 'bridge', 'feed', 'show']) }).loose();

export function isPanelMessage(value: unknown): value is PanelMessage {
  return PANEL_MESSAGE.safeParse(value).success;
}

/** Sends a request to the background and returns its reply (errors as `{ ok: false }`). */
export async function ask<T extends Request['type']>(message: Extract<Request, { type: T }>): Promise<Reply<T>> {
  try {
    const reply: unknown = await chrome.runtime.sendMessage(message);
    if (typeof reply !== 'object' || reply === null || !('ok' in reply))
      return { ok: false, error: 'The background did not answer. Reload the extension (chrome://extensions) if this keeps happening.' };
    // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- the background answers each request type with Reply<T> (background/router.ts)
    return reply as Reply<T>;
  } catch (error) {
    return { ok: false, error: `Could not reach the background: ${error instanceof Error ? error.message : String(error)}` };
  }
}
