import type { AgentEvent } from '@wayfinder/core';
import { z } from 'zod';

// The wire between the host (`wayfinder serve`, the hub) and a browser (the extension, a
// "device"): JSON text frames over one WebSocket the extension dials out to
// ws://127.0.0.1:PORT. The first frame is a hello; after the hub's welcome, both ends send
// envelopes: calls (with ids and deadlines) and their results, cancels, events, and
// ping/pong. Calls go both ways: the host drives the browser (`browser.*`, `tab.*`, and
// asks the person through `person.confirm`); the browser asks the host its request guard
// and dialog policy (`host.*`). Other host processes (`wayfinder run --browser extension`,
// `wayfinder mcp --extension`) reach a device through the hub as "local" clients: their
// calls name the device and the hub passes them on. docs/0028-bridge.md says why.

export const PROTOCOL_VERSION = 1;
/** Where `wayfinder serve` listens unless told otherwise (127.0.0.1 only). */
export const DEFAULT_PORT = 8765;
/** How long a call may take before the caller gives up on it (and cancels it), unless the method needs longer. */
export const CALL_DEADLINE_MS = 30_000;
/** How often each end pings; a connection silent for three intervals is dead. */
export const PING_INTERVAL_MS = 20_000;
/** How long a one-time pairing code is good for. */
export const PAIRING_CODE_MS = 10 * 60_000;

/** WebSocket close codes the hub uses when it refuses or ends a connection (4000–4999 are the application's). */
export const CLOSE = {
  refused: 4401,
  revoked: 4403,
  replaced: 4409,
  version: 4426,
  dead: 4408,
  bye: 4000,
} as const;

/** What a device can do for the host (sent in its hello). */
export const CAPABILITIES = ['browser', 'confirm', 'tab-group'] as const;

const text = (max: number) => z.string().max(max);

/** A browser introducing itself: with its device token, or with a one-time pairing code to get one. */
export const deviceHello = z.object({
  type: z.literal('hello'),
  role: z.literal('device'),
  protocolVersion: z.number().int(),
  deviceId: text(100).optional(),
  token: text(200).optional(),
  pairingCode: text(40).optional(),
  label: text(100),
  capabilities: z.array(text(40)).max(20).default([]),
});

/** Another host process on this machine (run, mcp) introducing itself with the hub's local secret. */
export const localHello = z.object({
  type: z.literal('hello'),
  role: z.literal('local'),
  protocolVersion: z.number().int(),
  token: text(200),
  label: text(100),
});

export const hello = z.discriminatedUnion('role', [deviceHello, localHello]);
export type DeviceHello = z.infer<typeof deviceHello>;
export type LocalHello = z.infer<typeof localHello>;
export type Hello = z.infer<typeof hello>;

/** The hub's answer to a good hello. `token` only when the hello paired (shown this once, stored by the device). */
export interface Welcome {
  type: 'welcome';
  protocolVersion: number;
  deviceId: string;
  label: string;
  token?: string;
  hub: { version: string };
}

export type RefusalCode = 'bad-token' | 'revoked' | 'bad-code' | 'version' | 'origin' | 'malformed' | 'busy';

/** The hub's answer to anything else; the socket closes right after. */
export interface Refused {
  type: 'refused';
  code: RefusalCode;
  message: string;
}

export type ErrorKind = 'browser' | 'bridge' | 'policy';

export interface WireError {
  /** Which family the code belongs to: a BrowserError's, the bridge's own, or a refusal by the browser's own rules. */
  kind: ErrorKind;
  code: string;
  message: string;
  retryable: boolean;
}

const wireError = z.object({ kind: z.enum(['browser', 'bridge', 'policy']), code: text(60), message: text(4000), retryable: z.boolean() });

/** A call: `deadlineMs` is how long the caller waits; `session` names the host session it belongs to; `device` (local clients only) where the hub sends it. */
export const callFrame = z.object({
  type: z.literal('call'),
  id: text(100),
  method: text(100),
  params: z.unknown(),
  deadlineMs: z.number().int().positive().max(3_600_000),
  session: text(100).optional(),
  device: text(100).optional(),
});

export const resultFrame = z.discriminatedUnion('ok', [
  z.object({ type: z.literal('result'), id: text(100), ok: z.literal(true), value: z.unknown() }),
  z.object({ type: z.literal('result'), id: text(100), ok: z.literal(false), error: wireError }),
]);

export const cancelFrame = z.object({ type: z.literal('cancel'), id: text(100), reason: text(400).optional() });
export const eventFrame = z.object({ type: z.literal('event'), name: text(100), data: z.unknown(), session: text(100).optional() });
export const pingFrame = z.object({ type: z.literal('ping'), t: z.number() });
export const pongFrame = z.object({ type: z.literal('pong'), t: z.number() });

export const envelope = z.union([callFrame, resultFrame, cancelFrame, eventFrame, pingFrame, pongFrame]);
export type CallFrame = z.infer<typeof callFrame>;
export type ResultFrame = z.infer<typeof resultFrame>;
export type Envelope = z.infer<typeof envelope>;

/**
 * The methods, by direction. Host → device: `session.open` / `session.close` (a host
 * session: the tabs it works in, grouped as "Wayfinder (host)", and the browser's own
 * policy for it), `browser.<method>` and `tab.<method>` (core's Browser and Tab ports, with
 * `{ tab, args }`), `person.confirm` (a confirmation card in the side panel). Device → host:
 * `host.request` (the host's request guard), `host.dialog` (its dialog policy), and the
 * host's own agent: `host.task`, `host.stop`, `host.history`, `host.conversation` (the
 * task's events go to every connected device as `task.event`). Local client → hub:
 * `hub.devices`.
 */
export const TAB_METHODS = [
  'info',
  'navigate',
  'goBack',
  'goForward',
  'reload',
  'snapshot',
  'find',
  'extract',
  'act',
  'waitFor',
  'describe',
  'describeFocused',
  'screenshot',
  'html',
  'locate',
  'locatorsOf',
  'runPageCode',
] as const;
export type TabMethod = (typeof TAB_METHODS)[number];

export const BROWSER_METHODS = ['tabs', 'activeTab', 'openTab', 'switchTab', 'closeTab', 'setRequestGuard', 'setDialogPolicy'] as const;
export type BrowserMethod = (typeof BROWSER_METHODS)[number];

/** Tab methods that change the page: never retried after a dropped connection (the caller cannot know whether they happened). */
export const CHANGING_TAB_METHODS: readonly TabMethod[] = ['navigate', 'goBack', 'goForward', 'reload', 'act', 'runPageCode'];

export interface SessionOpenParams {
  /** Who asks (shown in the panel): "wayfinder run", "MCP: Claude Code". */
  label: string;
  /** Tabs of an earlier session of this host session to work in again (after a reconnect). */
  adopt?: string[];
}

export interface SessionOpened {
  session: string;
  /** The tab the session starts in (a new tab in the host's tab group). */
  tab: string;
}

/** A device the hub knows, as `hub.devices` and `wayfinder devices list` report it. */
export interface DeviceInfo {
  deviceId: string;
  label: string;
  connected: boolean;
  pairedAt: number;
  lastSeenAt: number | null;
  revoked: boolean;
}

const tabInfo = z.object({ id: z.string(), url: z.string(), title: z.string(), active: z.boolean(), openerId: z.string().optional() });

/** `host.request`: a request one of the session's tabs is about to make, for the host's guard. */
export const hostRequestParams = z.object({
  request: z.object({
    tabId: z.string(),
    url: z.string(),
    method: z.string(),
    resourceType: z.string(),
    navigation: z.boolean(),
    topFrame: z.boolean(),
    body: z.string().optional(),
    filename: z.string().optional(),
  }),
});

/**
 * `host.asking`: the browser is putting a question about the session's call to the person (a
 * card in its side panel), so the call waits on them; the host says so where it runs.
 */
export const hostAskingParams = z.object({ question: z.string().max(4_000), kind: z.string().max(40), site: z.string().max(300) });

export type HostAsking = z.infer<typeof hostAskingParams>;

/** `host.dialog`: a dialog a session's page opened, for the host's dialog policy. */
export const hostDialogParams = z.object({
  dialog: z.object({
    type: z.enum(['alert', 'confirm', 'prompt', 'beforeunload']),
    message: z.string(),
    defaultPrompt: z.string(),
    url: z.string(),
  }),
  tab: tabInfo,
});

// The host's agent, asked from a browser's side panel: the task runs on the host (its
// model, its rules, its store), in a host session of the browser that asked ("host task");
// its events go to every connected browser, so each one shows the same conversation, and
// `wayfinder history` lists it with the browser that asked.

/** The longest task a browser may hand the host. */
export const HOST_TASK_MAX_CHARS = 4_000;
/** The event the hub sends every connected device for each step of a host task (data: TaskEventData). */
export const TASK_EVENT = 'task.event';

/** `host.task`: run this with the host's agent, in this browser (from `url` when given). Answers HostTaskStarted. */
export const hostTaskParams = z.object({
  task: z.string().trim().min(1, 'Say what to do.').max(HOST_TASK_MAX_CHARS),
  mode: z.enum(['act', 'ask']).default('act'),
  url: text(4000).optional(),
});
/** `host.stop`: stop a running host task (from any paired browser). Answers `{ stopped }`: false when it was not running. */
export const hostStopParams = z.object({ taskId: text(100) });
/** `host.history`: the host's tasks, newest first. Answers HostTaskEntry[]. */
export const hostHistoryParams = z.object({ limit: z.number().int().min(1).max(200).default(20) });
/** `host.conversation`: one host task with its stored events. Answers HostConversation. */
export const hostConversationParams = z.object({ taskId: text(100) });

export type HostTaskParams = z.input<typeof hostTaskParams>;
export type HostStopParams = z.input<typeof hostStopParams>;
export type HostHistoryParams = z.input<typeof hostHistoryParams>;
export type HostConversationParams = z.input<typeof hostConversationParams>;

export interface HostTaskStarted {
  taskId: string;
}

/** A task the host keeps (any the host ran: from a browser, `wayfinder run`, MCP). */
export interface HostTaskEntry {
  taskId: string;
  task: string;
  mode: string;
  /** core's TaskStatus: running, waiting, done, failed, stopped, interrupted. */
  status: string;
  startedAt: number;
  /** null while it runs. */
  finishedAt: number | null;
  /** The label of the browser that asked; null for tasks started on the host (wayfinder run). */
  device: string | null;
  summary: string | null;
}

/** How a host task ended: the last `task.event` of a task carries it. */
export interface HostTaskOutcome {
  success: boolean;
  status: string;
  summary: string;
  steps: number;
  error: { code: string; message: string } | null;
}

/** `task.event` data: one of the task's events (core's AgentEvent, secrets redacted), then, last, its outcome. */
export type TaskEventData =
  | { taskId: string; device: string; task: string; event: AgentEvent }
  | { taskId: string; device: string; task: string; result: HostTaskOutcome };

/** `host.conversation`'s answer: the task and its events as stored (the model's words one item per step, not streamed pieces). */
export interface HostConversation {
  task: HostTaskEntry;
  items: AgentEvent[];
}

/** Where the hub tells other host processes how to reach it ($WAYFINDER_HOME/hub.json, readable by the person only). */
export interface HubFile {
  port: number;
  pid: number;
  /** The local secret: a local client's hello carries it. */
  secret: string;
}

/** Parses one frame's text; null when it is not JSON or not a frame of this protocol. */
export function parseEnvelope(textFrame: string): Envelope | null {
  let value: unknown;
  try {
    value = JSON.parse(textFrame);
  } catch {
    return null;
  }
  const parsed = envelope.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export function parseHello(textFrame: string): Hello | null {
  let value: unknown;
  try {
    value = JSON.parse(textFrame);
  } catch {
    return null;
  }
  const parsed = hello.safeParse(value);
  return parsed.success ? parsed.data : null;
}

// Research over the bridge (issue 15): feed, interests, runs, watches, history.
export * from './research';
